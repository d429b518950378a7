import { createWriteStream } from 'node:fs';
import { mkdir, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { describeError } from '../node/file-error';
import { CALL_RELEASES, parseRelease, type CallRelease } from '../synth/call-releases';
import { formatTruth, mergeTruths, TruthBook, type CallWorkloadTruth } from '../synth/call-truth';
import { callSessionPid, callSessionSeed, generateCallSession } from '../synth/call-workload';
import { generateCommitLoop } from '../synth/commit-loop';
import { pinsExtremes, sessionSeed, SYNTH_DEFAULTS } from '../synth/book-experiment';
import { PRESETS, type PresetName } from '../synth/wait-model';
import { parseOptions, UsageError } from './args';
import { COMMIT_PATH_DEFAULTS, COMMIT_PATH_INSTANCE, COMMIT_PATH_LGWR_FILE, generateCommitPath, type CommitPathOptions } from '../synth/commit-path';

// Tests and the statistics benchmark import these from here.
export { pinsExtremes, sessionSeed, SYNTH_DEFAULTS };
import { formatCount } from './format';
import { ExitError } from './load-dataset';

/**
 * `waitscope synth`: writes Harrison's benchmark as 11.2 traces, one per session (stats.md §1: "20
 * concurrent processes each of which performed 200,000 updates and commits"), with `log file sync`
 * values from the Table 15.1 model of stats.md §5.
 *
 * Reproducibility: session i draws its ela stream from `sessionSeed(preset, seed, i)` and nothing else,
 * so the concatenation of all sessions' `log file sync` values, session by session, is
 * `sampleWaits(preset, commits, sessionSeed(preset, seed, i), { pinExtremes: i === 0 })` for i = 0, 1, …
 * The calibration tests draw exactly that, without writing files. With `--truth`, the loop also books
 * its calls and waits (call-truth.ts) into `<file>.truth.json`; the traces are the same bytes.
 *
 * `--workload oltp --release R`: order-entry sessions with full call lines in R's dialect
 * (lib/synth/call-workload.ts), each with its ground truth, and the dataset's truth summed.
 */

export type SynthWorkload = 'commit' | 'oltp' | 'commit-path';

export interface SynthArgs {
  /** `commit`: Harrison's commit loop (11.2, the benchmark); `oltp`: order-entry sessions with full call lines. */
  workload: SynthWorkload;
  preset: PresetName;
  /** The release whose dialect an `oltp` workload writes; null for `commit` (always 11.2). */
  release: CallRelease | null;
  sessions: number;
  /** Commits per session (for `oltp`, its order-entry transactions: one commit each). */
  commits: number;
  seed: number;
  out: string;
  /** Write the ground truth next to the traces (`oltp` always does). */
  truth: boolean;
  /** `commit-path`: how LGWR's trace is written (lib/synth/commit-path.ts). */
  commitPath?: Pick<CommitPathOptions, 'lgwrTrace' | 'stamps' | 'lgwrTimOffset'>;
}

/** Generous ceilings that catch a typo (an extra zero or two) before it fills a disk: ~450 bytes a commit. */
const MAX_SESSIONS = 1000;
const MAX_COMMITS = 20_000_000;
/** An OLTP transaction writes ~5 KB of call lines. */
const MAX_OLTP_TRANSACTIONS = 1_000_000;
export const OLTP_DEFAULTS = { sessions: 4, commits: 20 } as const;

export const SYNTH_USAGE = `usage:
  waitscope synth --preset flash-on|flash-off --out DIR [--sessions 20] [--commits 200000] [--seed 1] [--truth]
      Harrison's commit loop (the book experiment): 11.2 traces, one per session, with 'log file sync'
      from the Table 15.1 model. --workload commit is the same. --truth also writes each trace's ground
      truth (<file>.truth.json) and the dataset's (<preset>.truth.json); the traces stay byte-identical.
  waitscope synth --workload oltp --release 8i|9i|10.2|11.2|12.2|19c|23ai --out DIR
                  [--sessions ${OLTP_DEFAULTS.sessions}] [--commits ${OLTP_DEFAULTS.commits}] [--seed 1] [--preset flash-on|flash-off]
      Order-entry sessions with realistic call lines in the release's dialect (PARSE/EXEC/FETCH, recursive
      dep=1 SQL, CLOSE and cursor reuse, XCTEND, LOBREAD in 19c+, think time, a start in mid-call),
      --commits transactions each, 'log file sync' from --preset's model (default flash-on). Writes
      oltp-<release>_ora_<pid>.trc with <file>.truth.json per session, and oltp-<release>.truth.json for
      all of them: the calls, the response-time profile and the statements the generator wrote.
  waitscope synth --workload commit-path --out DIR [--sessions ${COMMIT_PATH_DEFAULTS.sessions}] [--commits ${COMMIT_PATH_DEFAULTS.commits}] [--seed 1]
                  [--lgwr-trace waits|warnings] [--stamps ms|us] [--lgwr-tim-offset US]
      Foreground sessions committing and the LGWR trace of the same instance from one simulated timeline
      (lib/synth/commit-path.ts): 'log file sync' in ${COMMIT_PATH_INSTANCE}_ora_<pid>.trc, LGWR's 'log file parallel write'
      (or, with --lgwr-trace warnings, only its log write warnings) in ${COMMIT_PATH_LGWR_FILE}, and
      commit-path.truth.json: per sync the writes that overlap it, the covered time and the remainder.`;

/** The file's pid: the one `generateCommitLoop` writes into `Unix process pid:` for this session. */
export function sessionPid(index: number): number {
  return 20_000 + index * 37;
}

export function sessionFileName(preset: PresetName, index: number): string {
  return `${preset}_ora_${sessionPid(index)}.trc`;
}

export function oltpFileName(release: CallRelease, index: number): string {
  return `oltp-${release}_ora_${callSessionPid(index)}.trc`;
}

/** `x_ora_1.trc` → `x_ora_1.truth.json`: the truth sits next to its trace. */
export function truthFileName(traceFile: string): string {
  return traceFile.replace(/\.trc$/, '.truth.json');
}

export function parseSynthArgs(argv: string[]): SynthArgs {
  const parsed = parseOptions({
    args: argv,
    allowPositionals: true,
    options: {
      workload: { type: 'string' },
      release: { type: 'string' },
      preset: { type: 'string' },
      sessions: { type: 'string' },
      commits: { type: 'string' },
      seed: { type: 'string' },
      out: { type: 'string', short: 'o' },
      truth: { type: 'boolean' },
      'lgwr-trace': { type: 'string' },
      stamps: { type: 'string' },
      'lgwr-tim-offset': { type: 'string' },
    },
  });
  const { values, positionals } = parsed;
  if (positionals.length > 0) throw new UsageError(`synth takes no positional arguments (got '${positionals[0]}'); give the directory with --out DIR`);
  const workload = values.workload ?? 'commit';
  if (workload !== 'commit' && workload !== 'oltp' && workload !== 'commit-path') throw new UsageError(`--workload must be commit, oltp or commit-path, not '${workload}'`);
  if (workload === 'commit-path') return commitPathArgs(values, positionals);
  const presets = Object.keys(PRESETS) as PresetName[];
  if (values.preset === undefined && workload === 'commit') throw new UsageError(`synth needs --preset ${presets.join('|')}`);
  if (values.preset !== undefined && !presets.includes(values.preset as PresetName)) throw new UsageError(`--preset must be ${presets.join(' or ')}, not '${values.preset}'`);
  let release: CallRelease | null = null;
  if (workload === 'oltp') {
    if (values.release === undefined) throw new UsageError(`synth --workload oltp needs --release ${CALL_RELEASES.join('|')}`);
    release = parseRelease(values.release);
    if (release === null) throw new UsageError(`--release must be one of ${CALL_RELEASES.join(', ')}, not '${values.release}'`);
  } else if (values.release !== undefined) {
    throw new UsageError('--release goes with --workload oltp; the commit loop is always 11.2');
  }
  if (values.out === undefined || values.out.trim() === '') throw new UsageError('synth needs --out DIR, the directory to write the traces to');
  const oltp = workload === 'oltp';
  return {
    workload,
    preset: (values.preset as PresetName | undefined) ?? 'flash-on',
    release,
    sessions: wholeNumber('--sessions', values.sessions, oltp ? OLTP_DEFAULTS.sessions : SYNTH_DEFAULTS.sessions, 1, MAX_SESSIONS),
    // pinExtremes puts its two values at ⌊n/3⌋ and ⌊2n/3⌋ of session 0: they must be distinct samples.
    commits: oltp
      ? wholeNumber('--commits', values.commits, OLTP_DEFAULTS.commits, 1, MAX_OLTP_TRANSACTIONS)
      : wholeNumber('--commits', values.commits, SYNTH_DEFAULTS.commits, 3, MAX_COMMITS),
    seed: wholeNumber('--seed', values.seed, SYNTH_DEFAULTS.seed, 0, Number.MAX_SAFE_INTEGER),
    out: values.out,
    truth: oltp || values.truth === true,
  };
}

function commitPathArgs(values: Record<string, string | boolean | undefined>, positionals: string[]): SynthArgs {
  if (positionals.length > 0) throw new UsageError(`synth takes no positional arguments (got '${positionals[0]}'); give the directory with --out DIR`);
  const out = values.out;
  if (typeof out !== 'string' || out.trim() === '') throw new UsageError('synth needs --out DIR, the directory to write the traces to');
  const lgwrTrace = (values['lgwr-trace'] as string | undefined) ?? COMMIT_PATH_DEFAULTS.lgwrTrace;
  if (lgwrTrace !== 'waits' && lgwrTrace !== 'warnings') throw new UsageError(`--lgwr-trace must be waits or warnings, not '${lgwrTrace}'`);
  const stamps = (values.stamps as string | undefined) ?? COMMIT_PATH_DEFAULTS.stamps;
  if (stamps !== 'ms' && stamps !== 'us') throw new UsageError(`--stamps must be ms or us, not '${stamps}'`);
  return {
    workload: 'commit-path',
    preset: 'flash-on',
    release: null,
    sessions: wholeNumber('--sessions', values.sessions as string | undefined, COMMIT_PATH_DEFAULTS.sessions, 1, 64),
    commits: wholeNumber('--commits', values.commits as string | undefined, COMMIT_PATH_DEFAULTS.commits, 1, 100_000),
    seed: wholeNumber('--seed', values.seed as string | undefined, SYNTH_DEFAULTS.seed, 0, 2 ** 32 - 1),
    out,
    truth: true,
    commitPath: { lgwrTrace, stamps, lgwrTimOffset: wholeNumber('--lgwr-tim-offset', values['lgwr-tim-offset'] as string | undefined, 0, 0, 2 ** 40) },
  };
}

/** `--workload commit-path`: every file built in memory (a few MB at most) and written with the truth. */
async function writeCommitPath(a: SynthArgs, out: NodeJS.WritableStream): Promise<SynthFile[]> {
  const g = generateCommitPath({ seed: a.seed, sessions: a.sessions, commits: a.commits, ...a.commitPath });
  const files: SynthFile[] = [];
  for (const f of g.files) {
    const file = path.join(a.out, f.name);
    try {
      await writeFile(file, f.bytes);
    } catch (error) {
      throw new ExitError(1, `writing ${file} failed: ${describeError(error)}`);
    }
    const waits = f.name === COMMIT_PATH_LGWR_FILE ? g.truth.writes.length : g.truth.syncs.filter((s) => s.file === f.name).length;
    files.push({ path: file, waits, bytes: f.bytes.length });
    out.write(`${file}  ${formatCount(waits)} ${f.name === COMMIT_PATH_LGWR_FILE ? 'LGWR writes' : "'log file sync' waits"}  ${formatCount(f.bytes.length)} bytes\n`);
  }
  const truth = path.join(a.out, 'commit-path.truth.json');
  await writeTruth(truth, { files: g.files.map((f) => f.name), truth: g.truth });
  out.write(`wrote ${files.length} traces of instance ${COMMIT_PATH_INSTANCE} to ${a.out} (seed ${a.seed}); the pairing's truth is ${truth}\n`);
  return files;
}

function wholeNumber(flag: string, text: string | undefined, fallback: number, min: number, max: number): number {
  if (text === undefined) return fallback;
  const n = /^\d+$/.test(text) ? Number(text) : NaN;
  if (!Number.isSafeInteger(n) || n < min || n > max) {
    throw new UsageError(`${flag} must be a whole number from ${formatCount(min)} to ${formatCount(max)}, not '${text}'`);
  }
  return n;
}

export interface SynthFile {
  path: string;
  waits: number;
  bytes: number;
}

/** Streams one session to `file`: the generator yields ~1 MiB strings and is pulled only as the disk drains. */
async function writeSession(file: string, a: SynthArgs, index: number, truth?: TruthBook): Promise<number> {
  let bytes = 0;
  const chunks = generateCommitLoop({
    preset: a.preset,
    seed: sessionSeed(a.preset, a.seed, index),
    commits: a.commits,
    sessionIndex: index,
    pinExtremes: pinsExtremes(index),
    truth,
  });
  await pipeline(
    function* () {
      for (const chunk of chunks) {
        bytes += chunk.length; // the text is ASCII: one byte per UTF-16 unit
        yield chunk;
      }
    },
    createWriteStream(file),
  );
  return bytes;
}

/** What made a file or a dataset, written into its truth so that the truth can be regenerated. */
function truthParams(a: SynthArgs, index?: number): Record<string, unknown> {
  const common = { workload: a.workload, release: a.release ?? '11.2', preset: a.preset, seed: a.seed, commits: a.commits };
  if (index === undefined) return { ...common, sessions: a.sessions };
  const seed = a.workload === 'oltp' ? callSessionSeed(a.release as CallRelease, a.seed, index) : sessionSeed(a.preset, a.seed, index);
  return { ...common, sessionIndex: index, sessionSeed: seed };
}

async function writeTruth(file: string, value: unknown): Promise<void> {
  try {
    await writeFile(file, formatTruth(value));
  } catch (error) {
    throw new ExitError(1, `writing ${file} failed: ${describeError(error)}`);
  }
}

/** `--workload oltp`: each session is small (~5 KB a transaction), so it is built in memory and written whole. */
async function writeOltp(a: SynthArgs, out: NodeJS.WritableStream): Promise<{ files: SynthFile[]; truth: CallWorkloadTruth }> {
  const release = a.release as CallRelease;
  const files: SynthFile[] = [];
  const truths: CallWorkloadTruth[] = [];
  for (let i = 0; i < a.sessions; i++) {
    const s = generateCallSession({ release, seed: callSessionSeed(release, a.seed, i), transactions: a.commits, sessionIndex: i, preset: a.preset });
    const file = path.join(a.out, oltpFileName(release, i));
    try {
      await writeFile(file, s.bytes);
    } catch (error) {
      throw new ExitError(1, `writing ${file} failed: ${describeError(error)}`);
    }
    await writeTruth(truthFileName(file), { params: truthParams(a, i), file: path.basename(file), truth: s.truth });
    truths.push(s.truth);
    const calls = s.truth.calls.reduce((n, c) => n + c.count, 0);
    files.push({ path: file, waits: s.truth.responseTime.rows.reduce((n, r) => n + (r.component.startsWith('CPU: ') || r.component.startsWith('unaccounted-for') ? 0 : r.count), 0), bytes: s.bytes.length });
    out.write(`${file}  ${formatCount(calls)} calls  ${formatCount(files[i]?.waits ?? 0)} waits  ${formatCount(s.bytes.length)} bytes\n`);
  }
  return { files, truth: mergeTruths(truths) };
}

/**
 * `mkdir -p`, except that the last step is a plain mkdir: Node 20's recursive mkdir spins forever when
 * mkdir reports ENOENT under a parent that exists (`--out /proc/x`), and a plain one just fails.
 */
async function makeDirectory(dir: string): Promise<void> {
  await mkdir(path.dirname(path.resolve(dir)), { recursive: true });
  try {
    await mkdir(dir);
  } catch (error) {
    if (!(error && typeof error === 'object' && 'code' in error && error.code === 'EEXIST')) throw error;
  }
  if (!(await stat(dir)).isDirectory()) throw new Error('not a directory');
}

export async function synthCommand(argv: string[], out: NodeJS.WritableStream = process.stdout): Promise<SynthFile[]> {
  if (argv.includes('--help') || argv.includes('-h')) {
    out.write(`${SYNTH_USAGE}\n`);
    return [];
  }
  const a = parseSynthArgs(argv);
  const started = performance.now();
  try {
    await makeDirectory(a.out);
  } catch (error) {
    throw new ExitError(1, `cannot write to --out ${a.out}: ${describeError(error)}`);
  }
  if (a.workload === 'commit-path') return writeCommitPath(a, out);
  if (a.workload === 'oltp') {
    const { files, truth } = await writeOltp(a, out);
    const total = path.join(a.out, `oltp-${a.release}.truth.json`);
    await writeTruth(total, { params: truthParams(a), files: files.map((f) => path.basename(f.path)), truth });
    const seconds = (performance.now() - started) / 1000;
    const bytes = files.reduce((n, f) => n + f.bytes, 0);
    const calls = truth.calls.reduce((n, c) => n + c.count, 0);
    out.write(
      `wrote ${files.length} ${files.length === 1 ? 'trace' : 'traces'} and their truth to ${a.out}: ${formatCount(calls)} calls (release ${a.release}, seed ${a.seed}), ` +
        `${formatCount(bytes)} bytes, in ${seconds.toFixed(1)} s; the dataset's truth is ${total}\n`,
    );
    return files;
  }
  const files: SynthFile[] = [];
  const truths: CallWorkloadTruth[] = [];
  for (let i = 0; i < a.sessions; i++) {
    const file = path.join(a.out, sessionFileName(a.preset, i));
    const book = a.truth ? new TruthBook() : undefined;
    let bytes;
    try {
      bytes = await writeSession(file, a, i, book);
    } catch (error) {
      throw new ExitError(1, `writing ${file} failed: ${describeError(error)}`);
    }
    if (book) {
      const truth = book.finish();
      truths.push(truth);
      await writeTruth(truthFileName(file), { params: truthParams(a, i), file: path.basename(file), truth });
    }
    files.push({ path: file, waits: a.commits, bytes });
    out.write(`${file}  ${formatCount(a.commits)} waits  ${formatCount(bytes)} bytes\n`);
  }
  if (a.truth) await writeTruth(path.join(a.out, `${a.preset}.truth.json`), { params: truthParams(a), files: files.map((f) => path.basename(f.path)), truth: mergeTruths(truths) });
  const seconds = (performance.now() - started) / 1000;
  const waits = files.reduce((n, f) => n + f.waits, 0);
  const bytes = files.reduce((n, f) => n + f.bytes, 0);
  out.write(
    `wrote ${files.length} ${files.length === 1 ? 'file' : 'files'} to ${a.out}: ${formatCount(waits)} 'log file sync' waits (preset ${a.preset}, seed ${a.seed}), ` +
      `${formatCount(bytes)} bytes, in ${seconds.toFixed(1)} s\n`,
  );
  return files;
}
