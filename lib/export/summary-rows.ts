import { addSums, emptyCallSums } from '../profile/call-book';
import type { StatementRow } from '../profile/statement-table';
import { formatWarning } from '../trace/warnings';
import type { ParseWarning, TraceFileResult } from '../trace/types';
import type { ExportTable } from './export-table';
import { columnIndex, FILES, STATEMENTS } from './parquet-tables';

const S = columnIndex(STATEMENTS);
const F = columnIndex(FILES);

/** One row per statement, as `waitscope statements --json` gives them; the SQL text only when asked. */
export function addStatementRows(table: ExportTable, dataset: string, rows: readonly StatementRow[], sqlText: boolean): void {
  const b = table.batch;
  for (const s of rows) {
    const r = table.row();
    const all = emptyCallSums();
    for (const sums of Object.values(s.calls)) addSums(all, sums);
    const calls = s.calls;
    b.id(S.dataset)[r] = b.idOf(S.dataset, dataset);
    b.id(S.key)[r] = b.idOf(S.key, s.key);
    b.id(S.sql_id)[r] = b.idOf(S.sql_id, s.sqlId);
    b.number(S.hash_value)[r] = s.hashValue ?? NaN;
    b.number(S.dep)[r] = s.dep;
    b.id(S.sql_text)[r] = b.idOf(S.sql_text, sqlText ? s.text : null);
    b.number(S.total_e_us)[r] = s.total;
    b.number(S.self_e_us)[r] = s.self;
    b.number(S.executions)[r] = s.executions;
    b.number(S.parse_count)[r] = calls.PARSE?.count ?? 0;
    b.number(S.parse_e_us)[r] = calls.PARSE?.e ?? 0;
    b.number(S.exec_count)[r] = calls.EXEC?.count ?? 0;
    b.number(S.exec_e_us)[r] = calls.EXEC?.e ?? 0;
    b.number(S.fetch_count)[r] = calls.FETCH?.count ?? 0;
    b.number(S.fetch_e_us)[r] = calls.FETCH?.e ?? 0;
    b.number(S.c_us)[r] = all.c;
    b.number(S.p)[r] = all.p;
    b.number(S.cr)[r] = all.cr;
    b.number(S.cu)[r] = all.cu;
    b.number(S.r)[r] = all.r;
    b.number(S.wait_count)[r] = s.waits.reduce((n, w) => n + w.count, 0);
    b.number(S.wait_us)[r] = s.waits.reduce((n, w) => n + w.total, 0);
    // R type 7 interpolates between executions (a median of 50.5 µs, a p99 of 99.01 µs); an INT64
    // column holds whole µs, the trace's own resolution: rounded to the nearest. (Before, the
    // encoder was handed the fraction, and wrote a wrong value: -1841277 for a p99 of ~1841276.4.)
    b.number(S.e_per_execution_median_us)[r] = Math.round(s.perExecution.median ?? NaN);
    b.number(S.e_per_execution_p99_us)[r] = Math.round(s.perExecution.p99 ?? NaN);
    b.number(S.e_per_execution_max_us)[r] = s.perExecution.max ?? NaN;
  }
}

/**
 * A file's warnings as the export states them: the parser's, without `no-event`, which is about
 * the one event the other commands measure, where the export takes every event (waits.parquet
 * shows which a file has). A file that is not a trace has the reason instead.
 */
export function exportWarnings(f: TraceFileResult): ParseWarning[] {
  return f.warnings.filter((w) => w.code !== 'no-event');
}

/** One row per input file: its header facts, its counts and its warnings (one per line, as the CLI prints them). */
export function addFileRow(table: ExportTable, dataset: string, f: TraceFileResult): void {
  const b = table.batch;
  const r = table.row();
  b.id(F.dataset)[r] = b.idOf(F.dataset, dataset);
  b.id(F.file)[r] = b.idOf(F.file, f.fileName);
  b.id(F.outcome)[r] = b.idOf(F.outcome, f.outcome.kind === 'not-a-trace' ? 'not-a-trace' : 'trace');
  b.number(F.bytes)[r] = f.bytes;
  b.number(F.lines)[r] = f.lines;
  b.id(F.release)[r] = b.idOf(F.release, f.facts.oracleVersion);
  b.id(F.instance)[r] = b.idOf(F.instance, f.facts.instance);
  b.id(F.host)[r] = b.idOf(F.host, f.facts.host);
  b.id(F.pid)[r] = b.idOf(F.pid, f.facts.pid);
  b.id(F.process_name)[r] = b.idOf(F.process_name, f.facts.processName);
  b.id(F.unit)[r] = b.idOf(F.unit, f.facts.unit);
  b.number(F.unit_assumed)[r] = f.facts.unitAssumed ? 1 : 0;
  b.number(F.waits)[r] = f.profile.reduce((n, e) => n + e.count, 0);
  b.number(F.sessions)[r] = f.sessions.length;
  const kept = exportWarnings(f);
  const warnings = f.outcome.kind === 'not-a-trace' ? [f.outcome.reason] : kept.map(formatWarning);
  b.number(F.warning_count)[r] = kept.reduce((n, w) => n + w.count, 0);
  b.id(F.warnings)[r] = b.idOf(F.warnings, warnings.length > 0 ? warnings.join('\n') : null);
}
