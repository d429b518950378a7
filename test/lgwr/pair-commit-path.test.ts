import { describe, expect, test } from 'vitest';
import { readCommitPathFile, type CommitPathFile } from '../../lib/lgwr/commit-path-input';
import { pairCommitPath, type CommitPathReport } from '../../lib/lgwr/pair-commit-path';
import { formatMicrosIso, parseStampMicros } from '../../lib/outliers/stamps';
import { generateCommitPath, type CommitPathOptions, type CommitPathTruth } from '../../lib/synth/commit-path';

/** The bytes in odd-sized chunks, so lines are cut across chunks as a file stream cuts them. */
async function* chunks(bytes: Uint8Array): AsyncGenerator<Uint8Array> {
  for (let at = 0; at < bytes.length; at += 997) yield bytes.subarray(at, at + 997);
}

async function pairGenerated(options: Partial<CommitPathOptions>, slowSyncMicros: number | null = null): Promise<{ report: Extract<CommitPathReport, { outcome: 'paired' }>; truth: CommitPathTruth; files: CommitPathFile[] }> {
  const g = generateCommitPath({ sessions: 3, commits: 300, ...options });
  const files = await Promise.all(g.files.map((f) => readCommitPathFile(f.name, () => chunks(f.bytes))));
  const report = pairCommitPath(files, { listLimit: 10_000, slowSyncMicros });
  if (report.outcome !== 'paired') throw new Error(report.reason);
  return { report, truth: g.truth, files };
}


describe('pairing the foreground with LGWR on the tim clock', () => {
  test('recovers every sync’s covered time and remainder exactly, and the covered share', async () => {
    const { report, truth } = await pairGenerated({ seed: 7 });
    expect(report.clock.kind).toBe('tim');
    expect(report.precision.foregroundMicros).toBe(0);
    expect(report.mode).toBe('writes');
    expect(report.syncs.count).toBe(truth.syncs.length);
    expect(report.syncs.placed).toBe(truth.syncs.length);
    const total = truth.syncs.reduce((n, s) => n + s.ela, 0);
    const covered = truth.syncs.reduce((n, s) => n + s.covered, 0);
    expect(report.syncs.totalMicros).toBe(total);
    expect(report.syncs.coveredMicros).toBe(covered);
    expect(report.syncs.coveredShare).toBeCloseTo(covered / total, 12);
    // The remainder distribution: every sync's remainder, from the truth, sorted by hand.
    const rem = truth.syncs.map((s) => s.remainder).sort((a, b) => a - b);
    expect(report.remainder.count).toBe(rem.length);
    expect(report.remainder.min).toBe(rem[0]);
    expect(report.remainder.max).toBe(rem[rem.length - 1]);
    const h = (rem.length - 1) * 0.5;
    expect(report.remainder.median).toBeCloseTo((rem[Math.floor(h)] as number) + (h - Math.floor(h)) * ((rem[Math.ceil(h)] as number) - (rem[Math.floor(h)] as number)), 9);
    // The remainder is the post and wake-up delays plus the wait for a busy LGWR, never less than post + wake.
    for (const s of truth.syncs) expect(s.remainder).toBeGreaterThanOrEqual(0);
  });

  test('every slow sync without a slow write is a long wake-up in the truth, and every slow write is listed with its size', async () => {
    // 30 ms: above every fast sync (writes ≤ 1.8 ms, wake-ups ≤ 60 µs), below the long wake-ups (≥ 40 ms).
    const { report, truth } = await pairGenerated({ seed: 7 }, 30_000);
    expect(report.slowSyncBasis).toBe('option');
    const truthBy = new Map(truth.syncs.map((s) => [`${s.file}:${s.line}`, s]));
    const expectedUnexplained = truth.syncs.filter((s) => s.ela >= 30_000 && s.covered * 2 < s.ela);
    expect(report.slowSyncsWithoutSlowWriteCount).toBe(expectedUnexplained.length);
    expect(expectedUnexplained.length).toBeGreaterThan(0);
    for (const s of report.slowSyncsWithoutSlowWrite) {
      const t = truthBy.get(`${s.file}:${s.line}`);
      expect(t).toBeDefined();
      expect(s.covered).toBe(t?.covered);
      expect(t?.wakeDelay).toBeGreaterThanOrEqual(40_000);
    }
    // Slow writes: the truth's writes of at least the threshold, with blocks × 512 B.
    const threshold = report.slowSyncMicros as number;
    const expected = truth.writes.filter((w) => w.ela >= threshold);
    expect(report.slowWriteCount).toBe(expected.length);
    expect(expected.length).toBeGreaterThan(0);
    for (const w of report.slowWrites) {
      const t = truth.writes.find((x) => x.line === w.line);
      expect(w.ela).toBe(t?.ela);
      expect(w.blocks).toBe(t?.blocks);
      expect(w.sizeBytes).toBe((t?.blocks ?? NaN) * 512);
    }
    expect(report.redoBlockBytesDefault).toBe(true);
  });

  test('the side-by-side histograms count every sync and write in Oracle’s log2 buckets', async () => {
    const { report, truth } = await pairGenerated({ seed: 3 });
    const bucketOf = (t: number) => (t < 1 ? 0 : 2 ** Math.floor(Math.log2(t)));
    for (const row of report.histogram) {
      const syncs = truth.syncs.filter((s) => bucketOf(s.ela) === row.lowerBound).length;
      const writes = truth.writes.filter((w) => bucketOf(w.ela) === row.lowerBound).length;
      expect([row.lowerBound, row.syncs, row.writes]).toEqual([row.lowerBound, syncs, writes]);
    }
    expect(report.histogram.reduce((n, r) => n + r.syncs, 0)).toBe(truth.syncs.length);
    expect(report.histogram.reduce((n, r) => n + r.writes, 0)).toBe(truth.writes.length);
  });
});

describe('pairing on the wall clock', () => {
  test('an LGWR tim that disagrees with the stamps falls back to the stamps, and every covered time is within the stated precision', async () => {
    const { report, truth } = await pairGenerated({ seed: 11, lgwrTimOffset: 7_777_777_777, stamps: 'us' });
    expect(report.clock.kind).toBe('wall');
    expect(report.clock.reason).toMatch(/not one clock/);
    expect(report.coarse).toBe(true);
    const p = report.precision.foregroundMicros + report.precision.lgwrMicros;
    expect(p).toBeGreaterThan(0);
    const got = new Map<string, number>();
    // listLimit is large: the slow lists are not what is checked here; the covered share is.
    let worst = 0;
    for (const t of truth.syncs) {
      const bound = 2 * p * (1 + t.overlapping.length);
      worst = Math.max(worst, bound);
      got.set(`${t.file}:${t.line}`, bound);
    }
    const total = truth.syncs.reduce((n, s) => n + s.ela, 0);
    const covered = truth.syncs.reduce((n, s) => n + s.covered, 0);
    expect(report.syncs.totalMicros).toBe(total);
    // Stamps in µs, written at their WAIT's end: each time is at most 1 µs early, so the total is within 2 µs per write boundary.
    const boundary = truth.syncs.reduce((n, s) => n + 2 * (1 + s.overlapping.length), 0);
    expect(Math.abs(report.syncs.coveredMicros - covered)).toBeLessThanOrEqual(boundary);
    expect(Math.abs(report.syncs.coveredMicros - covered)).toBeLessThanOrEqual(truth.syncs.reduce((n, s) => n + (got.get(`${s.file}:${s.line}`) ?? 0), 0));
  });

  test('with ms stamps the clock check still sees the shared tim and pairs exactly', async () => {
    const { report, truth } = await pairGenerated({ seed: 5, stamps: 'ms' });
    expect(report.clock.kind).toBe('tim');
    if (report.clock.kind === 'tim') expect(report.clock.anchorDisagreementMicros).toBeLessThan(1000);
    expect(report.syncs.coveredMicros).toBe(truth.syncs.reduce((n, s) => n + s.covered, 0));
  });
});

describe('pairing with a warnings-only LGWR trace', () => {
  test('pairs the warnings coarsely, each slow write listed with its KB, and says it is coarse', async () => {
    const { report, truth } = await pairGenerated({ seed: 7, lgwrTrace: 'warnings' });
    expect(report.mode).toBe('warnings');
    expect(report.coarse).toBe(true);
    const warned = truth.writes.filter((w) => w.warned);
    expect(warned.length).toBeGreaterThan(0);
    expect(report.slowWriteCount).toBe(warned.length);
    for (const w of report.slowWrites) {
      const t = warned.find((x) => x.warningLine === w.line);
      expect(w.ela).toBe(Math.floor((t?.ela ?? NaN) / 1000) * 1000);
      expect(w.sizeBytes).toBe(Math.floor(((t?.blocks ?? NaN) * 512) / 1024) * 1024);
    }
    // Covered time: only the slow writes count; each sync within the stated precision of the truth's overlap with them.
    const p = report.precision.foregroundMicros + report.precision.lgwrMicros;
    const slowCovered = truth.syncs.reduce((n, s) => n + s.overlapping.filter((i) => truth.writes[i]?.warned).reduce((m, i) => m + Math.min(truth.writes[i]!.end, s.end) - Math.max(truth.writes[i]!.start, s.start), 0), 0);
    const bound = truth.syncs.reduce((n, s) => n + 2 * p * (1 + s.overlapping.filter((i) => truth.writes[i]?.warned).length), 0);
    expect(slowCovered).toBeGreaterThan(0);
    expect(Math.abs(report.syncs.coveredMicros - slowCovered)).toBeLessThanOrEqual(bound);
  });
});

describe('what cannot be paired says why', () => {
  test('an LGWR trace alone: no foreground', async () => {
    const g = generateCommitPath({ sessions: 1, commits: 20 });
    const lgwr = g.files.filter((f) => f.name.includes('_lgwr_'));
    const files = await Promise.all(lgwr.map((f) => readCommitPathFile(f.name, () => chunks(f.bytes))));
    const report = pairCommitPath(files);
    expect(report.outcome).toBe('not-paired');
    if (report.outcome === 'not-paired') expect(report.reason).toMatch(/no foreground trace/);
  });
  test('foreground alone: no LGWR trace', async () => {
    const g = generateCommitPath({ sessions: 1, commits: 20 });
    const fg = g.files.filter((f) => !f.name.includes('_lgwr_'));
    const files = await Promise.all(fg.map((f) => readCommitPathFile(f.name, () => chunks(f.bytes))));
    const report = pairCommitPath(files);
    expect(report.outcome === 'not-paired' && report.reason).toMatch(/no LGWR trace/);
  });
});

describe('files of different instances', () => {
  test('are not paired, and the message names the file and both instances', async () => {
    const g = generateCommitPath({ sessions: 1, commits: 20 });
    const files = await Promise.all(g.files.map((f) => readCommitPathFile(f.name, () => chunks(f.bytes))));
    const fg = files.find((f) => !f.lgwr) as CommitPathFile;
    fg.facts = { ...fg.facts, instance: 'other2' };
    const report = pairCommitPath(files);
    expect(report.outcome === 'not-paired' && report.reason).toBe(`${fg.fileName} is of instance other2, cpath1_lgwr_4242.trc of cpath1: a foreground pairs only with the LGWR of its own instance`);
  });
});

describe('a *** stamp written long before its first WAIT', () => {
  test('is left out of the wall clock, so the times near it are not early by the gap', async () => {
    const g = generateCommitPath({ sessions: 2, commits: 300, seed: 11, lgwrTimOffset: 7_777_777_777, stamps: 'us' });
    // The first stamp of the first foreground moved 30 s back: as if the trace opened 30 s before its first wait ended.
    const fg = g.files[0]!;
    const text = new TextDecoder().decode(fg.bytes);
    const first = /^\*\*\* (\S+)$/m.exec(text)![1]!;
    const moved = `${formatMicrosIso(parseStampMicros(first) - 30_000_000, null)}+00:00`;
    expect(Date.parse(first) - Date.parse(moved)).toBe(30_000);
    const bytes = new TextEncoder().encode(text.split(first).join(moved));
    const files = await Promise.all([{ name: fg.name, bytes }, ...g.files.slice(1)].map((f) => readCommitPathFile(f.name, () => chunks(f.bytes))));
    const report = pairCommitPath(files);
    if (report.outcome !== 'paired') throw new Error(report.reason);
    expect(report.clock.kind).toBe('wall');
    const covered = g.truth.syncs.reduce((n, s) => n + s.covered, 0);
    const boundary = g.truth.syncs.reduce((n, s) => n + 2 * (1 + s.overlapping.length), 0);
    expect(Math.abs(report.syncs.coveredMicros - covered)).toBeLessThanOrEqual(boundary);
  });
});

describe('a small sample', () => {
  test('shows no p99 below 100 syncs, and so no default slow threshold', async () => {
    const g = generateCommitPath({ sessions: 1, commits: 60, seed: 2 });
    const files = await Promise.all(g.files.map((f) => readCommitPathFile(f.name, () => chunks(f.bytes))));
    const report = pairCommitPath(files);
    if (report.outcome !== 'paired') throw new Error(report.reason);
    expect(report.syncDistribution.count).toBe(60);
    expect(report.syncDistribution.p99).toBe(null);
    expect(report.remainder.p99).toBe(null);
    expect(report.syncDistribution.max).toBe(Math.max(...g.truth.syncs.map((s) => s.ela)));
    expect(report.slowSyncMicros).toBe(null);
    expect(report.slowSyncCount).toBe(0);
    expect(pairCommitPath(files, { slowSyncMicros: 1 }).outcome === 'paired' && pairCommitPath(files, { slowSyncMicros: 1 })).toMatchObject({ slowSyncMicros: 1, slowSyncCount: 60 });
  });
});
