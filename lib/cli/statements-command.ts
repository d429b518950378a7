import { resolutionNote, resolutionOfFiles } from '../stats/clock-resolution';
import { addSums, emptyCallSums } from '../profile/call-book';
import type { DatasetProfile } from '../profile/profile-model';
import { depthText, parseStatementSort, statementRows, type StatementQuery, type StatementRow } from '../profile/statement-table';
import { profileWindowLine, profileWindowOf } from '../scope/window-dataset';
import { refuseGroup } from './group-refusal';
import { commonArgsOf, COMMON_OPTIONS, parseOptions, refuseSessionSkips, UsageError, wholeNumber } from './args';
import { formatCount, formatMicros, padTable } from './format';
import { loadDataset } from './load-dataset';
import { PROFILE_OPTIONS, thinkTimeOf } from './profile-args';
import { safeJson, safeText } from './terminal-text';

/** Statements a terminal shows unless --top says otherwise; JSON lists them all. */
const DEFAULT_TEXT_TOP = 20;

/**
 * `waitscope statements`: tkprof's per-statement tables, with what tkprof leaves out (response-time.md):
 * time with and without recursive statements, the parent, the waits, and e per execution.
 */
export async function statementsCommand(argv: string[], out: NodeJS.WritableStream = process.stdout): Promise<void> {
  const { values, positionals } = parseOptions({
    args: argv,
    allowPositionals: true,
    options: { ...COMMON_OPTIONS, ...PROFILE_OPTIONS, sort: { type: 'string' }, top: { type: 'string' }, 'min-dep': { type: 'string' }, 'max-dep': { type: 'string' } },
  });
  const args = commonArgsOf(values, positionals);
  refuseGroup(args.group, 'statements', { where: false });
  refuseSessionSkips(args.window);
  const parsedSort = parseStatementSort(values.sort ?? 'total');
  if ('error' in parsedSort) throw new UsageError(`--sort: ${parsedSort.error}`);
  const { sort } = parsedSort;
  const top = wholeNumber('top', values.top, 1);
  const minDep = wholeNumber('min-dep', values['min-dep'], 0);
  const maxDep = wholeNumber('max-dep', values['max-dep'], 0);
  if (minDep !== undefined && maxDep !== undefined && minDep > maxDep) throw new UsageError(`--min-dep ${minDep} is above --max-dep ${maxDep}: no statement can be in both`);
  const query: StatementQuery = { sort, ...(minDep !== undefined && { minDep }), ...(maxDep !== undefined && { maxDep }) };
  const dataset = await loadDataset(args, { keep: 'counts', profile: { thinkTimeMicros: thinkTimeOf(values['think-time']) }, readsEveryEvent: true });
  const profile = dataset.callProfile as DatasetProfile;
  const all = statementRows(profile, query);
  if (args.json) {
    const rows = top === undefined ? all : all.slice(0, top);
    const window = profileWindowOf(dataset.window);
    out.write(safeJson({ unit: 'us', ...(window && { window }), files: dataset.files.map((f) => f.fileName), statements: rows.map(statementJson) }));
    return;
  }
  const shown = all.slice(0, top ?? DEFAULT_TEXT_TOP);
  const files = dataset.files.length === 1 ? '1 file' : `${dataset.files.length} files`;
  const sortText = sort === 'total' ? 'total elapsed' : sort === 'self' ? 'elapsed without recursive statements' : sort.join(',');
  out.write(`statements in ${files}, by ${sortText} (µs)\n${dataset.window ? `${profileWindowLine(dataset.window)}\n` : ''}\n`);
  const resolution = resolutionNote(resolutionOfFiles(dataset.files));
  if (resolution !== null) out.write(`${resolution}\n\n`);
  out.write(shown.map((r, i) => statementText(r, i + 1)).join('\n\n'));
  if (shown.length < all.length) out.write(`\n\n… ${all.length - shown.length} more statements (--top N shows more)`);
  if (all.length === 0) out.write(profile.statements.length === 0 ? 'no statement: the trace has no database call with a cursor' : 'no statement at the depths asked for (--min-dep, --max-dep)');
  const lob = cursorlessCalls(profile);
  if (lob !== null) out.write(`\n\n${lob}`);
  out.write('\n');
}

/**
 * LOB calls and XCTEND have no cursor, so no statement (trace-format.md §5); `profile` counts them.
 * Said here so their time is not simply missing: 87 LOBREADs of a real 11.2 trace had more CPU than
 * the statement that read the LOBs (a DBA review).
 */
function cursorlessCalls(profile: DatasetProfile): string | null {
  const lob = profile.calls.filter((c) => c.call.startsWith('LOB'));
  if (lob.length === 0) return null;
  const sum = (k: 'count' | 'e' | 'c') => lob.reduce((n, c) => n + c[k], 0);
  const names = [...new Set(lob.map((c) => c.call))].join(', ');
  return `LOB calls have no cursor and belong to no statement: ${formatCount(sum('count'))} calls (${names}), e ${formatCount(sum('e'))} µs, c ${formatCount(sum('c'))} µs; \`waitscope profile\` counts them`;
}

/** Issue 14 §6: sqlId, hashValue, dep, and exec/fetch with count and e; the rest is added. */
function statementJson(r: StatementRow) {
  const { calls, ...rest } = r;
  return { ...rest, parse: calls.PARSE, exec: calls.EXEC, fetch: calls.FETCH, calls };
}

function statementText(r: StatementRow, rank: number): string {
  const id = r.sqlId !== null ? `sql_id ${r.sqlId}` : r.hashValue !== null ? `hash value ${r.hashValue}` : r.key;
  const lines = [`${rank}. ${id}  dep ${depthText(r)}  total ${formatCount(r.total)} µs, without recursive statements ${formatCount(r.self)} µs, ${formatCount(r.executions)} execution${r.executions === 1 ? '' : 's'}`];
  if (r.text !== null) lines.push(`   ${safeText(firstLine(r.text))}`);
  const names = ['PARSE', 'EXEC', 'FETCH', ...Object.keys(r.calls).filter((n) => n !== 'PARSE' && n !== 'EXEC' && n !== 'FETCH')];
  const total = emptyCallSums();
  const cells = [['call', 'count', 'cpu µs', 'elapsed µs', 'disk', 'query', 'current', 'rows', 'mis']];
  for (const name of names) {
    const c = r.calls[name];
    if (c === undefined) continue;
    addSums(total, c);
    cells.push([name, formatCount(c.count), formatCount(c.c), formatCount(c.e), formatCount(c.p), formatCount(c.cr), formatCount(c.cu), formatCount(c.r), formatCount(c.mis)]);
  }
  cells.push(['total', formatCount(total.count), formatCount(total.c), formatCount(total.e), formatCount(total.p), formatCount(total.cr), formatCount(total.cu), formatCount(total.r), formatCount(total.mis)]);
  lines.push(indent(padTable(cells, [false, true, true, true, true, true, true, true, true])));
  const pe = r.perExecution;
  lines.push(`   e per execution: median ${formatMicros(pe.median)} µs, p99 ${formatMicros(pe.p99)} µs, max ${pe.max === null ? '—' : formatCount(pe.max)} µs`);
  if (r.waits.length > 0) lines.push(indent(padTable([['waits in its calls', 'count', 'total µs'], ...r.waits.map((w) => [w.event, formatCount(w.count), formatCount(w.total)])], [false, true, true])));
  if (r.children.length > 0) lines.push(`   recursive statements: ${r.children.join(', ')}`);
  if (r.parents.length > 0) lines.push(`   runs under: ${r.parents.join(', ')}`);
  return lines.join('\n');
}

const firstLine = (text: string): string => {
  const line = text.split('\n', 1)[0] ?? '';
  return line.length > 160 || text.includes('\n') ? `${line.slice(0, 160)} …` : line;
};
const indent = (text: string): string => text.replace(/^/gm, '   ');
