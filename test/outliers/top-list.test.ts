// Top list, value ranges and time windows on the helper's two-session trace; rows are checked
// against the helper's own record of every line it wrote and the hand-worked times in
// test/helpers/outlier-traces.ts (stallPair).
import { describe, expect, it } from 'vitest';
import { analyzeOutliers } from '../../lib/outliers/analyze';
import { longestFirst, topWaits, waitsInRange, waitsInWindow } from '../../lib/outliers/top-list';
import { UTC_DOMAIN } from '../../lib/outliers/wall-clock';
import { lfsOf, stallPair, wallMicros } from '../helpers/outlier-traces';
import { datasetOf } from './load';

async function pair() {
  const { a, b } = stallPair();
  const ds = await datasetOf([
    { name: 'a.trc', text: a.text },
    { name: 'b.trc', text: b.text },
  ]);
  return { a, b, ds };
}

describe('top list', () => {
  it('lists the longest waits with dataset, ela, wall-clock time, session, file, line and offset', async () => {
    const { a, b, ds } = await pair();
    const top = topWaits(ds, 'run 1', 3);
    expect(top.total).toBe(80);
    expect(top.rows.map((r) => ({ dataset: r.dataset, ela: r.ela, iso: r.time.iso, session: r.session, pid: r.pid, file: r.file, line: r.line, offset: r.offset }))).toEqual([
      { dataset: 'run 1', ela: 290_000, iso: '2019-07-09T09:57:27.469600-07:00', session: '35.101', pid: '1111', file: 'a.trc', line: lfsOf(a, 20).line, offset: lfsOf(a, 20).offset },
      { dataset: 'run 1', ela: 250_000, iso: '2019-07-09T09:57:27.449900-07:00', session: '61.7', pid: '2222', file: 'b.trc', line: lfsOf(b, 20).line, offset: lfsOf(b, 20).offset },
      { dataset: 'run 1', ela: 120_000, iso: '2019-07-09T09:57:42.119600-07:00', session: '35.101', pid: '1111', file: 'a.trc', line: lfsOf(a, 35).line, offset: lfsOf(a, 35).offset },
    ]);
    // The time in µs agrees with the helper's own arithmetic for every wait.
    for (const r of topWaits(ds, 'x', 80).rows) {
      const written = (r.file === 'a.trc' ? a : b).waits.find((w) => w.line === r.line);
      expect(r.time.micros, `${r.file}:${r.line}`).toBe(written?.wall);
    }
  });

  it('defaults to 100 rows and lists all when there are fewer', async () => {
    const { ds } = await pair();
    expect(topWaits(ds, 'x').rows).toHaveLength(80);
  });

  it('lists the waits of a value range [lo, hi], both ends included, longest first', async () => {
    const { a, b, ds } = await pair();
    const r = waitsInRange(ds, 'x', 120_000, 250_000);
    expect(r.total).toBe(2);
    expect(r.rows.map((x) => [x.file, x.line])).toEqual([
      ['b.trc', lfsOf(b, 20).line],
      ['a.trc', lfsOf(a, 35).line],
    ]);
    // Plain commits are 400 + (37·i mod 200) µs; in each file i = 0..39 except the stalls.
    const plain = (skip: number[]) => Array.from({ length: 40 }, (_, i) => i).filter((i) => !skip.includes(i)).map((i) => 400 + ((i * 37) % 200));
    const expected = [...plain([20, 35]), ...plain([20])].filter((v) => v >= 500 && v <= 549).length;
    const bucket = waitsInRange(ds, 'x', 500, 549, 5);
    expect(bucket.total).toBe(expected);
    expect(bucket.rows).toHaveLength(5);
    expect(bucket.rows.every((x) => x.ela >= 500 && x.ela <= 549)).toBe(true);
  });

  it('lists the waits that ended in a time window', async () => {
    const { a, b, ds } = await pair();
    // 09:57:27.4 to 09:57:27.5 (−07:00) holds exactly the two stalled commits' log file syncs.
    const from = wallMicros('2019-07-09T09:57:27.400000', -420);
    const r = waitsInWindow(ds, 'x', { domain: UTC_DOMAIN, from, to: from + 100_000 });
    expect(r.rows.map((x) => [x.file, x.line])).toEqual([
      ['a.trc', lfsOf(a, 20).line],
      ['b.trc', lfsOf(b, 20).line],
    ]);
  });
});

describe('analyzeOutliers', () => {
  it('finds the shared stall as one window with its worst wait, and counts thresholds', async () => {
    const { a, ds } = await pair();
    const r = analyzeOutliers(ds, 'run 1', { threshold: 100_000, gap: 50_000, minCount: 2, top: 5, thresholds: [100_000, 200_000] });
    // Outliers: B20 ends 27.449900, A20 ends 27.469600 (19,700 µs apart: joined), A35 ends 42.119600 (alone).
    // start = min(27.449900 − 0.25 s, 27.469600 − 0.29 s) = 27.179600.
    expect(r.outliers).toBe(3);
    expect(r.windows).toHaveLength(1);
    const w = r.windows[0];
    expect(w).toMatchObject({ kind: 'utc', count: 2, worstEla: 290_000, startIso: '2019-07-09T09:57:27.179600-07:00', endIso: '2019-07-09T09:57:27.469600-07:00' });
    expect([w?.worstRow.file, w?.worstRow.line]).toEqual(['a.trc', lfsOf(a, 20).line]);
    expect(r.thresholds.counts.map((c) => [c.threshold, c.count, c.ratePerMillion])).toEqual([
      [100_000, 3, 37_500], // 3 of 80 waits = 37,500 per million
      [200_000, 2, 25_000],
      [500_000, 0, 0],
    ]);
  });
});

describe('longestFirst: the order every page and the CSV of a list are cut from', () => {
  /** The order by definition: largest first, equal values in ascending position (a plain sort of positions). */
  const reference = (values: Float64Array) => Array.from(values.keys()).sort((i, j) => values[j]! - values[i]! || i - j);
  // 200,000 values with many ties: past the comparison-sorted head, so the counting sort orders them.
  const ints = Float64Array.from({ length: 200_000 }, (_, i) => (i * 7919) % 1013);
  const wide = Float64Array.from({ length: 200_000 }, (_, i) => ((i * 7919) % 1013) * 1_000_003); // a range too wide for a table
  const fractional = Float64Array.from(ints, (v, i) => v + (i % 3) / 4);
  /** The first position where the orders differ, or −1 (cheap to report for 200,000 positions). */
  const firstDifference = (got: Uint32Array, want: number[]) => (got.length !== want.length ? Math.min(got.length, want.length) : want.findIndex((v, k) => got[k] !== v));

  it('orders all of them largest first, ties in position order, on every path', () => {
    for (const values of [ints, wide, fractional]) expect(firstDifference(longestFirst(values, values.length), reference(values))).toBe(-1);
  });

  it('gives the head of that same order when asked for fewer, short or long', () => {
    const full = reference(ints);
    expect(firstDifference(longestFirst(ints, 1000), full.slice(0, 1000))).toBe(-1);
    expect(firstDifference(longestFirst(ints, 150_000), full.slice(0, 150_000))).toBe(-1);
    expect(firstDifference(longestFirst(ints, 10 ** 9), full)).toBe(-1);
  });
});
