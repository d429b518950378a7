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
