import { createWriteStream } from 'node:fs';
import { mkdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { describeError } from '../node/find-inputs';
import { generateCommitLoop } from '../synth/commit-loop';
import { pinsExtremes, sessionSeed, SYNTH_DEFAULTS } from '../synth/book-experiment';
import { PRESETS, type PresetName } from '../synth/wait-model';
import { parseOptions, UsageError } from './args';

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
 * The calibration tests draw exactly that, without writing files.
 */

export interface SynthArgs {
  preset: PresetName;
  sessions: number;
  commits: number;
  seed: number;
  out: string;
}

/** Generous ceilings that catch a typo (an extra zero or two) before it fills a disk: ~450 bytes a commit. */
const MAX_SESSIONS = 1000;
const MAX_COMMITS = 20_000_000;

/** The file's pid: the one `generateCommitLoop` writes into `Unix process pid:` for this session. */
export function sessionPid(index: number): number {
  return 20_000 + index * 37;
}

export function sessionFileName(preset: PresetName, index: number): string {
  return `${preset}_ora_${sessionPid(index)}.trc`;
}

export function parseSynthArgs(argv: string[]): SynthArgs {
  const parsed = parseOptions({
    args: argv,
    allowPositionals: true,
    options: {
      preset: { type: 'string' },
      sessions: { type: 'string' },
      commits: { type: 'string' },
      seed: { type: 'string' },
      out: { type: 'string', short: 'o' },
    },
  });
  const { values, positionals } = parsed;
  if (positionals.length > 0) throw new UsageError(`synth takes no positional arguments (got '${positionals[0]}'); give the directory with --out DIR`);
  const presets = Object.keys(PRESETS) as PresetName[];
  if (values.preset === undefined) throw new UsageError(`synth needs --preset ${presets.join('|')}`);
  if (!presets.includes(values.preset as PresetName)) throw new UsageError(`--preset must be ${presets.join(' or ')}, not '${values.preset}'`);
  if (values.out === undefined || values.out.trim() === '') throw new UsageError('synth needs --out DIR, the directory to write the traces to');
  return {
    preset: values.preset as PresetName,
    sessions: wholeNumber('--sessions', values.sessions, SYNTH_DEFAULTS.sessions, 1, MAX_SESSIONS),
    // pinExtremes puts its two values at ⌊n/3⌋ and ⌊2n/3⌋ of session 0: they must be distinct samples.
    commits: wholeNumber('--commits', values.commits, SYNTH_DEFAULTS.commits, 3, MAX_COMMITS),
    seed: wholeNumber('--seed', values.seed, SYNTH_DEFAULTS.seed, 0, Number.MAX_SAFE_INTEGER),
    out: values.out,
  };
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
async function writeSession(file: string, a: SynthArgs, index: number): Promise<number> {
  let bytes = 0;
  const chunks = generateCommitLoop({
    preset: a.preset,
    seed: sessionSeed(a.preset, a.seed, index),
    commits: a.commits,
    sessionIndex: index,
    pinExtremes: pinsExtremes(index),
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
  const a = parseSynthArgs(argv);
  const started = performance.now();
  try {
    await makeDirectory(a.out);
  } catch (error) {
    throw new ExitError(1, `cannot write to --out ${a.out}: ${describeError(error)}`);
  }
  const files: SynthFile[] = [];
  for (let i = 0; i < a.sessions; i++) {
    const file = path.join(a.out, sessionFileName(a.preset, i));
    let bytes;
    try {
      bytes = await writeSession(file, a, i);
    } catch (error) {
      throw new ExitError(1, `writing ${file} failed: ${describeError(error)}`);
    }
    files.push({ path: file, waits: a.commits, bytes });
    out.write(`${file}  ${formatCount(a.commits)} waits  ${formatCount(bytes)} bytes\n`);
  }
  const seconds = (performance.now() - started) / 1000;
  const waits = files.reduce((n, f) => n + f.waits, 0);
  const bytes = files.reduce((n, f) => n + f.bytes, 0);
  out.write(
    `wrote ${files.length} ${files.length === 1 ? 'file' : 'files'} to ${a.out}: ${formatCount(waits)} 'log file sync' waits (preset ${a.preset}, seed ${a.seed}), ` +
      `${formatCount(bytes)} bytes, in ${seconds.toFixed(1)} s\n`,
  );
  return files;
}
