import { bucketLog2, type Log2Bucket } from '../stats/buckets';
import { quantileSorted } from '../stats/quantile';
import { isEstimable } from '../stats/minimum-counts';
import { summarize } from '../stats/summary';
import { chooseClock, CommitPathPlacer, instanceMismatch, type ClockChoice } from './commit-path-clock';
import type { CommitPathFile, CommitPathWaits } from './commit-path-input';
import { LGWR_SOURCES, type LgwrSource } from './lgwr-sources';

/**
 * Pairs each foreground `log file sync` with the LGWR writes that overlap it in time (issue 16 §2).
 *
 * The protocol (lgwr-sources.ts): at commit the session posts LGWR and waits on `log file sync`;
 * LGWR writes the log buffer (its own wait, `log file parallel write`: "the time it takes for the
 * I/Os to complete"), then posts the session back. Oracle's reference says the sync's wait "includes
 * the writing of the log buffer and the post". So a sync [tim − ela, tim] is split into the time
 * during which LGWR was writing (covered: the length of its intersection with the union of the
 * writes) and the rest (remainder): the post reaching LGWR, LGWR's wake-up and CPU, the post back
 * and the foreground waking up and getting a CPU. A long remainder is CPU or scheduling, not storage.
 *
 * Overlap in time is what the traces say; which write carried which commit they do not. A
 * foreground that sleeps through a later write after its own (a very long wake-up) counts that
 * write as covered too, so the remainder is a lower bound of the time not spent writing.
 */

export interface CommitPathOptions {
  /** A slow sync is one of at least this many µs; null: the syncs' p99 (R type 7). */
  slowSyncMicros?: number | null;
  /** Bytes per redo block; null: 512, labelled a default (the redo block of Linux, Solaris, …). */
  redoBlockBytes?: number | null;
  /** At most this many entries per list. */
  listLimit?: number;
}

export const DEFAULT_REDO_BLOCK_BYTES = 512;
const LIST_LIMIT = 100;

export interface PlacedWait {
  file: string;
  line: number;
  ela: number;
  /** Start and end on the report's clock (µs). */
  start: number;
  end: number;
}

export interface PairedSync extends PlacedWait {
  covered: number;
  remainder: number;
  /** LGWR writes overlapping it. */
  writes: number;
  /** The longest of them, with its size, or null. */
  longestWrite: PairedWrite | null;
}

export interface PairedWrite extends PlacedWait {
  /** Redo blocks, null when unknown (warnings give bytes only). */
  blocks: number | null;
  sizeBytes: number | null;
  /** Syncs it overlaps. */
  syncs: number;
}

export interface DistributionRow {
  count: number;
  min: number | null;
  median: number | null;
  mean: number | null;
  p99: number | null;
  max: number | null;
}

export interface HistogramRow {
  lowerBound: number;
  upperBound: number | null;
  syncs: number;
  writes: number;
}

export type CommitPathReport =
  | { outcome: 'not-paired'; reason: string; foregroundFiles: string[]; lgwrFiles: string[]; sources: readonly LgwrSource[] }
  | {
      outcome: 'paired';
      /** `writes`: LGWR's `log file parallel write` WAIT lines; `warnings`: only its log write warnings (coarse). */
      mode: 'writes' | 'warnings';
      coarse: boolean;
      clock: ClockChoice;
      /** µs: how far a placed time may be from the truth, foreground and LGWR (0 on the tim clock). */
      precision: { foregroundMicros: number; lgwrMicros: number; note: string };
      foregroundFiles: string[];
      lgwrFiles: string[];
      syncs: { count: number; placed: number; totalMicros: number; coveredMicros: number; coveredShare: number | null };
      writes: { count: number; placed: number; totalMicros: number };
      remainder: DistributionRow;
      syncDistribution: DistributionRow;
      writeDistribution: DistributionRow;
      histogram: HistogramRow[];
      slowSyncMicros: number | null;
      slowSyncBasis: 'p99' | 'option';
      slowSyncCount: number;
      /** Slow syncs that LGWR's writes cover less than half of: CPU, scheduling or the post/wait path. */
      slowSyncsWithoutSlowWrite: PairedSync[];
      slowSyncsWithoutSlowWriteCount: number;
      /** Writes of at least slowSyncMicros (all warnings in `warnings` mode), longest first. */
      slowWrites: PairedWrite[];
      slowWriteCount: number;
      redoBlockBytes: number;
      redoBlockBytesDefault: boolean;
      sources: readonly LgwrSource[];
    };

/** The summary's statistics, each only from the sample size that supports it (minimum-counts.ts: p99 needs 100). */
function distribution(values: Float64Array): DistributionRow {
  const s = summarize(values);
  const shown = (key: 'min' | 'median' | 'mean' | 'p99' | 'max') => (isEstimable(key, s.count) ? s[key] : null);
  return { count: s.count, min: shown('min'), median: shown('median'), mean: shown('mean'), p99: shown('p99'), max: shown('max') };
}

function placeAll(placer: CommitPathPlacer, files: readonly CommitPathFile[], pick: (f: CommitPathFile) => CommitPathWaits): PlacedWait[] & { sessions?: never } {
  const out: PlacedWait[] = [];
  files.forEach((f, fi) => {
    const w = pick(f);
    for (let i = 0; i < w.count; i++) {
      const end = placer.place(fi, w.session[i] as number, w.tim[i] as number);
      const ela = w.ela[i] as number;
      if (end === end) out.push({ file: f.fileName, line: w.line[i] as number, ela, start: end - ela, end });
    }
  });
  return out;
}

/** Side-by-side log2 buckets (V$EVENT_HISTOGRAM_MICRO's), over the union of both ranges. */
export function sideBySide(syncs: Float64Array, writes: Float64Array): HistogramRow[] {
  const a = bucketLog2(syncs);
  const b = bucketLog2(writes);
  const rows = new Map<number, HistogramRow>();
  const add = (list: Log2Bucket[], key: 'syncs' | 'writes') => {
    for (const x of list) {
      const row = rows.get(x.lowerBound) ?? { lowerBound: x.lowerBound, upperBound: x.upperBound, syncs: 0, writes: 0 };
      row[key] += x.count;
      rows.set(x.lowerBound, row);
    }
  };
  add(a, 'syncs');
  add(b, 'writes');
  const sorted = [...rows.values()].sort((x, y) => x.lowerBound - y.lowerBound);
  // Fill a gap between the two ranges with empty buckets, so the chart has no gap to guess at.
  const out: HistogramRow[] = [];
  for (const row of sorted) {
    let last = out[out.length - 1];
    while (last && last.upperBound !== null && last.upperBound < row.lowerBound) {
      last = { lowerBound: last.upperBound, upperBound: last.upperBound * 2, syncs: 0, writes: 0 };
      out.push(last);
    }
    out.push(row);
  }
  return out;
}

export function pairCommitPath(files: readonly CommitPathFile[], options: CommitPathOptions = {}): CommitPathReport {
  const foreground = files.filter((f) => !f.lgwr);
  const lgwr = files.filter((f) => f.lgwr);
  const names = { foregroundFiles: foreground.map((f) => f.fileName), lgwrFiles: lgwr.map((f) => f.fileName) };
  const notPaired = (reason: string): CommitPathReport => ({ outcome: 'not-paired', reason, ...names, sources: LGWR_SOURCES });
  if (lgwr.length === 0) return notPaired('no LGWR trace: give one whose process line says (LGWR) or whose name has _lgwr_');
  const syncCount = foreground.reduce((n, f) => n + f.syncs.count, 0);
  if (syncCount === 0) return notPaired(foreground.length === 0 ? 'no foreground trace: only LGWR’s, so there is no log file sync to pair' : 'the foreground traces have no log file sync waits');
  const writeCount = lgwr.reduce((n, f) => n + f.writes.count, 0);
  const warningCount = lgwr.reduce((n, f) => n + f.warnings.count, 0);
  if (writeCount + warningCount === 0) return notPaired('the LGWR trace has neither log file parallel write waits (10046) nor log write warnings');
  const mismatch = instanceMismatch(foreground, lgwr);
  if (mismatch) return notPaired(mismatch);
  const mode = writeCount > 0 ? 'writes' : 'warnings';
  const clock = chooseClock(foreground, lgwr, mode === 'warnings');
  const ordered = [...foreground, ...lgwr];
  const placer = new CommitPathPlacer(ordered, clock);
  const syncs = placeAll(placer, ordered, (f) => (f.lgwr ? emptyOf(f) : f.syncs));
  const writes = placeAll(placer, ordered, (f) => (f.lgwr ? (mode === 'writes' ? f.writes : f.warnings) : emptyOf(f)));
  const sizes = sizeIndex(lgwr, mode);
  if (syncs.length === 0 || writes.length === 0) return notPaired(`no ${syncs.length === 0 ? 'log file sync' : 'LGWR write'} could be placed on the ${clock.kind} clock (${clock.reason}); the files need *** stamps`);
  const redoBlockBytes = options.redoBlockBytes ?? DEFAULT_REDO_BLOCK_BYTES;

  writes.sort((a, b) => a.start - b.start);
  const union = unionOf(writes);
  const writeSyncs = new Uint32Array(writes.length);
  // maxEnd[i]: the latest end of writes[0..i] (sorted by start), so a sync looks back only as far as a write may reach it.
  const maxEnd = new Float64Array(writes.length);
  writes.forEach((w, i) => (maxEnd[i] = Math.max(w.end, i > 0 ? (maxEnd[i - 1] as number) : -Infinity)));
  const paired: PairedSync[] = syncs.map((s) => overlap(s, writes, maxEnd, union, writeSyncs));
  const syncEla = Float64Array.from(syncs, (s) => s.ela).sort();
  const writeEla = Float64Array.from(writes, (w) => w.ela);
  // The default threshold, the syncs' p99, only where 100 syncs support it; else there is none unless given.
  const slowSyncMicros = options.slowSyncMicros ?? (isEstimable('p99', syncEla.length) ? quantileSorted(syncEla, 0.99) : null);
  const total = paired.reduce((n, s) => n + s.ela, 0);
  const covered = paired.reduce((n, s) => n + s.covered, 0);
  const limit = options.listLimit ?? LIST_LIMIT;
  const slow = slowSyncMicros === null ? [] : paired.filter((s) => s.ela >= slowSyncMicros);
  const unexplained = slow.filter((s) => s.covered * 2 < s.ela).sort((a, b) => b.ela - a.ela);
  const withSize = (w: PlacedWait, i: number): PairedWrite => {
    const size = sizes.get(`${w.file}:${w.line}`) ?? NaN;
    const blocks = mode === 'writes' && size === size ? size : null;
    const sizeBytes = mode === 'writes' ? (blocks === null ? null : blocks * redoBlockBytes) : size === size ? size : null;
    return { ...w, blocks, sizeBytes, syncs: writeSyncs[i] as number };
  };
  const slowWrites = writes.map(withSize).filter((w) => mode === 'warnings' || (slowSyncMicros !== null && w.ela >= slowSyncMicros)).sort((a, b) => b.ela - a.ela);
  // The longest write of each listed sync, with its size.
  for (const s of unexplained.slice(0, limit)) if (s.longestWrite) s.longestWrite = withSize(s.longestWrite, writes.indexOf(s.longestWrite));
  return {
    outcome: 'paired',
    mode,
    coarse: mode === 'warnings' || clock.kind === 'wall',
    clock,
    precision: precisionOf(clock, placer, mode),
    ...names,
    syncs: { count: syncCount, placed: syncs.length, totalMicros: total, coveredMicros: covered, coveredShare: total > 0 ? covered / total : null },
    writes: { count: mode === 'writes' ? writeCount : warningCount, placed: writes.length, totalMicros: writes.reduce((n, w) => n + w.ela, 0) },
    remainder: distribution(Float64Array.from(paired, (s) => s.remainder)),
    syncDistribution: distribution(syncEla),
    writeDistribution: distribution(writeEla),
    histogram: sideBySide(syncEla, writeEla),
    slowSyncMicros,
    slowSyncBasis: options.slowSyncMicros == null ? 'p99' : 'option',
    slowSyncCount: slow.length,
    slowSyncsWithoutSlowWrite: unexplained.slice(0, limit),
    slowSyncsWithoutSlowWriteCount: unexplained.length,
    slowWrites: slowWrites.slice(0, limit),
    slowWriteCount: slowWrites.length,
    redoBlockBytes,
    redoBlockBytesDefault: options.redoBlockBytes == null,
    sources: LGWR_SOURCES,
  };
}

function emptyOf(f: CommitPathFile): CommitPathWaits {
  void f;
  return { count: 0, tim: [], ela: [], line: [], session: [], size: [] };
}

function sizeIndex(lgwr: readonly CommitPathFile[], mode: 'writes' | 'warnings'): Map<string, number> {
  const out = new Map<string, number>();
  for (const f of lgwr) {
    const w = mode === 'writes' ? f.writes : f.warnings;
    for (let i = 0; i < w.count; i++) out.set(`${f.fileName}:${w.line[i]}`, w.size[i] as number);
  }
  return out;
}

/** The union of the write intervals (LGnn workers may write at once), as sorted disjoint [start, end] pairs. */
function unionOf(writes: readonly PlacedWait[]): Float64Array {
  const out: number[] = [];
  for (const w of writes) {
    const n = out.length;
    if (n > 0 && w.start <= (out[n - 1] as number)) out[n - 1] = Math.max(out[n - 1] as number, w.end);
    else out.push(w.start, w.end);
  }
  return Float64Array.from(out);
}

/** First index i with a[i] > x over the pairs' ends (a[2k + 1]). */
function firstEndAfter(union: Float64Array, x: number): number {
  let lo = 0;
  let hi = union.length / 2;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((union[2 * mid + 1] as number) > x) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}

function overlap(s: PlacedWait, writes: readonly PlacedWait[], maxEnd: Float64Array, union: Float64Array, writeSyncs: Uint32Array): PairedSync {
  let covered = 0;
  for (let k = firstEndAfter(union, s.start); 2 * k < union.length && (union[2 * k] as number) < s.end; k++) {
    covered += Math.min(union[2 * k + 1] as number, s.end) - Math.max(union[2 * k] as number, s.start);
  }
  // Writes sorted by start; a write overlaps when it starts before the sync ends and ends after it starts.
  let count = 0;
  let longest: PlacedWait | null = null;
  let lo = 0;
  let hi = writes.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((writes[mid] as PlacedWait).start < s.end) lo = mid + 1;
    else hi = mid;
  }
  // Walk back from the last write that starts before the sync ends, while an earlier one may still end after it starts.
  for (let i = lo - 1; i >= 0 && (maxEnd[i] as number) > s.start; i--) {
    const w = writes[i] as PlacedWait;
    if (Math.min(w.end, s.end) - Math.max(w.start, s.start) > 0) {
      count++;
      writeSyncs[i] = (writeSyncs[i] as number) + 1;
      if (!longest || w.ela > longest.ela) longest = w;
    }
  }
  return { ...s, covered, remainder: s.ela - covered, writes: count, longestWrite: longest as PairedWrite | null };
}

function precisionOf(clock: ClockChoice, placer: CommitPathPlacer, mode: 'writes' | 'warnings'): { foregroundMicros: number; lgwrMicros: number; note: string } {
  if (clock.kind === 'tim') return { foregroundMicros: 0, lgwrMicros: 0, note: 'one tim clock: exact to the µs the traces write' };
  // A warning's write ends at its stamp (≤ 1 stamp unit early) and its ms are whole (≤ 1 ms short).
  const lgwr = placer.worst.lgwr + (mode === 'warnings' ? 1000 : 0);
  return {
    foregroundMicros: placer.worst.foreground,
    lgwrMicros: lgwr,
    note:
      `wall clock from the *** stamps: a time is within the stamp's resolution (${clock.resolutionMicros} µs) plus 500 ppm of its distance to the stamp` +
      (mode === 'warnings' ? '; a warning’s write is placed from its stamp and whole ms, so 1 ms more' : '') +
      '; a covered time is then within 2 × (foreground + LGWR precision) × (1 + the writes it overlaps)',
  };
}
