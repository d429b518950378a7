// The real trace corpus (shared/corpus/real, described in its SOURCES.md) and an independent
// reference counter for it. The corpus is never committed: tests that read it must skip, saying
// why, when the folder is absent.
//
// The reference counter is the oracle of test/trace/corpus.test.ts, so it is deliberately naive:
// decode as latin1 (one char per byte, so string index = byte offset), split into lines, skip
// PARSING IN CURSOR … END OF STMT, and match every `WAIT #` record with the regex of
// trace-format.md §9. It shares no code with lib/.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';

export const CORPUS_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../shared/corpus/real');
export const TRCTOOLS_DIR = path.join(CORPUS_DIR, 'fixtures/priitp2_trctools');
export const corpusAvailable = existsSync(CORPUS_DIR) && existsSync(TRCTOOLS_DIR);

/** Says once, on stdout, why corpus tests are not run (they use `describe.skipIf`). */
export function reportCorpusMissing(testFile: string): void {
  if (!corpusAvailable) console.warn(`[${testFile}] skipped: the real trace corpus is absent (looked for ${CORPUS_DIR}); see shared/corpus/real/SOURCES.md`);
}

export interface CorpusFile {
  /** File name relative to CORPUS_DIR, e.g. `fixtures/priitp2_trctools/error.trc`. */
  name: string;
  path: string;
  size: number;
}

function listDir(dir: string, relTo: string, keep: (name: string) => boolean): CorpusFile[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true })
    .filter((e) => e.isFile() && keep(e.name))
    .map((e) => {
      const full = path.join(dir, e.name);
      return { name: path.relative(relTo, full), path: full, size: statSync(full).size };
    })
    .sort((a, b) => (a.name < b.name ? -1 : 1));
}

/** Every real file the parser should read: top-level `*.trc`, and the trctools `*.trc` and `*.trc.gz`. */
export function corpusFiles(): CorpusFile[] {
  return [
    ...listDir(CORPUS_DIR, CORPUS_DIR, (n) => n.endsWith('.trc')),
    ...listDir(TRCTOOLS_DIR, CORPUS_DIR, (n) => n.endsWith('.trc') || n.endsWith('.trc.gz')),
  ];
}

/** The trctools fixtures in formats waitscope refuses (`.lzma`, `.bz2`). */
export function unsupportedCompressedFiles(): CorpusFile[] {
  return listDir(TRCTOOLS_DIR, CORPUS_DIR, (n) => /\.(lzma|bz2)$/.test(n));
}

/** The trctools fixtures compressed with xz (`lobread.trc.xz`, which has no plain copy: SOURCES.md). */
export function xzCompressedFiles(): CorpusFile[] {
  return listDir(TRCTOOLS_DIR, CORPUS_DIR, (n) => n.endsWith('.xz'));
}

/** Raw bytes of a corpus file, gunzipped when its name ends in `.gz`. */
export function corpusBytes(file: CorpusFile): Uint8Array {
  const raw = readFileSync(file.path);
  return new Uint8Array(file.name.endsWith('.gz') ? gunzipSync(raw) : raw);
}

export interface ReferenceWait {
  event: string;
  /** As written (µs in every real file: none is older than 9i). */
  ela: number;
  /** 1-based line number. */
  line: number;
  /** Byte offset of the `W` of `WAIT #`. */
  offset: number;
  tim: number | null;
}

export interface ReferenceCount {
  /** `major.minor` from the banner's `Release` or the 18c+ `Version` line; null without a banner. */
  release: [number, number] | null;
  /** Whether a WAIT record needs ` tim=N` at its end to count as complete. */
  requireTim: boolean;
  waits: ReferenceWait[];
}

// trace-format.md §9, anchored at the start of one record (the text from one `WAIT #` to the next, or to the line end).
const WAIT_RECORD = /^WAIT #(\d+): nam='(.*?)' ela=\s*(\d+)/;
const TIM_AT_END = / tim=(\d+)\s*$/;
const BANNER_RELEASE = /^Oracle.*Release (\d+)\.(\d+)/;
const VERSION_LINE = /^Version (\d+)\.(\d+)\.\d+\.\d+\.\d+\s*$/;

/**
 * Every complete WAIT record of a file, in file order. A record counts when it matches WAIT_RECORD
 * and, for files from 10.2 on (trace-format.md §8.3) or without a banner (all such files in the
 * corpus are 12.2 or 19c, SOURCES.md notes 6 and 7), ends in ` tim=N`.
 */
export function referenceCount(bytes: Uint8Array): ReferenceCount {
  const text = Buffer.from(bytes).toString('latin1');
  const lines = text.split('\n');
  let release: [number, number] | null = null;
  for (const raw of lines) {
    if (raw.startsWith('WAIT #')) break;
    const m: RegExpExecArray | null = VERSION_LINE.exec(raw) ?? (release === null ? BANNER_RELEASE.exec(raw) : null);
    if (m) release = [Number(m[1]), Number(m[2])];
  }
  const requireTim = release === null || release[0] > 10 || (release[0] === 10 && release[1] >= 2);

  const waits: ReferenceWait[] = [];
  let inSql = false;
  let lineStart = 0;
  lines.forEach((raw, i) => {
    const line = raw.endsWith('\r') ? raw.slice(0, -1) : raw;
    const lineNo = i + 1;
    const startOfThisLine = lineStart;
    lineStart += raw.length + 1;
    if (inSql) {
      if (line.startsWith('END OF STMT')) inSql = false;
      return;
    }
    // Records glued to the end of another record: every `WAIT #` in the line starts one.
    const starts: number[] = [];
    for (let at = line.indexOf('WAIT #'); at >= 0; at = line.indexOf('WAIT #', at + 1)) starts.push(at);
    const head = starts.length > 0 ? line.slice(0, starts[0]) : line;
    if (head.startsWith('PARSING IN CURSOR')) {
      inSql = true;
      return;
    }
    starts.forEach((at, k) => {
      const record = line.slice(at, starts[k + 1] ?? line.length);
      const m = WAIT_RECORD.exec(record);
      if (!m) return;
      const tim = TIM_AT_END.exec(record);
      if (requireTim && !tim) return;
      waits.push({ event: m[2] as string, ela: Number(m[3]), line: lineNo, offset: startOfThisLine + at, tim: tim ? Number(tim[1]) : null });
    });
  });
  return { release, requireTim, waits };
}

export interface ReferenceProfileRow {
  count: number;
  total: number;
  min: number;
  max: number;
}

/** Per-event count, total, min and max, keyed by event name. */
export function referenceProfile(waits: readonly ReferenceWait[]): Record<string, ReferenceProfileRow> {
  const out: Record<string, ReferenceProfileRow> = {};
  for (const w of waits) {
    const row = (out[w.event] ??= { count: 0, total: 0, min: Infinity, max: -Infinity });
    row.count++;
    row.total += w.ela;
    row.min = Math.min(row.min, w.ela);
    row.max = Math.max(row.max, w.ela);
  }
  return out;
}
