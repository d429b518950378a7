// A context pass over a plain file that starts at a record line well before the first wait (range
// mode, the head's facts) gives the contexts of a pass from byte 0, reading only the bytes from there.
import { describe, expect, it } from 'vitest';
import { readContexts } from '../../lib/outliers/context';
import { contextStart } from '../../lib/outliers/context-start';
import { chunksOf } from '../helpers/chunks';
import { plainCommits, writeCommitLoop } from '../helpers/outlier-traces';
import { encode } from './load';

const commits = plainCommits(20_000); // ≈ 6 MB of trace
for (const k of [15_000, 15_001, 19_990]) commits[k] = { lfs: 900 + k, before: { event: 'db file sequential read', ela: 300 } };
const t = writeCommitLoop({ wall: '2019-07-09T09:57:07.000000', offset: 0, timBase: 1_000_000, sid: 7, serial: 9, pid: 42, cursor: '77', commits, period: 10_000, stampEvery: 1000 });
const bytes = encode(t.text);
const readAt = (start: number, length: number) => Promise.resolve(bytes.slice(start, start + length));

describe('contextStart', () => {
  const targets = t.waits.filter((w) => w.event === 'db file sequential read').map((w) => ({ offset: w.offset, line: w.line }));
  const options = { before: 4, after: 2, statementSearchBytes: 64 << 10 };

  it('starts at the line start of a record well before the first wait, with that line’s number', async () => {
    const start = await contextStart(readAt, bytes.length, targets, options, 0);
    expect(start).not.toBeNull();
    const { offset, line } = start!;
    // The first wait is at about 4.4 MB; the start (the first record line after a point 5 lines of
    // 64 KiB and the search budget before it, found within 64 KiB) leaves room for both.
    expect(offset).toBeGreaterThan(4_000_000);
    expect(offset).toBeLessThanOrEqual(targets[0]!.offset - (64 << 10) - 4 * (64 << 10));
    // A line start, numbered as the writer numbered it, and a record line (WAIT or a call).
    expect(bytes[offset - 1]).toBe(0x0a);
    expect(t.lines.slice(0, line - 1).reduce((n, l) => n + l.length + 1, 0)).toBe(offset);
    expect(t.lines[line - 1]).toMatch(/^(WAIT|EXEC|FETCH|PARSE|CLOSE) #/);
  });

  it('gives the contexts of a pass from byte 0, from the bytes after the start only', async () => {
    const start = (await contextStart(readAt, bytes.length, targets, options, 0))!;
    const whole = await readContexts(chunksOf(bytes, 65_536), targets, options);
    const part = await readContexts(chunksOf(bytes.subarray(start.offset), 65_536), targets, options, start);
    expect(part).toEqual(whole);
    expect(part.map((c) => c.lines.find((l) => l.isWait)?.line)).toEqual(targets.map((w) => w.line));
    expect(part[0]!.lines.map((l) => l.text)).toEqual(t.lines.slice(targets[0]!.line - 5, targets[0]!.line + 2));
  });

  it('is null for a wait too near the start to skip anything, and for gzip data', async () => {
    expect(await contextStart(readAt, bytes.length, targets, options)).toBeNull(); // less than 32 MiB before it
    const gz = Uint8Array.of(0x1f, 0x8b, 8, 0, 0, 0);
    expect(await contextStart((s, n) => Promise.resolve(gz.slice(s, s + n)), 3_000_000, targets, options, 0)).toBeNull();
  });
});
