// Issue 15 §1 on the page: the typed window fields, a brushed span as edges, and the window in the URL.
import { describe, expect, it } from 'vitest';
import { DEFAULT_VIEW, formatViewState, parseViewState } from '../../../components/workbench/url-state';
import { NO_WINDOW_SPEC, readWindowSpec, windowSpecOfSpan } from '../../../components/workbench/window-spec';
import { INITIAL_WORKSPACE, urlOf, workspaceReducer } from '../../../components/workbench/workspace';

const spec = (s: Partial<typeof NO_WINDOW_SPEC>) => ({ ...NO_WINDOW_SPEC, ...s });

describe('the typed window fields', () => {
  it('read into a window: edges with and without offset, tim, durations', () => {
    const read = readWindowSpec(spec({ from: '2024-03-01 10:00:00', to: '2024-03-01T10:05:00.5', skipFirst: '30s', skipLast: '1.5m' }));
    expect(read).toEqual({
      window: {
        from: { kind: 'wall', text: '2024-03-01 10:00:00', wallMicros: Date.UTC(2024, 2, 1, 10) * 1000, offsetMinutes: null },
        to: { kind: 'wall', text: '2024-03-01T10:05:00.5', wallMicros: Date.UTC(2024, 2, 1, 10, 5) * 1000 + 500_000, offsetMinutes: null },
        skipFirstMicros: 30_000_000,
        skipLastMicros: 90_000_000,
      },
    });
    expect(readWindowSpec(spec({ from: 'tim:5', to: 'tim:9' }))).toMatchObject({ window: { from: { kind: 'tim', tim: 5 }, to: { kind: 'tim', tim: 9 } } });
  });

  it('name each bad field in its own words, and a To not after From', () => {
    expect(readWindowSpec(spec({ from: 'noon', skipFirst: '3 days' }))).toEqual({
      errors: {
        from: "From takes an ISO-8601 time such as 2024-03-01T10:15:00 or 2024-03-01T10:15:00+01:00, or a raw tim such as tim:1234567890; not 'noon'",
        skipFirst: "Skip first takes a duration such as 30s, 500ms, 2m or 1h; not '3 days'",
      },
    });
    expect(readWindowSpec(spec({ from: '2024-02-30T10:00' }))).toEqual({ errors: { from: 'From 2024-02-30T10:00: there is no such day' } });
    // 10:00+01:00 is 09:00 UTC, before 09:30Z: fine; the other way round holds no time.
    expect(readWindowSpec(spec({ from: '2024-03-01T10:00+01:00', to: '2024-03-01T09:30Z' }))).toHaveProperty('window');
    expect(readWindowSpec(spec({ from: '2024-03-01T10:00Z', to: '2024-03-01T10:30+01:00' }))).toEqual({
      errors: { to: 'To must be after From: [2024-03-01T10:00Z, 2024-03-01T10:30+01:00) holds no time' },
    });
    expect(readWindowSpec(spec({ from: 'tim:9', to: 'tim:9' }))).toHaveProperty('errors.to');
  });

  it('a brushed span becomes edges in the axis\'s own time', () => {
    const t0 = Date.UTC(2012, 7, 9, 10, 15, 3) + 0.671821; // ms, with µs in the fraction
    const t1 = Date.UTC(2012, 7, 9, 10, 15, 5) + 75.305;
    expect(windowSpecOfSpan(t0, t1, 'local')).toEqual(spec({ from: '2012-08-09T10:15:03.000672', to: '2012-08-09T10:15:05.075305' }));
    expect(windowSpecOfSpan(t1, t0, 'utc')).toEqual(spec({ from: '2012-08-09T10:15:03.000672+00:00', to: '2012-08-09T10:15:05.075305+00:00' }));
    expect(windowSpecOfSpan(1234.5678, 2000, 'tim')).toEqual(spec({ from: 'tim:1234568', to: 'tim:2000000' }));
  });
});

describe('the window in the URL', () => {
  it('is written per dataset (1-based), read back, and a malformed one is dropped whole', () => {
    let ws = workspaceReducer(INITIAL_WORKSPACE, { type: 'window', ids: ['d2'], spec: spec({ from: '2024-03-01T10:00:00+01:00', skipLast: '10s' }) });
    expect(urlOf(ws)).toBe('?from2=2024-03-01T10%3A00%3A00%2B01%3A00&skiplast2=10s');
    ws = workspaceReducer(ws, { type: 'window', ids: ['d1', 'd2'], spec: spec({ to: 'tim:42' }) });
    expect(urlOf(ws)).toBe('?to1=tim%3A42&to2=tim%3A42');
    const back = parseViewState(urlOf(ws));
    expect(back.windows).toEqual([spec({ to: 'tim:42' }), spec({ to: 'tim:42' })]);
    expect(workspaceReducer(INITIAL_WORKSPACE, { type: 'url', view: back }).slots.map((s) => s.window)).toEqual([spec({ to: 'tim:42' }), spec({ to: 'tim:42' })]);
    // Clear: nothing left in the URL.
    ws = workspaceReducer(ws, { type: 'window', ids: ['d1', 'd2'], spec: NO_WINDOW_SPEC });
    expect(urlOf(ws)).toBe('');
    expect(parseViewState('?from1=noon&to1=tim:5&skipfirst2=2s').windows).toEqual([NO_WINDOW_SPEC, spec({ skipFirst: '2s' })]);
    expect(formatViewState(DEFAULT_VIEW)).toBe('');
  });
});
