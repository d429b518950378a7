// Parsing with `keep: 'counts'` (lib/trace/ela-tally.ts) must give, for every file, exactly the
// distinct ela values and counts of the samples a normal parse keeps, and the same everything
// else. The tally's own edge cases (values past its table, fractions, the 8i scale, a table
// reused after a finish) are checked against counts written out by hand.
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ElaTally } from '../../lib/trace/ela-tally';
import { parseTrace } from '../../lib/trace/parse-trace';
import type { TraceFileResult } from '../../lib/trace/types';
import { chunksOf } from '../helpers/chunks';
import { countValues } from '../helpers/count-values';

const FIXTURES = new URL('../fixtures/', import.meta.url);

/** Distinct values and counts of a parse's samples. */
function countsOfSamples(r: TraceFileResult): { values: number[]; counts: number[] } {
  return countValues(r.samples.ela, r.samples.count);
}

describe("a parse that keeps only counts (keep: 'counts')", () => {
  const fixtures = readdirSync(FIXTURES).filter((f) => f.endsWith('.trc'));
  it('has fixtures to run on', () => expect(fixtures.length).toBeGreaterThan(5));

  it.each(fixtures)('%s: the counts of the samples a normal parse keeps, and the same result otherwise', async (name) => {
    const bytes = new Uint8Array(readFileSync(new URL(name, FIXTURES)));
    for (const event of ['log file sync', 'db file sequential read', 'SQL*Net message from client']) {
      const kept = await parseTrace(chunksOf(bytes, 4096), { event, fileName: name });
      const counted = await parseTrace(chunksOf(bytes, 7), { event, fileName: name, keep: 'counts' });
      const expected = countsOfSamples(kept);
      expect({ values: [...(counted.elaCounts?.values ?? [])], counts: [...(counted.elaCounts?.counts ?? [])] }).toEqual(expected);
      expect(counted.samples.count).toBe(0);
      const { samples: _a, elaCounts: _b, ...restCounted } = counted;
      const { samples: _c, ...restKept } = kept;
      expect(restCounted).toEqual(restKept);
    }
  });

  it('scales centisecond traces (Oracle 8i) to µs as the samples are', async () => {
    const name = fixtures.find((f) => /8i/.test(f));
    expect(name).toBeDefined();
    const bytes = new Uint8Array(readFileSync(new URL(name as string, FIXTURES)));
    const kept = await parseTrace(chunksOf(bytes, 64), { event: 'db file sequential read', fileName: 'x' });
    const counted = await parseTrace(chunksOf(bytes, 64), { event: 'db file sequential read', fileName: 'x', keep: 'counts' });
    expect(kept.facts.unit).toBe('cs');
    expect(kept.samples.count).toBeGreaterThan(0);
    expect([...(counted.elaCounts?.values ?? [])]).toEqual(countsOfSamples(kept).values);
  });
});

describe('ElaTally', () => {
  it('counts values in its table, past it (4 s and more), and fractions, in ascending order', () => {
    const t = new ElaTally();
    // 3 twice, 70,000 (past the first 65,536-cell table, so it grows), 5,000,000 (past the 2^22
    // table limit), 2.5 (not an integer), 0 once.
    for (const v of [3, 70_000, 3, 5_000_000, 2.5, 0]) t.push(v);
    t.pushRun({ ela: new Float64Array([9, 3, 5_000_000]) }, 1, 3); // rows 1 and 2: 3 and 5,000,000
    expect(t.count).toBe(8);
    const { values, counts } = t.finish(1);
    expect([...values]).toEqual([0, 2.5, 3, 70_000, 5_000_000]);
    expect([...counts]).toEqual([1, 1, 3, 1, 2]);
  });

  it('multiplies every value by the scale it is given', () => {
    const t = new ElaTally();
    for (const v of [1, 2, 2]) t.push(v);
    const { values, counts } = t.finish(10_000);
    expect([...values]).toEqual([10_000, 20_000]);
    expect([...counts]).toEqual([1, 2]);
  });

  it('leaves nothing behind in the table the next tally on this thread reuses', () => {
    const first = new ElaTally();
    for (let v = 0; v < 1000; v++) first.push(v);
    first.finish(1);
    const second = new ElaTally();
    second.push(7);
    const { values, counts } = second.finish(1);
    expect([...values]).toEqual([7]);
    expect([...counts]).toEqual([1]);
  });

  it('adds the line kernel\'s counts to the values pushed one by one', () => {
    const t = new ElaTally();
    t.push(3);
    t.push(2.5);
    // Two batches, as the kernel drains them: 3 (also pushed above) and 200,000 (past the first
    // table, so it grows) among them.
    t.addCounts(new Uint32Array([0, 3, 64, 99]), new Uint32Array([2, 4, 1, 9]), 3, 7); // the 4th is past n
    t.addCounts(new Uint32Array([65, 200_000]), new Uint32Array([5, 6]), 2, 11);
    t.push(65);
    t.push(5_000_000); // past the table: kept aside, and after every batch value
    expect(t.count).toBe(2 + 7 + 11 + 2);
    const { values, counts } = t.finish(1);
    expect([...values]).toEqual([0, 2.5, 3, 64, 65, 200_000, 5_000_000]);
    expect([...counts]).toEqual([2, 1, 5, 1, 6, 6, 1]);
    // Its table, reused by the next tally on this thread, holds none of these counts.
    const next = new ElaTally();
    next.push(64);
    expect([...next.finish(1).counts]).toEqual([1]);
  });

  it('takes the kernel\'s counts alone, scaled, and refuses batches out of order', () => {
    const t = new ElaTally();
    t.addCounts(new Uint32Array([1, 2]), new Uint32Array([3, 1]), 2, 4);
    expect(() => t.addCounts(new Uint32Array([2]), new Uint32Array([1]), 1, 1)).toThrow(RangeError);
    t.addCounts(new Uint32Array([5]), new Uint32Array([2]), 1, 2);
    const { values, counts } = t.finish(10_000);
    expect([...values]).toEqual([10_000, 20_000, 50_000]);
    expect([...counts]).toEqual([3, 1, 2]);
  });

  it('is empty when nothing was pushed', () => {
    const { values, counts } = new ElaTally().finish(1);
    expect(values.length).toBe(0);
    expect(counts.length).toBe(0);
  });
});
