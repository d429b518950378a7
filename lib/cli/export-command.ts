import { mkdirSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { EXPORT_NEEDS_TRACES, exportDataset, type ExportCounts, type ExportFile } from '../export/export-dataset';
import { TABLE_FILES, type TableName } from '../export/parquet-tables';
import { exportWarnings } from '../export/summary-rows';
import type { ByteSink } from '../export/parquet-table-writer';
import { visitInput } from '../node/visit-input';
import { sysioFormatsOf } from '../node/sysio-files';
import { FORMAT_NAME } from '../sysio/sysio-format';
import { findInputs } from '../node/find-inputs';
import { parseFiles } from '../node/parse-files';
import { discardOnSignal, discardTables, openTableFile, publishTables, type TableFile } from '../node/table-file';
import { ParsePool } from '../node/worker-pool';
import { DEFAULT_EVENT } from '../trace/types';
import { formatWarning } from '../trace/warnings';
import { parseOptions, UsageError, wholeNumber } from './args';
import { formatCount } from './format';
import { ExitError } from './load-dataset';
import { progressLine } from './progress';
import { safeText } from './terminal-text';

export const EXPORT_USAGE = `usage: waitscope export --format parquet --out DIR [--dataset NAME] [--sql-text] [--workers N] FILE_OR_DIR...
  writes DIR/waits.parquet (every WAIT line), calls.parquet (every database call), statements.parquet
  (one row per statement) and files.parquet (one row per file); README "Parquet export" lists the columns.
  --dataset NAME   the dataset column (default: the first input's name)
  --sql-text       put each statement's SQL text in statements.parquet (left out by default: it holds literals and names)`;

/**
 * `waitscope export --format parquet`: the dataset as Parquet tables for DuckDB, pandas, R or
 * Spark (issue 17 §2). Three passes: the parser's own pass on every core finds each file's header,
 * `***` stamps and warnings (a record's wall-clock time comes from its nearest stamp, which can
 * follow it); then each file is read again with the export as the scan's visitor (lib/export),
 * and each table is written to disk one row group at a time: waits.parquet on this thread, while a
 * worker thread writes calls.parquet and builds the files' call profiles (the statements) in a
 * pass of its own, at the same time. Two cores at work, not one.
 */
export async function exportCommand(argv: string[], out: NodeJS.WritableStream = process.stdout, stderr: NodeJS.WriteStream = process.stderr): Promise<void> {
  const { values, positionals } = parseOptions({
    args: argv,
    allowPositionals: true,
    options: { format: { type: 'string' }, out: { type: 'string' }, dataset: { type: 'string' }, 'sql-text': { type: 'boolean' }, workers: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
  });
  if (values.help) {
    out.write(`${EXPORT_USAGE}\n`);
    return;
  }
  if (values.format === undefined) throw new UsageError('export needs --format parquet (the only format it writes)');
  if (values.format !== 'parquet') throw new UsageError(`export --format: '${values.format}' is not a format it writes; use --format parquet`);
  if (values.out === undefined || values.out === '') throw new UsageError('export needs --out DIR: the folder the .parquet files are written to');
  if (positionals.length === 0) throw new UsageError('no input: give one or more trace files or directories');
  const workers = wholeNumber('workers', values.workers, 1);
  const dataset = values.dataset ?? path.basename(path.resolve(positionals[0] as string));

  makeFolder(values.out); // before reading gigabytes: a folder that cannot be made stops the run now
  const found = await findInputs(positionals);
  if (found.unreadable.length > 0) throw new ExitError(1, found.unreadable.join('\n'));
  for (const note of found.inputNotes ?? []) stderr.write(safeText(`${note}\n`));
  const formats = await sysioFormatsOf(found.files);
  found.files.forEach((f, i) => {
    const format = formats[i];
    if (format) stderr.write(safeText(`warning: skipped ${f.name}: it is ${FORMAT_NAME[format]}; ${EXPORT_NEEDS_TRACES}\n`));
  });
  const inputs = found.files.filter((_, i) => !formats[i]);
  if (inputs.length === 0 && found.files.length > 0) throw new ExitError(2, `no Oracle trace among the inputs: ${EXPORT_NEEDS_TRACES}`);
  if (inputs.length === 0) throw new ExitError(2, `no trace files found in ${positionals.join(', ')} (looked for *.trc, *.trc.gz, *.trc.xz, archives and files that look like traces)`);
  const total = inputs.reduce((n, f) => n + f.size, 0);
  const progress = progressLine(2 * total, stderr);
  // One pool for both passes: its worker, warm from the first, writes calls.parquet in the second.
  const pool = new ParsePool(workers ?? availableParallelism());
  try {
    const first = await parseFiles(inputs, { event: DEFAULT_EVENT, keep: 'counts', pool, onProgress: (done) => progress.update(done) });
    for (const r of first.results) {
      if (r.outcome.kind === 'not-a-trace') stderr.write(safeText(`warning: skipped ${r.outcome.reason}\n`));
      else for (const w of exportWarnings(r)) stderr.write(safeText(`warning: ${formatWarning(w)}\n`));
    }
    if (first.results.every((r) => r.outcome.kind === 'not-a-trace')) {
      throw new ExitError(2, `${first.results.length === 1 ? 'the input is not a trace' : `none of the ${first.results.length} inputs is a trace`}; nothing to export`);
    }
    const files: ExportFile[] = inputs.map((f, i) => {
      const result = first.results[i] as (typeof first.results)[number];
      return { result, visit: visitInput(f, result, i) };
    });
    const before = inputs.map((_, i) => inputs.slice(0, i).reduce((n, f) => n + f.size, 0));
    // calls.parquet and the call profiles (the statements) on a worker thread, while this thread
    // writes waits.parquet: each pass reads every file and takes only its own records
    // (lib/node/export-calls.ts), on the first pass's worker. With --workers 1 (or no worker
    // script: tests running the sources) both passes run on this thread, taking turns. This
    // thread's tables are opened first: one that cannot be written stops the run before
    // calls.parquet is touched.
    const dir = values.out;
    const task = {
      kind: 'export-calls' as const,
      files: inputs.map((f, i) => {
        const { fileName, facts, anchors, sessions, outcome, compression } = first.results[i] as (typeof first.results)[number];
        return { input: { path: f.path, name: f.name, ...(f.member && { member: f.member }) }, result: { fileName, facts, anchors, sessions, outcome, compression } };
      }),
      dataset,
      out: path.join(dir, TABLE_FILES.calls),
    };
    // Each table is written as <table>.parquet.part and renamed when all four are complete
    // (lib/node/table-file.ts): a failed run leaves no partial table, and an earlier run's intact.
    const tables = (Object.keys(TABLE_FILES) as TableName[]).map((t) => path.join(dir, TABLE_FILES[t]));
    const listening = discardOnSignal(tables, stderr);
    let written: ExportCounts;
    try {
      written = await withTableFiles(dir, async (sinks): Promise<ExportCounts> => {
        pool.workersOnly();
        try {
          const elsewhere = pool.run(task).then(
            // A failure stays as it is: a FileError (a file the user must fix) is said with status 1 by
            // main.ts, anything else is a bug (status 70).
            (done) => {
              if (done.kind !== 'export-calls-done') throw new Error('the calls table task returned something else');
              return done;
            },
          );
          elsewhere.catch(() => undefined); // awaited by exportDataset, which reports a failure
          pool.retire(); // one task: any other worker goes now
          const onProgress = (i: number, bytes: number) => progress.update(total + (before[i] ?? 0) + bytes);
          return await exportDataset(files, { dataset, sqlText: values['sql-text'] === true, sinks, elsewhere, onProgress });
        } finally {
          await pool.close();
        }
      });
      publishTables(tables);
    } catch (error) {
      // The pool is closed: no thread writes a part file any more.
      discardTables(tables);
      throw error;
    } finally {
      listening();
    }
    progress.done();
    out.write(
      `${(Object.keys(TABLE_FILES) as TableName[]).map((t) => `${safeText(path.join(dir, TABLE_FILES[t]))}  ${formatCount(written[t])} rows`).join('\n')}\n`,
    );
  } finally {
    progress.done();
    await pool.close();
  }
}

/** The tables this thread writes: calls.parquet is the worker's. */
type HereTable = Exclude<TableName, 'calls'>;

/** Opens DIR/<table>.parquet for each table written on this thread, runs `use` with a sink per file, and closes them. */
async function withTableFiles<T>(dir: string, use: (sinks: Record<HereTable, ByteSink>) => Promise<T>): Promise<T> {
  const opened: TableFile[] = [];
  try {
    const sinks = {} as Record<HereTable, ByteSink>;
    for (const table of ['waits', 'statements', 'files'] as const) {
      const file = openTableFile(path.join(dir, TABLE_FILES[table]));
      opened.push(file);
      sinks[table] = file.sink;
    }
    return await use(sinks);
  } finally {
    for (const file of opened) file.close();
  }
}

function makeFolder(dir: string): void {
  try {
    mkdirSync(dir, { recursive: true });
  } catch (error) {
    throw new ExitError(1, `cannot create the output folder ${dir}: ${error instanceof Error ? error.message : String(error)}`);
  }
}

