/**
 * The picker's rows besides the wait events (issue 14 §4): each call type, the commit, and the
 * statements that spent the most, with their calls and elapsed time per dataset. Plain TypeScript,
 * tested without React (test/components/workbench/measure-rows.test.ts).
 */
import type { StatementChoice } from '@/lib/worker/call-choices';
import type { DatasetStatus } from '@/lib/worker/protocol';
import { measureLabel, type Measure } from '@/lib/trace/measure';

/** Statements the picker lists, by total elapsed. */
export const PICKER_STATEMENTS = 5;
/** The call types offered for each listed statement, when it has such calls. */
const STATEMENT_CALLS = ['EXEC', 'FETCH'];
/** Offered while a dataset's calls are not counted yet (its files were read on both cores): choosing one counts them. */
const COMMON_CALLS = ['EXEC', 'FETCH', 'PARSE'];

export interface MeasureCell {
  /** null: this dataset's calls are not counted yet. */
  count: number | null;
  /** µs of elapsed time; null where not counted, or where the rows carry none (XCTEND lines). */
  total: number | null;
}

export interface MeasureRow {
  /** measureLabel: what the radio is named, and the report's `event`. */
  label: string;
  measure: Measure;
  group: 'call' | 'commit' | 'statement';
  /** A statement's first line of SQL text, shown beside it in this page only. */
  text: string | null;
  /** One per dataset, in the order given. */
  cells: MeasureCell[];
}

type Datasets = readonly Pick<DatasetStatus, 'source' | 'calls'>[];

/** A dataset of traces whose calls no visited pass has counted: its cells say so instead of 0. */
const uncounted = (d: Datasets[number]) => d.source === 'traces' && !d.calls;

const callMeasure = (call: string, s: StatementChoice | null): Measure => ({ kind: 'call', call, sqlId: s?.sqlId ?? null, hashValue: s && s.sqlId === null ? s.hashValue : null, dep: null });

/**
 * Call types (by total elapsed over every dataset), the commit (with each dataset's XCTEND lines),
 * then the top statements' EXEC and FETCH. While a dataset's calls are not counted, the common call
 * types and the commit are offered too. `current` is listed even when no dataset has it, so the
 * choice stays visible.
 */
export function measureRows(datasets: Datasets, current: Measure, topStatements = PICKER_STATEMENTS): MeasureRow[] {
  const counted = datasets.filter((d) => d.calls);
  const rows: MeasureRow[] = [];
  const empty = (): MeasureCell[] => datasets.map((d) => (uncounted(d) ? { count: null, total: null } : { count: 0, total: 0 }));
  const add = (measure: Measure, group: MeasureRow['group']) => {
    const label = measureLabel(measure);
    if (!rows.some((r) => r.label === label)) rows.push({ label, measure, group, text: null, cells: empty() });
  };
  if (counted.length > 0) {
    const calls = new Map<string, MeasureRow & { sum: number }>();
    datasets.forEach((d, i) => {
      for (const c of d.calls?.calls ?? []) {
        const label = measureLabel(callMeasure(c.call, null));
        let row = calls.get(c.call);
        if (!row) calls.set(c.call, (row = { label, measure: callMeasure(c.call, null), group: 'call', text: null, cells: empty(), sum: 0 }));
        row.cells[i] = { count: c.count, total: c.e };
        row.sum += c.e;
      }
    });
    rows.push(...[...calls.values()].sort((a, b) => b.sum - a.sum || a.label.localeCompare(b.label)).map(({ sum: _sum, ...row }) => row));
    const commit: Measure = { kind: 'commit' };
    if (counted.some((d) => d.calls!.transactionEnds > 0)) {
      rows.push({ label: measureLabel(commit), measure: commit, group: 'commit', text: null, cells: datasets.map((d) => ({ count: uncounted(d) ? null : (d.calls?.transactionEnds ?? 0), total: null })) });
    }
    rows.push(...statementRows(datasets, topStatements));
  }
  if (datasets.some(uncounted)) {
    for (const call of COMMON_CALLS) add(callMeasure(call, null), 'call');
    add({ kind: 'commit' }, 'commit');
  }
  if (current.kind !== 'event') add(current, current.kind === 'commit' ? 'commit' : current.sqlId !== null || current.hashValue !== null ? 'statement' : 'call');
  // The groups in their order (a statement measure listed only because it is chosen goes last).
  const order: MeasureRow['group'][] = ['call', 'commit', 'statement'];
  return order.flatMap((g) => rows.filter((r) => r.group === g));
}

/** The statements with the most elapsed time over every dataset, each with its EXEC and FETCH rows. */
function statementRows(datasets: Datasets, top: number): MeasureRow[] {
  const byKey = new Map<string, { s: StatementChoice; per: (StatementChoice | undefined)[]; total: number }>();
  datasets.forEach((d, i) => {
    for (const s of d.calls?.statements ?? []) {
      let entry = byKey.get(s.key);
      if (!entry) byKey.set(s.key, (entry = { s, per: datasets.map(() => undefined), total: 0 }));
      entry.per[i] = s;
      entry.total += s.total;
      entry.s = entry.s.firstLine === null ? s : entry.s;
    }
  });
  const chosen = [...byKey.values()].sort((a, b) => b.total - a.total || a.s.key.localeCompare(b.s.key)).slice(0, top);
  return chosen.flatMap(({ s, per }) =>
    STATEMENT_CALLS.filter((call) => per.some((p) => (p?.calls[call]?.count ?? 0) > 0)).map((call): MeasureRow => {
      const measure = callMeasure(call, s);
      const cells = per.map((p, i): MeasureCell => (uncounted(datasets[i]!) ? { count: null, total: null } : { count: p?.calls[call]?.count ?? 0, total: p?.calls[call]?.e ?? 0 }));
      return { label: measureLabel(measure), measure, group: 'statement', text: s.firstLine, cells };
    }),
  );
}
