import { describe, expect, it } from 'vitest';
import { DEFAULT_VIEW, formatViewState, parseViewState } from '@/components/workbench/url-state';

describe('Figure 15.16 settings in the URL', () => {
  it('keeps N and the log axis across format and parse, and leaves the defaults out of the URL', () => {
    const search = formatViewState({ ...DEFAULT_VIEW, topN: 2_500, topAxis: 'log' });
    expect(search).toBe('?topn=2500&topaxis=log');
    expect(parseViewState(search)).toMatchObject({ topN: 2_500, topAxis: 'log' });
    expect(formatViewState(DEFAULT_VIEW)).toBe('');
    expect(parseViewState('')).toMatchObject({ topN: null, topAxis: 'linear' });
  });

  it('falls back to the default for an N that is not a whole number from 1 to 10,000, or an unknown axis', () => {
    for (const bad of ['0', '-5', '2.5', 'many', '10001', ''])
      expect(parseViewState(`?topn=${bad}`).topN, bad).toBeNull();
    expect(parseViewState('?topn=10000').topN).toBe(10_000);
    expect(parseViewState('?topaxis=sideways').topAxis).toBe('linear');
  });
});
