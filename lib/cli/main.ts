import { UsageError } from './args';
import { startEarlyWorkers } from './early';
import { safeText } from './terminal-text';

// Before anything else: the parse workers start booting while the rest of the CLI loads, not
// after it (bin/waitscope.mjs has usually done this already, through dist/launch.mjs).
const ARGV = process.argv.slice(2);
// `waitscope profile … | head`: the reader went away; what is left unwritten is not wanted.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code === 'EPIPE') process.exit(0);
  throw error;
});
startEarlyWorkers(ARGV);

const USAGE = `usage:
  waitscope stats   [--event NAME] [--over-time 10s] [--json] FILE_OR_DIR...   statistics of one wait event (default 'log file sync'), in µs
  waitscope profile [--think-time 1s] [--json] FILE_OR_DIR...
                                                             the response-time profile (CPU, waits, unaccounted-for time), calls, and every wait event
  waitscope statements [--sort total|self|prsela,exeela,fchela] [--top N] [--min-dep D] [--max-dep D] [--json] FILE_OR_DIR...
                                                             statements with their calls, waits, recursive children and e per execution
  waitscope compare [--event NAME] [--over-time 10s] [--json | --format csv] [--labels A,B] A_PATH... --vs B_PATH...
                                                             A against B: summaries, differences, tests, bootstrap CIs, verdicts
  waitscope compare [--cell-a FILE[,FILE]] [--cell-b FILE[,FILE]] … A_PATH... --vs B_PATH...
                                                             with each side's CellCLI FLASHLOG snapshot (or before,after): flash-first share beside the mean
  waitscope compare --profile [--json] [--labels A,B] A_PATH... --vs B_PATH...
                                                             the two response-time profiles side by side, and the statements that changed most
  waitscope report  [compare's options] [--profile] [--include-hosts] [--include-file-names] [--include-sql-text] A_PATH... --vs B_PATH... --out FILE.html
                                                             the comparison, verdicts and every figure as one HTML file that opens offline;
                                                             no host, instance or file names or SQL text unless included
  waitscope outliers [--event NAME] [--top N] [--context K] [--threshold US] [--gap US] [--min-count K] [--json] FILE_OR_DIR...
                                                             top waits with time, session, file and line; clusters of outliers and what co-occurred
  waitscope flashlog [--json] SNAPSHOT [AFTER]                the cells' FLASHLOG metrics (CellCLI LIST METRICCURRENT/METRICHISTORY
                                                             WHERE objectType='FLASHLOG', dcli too): per cell, deltas, flash-first share
  waitscope lgwr    [--lgwr FILE] [--slow US] [--json] FOREGROUND_FILE_OR_DIR...   (lgwr --help: all options)
                                                             pair log file sync with LGWR's writes: covered share, remainder, histograms
  waitscope export  --format parquet --out DIR [--dataset NAME] [--sql-text] FILE_OR_DIR...
                                                             waits, calls, statements and files as Parquet tables (DuckDB, pandas, R, Spark)
  waitscope synth   --preset flash-on|flash-off --out DIR [--sessions 20] [--commits 200000] [--seed 1]
                                                             write Table 15.1-calibrated 11.2 traces, one per session
  waitscope synth   --workload oltp --release 8i|9i|10.2|11.2|12.2|19c|23ai --out DIR   (synth --help: all options)
                                                             write traces with full call lines and their ground truth (.truth.json)
  waitscope synth   --workload commit-path --out DIR   foreground and LGWR traces of one instance, with the pairing's truth

What to measure (stats, compare, outliers): --event NAME (a wait event's ela), or --call NAME
[--sql-id ID | --hash-value N] [--dep D] (e of one call type, e.g. --call EXEC --sql-id 8ggw94h7mvxd7),
or --commit (each commit from its request to the end of its log file sync). All in µs.

Time window (stats, compare, outliers, profile, statements): --from TIME --to TIME keep what ends (its tim) in [from, to); TIME is
ISO 8601 as the trace's *** stamps, with or without a UTC offset (2024-03-01T10:15:00, …+01:00), or
a raw tim:N. --skip-first D --skip-last D (stats, compare, outliers, report) drop each session's warm-up and drain (e.g. 30s, 500ms, 2m),
from its first and last value of the measure.

Groups and filters (stats, compare): --group KEY gives each group's statistics, sorted by total. KEY is
session, file, instance, sqlid, module, action, client, p1, p2, p3, a wait parameter's name (file#,
blocks, buffer#), obj, minute, hour or size. --group size gives the waits' I/O sizes from their
parameters (blocks × the data block or 512 B redo blocks, block cnt, bytes; the data block is the
one the trace's cell single block physical reads show, else 8 KiB; --block-size BYTES and
--redo-block-size BYTES set them), smallest first with bytes and MB/s of wait time, and log2 size
classes; with --where size (decided while reading) sizes use --block-size or 8 KiB. --where EXPR (also outliers) keeps only the values it matches:
comparisons of ela (or e; µs), dep and the group keys with = != < <= > >=, joined by and, or, not and
parentheses, e.g. --where "ela >= 1000 and module = 'SQL*Plus'" or --where "p1 = 3".

All inputs form one dataset. Directories are read recursively (*.trc, *.trc.gz, *.trc.xz and files
that look like traces). gzip and xz are detected by content. Options: --workers N (default: one per core).

strace -T output and fio latency logs or json+ output are read too, told by content: each syscall
(fdatasync, pwrite64, …) or fio latency (clat write, lat sync, …) is an event, e.g.
waitscope stats --event fdatasync run.strace, or compare --event fdatasync on.strace --vs off.strace.`;

/** Commands whose help is the usage above (lgwr and synth print a longer one of their own). */
const USAGE_HELP_COMMANDS = new Set(['stats', 'profile', 'statements', 'compare', 'report', 'outliers', 'flashlog', 'export']);

/** `waitscope profile --help`: -h or --help before any `--` (after it, a file may have such a name). */
function asksForHelp(args: string[]): boolean {
  const end = args.indexOf('--');
  return (end === -1 ? args : args.slice(0, end)).some((a) => a === '--help' || a === '-h');
}

/** Runs the CLI and returns its exit status: 0 ok, 1 bad usage or unreadable input, 2 no trace. */
export async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  if (command !== undefined && USAGE_HELP_COMMANDS.has(command) && asksForHelp(rest)) {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  try {
    switch (command) {
      case 'stats': {
        const stats = await import('./stats-command');
        await stats.statsCommand(stats.parseStatsArgs(rest));
        return 0;
      }
      case 'profile':
        await (await import('./profile-command')).profileCommand(rest);
        return 0;
      case 'statements':
        await (await import('./statements-command')).statementsCommand(rest);
        return 0;
      case 'compare':
        await (await import('./compare-command')).compareCommand(rest);
        return 0;
      case 'report':
        await (await import('./report-command')).reportCommand(rest);
        return 0;
      case 'outliers':
        await (await import('./outliers-command')).outliersCommand(rest);
        return 0;
      case 'flashlog':
        (await import('./flashlog-command')).flashlogCommand(rest);
        return 0;
      case 'synth':
        await (await import('./synth-command')).synthCommand(rest);
        return 0;
      case 'export':
        await (await import('./export-command')).exportCommand(rest);
        return 0;
      case 'lgwr':
        return await (await import('./lgwr-command')).lgwrCommand(rest);
      case undefined:
      case '-h':
      case '--help':
      case 'help':
        process.stdout.write(`${USAGE}\n`);
        return command === undefined ? 1 : 0;
      default:
        throw new UsageError(`unknown command '${command}'`);
    }
  } catch (error) {
    if (error instanceof UsageError) {
      process.stderr.write(`waitscope: ${safeText(error.message)}\n${USAGE}\n`);
      return 1;
    }
    const { ExitError } = await import('./load-dataset');
    // A file that could not be read or written (an I/O error) names itself: status 1, like any unreadable input.
    const { FileError } = await import('../node/file-error');
    if (error instanceof ExitError || error instanceof FileError) {
      process.stderr.write(`waitscope: ${safeText(error.message)}\n`);
      return error instanceof ExitError ? error.status : 1;
    }
    throw error;
  }
}

main(ARGV).then(
  (status) => exitWhenWritten(status),
  (error: unknown) => {
    process.stderr.write(`waitscope: internal error: ${safeText(error instanceof Error ? (error.stack ?? error.message) : String(error))}\n`);
    process.exitCode = 70;
  },
);

/**
 * Every command is done when main settles: the process exits as soon as stdout and stderr have
 * taken what was written. Left to end by itself, Node then tears the isolates down page by page
 * (~20-25 ms of munmap and madvise after a 1 GiB profile on the 2-core machine) before the shell
 * sees the command end; process.exit skips that and still runs 'exit' handlers (the code cache
 * writer's). Writes to a pipe may be asynchronous (macOS), hence the callbacks.
 */
function exitWhenWritten(status: number): void {
  process.exitCode = status; // should a stream never call back (destroyed), Node still ends with it
  let pending = 2;
  const done = () => {
    if (--pending === 0) process.exit(status);
  };
  process.stdout.write('', done);
  process.stderr.write('', done);
}
