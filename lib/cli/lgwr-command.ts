import { readCommitPathFile, type CommitPathFile } from '../lgwr/commit-path-input';
import { pairCommitPath } from '../lgwr/pair-commit-path';
import { findInputs } from '../node/find-inputs';
import { describeError, InputReadError } from '../node/file-error';
import { openInput } from '../node/file-chunks';
import { parseOptions, UsageError } from './args';
import { formatCommitPath } from './lgwr-format';
import { ExitError } from './load-dataset';
import { safeJson, safeText } from './terminal-text';

/**
 * `waitscope lgwr FOREGROUND... [--lgwr FILE]`: pairs the foregrounds' `log file sync` with LGWR's
 * writes (lib/lgwr/pair-commit-path.ts) and prints the report.
 *
 * A command of its own rather than `--lgwr` on stats and compare: the pairing reads two events of
 * two kinds of process at once (`log file sync` in the foregrounds, `log file parallel write` or the
 * log write warnings in LGWR) whatever `--event` says, and its report (covered share, remainder,
 * two histograms, two lists) is not a statistics table; stats and compare keep their output, and
 * their JSON, unchanged. LGWR's trace is recognised among the inputs by `(LGWR)` on its process
 * line or `_lgwr_` in its name; `--lgwr FILE` names it when neither holds (a renamed file).
 */

export const LGWR_USAGE = `usage:
  waitscope lgwr [--lgwr FILE]... [--slow US] [--redo-block BYTES] [--json] FILE_OR_DIR...
      Pairs each foreground 'log file sync' with the LGWR 'log file parallel write' waits overlapping it
      in time (LGWR's log write warnings when its trace has no WAIT lines: coarse): the share of sync time
      LGWR was writing, the remainder (post, wake-up, CPU, scheduling), both histograms, the slow syncs
      LGWR's writes explain less than half of, and the slow writes with their sizes. An LGWR trace among
      the inputs is found by '(LGWR)' on its process line or '_lgwr_' in its name, or named with --lgwr.
      --slow US: a slow sync (default: the syncs' p99); --redo-block BYTES: redo block size (default 512).`;

export interface LgwrArgs {
  paths: string[];
  lgwr: string[];
  slowSyncMicros: number | null;
  redoBlockBytes: number | null;
  json: boolean;
}

function positiveNumber(flag: string, text: string | undefined): number | null {
  if (text === undefined) return null;
  const n = /^\d+(?:\.\d+)?$/.test(text) ? Number(text) : NaN;
  if (!(n > 0)) throw new UsageError(`${flag} must be a positive number, not '${text}'`);
  return n;
}

export function parseLgwrArgs(argv: string[]): LgwrArgs {
  const { values, positionals } = parseOptions({
    args: argv,
    allowPositionals: true,
    options: { lgwr: { type: 'string', multiple: true }, slow: { type: 'string' }, 'redo-block': { type: 'string' }, json: { type: 'boolean' } },
  });
  const lgwr = values.lgwr ?? [];
  if (positionals.length + lgwr.length === 0) throw new UsageError('lgwr needs the foreground traces and the LGWR trace of the same instance');
  const redoBlockBytes = positiveNumber('--redo-block', values['redo-block']);
  if (redoBlockBytes !== null && !Number.isInteger(redoBlockBytes)) throw new UsageError(`--redo-block must be a whole number of bytes, not '${values['redo-block']}'`);
  return { paths: positionals, lgwr, slowSyncMicros: positiveNumber('--slow', values.slow), redoBlockBytes, json: values.json ?? false };
}

async function readAll(paths: readonly string[], forceLgwr: boolean): Promise<CommitPathFile[]> {
  if (paths.length === 0) return [];
  const found = await findInputs(paths);
  if (found.unreadable.length > 0) throw new ExitError(1, found.unreadable.join('\n'));
  // What a directory left out (compressed as waitscope does not read, a trace twice), as the other commands say it.
  for (const note of found.inputNotes ?? []) process.stderr.write(safeText(`${note}\n`));
  const out: CommitPathFile[] = [];
  for (const f of found.files) {
    try {
      const read = await readCommitPathFile(f.name, () => openInput(f));
      out.push(forceLgwr ? { ...read, lgwr: true } : read);
    } catch (error) {
      // A read error names its file on disk already; a member's names the archive, so the member is said too.
      throw new ExitError(1, error instanceof InputReadError && error.file === f.path && !f.member ? error.message : `reading ${f.name} failed: ${describeError(error)}`);
    }
  }
  return out;
}

export async function lgwrCommand(argv: string[], out: NodeJS.WritableStream = process.stdout): Promise<number> {
  if (argv.includes('--help') || argv.includes('-h')) {
    out.write(`${LGWR_USAGE}\n`);
    return 0;
  }
  const a = parseLgwrArgs(argv);
  const files = [...(await readAll(a.paths, false)), ...(await readAll(a.lgwr, true))];
  const report = pairCommitPath(files, { slowSyncMicros: a.slowSyncMicros, redoBlockBytes: a.redoBlockBytes });
  out.write(a.json ? safeJson(report) : formatCommitPath(report));
  // Like stats with no such event: the command ran, but there was nothing to pair.
  return report.outcome === 'paired' ? 0 : 2;
}
