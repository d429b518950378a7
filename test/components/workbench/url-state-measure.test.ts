// Issue 14 §4: the measure lives in the URL, so a reload or a shared link keeps it.
import { describe, expect, it } from 'vitest';
import { DEFAULT_VIEW, formatViewState, parseViewState } from '../../../components/workbench/url-state';

const measureOf = (search: string) => parseViewState(search).measure;

describe('the measure in the URL', () => {
  it('reads and writes a call type, of one statement and depth', () => {
    const exec = { kind: 'call', call: 'EXEC', sqlId: '8ggw94h7mvxd7', hashValue: null, dep: 0 } as const;
    const search = formatViewState({ ...DEFAULT_VIEW, measure: exec });
    expect(search).toBe('?call=EXEC&sqlid=8ggw94h7mvxd7&calldep=0');
    expect(measureOf(search)).toEqual(exec);
    expect(measureOf('?call=fetch&hv=1386420406')).toEqual({ kind: 'call', call: 'FETCH', sqlId: null, hashValue: 1386420406, dep: null });
    expect(formatViewState({ ...DEFAULT_VIEW, measure: { kind: 'call', call: 'SORT UNMAP', sqlId: null, hashValue: null, dep: null } })).toBe('?call=SORT+UNMAP');
    expect(measureOf('?call=SORT+UNMAP')).toEqual({ kind: 'call', call: 'SORT UNMAP', sqlId: null, hashValue: null, dep: null });
  });

  it('reads and writes the commit', () => {
    expect(formatViewState({ ...DEFAULT_VIEW, measure: { kind: 'commit' } })).toBe('?commit=1');
    expect(measureOf('?commit=1&event=db+file+sequential+read')).toEqual({ kind: 'commit' });
  });

  it('keeps events as before: the default writes nothing', () => {
    expect(formatViewState(DEFAULT_VIEW)).toBe('');
    expect(measureOf('')).toEqual({ kind: 'event', event: 'log file sync' });
    expect(measureOf('?event=db+file+sequential+read')).toEqual({ kind: 'event', event: 'db file sequential read' });
  });

  it('falls back to the event (or the default) for a call it cannot name', () => {
    expect(measureOf('?call=SELECT')).toEqual({ kind: 'event', event: 'log file sync' });
    expect(measureOf('?call=EXEC&sqlid=NOT-AN-ID&event=db+file+sequential+read')).toEqual({ kind: 'event', event: 'db file sequential read' });
    expect(measureOf('?call=EXEC&calldep=-1')).toEqual({ kind: 'event', event: 'log file sync' });
    expect(measureOf('?call=EXEC&hv=1e3')).toEqual({ kind: 'event', event: 'log file sync' });
    expect(measureOf('?commit=yes')).toEqual({ kind: 'event', event: 'log file sync' });
  });
});
