// Per-range ela histograms (lib/node/ela-histogram.ts) stand in for the samples when `stats`
// summarizes a large file: merged, they must be the histogram of all the samples, and give the
// same summary to the last bit as summarize() of the samples themselves.
import { describe, expect, it } from 'vitest';
import { elaHistogramOf } from '../../lib/stats/range-histograms';
import { countsOf, mergeCounts } from '../../lib/stats/counts';
import { summarize, summarizeCounts } from '../../lib/stats/summary';
import { allocateSamples } from '../../lib/trace/sample-columns';

/** Deterministic integers with a long tail (xorshift32), so ranges share some values and not others. */
function values(n: number, seed: number, spread: number): Float64Array {
  let x = seed >>> 0 || 1;
  const out = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    const u = (x >>> 0) / 2 ** 32;
    out[i] = Math.floor(spread * u ** 4);
  }
  return out;
}

function samplesOf(ela: Float64Array) {
  const s = allocateSamples(ela.length);
  s.ela.set(ela);
  return s;
}

describe('per-range ela histograms', () => {
  it.each([
    [1, 1000, 300],
    [7, 5000, 300_000],
    [32, 800, 50],
    [3, 0, 10],
    [2, 3000, 50_000_000], // wider than the counting table: sorted instead
  ])('merged from %i parts of %i values (spread %i) equal the histogram and summary of all values', (parts, each, spread) => {
    const chunks = Array.from({ length: parts }, (_, i) => values(each + i, 17 + i, spread));
    const all = new Float64Array(chunks.reduce((n, c) => n + c.length, 0));
    let at = 0;
    for (const c of chunks) {
      all.set(c, at);
      at += c.length;
    }
    const perPart = chunks.map((c) => elaHistogramOf([samplesOf(c.subarray(0, c.length >> 1)), samplesOf(c.subarray(c.length >> 1))]));
    const merged = mergeCounts(perPart.map((h) => h ?? countsOf(new Float64Array(0))));
    expect(perPart.every((h) => h !== null)).toBe(true);
    expect(merged).toEqual(countsOf(all));
    expect(summarizeCounts(merged)).toEqual(summarize(all));
  });

  it('is null for values that are not non-negative integers (the samples are summarized instead)', () => {
    expect(elaHistogramOf([samplesOf(Float64Array.of(1, 2.5, 3))])).toBeNull();
    expect(elaHistogramOf([samplesOf(Float64Array.of(4, -1))])).toBeNull();
  });

  it('merges nothing into an empty histogram', () => {
    expect(mergeCounts([])).toEqual(countsOf(new Float64Array(0)));
  });
});
