import { closeSync, mkdirSync, openSync, writeSync } from 'node:fs';
import path from 'node:path';
import { EXPORT_NEEDS_TRACES, exportDataset, type ExportFile } from '../export/export-dataset';
import { TABLE_FILES, type TableName } from '../export/parquet-tables';
import { exportWarnings } from '../export/summary-rows';
import type { ByteSink } from '../export/parquet-table-writer';
import { visitInput } from '../node/visit-input';
import { sysioFormatsOf } from '../node/sysio-files';
import { FORMAT_NAME } from '../sysio/sysio-format';
import { findInputs } from '../node/find-inputs';
import { parseFiles } from '../node/parse-files';
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
 * Spark (issue 17 §2). Two passes: the parser's own pass on every core finds each file's header,
 * `***` stamps and warnings (a record's wall-clock time comes from its nearest stamp, which can
 * follow it); then each file is read again with the export as the scan's visitor (lib/export),
 * and each table is written to disk one row group at a time, while the thread pool builds the
 * files' call profiles (the statements) in a pass of its own: two cores at work, not one.
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
  for (const note of found.archiveNotes ?? []) stderr.write(safeText(`${note}\n`));
  const formats = sysioFormatsOf(found.files);
  found.files.forEach((f, i) => {
    const format = formats[i];
    if (format) stderr.write(safeText(`warning: skipped ${f.name}: it is ${FORMAT_NAME[format]}; ${EXPORT_NEEDS_TRACES}\n`));
  });
  const inputs = found.files.filter((_, i) => !formats[i]);
  if (inputs.length === 0 && found.files.length > 0) throw new ExitError(2, `no Oracle trace among the inputs: ${EXPORT_NEEDS_TRACES}`);
  if (inputs.length === 0) throw new ExitError(2, `no trace files found in ${positionals.join(', ')} (looked for *.trc, *.trc.gz, archives and files that look like traces)`);
  const total = inputs.reduce((n, f) => n + f.size, 0);
  const progress = progressLine(2 * total, stderr);
  try {
    const first = await parseFiles(inputs, { event: DEFAULT_EVENT, keep: 'counts', workers, onProgress: (done) => progress.update(done) });
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
    // The statements come from the call profile, built on the worker threads while this thread
    // writes the tables (on this thread too, the profile's range slowed the export by ~15%).
    const profiles = parseFiles(inputs, { event: DEFAULT_EVENT, keep: 'counts', workers, profile: {}, callingThread: false }).then((p) => p.profiles);
    profiles.catch(() => undefined); // awaited by exportDataset; a failure is reported there
    const written = await withTableFiles(values.out, (sinks) =>
      exportDataset(files, { dataset, sqlText: values['sql-text'] === true, sinks, profiles, onProgress: (i, bytes) => progress.update(total + (before[i] ?? 0) + bytes) }),
    );
    progress.done();
    const dir = values.out;
    out.write(
      `${(Object.keys(TABLE_FILES) as TableName[]).map((t) => `${safeText(path.join(dir, TABLE_FILES[t]))}  ${formatCount(written[t])} rows`).join('\n')}\n`,
    );
  } finally {
    progress.done();
  }
}

/** Opens DIR/<table>.parquet for each table, runs `use` with a sink per file, and closes them. */
async function withTableFiles<T>(dir: string, use: (sinks: Record<TableName, ByteSink>) => Promise<T>): Promise<T> {
  const fds: number[] = [];
  try {
    const sinks = {} as Record<TableName, ByteSink>;
    for (const table of Object.keys(TABLE_FILES) as TableName[]) {
      const file = path.join(dir, TABLE_FILES[table]);
      let fd: number;
      try {
        fd = openSync(file, 'w');
      } catch (error) {
        throw new ExitError(1, `cannot write ${file}: ${error instanceof Error ? error.message : String(error)}`);
      }
      fds.push(fd);
      sinks[table] = { write: (bytes) => writeAll(fd, bytes) };
    }
    return await use(sinks);
  } finally {
    for (const fd of fds) closeSync(fd);
  }
}

function makeFolder(dir: string): void {
  try {
    mkdirSync(dir, { recursive: true });
  } catch (error) {
    throw new ExitError(1, `cannot create the output folder ${dir}: ${error instanceof Error ? error.message : String(error)}`);
  }
}

function writeAll(fd: number, bytes: Uint8Array): void {
  for (let at = 0; at < bytes.length; ) at += writeSync(fd, bytes, at, bytes.length - at);
}
