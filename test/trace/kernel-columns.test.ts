import { describe, expect, it } from 'vitest';
import { KernelSamples, KernelWaitLog } from '../../lib/trace/kernel/kernel-columns';

// Where line-kernel.wat stores entry i of each column, per its stores (record_sample and the wait
// log's, lines ~877-898): byte offsets from the column set's base, with `max` entries per column.
describe('kernel columns', () => {
  const max = 16;
  const base = 64;
  const buffer = new ArrayBuffer(base + 40 * max);

  it("lays the sample columns where the kernel writes them: ela, tim, offset (f64), line, seq (i32)", () => {
    const s = new KernelSamples(buffer, base, max);
    expect([s.ela, s.tim, s.offset, s.line, s.seq].map((c) => c.byteOffset - base)).toEqual([0, 8 * max, 16 * max, 24 * max, 28 * max]);
    expect([s.ela, s.tim, s.offset, s.line, s.seq].map((c) => c.length)).toEqual([max, max, max, max, max]);
    expect(s.line).toBeInstanceOf(Uint32Array);
    expect(s.seq).toBeInstanceOf(Int32Array);
  });

  it('lays the wait log where the kernel writes it: id, seq (i32), ela, tim (f64), start, end, line (i32)', () => {
    const w = new KernelWaitLog(buffer, base, max);
    expect([w.id, w.seq, w.ela, w.tim, w.start, w.end, w.line].map((c) => c.byteOffset - base)).toEqual([0, 4 * max, 8 * max, 16 * max, 24 * max, 28 * max, 32 * max]);
    expect([w.ela, w.tim].every((c) => c instanceof Float64Array)).toBe(true);
    expect([w.id, w.seq, w.start, w.end, w.line].every((c) => c instanceof Int32Array && c.length === max)).toBe(true);
  });
});
