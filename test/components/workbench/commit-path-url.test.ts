import { describe, expect, it } from 'vitest';
import { DEFAULT_VIEW, formatViewState, parseViewState } from '../../../components/workbench/url-state';

describe('the Commit path view in the URL (issue 16 §2)', () => {
  it('round-trips ?view=commit-path', () => {
    const view = { ...DEFAULT_VIEW, tab: 'commit-path' as const };
    expect(formatViewState(view)).toBe('?view=commit-path');
    expect(parseViewState('?view=commit-path')).toEqual(view);
  });
});
