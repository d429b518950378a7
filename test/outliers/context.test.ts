// Context lines of a wait, found by the scanner at its line and offset: the expected lines are the
// helper's own list of the lines it wrote (test/helpers/outlier-traces.ts), numbered by it.
import { describe, expect, it } from 'vitest';
import { readContexts, type ContextOptions, type ContextTarget } from '../../lib/outliers/context';
import { chunksOf, gzipBytes, toCrlf } from '../helpers/chunks';
import { plainCommits, stallPair, writeCommitLoop, type WrittenTrace } from '../helpers/outlier-traces';
import { encode } from './load';

const expectLines = (t: WrittenTrace, from: number, to: number) => Array.from({ length: to - from + 1 }, (_, k) => ({ line: from + k, text: t.lines[from + k - 1] }));

/** The bytes in chunks of 4 KiB, counting how many were taken. */
function counted(bytes: Uint8Array): { source: AsyncIterable<Uint8Array>; taken: () => number } {
  let taken = 0;
  async function* source() {
    for await (const chunk of chunksOf(bytes, 4096)) {
      taken += chunk.length;
      yield chunk;
    }
  }
  return { source: source(), taken: () => taken };
}

async function readContext(bytes: Uint8Array, options: ContextTarget & ContextOptions, chunk = 4096) {
  const [ctx] = await readContexts(chunksOf(bytes, chunk), [options], options);
  return ctx!;
}

describe('readContexts', () => {
  const { a } = stallPair();
  const bytes = encode(a.text);
  const lfs20 = a.waits.filter((w) => w.event === 'log file sync')[20]!;
  const switch20 = a.waits.find((w) => w.event === 'log file switch completion')!;

  it('shows 30 lines before and 10 after by default, the wait flagged; cursor #0 has no statement', async () => {
    const ctx = await readContext(bytes, { offset: lfs20.offset, line: lfs20.line });
    expect(ctx.lines.map(({ line, text }) => ({ line, text }))).toEqual(expectLines(a, lfs20.line - 30, lfs20.line + 10));
    expect(ctx.lines.filter((l) => l.isWait).map((l) => l.line)).toEqual([lfs20.line]);
    expect(ctx.lines.find((l) => l.isWait)?.offset).toBe(lfs20.offset);
    expect(ctx.cursor).toBe('0');
    expect(ctx.statement).toBeNull();
    expect(ctx.statementNote).toMatch(/cursor #0/);
  });

  it('finds the statement of the WAIT line’s cursor: PARSING IN CURSOR … END OF STMT with its line numbers', async () => {
    const ctx = await readContext(bytes, { offset: switch20.offset, line: switch20.line, before: 3, after: 1 });
    expect(ctx.lines.map(({ line, text }) => ({ line, text }))).toEqual(expectLines(a, switch20.line - 3, switch20.line + 1));
    expect(ctx.cursor).toBe('140005298813064');
    expect(ctx.statement).toMatchObject({ cursor: '140005298813064', line: a.parseLine, endLine: a.endOfStmtLine, lines: a.lines.slice(a.parseLine - 1, a.endOfStmtLine) });
    // The statement is far above these lines: none of them is flagged as part of it.
    expect(ctx.lines.some((l) => l.inStatement)).toBe(false);
  });

  it('flags the statement’s lines when they are in view, and stops at the start and the end of the file', async () => {
    const commits = plainCommits(3);
    commits[0] = { lfs: 700, before: { event: 'db file sequential read', ela: 300 } };
    const t = writeCommitLoop({ wall: '2012-08-09T10:15:02.123000', offset: null, timBase: 1_000_000, sid: 7, serial: 9, pid: 42, cursor: '5', commits, period: 10_000, stampEvery: 100 });
    const read = encode(t.text);
    const w = t.waits[0]!; // the db file sequential read of commit 0, on cursor #5
    const ctx = await readContext(read, { offset: w.offset, line: w.line });
    expect(ctx.lines.map(({ line, text }) => ({ line, text }))).toEqual(expectLines(t, 1, Math.min(t.lines.length, w.line + 10)));
    expect(ctx.lines.filter((l) => l.inStatement).map((l) => l.line)).toEqual([t.parseLine, t.parseLine + 1, t.endOfStmtLine]);
    const last = t.waits[t.waits.length - 1]!;
    const end = await readContext(read, { offset: last.offset, line: last.line, before: 2 });
    expect(end.lines.map((l) => l.line)).toEqual([last.line - 2, last.line - 1, last.line]);
  });

  it('finds the statement of a call line too, and says an XCTEND has none (a call or commit measure’s records)', async () => {
    const execLine = a.lines.findIndex((l, i) => i > lfs20.line && l.startsWith('EXEC #')) + 1;
    const xctendLine = a.lines.findIndex((l, i) => i > lfs20.line && l.startsWith('XCTEND ')) + 1;
    const offsetOf = (line: number) => a.lines.slice(0, line - 1).reduce((n, l) => n + Buffer.byteLength(l) + 1, 0);
    const exec = await readContext(bytes, { offset: offsetOf(execLine), line: execLine, before: 1, after: 1 });
    expect(exec.lines.filter((l) => l.isWait).map((l) => l.line)).toEqual([execLine]);
    expect(exec.cursor).toBe('140005298813064');
    expect(exec.statement).toMatchObject({ cursor: '140005298813064', line: a.parseLine });
    const xctend = await readContext(bytes, { offset: offsetOf(xctendLine), line: xctendLine, before: 1, after: 1 });
    expect([xctend.cursor, xctend.statement, xctend.statementNote]).toEqual([null, null, 'XCTEND: the end of a transaction belongs to no statement']);
  });

  it('reads CRLF files with the same lines and text, a CR and its LF in different chunks too', async () => {
    const crlf = toCrlf(bytes);
    const offset = lfs20.offset + (lfs20.line - 1); // one more byte per line before it
    // Chunks of 1 and 2 bytes cut between every CR and its LF somewhere; 4096 rarely does.
    for (const chunk of [4096, 2, 1]) {
      const ctx = await readContext(crlf, { offset, line: lfs20.line, before: 2, after: 2 }, chunk);
      expect(ctx.lines.map(({ line, text }) => ({ line, text })), `chunks of ${chunk}`).toEqual(expectLines(a, lfs20.line - 2, lfs20.line + 2));
      expect(ctx.lines.map((l) => l.offset - (l.line - 1)), `chunks of ${chunk}`).toEqual(ctx.lines.map((l) => a.lines.slice(0, l.line - 1).reduce((n, t) => n + t.length + 1, 0)));
    }
  });

  it('the statement search stops at its byte budget; the pass stops once the lines are read', async () => {
    const commits = plainCommits(20_000); // ≈ 3 MB of trace
    commits[19_990] = { lfs: 900, before: { event: 'db file sequential read', ela: 300 } };
    commits[5] = { lfs: 900, before: { event: 'db file sequential read', ela: 301 } };
    const t = writeCommitLoop({ wall: '2019-07-09T09:57:07.000000', offset: 0, timBase: 1_000_000, sid: 7, serial: 9, pid: 42, cursor: '77', commits, period: 10_000, stampEvery: 1000 });
    const big = encode(t.text);
    expect(big.length).toBeGreaterThan(2_500_000);
    const w = t.waits.find((x) => x.event === 'db file sequential read' && x.ela === 300)!;
    const ctx = await readContext(big, { offset: w.offset, line: w.line, statementSearchBytes: 256 << 10 });
    expect(ctx.statement).toBeNull();
    expect(ctx.statementNote).toMatch(/no PARSING IN CURSOR #77 within/);
    // With the default budget (16 MiB) the statement at the top is found, with the right line numbers.
    const found = await readContext(big, { offset: w.offset, line: w.line, before: 1, after: 1 });
    expect(found.statement).toMatchObject({ line: t.parseLine, endLine: t.endOfStmtLine });
    // A wait near the top: the file is read up to its lines after, not to its end.
    const early = t.waits.find((x) => x.event === 'db file sequential read' && x.ela === 301)!;
    const input = counted(big);
    const [near] = await readContexts(input.source, [early], { before: 2, after: 2 });
    expect(near!.lines.map((l) => l.line)).toEqual([early.line - 2, early.line - 1, early.line, early.line + 1, early.line + 2]);
    expect(near!.statement).toMatchObject({ line: t.parseLine, endLine: t.endOfStmtLine });
    expect(input.taken()).toBeLessThan(20_000);
  });

  it('shows the whole line of a WAIT glued after another record (its offset is mid-line)', async () => {
    const glued = "FETCH #1:c=1,e=1,tim=5WAIT #0: nam='log file sync' ela= 5 buffer#=1 sync scn=1 p3=0 obj#=-1 tim=6";
    const text = `A\n${glued}\nB\nC\n`;
    const offset = text.indexOf('WAIT #');
    const ctx = await readContext(encode(text), { offset, line: 2, before: 5, after: 1 });
    expect(ctx.lines.map((l) => [l.line, l.text, l.isWait])).toEqual([
      [1, 'A', false],
      [2, glued, true],
      [3, 'B', false],
    ]);
    expect(ctx.cursor).toBe('0');
  });
});

describe('readContexts of a gzip file', () => {
  it('gives the lines through the decompressed offsets', async () => {
    const { a } = stallPair();
    const gz = gzipBytes(encode(a.text));
    const w = a.waits.filter((x) => x.event === 'log file sync')[20]!;
    const [ctx] = await readContexts(chunksOf(gz, 333), [w], { before: 4, after: 2 });
    expect(ctx!.lines.map(({ line, text }) => ({ line, text }))).toEqual(expectLines(a, w.line - 4, w.line + 2));
    expect(ctx!.lines.filter((l) => l.isWait).map((l) => l.offset)).toEqual([w.offset]);
  });
});
