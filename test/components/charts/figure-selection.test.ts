import { describe, expect, it } from 'vitest';
import { allWaitsSelection, percentileOf, spectrumSelection, topWaitsSelection } from '@/components/charts/figure-selection';
import { topWaitsView } from '@/components/charts/top-waits-option';
import { buildReport } from '@/lib/report/build-report';
import type { DatasetReport, WaitscopeReport } from '@/lib/report/report-schema';

/** Deterministic waits (a small LCG), spread over six decades, fractional, plus values exactly on bucket edges. */
function waits(seed: number, n: number): Float64Array {
  let state = seed >>> 0;
  const next = () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
  const values = new Float64Array(n + 9);
  for (let i = 0; i < n; i++) values[i] = Math.exp(next() * 13 - 1);
  values.set([0, 0.5, 1, 2, 512, 1024, 100, 1000, 2 ** 20], n);
  return values;
}

const inputs = [waits(1, 30_000), waits(2, 20_000)];
const report = buildReport(
  inputs.map((values, i) => ({ id: `d${i}`, label: `d${i}`, source: 'csv' as const, values, sessions: null, files: [] })),
  { event: 'log file sync', baseline: 0, bootstrap: false, generatorVersion: 'test', createdAt: '2026-01-01T00:00:00Z' },
);

const countIn = (values: Float64Array, lo: number, hi: number) => values.reduce((sum, v) => (lo <= v && v <= hi ? sum + 1 : sum), 0);

describe('allWaitsSelection', () => {
  it('every log10 bin selects exactly the waits lib/stats counted in it (lo ≤ ela ≤ hi)', () => {
    inputs.forEach((values, d) => {
      const bins = report.datasets[d]!.distributions.log10Bins.bins;
      expect(bins.length).toBeGreaterThan(50);
      bins.forEach((bin, b) => {
        const s = allWaitsSelection(report, 'log10', d, b)!;
        expect(s.datasetIndex).toBe(d);
        expect(s.source).toBe('all-waits/log10');
        expect(countIn(values, s.lo, s.hi)).toBe(bin.count);
      });
    });
  });

  it('every log2 bucket too, "< 1 µs" from 0 and the open top bucket up to Infinity', () => {
    inputs.forEach((values, d) => {
      const buckets = report.datasets[d]!.distributions.log2Micros;
      buckets.forEach((bucket, b) => {
        const s = allWaitsSelection(report, 'log2', d, b)!;
        expect(countIn(values, s.lo, s.hi)).toBe(bucket.count);
      });
    });
    const first = allWaitsSelection(report, 'log2', 0, 0)!;
    expect(first).toMatchObject({ lo: 0, hi: 1 - 2 ** -53, source: 'all-waits/log2' });
    const open = { datasets: [{ distributions: { log2Micros: [{ lowerBound: 2 ** 32, upperBound: null, count: 1 }] } }] } as unknown as WaitscopeReport;
    expect(allWaitsSelection(open, 'log2', 0, 0)).toMatchObject({ lo: 2 ** 32, hi: Infinity });
  });

  it('an exact power of two belongs to the bucket it starts: 512 µs is in [512, 1024), not [256, 512)', () => {
    const buckets = report.datasets[0]!.distributions.log2Micros;
    const at = (lower: number) => allWaitsSelection(report, 'log2', 0, buckets.findIndex((b) => b.lowerBound === lower))!;
    expect(at(512).lo).toBe(512);
    expect(at(256).hi).toBeLessThan(512);
    expect(at(512).hi).toBeLessThan(1024);
    expect(at(512).hi).toBeGreaterThan(1023.9999999);
  });

  it('a bucket selects every dataset\'s waits in it, as its tooltip counts them, whichever dataset was clicked', () => {
    const bins = report.datasets.map((d) => d.distributions.log10Bins.bins);
    // A bucket both datasets have waits in: the same [lo, hi) in each.
    const b0 = bins[0]!.findIndex((b) => b.count > 0 && bins[1]!.some((c) => c.lo === b.lo && c.count > 0));
    const bin = bins[0]![b0]!;
    const s = allWaitsSelection(report, 'log10', 0, b0)!;
    expect(s.ranges).toHaveLength(2);
    s.ranges!.forEach((r, d) => {
      expect(r.datasetIndex).toBe(d);
      expect(countIn(inputs[d]!, r.lo, r.hi)).toBe(bins[d]!.find((c) => c.lo === bin.lo)!.count);
    });
    const log2 = allWaitsSelection(report, 'log2', 1, 10)!;
    expect(log2.ranges!.map((r) => countIn(inputs[r.datasetIndex]!, r.lo, r.hi))).toEqual(report.datasets.map((d) => d.distributions.log2Micros[10]!.count));
  });

  it('is null for a dataset or bin that does not exist', () => {
    expect(allWaitsSelection(report, 'log10', 5, 0)).toBeNull();
    expect(allWaitsSelection(report, 'log2', 0, 999)).toBeNull();
  });
});

describe('topWaitsSelection', () => {
  // N = 10,000 set explicitly: the default for 20,000 waits would be 500.
  const view = topWaitsView(report, { count: 10_000, axis: 'linear' });
  const shared = view.bins;

  it('each bar selects exactly the top-N waits counted in it, none of the waits below the top N', () => {
    inputs.forEach((values, d) => {
      let total = 0;
      shared.counts[d]!.forEach((count, b) => {
        const s = topWaitsSelection(view, d, b)!;
        expect(s.source).toBe('top-waits');
        expect(countIn(values, s.lo, s.hi)).toBe(count);
        total += count;
      });
      expect(total).toBe(10_000);
    });
  });

  it('closes the last bin at the largest wait, and leaves the other bins open at the top', () => {
    const k = shared.edges.length - 1;
    const max = Math.max(...inputs.map((v) => Math.max(...v)));
    expect(topWaitsSelection(view, 0, k - 1)!.hi).toBe(max);
    expect(topWaitsSelection(view, 0, 3)!.hi).toBeLessThan(shared.edges[4]!);
    expect(topWaitsSelection(view, 0, k)).toBeNull();
  });

  it('a bar selects each dataset\'s own top-N waits in that bin', () => {
    const b = shared.counts[1]!.findIndex((c, i) => c > 0 && shared.counts[0]![i]! > 0);
    const s = topWaitsSelection(view, 1, b)!;
    expect(s.ranges!.map((r) => countIn(inputs[r.datasetIndex]!, r.lo, r.hi))).toEqual([shared.counts[0]![b], shared.counts[1]![b]]);
  });

  it('hit bins are the drawn bars: [edges[i], edges[i+1]) at the counts', () => {
    view.hit.forEach((row, d) => {
      expect(row.map((b) => b.y)).toEqual(shared.counts[d]);
      row.forEach((b, i) => expect([b.lo, b.hi]).toEqual([shared.edges[i], shared.edges[i + 1]]));
    });
  });
});

describe('spectrumSelection', () => {
  // Hand-made spectra: 1/(1−p) at 1, 10, 100, 1000 (min, p90, p99, p99.9).
  const dataset = (values: number[], max: number) =>
    ({
      summary: { max },
      distributions: { spectrum: [1, 10, 100, 1000].map((inverseTail, i) => ({ inverseTail, p: 1 - 1 / inverseTail, value: values[i]! })) },
    }) as unknown as DatasetReport;
  const spectra = { datasets: [dataset([1, 50, 400, 3000], 9000), dataset([2, 40, 200, 800], 5000)] } as unknown as WaitscopeReport;

  it('rounds outward to the points around the stretch, per dataset, and reports the union with datasetIndex null', () => {
    const s = spectrumSelection(spectra, 20, 100)!;
    expect(s.ranges).toEqual([
      { datasetIndex: 0, lo: 50, hi: 400 },
      { datasetIndex: 1, lo: 40, hi: 200 },
    ]);
    expect(s).toMatchObject({ datasetIndex: null, lo: 40, hi: 400, source: 'spectrum' });
    expect(s.percentiles!.lo).toBeCloseTo(0.95, 12);
    expect(s.percentiles!.hi).toBeCloseTo(0.99, 12);
  });

  it('runs to the maximum past the last point, and from the minimum left of the first', () => {
    const s = spectrumSelection(spectra, 0.5, 5000)!;
    expect(s.ranges).toEqual([
      { datasetIndex: 0, lo: 1, hi: 9000 },
      { datasetIndex: 1, lo: 2, hi: 5000 },
    ]);
    expect(s.percentiles!.lo).toBe(0);
  });

  it('with one dataset shown names it; with none shown selects nothing; the ends may come in either order', () => {
    expect(spectrumSelection(spectra, 150, 15, [false, true])).toMatchObject({ datasetIndex: 1, lo: 40, hi: 800 });
    expect(spectrumSelection(spectra, 15, 150, [false, false])).toBeNull();
  });

  it('percentileOf inverts 1/(1−p)', () => {
    expect(percentileOf(1)).toBe(0);
    expect(percentileOf(0.2)).toBe(0);
    expect(percentileOf(4)).toBe(0.75);
  });
});
