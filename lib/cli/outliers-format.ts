import type { WindowSummary } from '../outliers/analyze';
import type { SwitchWait, WindowActivity } from '../outliers/co-occurrence';
import { describeLoggedTime, describeProcess, rowClockOf, type RowClock } from '../outliers/row-clock';
import { describeTime, formatMicrosIso } from '../outliers/stamps';
import type { TraceContext } from '../outliers/context';
import type { WaitRow } from '../outliers/top-list';
import type { Dataset } from '../trace/dataset';
import { valuesNoun, valuesPhrase } from '../trace/measure';
import { formatCount, formatMicros, padTable } from './format';
import type { OutliersResult } from './outliers-command';
import { safeField, safeText } from './terminal-text';

// Names embedded in a line go through safeField: an LF in a file name must not start a line of its own.
const where = (files: readonly string[], file: number, line: number) => `${safeField(files[file] ?? `#${file}`)}:${line}`;

/** The time of a point on a window's axis, as the window shows its own start and end. */
function pointTime(w: WindowSummary, micros: number): string {
  if (w.kind === 'tim') return `tim ${micros}`;
  const off = w.kind === 'utc' ? (w.worstRow.time.utcOffsetMinutes ?? 0) : null;
  return formatMicrosIso(off === null ? micros : micros + off * 60e6, off);
}

/** Where the times come from: a trace's *** stamps, a strace or fio log's own clock (each file's clock, row-clock.ts). */
function timesPhrase(clocks: readonly RowClock[]): string {
  if (clocks.every((c) => c === 'trace')) return 'wall-clock times extrapolated from the *** stamps';
  const logs = 'strace -ttt times as UTC, -t/-tt as the time of day, fio log times from the job start';
  return clocks.some((c) => c === 'trace') ? `trace times extrapolated from the *** stamps; ${logs}` : logs;
}

/** Why no clusters were computed, with what to do about it; null when they were. */
function clustersNote(a: OutliersResult['analysis']): string | null {
  return a.thresholdNote === null ? null : `${a.thresholdNote}; give one with --threshold`;
}

export function outliersText(r: OutliersResult, dataset: Dataset): string {
  const { analysis: a, args } = r;
  const files = r.files;
  const out: string[] = [];
  const fileWord = files.length === 1 ? '1 file' : `${files.length} files`;
  // A call or commit measure's values are calls or commits, and their µs are e, not ela (lib/trace/measure.ts).
  const noun = valuesNoun(args.measure);
  const valueHead = args.measure ? 'µs' : 'ela µs';
  const clocks = dataset.files.map((f) => rowClockOf(f.facts));
  out.push(`${args.measure ? `outliers of ${valuesPhrase(dataset.event, args.measure)}` : `'${dataset.event}' outliers`} in ${fileWord} (values in µs; ${timesPhrase(clocks)})`, '');
  out.push(`top ${formatCount(a.top.rows.length)} of ${formatCount(a.top.total)} ${noun}`);
  const rows = a.top.rows.map((w, k) => {
    const clock = clocks[w.fileIndex] ?? 'trace';
    const time = clock === 'trace' ? describeTime(w.time) : describeLoggedTime(w.time, clock);
    const session = describeProcess(w, clock) ?? '—';
    // fio's json+ values are its histogram bins (lib/sysio/fio-json.ts): no line of their own.
    if (clock === 'fio-json') return [String(k + 1), formatCount(w.ela), time, session, w.file, '—', '—'];
    return [String(k + 1), formatCount(w.ela), time, session, w.file, String(w.line), String(w.offset)];
  });
  out.push(padTable([['#', valueHead, 'time', 'session', 'file', 'line', 'offset'], ...rows], [true, true, false, false, false, true, true]), '');
  out.push(`${noun} above thresholds (of ${formatCount(a.thresholds.waits)})`);
  const counts = a.thresholds.counts.map((c) => [formatCount(c.threshold), formatCount(c.count), c.ratePerMillion === null ? '—' : formatMicros(c.ratePerMillion)]);
  out.push(padTable([['threshold µs', 'count', 'per million'], ...counts], [true, true, true]), '');
  const source = args.threshold !== undefined ? '--threshold' : 'p99.9, R type 7';
  const gap = args.gap !== undefined ? `${formatCount(args.gap)} µs` : 'G = span / (100 · outliers), within 1 ms – 1 s';
  if (a.threshold === null) out.push(clustersNote(a) ?? '');
  else out.push(`clusters: waits above ${formatMicros(a.threshold)} µs (${source}) whose end times are at most G apart (${gap}); windows of at least ${a.minCount}`);
  if (a.threshold !== null && a.windows.length === 0) out.push(`no window: ${formatCount(a.outliers ?? 0)} outliers, none bunched`);
  a.windows.forEach((w, k) => out.push(...windowText(w, k, r.activity[k], files)));
  if (r.contexts) r.contexts.forEach((c, k) => out.push(...contextText(a.top.rows[k] as WaitRow, k, c)));
  // File names, event names, SQL text and binds: control characters escaped (terminal-text.ts).
  return safeText(`${out.join('\n')}\n`);
}

function windowText(w: WindowSummary, k: number, act: WindowActivity | undefined, files: readonly string[]): string[] {
  const span = w.kind === 'tim' ? `tim ${w.start} → ${w.end} (no *** stamp: ${safeField(files[w.worstRow.fileIndex] ?? '?')} only)` : `${w.startIso} → ${w.endIso}${w.kind === 'local' ? ' (local)' : ''}`;
  const out = ['', `window ${k + 1}: ${span}, ${w.count} waits, worst ${formatCount(w.worstEla)} µs at ${safeField(w.worstRow.file)}:${w.worstRow.line} (G = ${formatCount(Math.round(w.gap))} µs)`];
  if (!act) return out;
  const events = act.events.map((e) => [`  ${e.event}`, formatCount(e.count), formatCount(e.maxEla), where(files, e.file, e.line)]);
  out.push(padTable([['  events in the window', 'count', 'longest µs', 'longest at'], ...events], [false, true, true, false]));
  out.push(act.switches.length === 0 ? '  log switches: none' : '  log switches:');
  for (const s of act.switches) out.push(`    ${safeField(s.event)}  ${formatCount(s.ela)} µs, ended ${pointTime(w, s.micros)}  ${where(files, s.file, s.line)}`);
  return out;
}

function contextText(row: WaitRow, k: number, c: TraceContext): string[] {
  const out = ['', `context of #${k + 1}: ${safeField(row.file)} line ${row.line} (byte ${row.offset})${c.cursor !== null ? `, cursor #${c.cursor}` : ''}`];
  const width = String(c.lines[c.lines.length - 1]?.line ?? row.line).length;
  const num = (n: number) => String(n).padStart(width);
  const inView = c.statement !== null && c.lines.some((l) => l.inStatement);
  if (c.statement && !inView) {
    const s = c.statement;
    out.push(`  statement (lines ${s.line}–${s.endLine ?? '?'}):`);
    s.lines.forEach((text, i) => out.push(`  * ${num(s.line + i)}  ${text}`));
    out.push('  …');
  } else if (c.statementNote) out.push(`  (${c.statementNote})`);
  for (const l of c.lines) out.push(`  ${l.isWait ? '>' : l.inStatement ? '*' : ' '} ${num(l.line)}  ${l.text}${l.cut ? ' …(cut)' : ''}`);
  return out;
}

export function outliersJson(r: OutliersResult, dataset: Dataset) {
  const { analysis: a, args } = r;
  const files = r.files;
  const named = <T extends { file: number }>(x: T) => ({ ...x, file: files[x.file] ?? null });
  return {
    event: dataset.event,
    unit: 'us',
    dataset: a.dataset,
    files,
    threshold: a.threshold === null ? null : { value: a.threshold, source: args.threshold !== undefined ? 'option' : 'p99.9' },
    /** Why `threshold` is null (too few waits for the default p99.9), else null. */
    thresholdNote: clustersNote(a),
    minCount: a.minCount,
    gap: args.gap ?? null,
    outliers: a.outliers,
    top: a.top,
    thresholds: a.thresholds.counts,
    warnings: a.warnings,
    windows: a.windows.map((w, k) => ({
      kind: w.kind,
      start: w.start,
      end: w.end,
      startIso: w.startIso,
      endIso: w.endIso,
      count: w.count,
      gap: w.gap,
      worst: w.worstRow,
      members: Array.from(w.members, (i) => ({ file: files[dataset.samples.file[i] as number] ?? null, line: dataset.samples.line[i] as number, ela: dataset.samples.ela[i] as number })),
      events: (r.activity[k]?.events ?? []).map(named),
      switches: (r.activity[k]?.switches ?? []).map((s: SwitchWait) => ({ ...named(s), iso: w.kind === 'tim' ? null : pointTime(w, s.micros) })),
    })),
    ...(r.contexts ? { context: { before: args.context, after: Math.ceil((args.context ?? 0) / 3), waits: r.contexts.map((c, k) => ({ rank: k + 1, ...c })) } } : {}),
  };
}
