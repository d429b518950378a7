import { describe, expect, it } from 'vitest';
import { DEFAULT_VIEW, formatViewState, parseViewState } from '../../../components/workbench/url-state';

describe('the Group view in the URL (issue 15 §2)', () => {
  it('round-trips the view and its key, and leaves the default key (session) out', () => {
    expect(formatViewState({ ...DEFAULT_VIEW, tab: 'groups' })).toBe('?view=groups');
    const view = { ...DEFAULT_VIEW, tab: 'groups' as const, groupKey: 'file#' };
    const search = formatViewState(view);
    expect(search).toBe('?view=groups&group=file%23');
    expect(parseViewState(search)).toEqual(view);
    expect(parseViewState('?view=groups&group=module')).toMatchObject({ tab: 'groups', groupKey: 'module' });
  });

  it('falls back to session on a key that is none', () => {
    expect(parseViewState('?view=groups&group=Colour!')).toMatchObject({ tab: 'groups', groupKey: 'session' });
  });
});
