import { describe, expect, it } from 'vitest';
import { buildReport } from '../../lib/report/build-report';
import { selectionOf } from '../../components/outliers/figure-selection';

const input = (id: string) => ({ id, label: id, source: 'csv' as const, values: Float64Array.of(1, 2, 3), sessions: null, files: [] });
const report = buildReport([input('d1'), input('d3')], { event: 'e', baseline: 0, generatorVersion: 't', createdAt: 'now', bootstrap: false });

describe('selectionOf', () => {
  it('turns the clicked dataset index into the id of that dataset in the report that was drawn', () => {
    expect(selectionOf({ datasetIndex: 1, lo: 5, hi: 9, source: 'top-waits' }, report).ranges).toEqual([{ datasetId: 'd3', lo: 5, hi: 9 }]);
  });

  it("keeps each dataset's own range from a drag across the spectrum", () => {
    const s = selectionOf({ datasetIndex: null, lo: 1, hi: 30, source: 'spectrum', ranges: [{ datasetIndex: 0, lo: 1, hi: 10 }, { datasetIndex: 1, lo: 20, hi: 30 }] }, report);
    expect(s.ranges).toEqual([{ datasetId: 'd1', lo: 1, hi: 10 }, { datasetId: 'd3', lo: 20, hi: 30 }]);
  });
});

describe('where a selection was made, for the list title', () => {
  it('says it in words, never with a figure id', () => {
    const sources = ['all-waits/log10', 'all-waits/log2', 'top-waits', 'spectrum'];
    const said = sources.map((source) => selectionOf({ datasetIndex: 0, lo: 1, hi: 2, source, ...(source === 'spectrum' ? { percentiles: { lo: 0.99, hi: 0.999 } } : {}) }, report).where);
    for (const text of said) expect(text).not.toMatch(/all-waits|log10\b|top-waits|spectrum\)|\(timeline\)/);
    expect(said[0]).toBe('a bucket of the distribution of all waits (20 log-spaced bins per decade)');
    expect(said[1]).toContain('log2 bucket');
    expect(said[2]).toContain('a bar of the distribution of the top waits');
    expect(said[3]).toBe("percentiles 99% to 99.9% of the percentile spectrum (each dataset's own waits there)");
  });
});
