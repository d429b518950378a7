import { describe, expect, it } from 'vitest';
import { DEFAULT_VIEW, formatViewState, parseViewState } from '../../../components/workbench/url-state';

describe('the results view in the URL (issue 14)', () => {
  it('round-trips the view, think time and statement settings, and leaves defaults out', () => {
    expect(formatViewState(DEFAULT_VIEW)).toBe('');
    const view = { ...DEFAULT_VIEW, tab: 'statements' as const, thinkTime: 250_000, statementSort: 'prsela,exeela,fchela', statementTop: 50, statementDepth: 'recursive' as const, statementDataset: 1 };
    const search = formatViewState(view);
    expect(search).toBe('?view=statements&think=250000&sort=prsela%2Cexeela%2Cfchela&top=50&dep=rec&sds=2');
    expect(parseViewState(search)).toEqual(view);
    expect(parseViewState('?view=profile&dep=0')).toMatchObject({ tab: 'profile', statementDepth: 'top-level' });
  });

  it('opens every view by its id, and an old link\'s view=waits as the Comparison (issue 17 §4)', () => {
    expect(parseViewState('?view=waits').tab).toBe('comparison');
    expect(formatViewState(parseViewState('?view=waits'))).toBe('');
    for (const id of ['distribution', 'tail', 'over-time', 'outliers', 'profile', 'statements', 'groups', 'commit-path'] as const) {
      expect(formatViewState({ ...DEFAULT_VIEW, tab: id })).toBe(`?view=${id}`);
      expect(parseViewState(`?view=${id}`).tab).toBe(id);
    }
  });

  it('falls back to the defaults on values it does not know', () => {
    const bad = parseViewState('?view=flame&think=-5&sort=prsxyz&top=7&dep=9&sds=0');
    expect(bad).toMatchObject({ tab: 'comparison', thinkTime: 1_000_000, statementSort: 'total', statementTop: 20, statementDepth: 'all', statementDataset: 0 });
  });
});
