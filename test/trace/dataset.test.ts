// combineFiles: several parsed files as one dataset. The expectations come from the golden JSON
// files (the generator's ground truth, test/golden/README.md), combined here by hand.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Golden } from '../../lib/synth/golden';
import { combineFiles } from '../../lib/trace/dataset';
import { parseTrace } from '../../lib/trace/parse-trace';
import type { TraceFileResult } from '../../lib/trace/types';
import { chunksOf } from '../helpers/chunks';

const FIXTURES = new URL('../fixtures/', import.meta.url);
const GOLDEN = new URL('../golden/', import.meta.url);

// Four files: two single-session traces, trcsess output (two processes), and one without the event.
const NAMES = ['v11g-commit-loop', 'trcsess-two-sessions', 'no-log-file-sync', 'v19c-session'] as const;

async function parseFixture(name: string, fileIndex: number): Promise<TraceFileResult> {
  const bytes = new Uint8Array(readFileSync(new URL(`${name}.trc`, FIXTURES)));
  return parseTrace(chunksOf(bytes, bytes.length), { fileName: `${name}.trc`, fileIndex });
}

const golden = (name: string) => JSON.parse(readFileSync(new URL(`${name}.json`, GOLDEN), 'utf8')) as Golden;

describe('combineFiles', () => {
  it('concatenates the samples in file order and sets `file` to the position in the list', async () => {
    // fileIndex 7 on purpose: the dataset must number files by their position, not keep what the parse was given.
    const files = await Promise.all(NAMES.map((n) => parseFixture(n, 7)));
    const ds = combineFiles('log file sync', files);
    const expected = NAMES.flatMap((n, file) => golden(n).samples.map((s) => ({ file, ela: s.ela, line: s.line, offset: s.offset, tim: s.tim })));
    expect(expected).toHaveLength(10 + 16 + 0 + 9); // the goldens' `count` fields
    expect(ds.samples.count).toBe(expected.length);
    const got = Array.from({ length: ds.samples.count }, (_, i) => {
      const tim = ds.samples.tim[i] as number;
      return { file: ds.samples.file[i], ela: ds.samples.ela[i], line: ds.samples.line[i], offset: ds.samples.offset[i], tim: Number.isNaN(tim) ? null : tim };
    });
    expect(got).toEqual(expected);
    for (const column of [ds.samples.ela, ds.samples.tim, ds.samples.file, ds.samples.line, ds.samples.offset, ds.samples.session]) {
      expect(column.length).toBe(expected.length);
    }
    expect(ds.files).toBe(files);
    expect(ds.event).toBe('log file sync');
  });

  it('appends the session tables and moves each sample’s session index by the sessions before its file', async () => {
    const files = await Promise.all(NAMES.map((n, i) => parseFixture(n, i)));
    const ds = combineFiles('log file sync', files);
    expect(ds.sessions).toEqual(files.flatMap((f, file) => f.sessions.map((s) => ({ ...s, file }))));
    let at = 0;
    files.forEach((f, file) => {
      const before = files.slice(0, file).reduce((n, g) => n + g.sessions.length, 0);
      for (let j = 0; j < f.samples.count; j++, at++) {
        expect(ds.samples.session[at], `file ${file} sample ${j}`).toBe((f.samples.session[j] as number) + before);
        // The marker a sample points at is the one its own file gave it.
        expect(ds.sessions[ds.samples.session[at] as number]).toEqual({ ...f.sessions[f.samples.session[j] as number], file });
      }
    });
    expect(at).toBe(ds.samples.count);
    // trcsess-two-sessions: its samples come from two processes, 9850 and 9857 (test/golden/README.md).
    const pids = new Set<string | null>();
    for (let i = 0; i < ds.samples.count; i++) if (ds.samples.file[i] === 1) pids.add(ds.sessions[ds.samples.session[i] as number]?.pid ?? null);
    expect(pids).toEqual(new Set(['9850', '9857']));
  });

  it('merges the profiles: counts and totals add, min and max combine, sorted by total', async () => {
    const files = await Promise.all(NAMES.map((n, i) => parseFixture(n, i)));
    const ds = combineFiles('log file sync', files);
    const sum: Record<string, { count: number; total: number; min: number; max: number }> = {};
    for (const n of NAMES) {
      for (const [event, row] of Object.entries(golden(n).profile)) {
        const s = (sum[event] ??= { count: 0, total: 0, min: Infinity, max: -Infinity });
        s.count += row.count;
        s.total += row.total;
        s.min = Math.min(s.min, row.min);
        s.max = Math.max(s.max, row.max);
      }
    }
    expect(Object.fromEntries(ds.profile.map(({ event, ...row }) => [event, row]))).toEqual(sum);
    const totals = ds.profile.map((r) => r.total);
    expect(totals).toEqual([...totals].sort((a, b) => b - a));
    // 'log file sync' sums the three files that have it; 'log file sync: SCN ordering' stays its own row.
    const lfs = ds.profile.find((r) => r.event === 'log file sync');
    expect(lfs?.count).toBe(10 + 16 + 9);
    expect(lfs?.total).toBe(NAMES.reduce((t, n) => t + golden(n).samples.reduce((a, s) => a + s.ela, 0), 0));
    expect(ds.profile.some((r) => r.event === 'log file sync: SCN ordering')).toBe(true);
  });

  it('does not change the files it combines', async () => {
    const files = await Promise.all(NAMES.map((n, i) => parseFixture(n, i)));
    const before = files.map((f) => ({ session: [...f.samples.session], file: [...f.samples.file], profile: structuredClone(f.profile) }));
    combineFiles('log file sync', files);
    expect(files.map((f) => ({ session: [...f.samples.session], file: [...f.samples.file], profile: f.profile }))).toEqual(before);
  });

  it('numbers a single file 0, with its samples, sessions and profile', async () => {
    const file = await parseFixture('trcsess-two-sessions', 3);
    const ds = combineFiles('log file sync', [file]);
    const g = golden('trcsess-two-sessions');
    expect(ds.samples.count).toBe(g.count);
    expect([...ds.samples.ela.subarray(0, ds.samples.count)]).toEqual(g.samples.map((s) => s.ela));
    expect([...ds.samples.line.subarray(0, ds.samples.count)]).toEqual(g.samples.map((s) => s.line));
    expect([...ds.samples.file.subarray(0, ds.samples.count)]).toEqual(g.samples.map(() => 0));
    expect(ds.sessions.map((s) => s.file)).toEqual(file.sessions.map(() => 0));
    expect(Object.fromEntries(ds.profile.map(({ event, ...row }) => [event, row]))).toEqual(g.profile);
  });

  it('gives an empty dataset for no files', () => {
    const ds = combineFiles('log file sync', []);
    expect(ds.samples.count).toBe(0);
    expect(ds.samples.ela).toHaveLength(0);
    expect(ds.sessions).toEqual([]);
    expect(ds.profile).toEqual([]);
  });
});
