// The one range-parallel parser (lib/trace/parallel-ranges.ts) and its two adapters: the CLI's
// (lib/node/parse-files.ts, worker threads) and the browser's (lib/worker/parallel-parse.ts, Web
// Workers over Blob.slice). Both must plan the same ranges for the same file, and the merge of
// the ranges must equal one sequential pass over the file, on a synthetic trace whose sessions
// change inside ranges and which has glued records; gzip is read whole by both.
import { readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { parseFiles } from '../../lib/node/parse-files';
import { generateCommitLoop } from '../../lib/synth/commit-loop';
import { parseTrace } from '../../lib/trace/parse-trace';
import { profileTrace } from '../../lib/profile/profile-trace';
import type { RangePlan } from '../../lib/trace/range-plan';
import type { TraceFileResult } from '../../lib/trace/types';
import { fileChunks } from '../../lib/worker/file-chunks';
import { parseInRanges } from '../../lib/worker/parallel-parse';
import { makeTempDir, ROOT } from '../helpers/cli';
import { inProcessHelper } from '../helpers/range-helper';
import { countValues } from '../helpers/count-values';

/** Every plan made in this process: both adapters plan on the calling thread. */
const plans: { starts: readonly number[]; plan: RangePlan | null }[] = [];
vi.mock('../../lib/trace/range-plan', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../lib/trace/range-plan')>();
  return {
    ...original,
    planRanges: async (...args: Parameters<typeof original.planRanges>) => {
      const plan = await original.planRanges(...args);
      plans.push({ starts: args[2] as number[], plan });
      return plan;
    },
  };
});

const EVENT = 'log file sync';
const SIZES = { splitBytes: 1 << 20, minBytes: 256 << 10 }; // a ~3 MB file in about ten ranges
const temp = makeTempDir('parallel-ranges');
const plain = path.join(temp.dir, 'three-sessions.trc');
const gz = path.join(temp.dir, 'three-sessions.trc.gz');
const workerUrl = new URL(`file://${path.join(ROOT, 'dist/parse-worker.cjs')}`);
let sessionAt: number[] = [];
afterAll(() => temp.remove());
beforeEach(() => {
  plans.length = 0;
});

/**
 * Three sessions one after the other in one file (the second and third start with their own
 * `*** SESSION ID` line, mid-file), and every 50th commit's WAIT glued to the XCTEND line before it.
 */
beforeAll(() => {
  const session = (i: number) => [...generateCommitLoop({ preset: 'flash-on', seed: 'parallel-ranges', commits: 6000, sessionIndex: i })].join('');
  const texts = [0, 1, 2].map(session);
  const body = [texts[0]!, ...texts.slice(1).map((t) => t.slice(t.indexOf('*** SESSION ID')))];
  let glued = 0;
  const text = body.join('').replace(/(XCTEND [^\n]*)\n(WAIT #0: nam='log file sync')/g, (all, xctend: string, wait: string) => (glued++ % 50 === 0 ? xctend + wait : all));
  expect(glued).toBe(18_000);
  writeFileSync(plain, text);
  writeFileSync(gz, gzipSync(text));
  const bytes = Buffer.from(text);
  sessionAt = [...text.matchAll(/\*\*\* SESSION ID/g)].map((m) => bytes.subarray(0, m.index).length);
});

async function browserParse(file: string, name: string) {
  const { helper, close } = inProcessHelper();
  await helper.ready;
  try {
    const blob = new File([readFileSync(file)], name);
    return await parseInRanges({ file: blob, name, event: EVENT, fileIndex: 0, helpers: [helper], signal: new AbortController().signal, onProgress: () => {}, sizes: SIZES });
  } finally {
    close();
  }
}

async function cliParse(file: string, name: string) {
  const parsed = await parseFiles([{ path: file, name, size: statSync(file).size }], { event: EVENT, workers: 2, workerUrl, ranges: SIZES });
  return { result: parsed.results[0]!, elaHistogram: parsed.elaHistograms[0]! };
}

async function sequential(file: string, name: string): Promise<TraceFileResult> {
  return parseTrace(fileChunks(new File([readFileSync(file)], name)), { event: EVENT, fileName: name });
}

/** Typed arrays as plain arrays, so toEqual shows which sample differs. */
function plainResult(r: TraceFileResult) {
  const s = r.samples;
  return { ...r, samples: { count: s.count, ela: [...s.ela], tim: [...s.tim], line: [...s.line], offset: [...s.offset], session: [...s.session], file: [...s.file] } };
}

describe('one range planner for the CLI and the browser', () => {
  it('plans the same ranges for the same file on two threads', async () => {
    await cliParse(plain, 'three-sessions.trc');
    await browserParse(plain, 'three-sessions.trc');
    expect(plans).toHaveLength(2);
    const [cli, browser] = plans;
    expect(cli!.plan).not.toBeNull();
    expect(browser!.starts).toEqual(cli!.starts);
    expect(browser!.plan).toEqual(cli!.plan);
    // Guided sizes (range-schedule.ts): the first range is a quarter of the file, none below the minimum but the last.
    const size = statSync(plain).size;
    expect(cli!.starts[0]).toBe(Math.ceil(size / 4));
    expect(cli!.plan!.cuts.length).toBeGreaterThan(6);
  });
});

describe('merged ranges equal one sequential pass', () => {
  it('in the CLI (worker threads), with sessions changing inside ranges and glued records', async () => {
    const expected = await sequential(plain, 'three-sessions.trc');
    const { result, elaHistogram } = await cliParse(plain, 'three-sessions.trc');
    const cuts = plans[0]!.plan!.cuts;
    // The second and third sessions begin inside ranges other than the first.
    expect(sessionAt).toHaveLength(3);
    for (const at of sessionAt.slice(1)) expect(cuts.some((c) => c < at) && !cuts.includes(at)).toBe(true);
    expect(plainResult(result)).toEqual(plainResult(expected));
    expect(result.samples.count).toBe(18_000);
    expect(new Set(result.samples.session).size).toBe(3);
    expect(result.warnings.find((w) => w.code === 'glued-line')?.count).toBe(360);
    const counted = countValues(expected.samples.ela, expected.samples.count);
    expect([...elaHistogram!.values]).toEqual(counted.values);
    expect([...elaHistogram!.counts]).toEqual(counted.counts);
  });

  it('in the browser (range workers over Blob.slice), histogram included', async () => {
    const expected = await sequential(plain, 'three-sessions.trc');
    const parsed = await browserParse(plain, 'three-sessions.trc');
    expect(parsed).not.toBeNull();
    expect(plainResult(parsed!.result)).toEqual(plainResult(expected));
    const counted = countValues(expected.samples.ela, expected.samples.count);
    expect([...parsed!.elaHistogram!.values]).toEqual(counted.values);
    expect([...parsed!.elaHistogram!.counts]).toEqual(counted.counts);
  });

  it('in the CLI with a response-time profile: cut after depth 0 calls, and the profile of one pass', async () => {
    const expected = await sequential(plain, 'three-sessions.trc');
    const one = (await profileTrace(fileChunks(new File([readFileSync(plain)], 'three-sessions.trc')), { fileName: 'three-sessions.trc' })).profile;
    const parsed = await parseFiles([{ path: plain, name: 'three-sessions.trc', size: statSync(plain).size }], { event: EVENT, workers: 2, workerUrl, ranges: SIZES, keep: 'counts', profile: {} });
    const cuts = plans[0]!.plan!.cuts;
    expect(cuts.length).toBeGreaterThan(6);
    const bytes = readFileSync(plain);
    for (const cut of cuts.slice(1, -1)) {
      const before = bytes.subarray(bytes.lastIndexOf(10, cut - 2) + 1, cut - 1).toString('latin1');
      expect(before, 'each range starts after a commit (XCTEND) or a depth 0 call').toMatch(/^(XCTEND |EXEC #\d+:.*,dep=0,)/);
    }
    expect(parsed.profiles[0]).toEqual(one);
    expect(parsed.results[0]!.profile).toEqual(expected.profile);
    // The scan's own result from ranges cut this way (sessions, anchors, warnings, counts) is one pass's too.
    const counted = await parseTrace(fileChunks(new File([readFileSync(plain)], 'three-sessions.trc')), { event: EVENT, fileName: 'three-sessions.trc', keep: 'counts' });
    // (Ranges give their counts as the file's histogram, elaHistograms, not in the result.)
    const { elaCounts, ...rest } = counted;
    expect(plainResult(parsed.results[0]!)).toEqual(plainResult(rest));
    expect([...parsed.elaHistograms[0]!.counts]).toEqual([...elaCounts!.counts]);
    // The glued XCTEND+WAIT lines were never a cut: the join did not have to give up.
    expect(one.sessions).toBe(3);
  });

  it('profiles a large file in one range per thread (no test sizes), as one pass does', async () => {
    // Over 64 MiB (RANGE_SIZES.splitBytes), the smallest file cut into ranges.
    const big = path.join(temp.dir, 'large.trc');
    writeFileSync(big, [...generateCommitLoop({ preset: 'flash-off', seed: 'profile-ranges', commits: 145_000, sessionIndex: 0 })].join(''));
    const size = statSync(big).size;
    expect(size).toBeGreaterThan(64 << 20);
    const parsed = await parseFiles([{ path: big, name: 'large.trc', size }], { event: EVENT, workers: 2, workerUrl, keep: 'counts', profile: {} });
    expect(plans).toHaveLength(1);
    expect(plans[0]!.starts).toEqual([Math.floor(size / 2)]);
    expect(plans[0]!.plan!.cuts).toHaveLength(3);
    const one = (await profileTrace(fileChunks(new File([readFileSync(big)], 'large.trc')), { fileName: 'large.trc' })).profile;
    expect(parsed.profiles[0]).toEqual(one);
  });

  it('reads gzip whole in both: no plan, and the CLI gives the sequential result', async () => {
    const expected = await sequential(gz, 'three-sessions.trc.gz');
    expect(expected.compression).toBe('gzip');
    const { result } = await cliParse(gz, 'three-sessions.trc.gz');
    expect(plainResult(result)).toEqual(plainResult(expected));
    expect(statSync(gz).size).toBeLessThan(1 << 20); // so the CLI reads it whole without a plan
    expect(plans).toEqual([]);
    expect(await browserParse(gz, 'three-sessions.trc.gz')).toBeNull();
    expect(plans.map((p) => p.plan)).toEqual([null]);
  });
});

describe('keeping only ela and session ({ columns: [] }, for compare)', () => {
  it('gives the same ela, sessions and dataset as keeping every column, and no position column', async () => {
    const { combineFiles } = await import('../../lib/trace/dataset');
    // A second, small file is parsed whole (under 1 MiB), the large one in ranges.
    const small = path.join(temp.dir, 'small.trc');
    writeFileSync(small, readFileSync(plain).subarray(0, 400_000));
    const input = [plain, small].map((p) => ({ path: p, name: path.basename(p), size: statSync(p).size }));
    const options = { event: EVENT, workers: 2, workerUrl, ranges: SIZES };
    const all = await parseFiles(input, options);
    const lean = await parseFiles(input, { ...options, keep: { columns: [] } });
    expect(all.results[1]!.samples.count).toBeGreaterThan(100);
    lean.results.forEach((r, i) => {
      const full = all.results[i]!;
      expect(r.samples.count).toBe(full.samples.count);
      expect([...r.samples.ela]).toEqual([...full.samples.ela]);
      expect([...r.samples.session]).toEqual([...full.samples.session]);
      for (const column of ['tim', 'file', 'line', 'offset'] as const) expect(r.samples[column]).toHaveLength(0);
      expect(r.sessions).toEqual(full.sessions);
      expect(r.profile).toEqual(full.profile);
      expect(r.warnings).toEqual(full.warnings);
    });
    expect(lean.elaHistograms).toEqual(all.elaHistograms);
    const a = combineFiles(EVENT, all.results);
    const b = combineFiles(EVENT, lean.results);
    expect(b.samples.count).toBe(18_000 + all.results[1]!.samples.count);
    expect([...b.samples.ela]).toEqual([...a.samples.ela]);
    expect([...b.samples.session]).toEqual([...a.samples.session]);
    expect(b.samples.tim).toHaveLength(0);
    expect(b.sessions).toEqual(a.sessions);
    // The full dataset's files still read their own columns (now views of the dataset's).
    expect([...all.results[1]!.samples.line]).toEqual([...a.samples.line.subarray(18_000)]);
  });
});

describe("counting each session's waits where they are scanned (keep: 'session-counts', for compare)", () => {
  /** Counts as plain arrays, so toEqual shows which session differs. */
  const plainSample = (s: import('../../lib/stats/sample').Sample) => ({
    counts: { values: [...s.counts.values], counts: [...s.counts.counts], total: s.counts.total },
    sessions: s.sessions?.map((c) => ({ values: [...c.values], counts: [...c.counts], total: c.total })) ?? null,
  });

  it('gives the Sample of the kept columns, for ranges, whole files and gzip, with no wait kept', async () => {
    const { combineFiles } = await import('../../lib/trace/dataset');
    const { sampleOfDataset, reportFilesOf } = await import('../../lib/report/dataset-side');
    const small = path.join(temp.dir, 'small-counted.trc');
    writeFileSync(small, readFileSync(plain).subarray(0, 400_000));
    const input = [plain, small, gz].map((p) => ({ path: p, name: path.basename(p), size: statSync(p).size }));
    const options = { event: EVENT, workers: 2, workerUrl, ranges: SIZES };
    const all = await parseFiles(input, options);
    const counted = await parseFiles(input, { ...options, keep: 'session-counts' });
    expect(plans.filter((p) => p.plan !== null)).toHaveLength(2); // the large plain file was cut into ranges, both times
    for (const r of counted.results) {
      expect(r.samples.count).toBe(0);
      expect(r.sessionCounts).toBeDefined();
    }
    const full = combineFiles(EVENT, all.results);
    const lean = combineFiles(EVENT, counted.results);
    const expected = sampleOfDataset(full); // from the columns: ela and session of every wait
    expect(expected.sessions).toHaveLength(3 + 1 + 3); // three sessions in the large file, one in the cut copy, three in the gzip copy
    expect(expected.counts.total).toBe(18_000 + all.results[1]!.samples.count + 18_000);
    expect(plainSample(sampleOfDataset(lean))).toEqual(plainSample(expected));
    expect(reportFilesOf(lean).map((f) => f.waits)).toEqual(reportFilesOf(full).map((f) => f.waits));
    expect(lean.sessions).toEqual(full.sessions);
  });

  it('joins a session that comes back later in the file, and keeps sessions in order of first wait', async () => {
    const { combineFiles } = await import('../../lib/trace/dataset');
    const { sampleOfDataset } = await import('../../lib/report/dataset-side');
    const text = readFileSync(plain, 'utf8');
    const marks = [...text.matchAll(/\*\*\* SESSION ID[^\n]*\n/g)].map((m) => m.index);
    // Sessions 1, 2, then session 1 again (its SESSION ID line repeated), as trcsess or a reconnect writes them.
    const again = text.slice(marks[0]!, marks[1]!);
    const back = path.join(temp.dir, 'back-again.trc');
    writeFileSync(back, text.slice(0, marks[2]!) + again);
    const input = [{ path: back, name: 'back-again.trc', size: statSync(back).size }];
    const options = { event: EVENT, workers: 2, workerUrl, ranges: SIZES };
    const full = combineFiles(EVENT, (await parseFiles(input, options)).results);
    const lean = combineFiles(EVENT, (await parseFiles(input, { ...options, keep: 'session-counts' })).results);
    const expected = sampleOfDataset(full);
    expect(expected.sessions).toHaveLength(2);
    expect(expected.sessions![0]!.total).toBe(12_000); // 6,000 commits, twice
    expect(expected.sessions![1]!.total).toBe(6000);
    expect(plainSample(sampleOfDataset(lean))).toEqual(plainSample(expected));
  });
});
