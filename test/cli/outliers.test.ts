// `waitscope outliers` on traces written by test/helpers/outlier-traces.ts. Line numbers, offsets
// and times come from the helper's record of what it wrote and from the hand-worked comments of
// stallPair; the CLI runs as a child process (test/helpers/cli.ts).
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lfsOf, plainCommits, stallPair, writeCommitLoop, type WrittenTrace } from '../helpers/outlier-traces';
import { gzipBytes } from '../helpers/chunks';
import { fixturePath, makeTempDir, parseJsonOutput, runCli } from '../helpers/cli';

interface Json {
  unit: string;
  files: string[];
  threshold: { value: number; source: string } | null;
  thresholdNote: string | null;
  outliers: number | null;
  top: { total: number; rows: { ela: number; file: string; line: number; offset: number; session: string; time: { iso: string; kind: string } }[] };
  thresholds: { threshold: number; count: number; ratePerMillion: number }[];
  windows: {
    kind: string;
    startIso: string;
    endIso: string;
    count: number;
    worst: { file: string; line: number; ela: number };
    members: { file: string; line: number; ela: number }[];
    events: { event: string; count: number; maxEla: number; file: string; line: number }[];
    switches: { event: string; ela: number; iso: string; file: string; line: number }[];
  }[];
  context?: { before: number; after: number; waits: { rank: number; cursor: string; lines: { line: number; text: string; isWait: boolean }[]; statement: { line: number; endLine: number } | null }[] };
}

let dir: { dir: string; remove: () => void };
let a: WrittenTrace;
let b: WrittenTrace;
const file = (name: string) => path.join(dir.dir, name);

beforeAll(() => {
  dir = makeTempDir('outliers');
  ({ a, b } = stallPair());
  writeFileSync(file('a.trc'), a.text);
  writeFileSync(file('b.trc.gz'), gzipBytes(new TextEncoder().encode(b.text)));
});
afterAll(() => dir.remove());

const STALL = ['--threshold', '100000', '--gap', '50000', '--min-count', '2'];

describe('waitscope outliers', () => {
  it('--json: top waits with time, session, file, line and offset; the stall window and what co-occurred', async () => {
    const run = await runCli(['outliers', '--json', '--top', '3', ...STALL, file('a.trc'), file('b.trc.gz')]);
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    const j = parseJsonOutput<Json>(run);
    expect(j.unit).toBe('us');
    expect(j.threshold).toEqual({ value: 100_000, source: 'option' });
    expect(j.top.total).toBe(80);
    expect(j.top.rows.map((r) => [r.ela, r.file, r.line, r.offset, r.session, r.time.iso])).toEqual([
      [290_000, file('a.trc'), lfsOf(a, 20).line, lfsOf(a, 20).offset, '35.101', '2019-07-09T09:57:27.469600-07:00'],
      [250_000, file('b.trc.gz'), lfsOf(b, 20).line, lfsOf(b, 20).offset, '61.7', '2019-07-09T09:57:27.449900-07:00'],
      [120_000, file('a.trc'), lfsOf(a, 35).line, lfsOf(a, 35).offset, '35.101', '2019-07-09T09:57:42.119600-07:00'],
    ]);
    expect(j.thresholds.map((t) => [t.threshold, t.count, t.ratePerMillion])).toEqual([
      [100_000, 3, 37_500],
      [500_000, 0, 0],
    ]);
    // One window: B20 and A20 end 19,700 µs apart (≤ 50,000); A35 is 14.6 s later, alone.
    expect(j.outliers).toBe(3);
    expect(j.windows).toHaveLength(1);
    const w = j.windows[0]!;
    expect(w).toMatchObject({ kind: 'utc', count: 2, startIso: '2019-07-09T09:57:27.179600-07:00', endIso: '2019-07-09T09:57:27.469600-07:00' });
    expect([w.worst.file, w.worst.line, w.worst.ela]).toEqual([file('a.trc'), lfsOf(a, 20).line, 290_000]);
    expect(w.members).toEqual([
      { file: file('b.trc.gz'), line: lfsOf(b, 20).line, ela: 250_000 },
      { file: file('a.trc'), line: lfsOf(a, 20).line, ela: 290_000 },
    ]);
    const switchLine = (t: WrittenTrace, e: string) => t.waits.find((x) => x.event === e)?.line;
    expect(w.switches).toEqual([
      { event: 'log file switch completion', ela: 180_000, micros: expect.any(Number), iso: '2019-07-09T09:57:27.179600-07:00', file: file('a.trc'), line: switchLine(a, 'log file switch completion') },
      { event: 'log file switch (archiving needed)', ela: 200_000, micros: expect.any(Number), iso: '2019-07-09T09:57:27.199900-07:00', file: file('b.trc.gz'), line: switchLine(b, 'log file switch (archiving needed)') },
    ]);
    expect(w.events.map((e) => [e.event, e.count, e.maxEla])).toEqual([
      ['log file sync', 2, 290_000],
      ['SQL*Net message to client', 2, 2],
      ['log file switch (archiving needed)', 1, 200_000],
      ['log file switch completion', 1, 180_000],
      ['SQL*Net message from client', 1, 150],
    ]);
    expect(j.context).toBeUndefined();
  });

  it('prints the list, the thresholds, the window and K lines before / ceil(K/3) after each wait', async () => {
    const run = await runCli(['outliers', '--top', '2', '--context', '6', ...STALL, file('a.trc'), file('b.trc.gz')]);
    expect(run.status).toBe(0);
    const out = run.stdout;
    expect(out).toMatch(/^'log file sync' outliers in 2 files/);
    expect(out).toMatch(new RegExp(`\\n1\\s+290,000\\s+2019-07-09T09:57:27\\.469600-07:00\\s+35\\.101\\s+\\S+a\\.trc\\s+${lfsOf(a, 20).line}\\s+${lfsOf(a, 20).offset}\\n`));
    expect(out).toMatch(/window 1: 2019-07-09T09:57:27\.179600-07:00 → 2019-07-09T09:57:27\.469600-07:00, 2 waits, worst 290,000 µs/);
    expect(out).toMatch(/log file switch completion\s+180,000 µs, ended 2019-07-09T09:57:27\.179600-07:00/);
    // Context of #1: lines L−6 … L+2 (ceil(6/3) = 2), the wait marked with '>'.
    const L = lfsOf(a, 20).line;
    const block = out.slice(out.indexOf('context of #1'), out.indexOf('context of #2'));
    const shown = block.split('\n').filter((l) => /^ {2}[ >*] +\d+ {2}/.test(l));
    expect(shown.map((l) => Number(/^ {2}. +(\d+)/.exec(l)?.[1]))).toEqual([L - 6, L - 5, L - 4, L - 3, L - 2, L - 1, L, L + 1, L + 2]);
    expect(shown.map((l) => l.replace(/^ {2}. +\d+ {2}/, ''))).toEqual(a.lines.slice(L - 7, L + 2));
    expect(shown.filter((l) => l.startsWith('  >'))).toHaveLength(1);
    expect(shown[6]).toMatch(/^ {2}> +\d+ {2}WAIT #0: nam='log file sync' ela= 290000/);
  });

  it('--context: the statement of the wait’s cursor (gzip input read through its decompressed offsets)', async () => {
    // --event 'log file switch (archiving needed)': its one wait is on B's statement cursor.
    const run = await runCli(['outliers', '--json', '--event', 'log file switch (archiving needed)', '--context', '3', file('b.trc.gz')]);
    expect(run.status).toBe(0);
    const j = parseJsonOutput<Json>(run);
    const w = b.waits.find((x) => x.event === 'log file switch (archiving needed)')!;
    expect(j.top.rows.map((r) => [r.line, r.offset])).toEqual([[w.line, w.offset]]);
    expect(j.context?.before).toBe(3);
    expect(j.context?.after).toBe(1);
    const c = j.context?.waits[0];
    expect(c?.cursor).toBe('140007604836768');
    expect(c?.statement).toMatchObject({ line: b.parseLine, endLine: b.endOfStmtLine });
    expect(c?.lines.map((l) => [l.line, l.text, l.isWait])).toEqual([w.line - 3, w.line - 2, w.line - 1, w.line, w.line + 1].map((n) => [n, b.lines[n - 1], n === w.line]));
    expect(j.windows).toEqual([]); // one wait cannot make a window of 3
  });

  it('defaults: p99.9 threshold, k = 3; no window in two independent sessions', async () => {
    // 1,000 waits (two sessions of 500): enough for a p99.9 (n·0.001 ≥ 1).
    const common = { offset: -420, period: 1_000_000, stampEvery: 10 } as const;
    const bigA = writeCommitLoop({ ...common, wall: '2019-07-09T09:57:07.000000', timBase: 5_000_000_000, sid: 35, serial: 101, pid: 1111, cursor: '140005298813064', commits: plainCommits(500) });
    const bigB = writeCommitLoop({ ...common, wall: '2019-07-09T09:57:07.000300', timBase: 9_000_000_000, sid: 61, serial: 7, pid: 2222, cursor: '140007604836768', commits: plainCommits(500) });
    writeFileSync(file('big-a.trc'), bigA.text);
    writeFileSync(file('big-b.trc'), bigB.text);
    const run = await runCli(['outliers', '--top', '1', file('big-a.trc'), file('big-b.trc')]);
    expect(run.status).toBe(0);
    expect(run.stdout).toMatch(/top 1 of 1,000 waits/);
    expect(run.stdout).toMatch(/clusters: waits above [\d,.]+ µs \(p99\.9, R type 7\)/);
    expect(run.stdout).toMatch(/no window: \d+ outliers, none bunched/);
    expect(run.stdout).not.toContain('Clusters need a threshold');
  });

  it('rejects bad options with status 1', async () => {
    for (const args of [['--top', 'x'], ['--context=-1'], ['--threshold', 'abc'], ['--min-count', '0']]) {
      const run = await runCli(['outliers', ...args, file('a.trc')]);
      expect(run.status, args.join(' ')).toBe(1);
      expect(run.stderr).toMatch(/^waitscope: --/);
    }
  });
});

// v11g-commit-loop.trc: 10 'log file sync' waits (ela 438, 486, 765, 267, 877, 284, 437, 658, 519, 162 µs,
// ending 1,073, 2,866, 915, 2,222, 58,848, 1,812, 224,958, 199,428 and 36,343 µs after each other).
describe('waitscope outliers on fewer waits than a p99.9 needs', () => {
  const trace = fixturePath('v11g-commit-loop.trc');
  const NOTE = 'Clusters need a threshold: p99.9 needs ≥ 1,000 waits (this dataset has 10); give one with --threshold';

  it('text: no p99.9 threshold and no clusters, the note instead', async () => {
    const run = await runCli(['outliers', '--top', '1', trace]);
    expect(run.status).toBe(0);
    expect(run.stdout).toContain('top 1 of 10 waits');
    expect(run.stdout).toContain(`\n${NOTE}\n`);
    expect(run.stdout).not.toContain('p99.9, R type 7');
    expect(run.stdout).not.toMatch(/clusters: waits above|no window|^window /m);
  });

  it('--json: a null threshold with the note, no outlier count and no windows', async () => {
    const j = parseJsonOutput<Json>(await runCli(['outliers', '--json', '--top', '1', trace]));
    expect(j.threshold).toBeNull();
    expect(j.thresholdNote).toBe(NOTE);
    expect(j.outliers).toBeNull();
    expect(j.windows).toEqual([]);
  });

  it('--threshold still clusters: 7 waits above 400 µs, the first 4 within 10 ms of each other', async () => {
    const run = await runCli(['outliers', '--json', '--top', '1', '--threshold', '400', '--gap', '10000', trace]);
    const j = parseJsonOutput<Json>(run);
    expect(j.threshold).toEqual({ value: 400, source: 'option' });
    expect(j.thresholdNote).toBeNull();
    expect(j.outliers).toBe(7);
    expect(j.windows.map((w) => [w.count, w.worst.ela, w.members.map((m) => m.ela)])).toEqual([[4, 877, [438, 486, 765, 877]]]);
    const text = (await runCli(['outliers', '--top', '1', '--threshold', '400', '--gap', '10000', trace])).stdout;
    expect(text).toContain('clusters: waits above 400.0 µs (--threshold)');
    expect(text).not.toContain('Clusters need a threshold');
  });
});
