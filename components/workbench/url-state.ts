/**
 * The view lives in the URL (issue 4 §5), so a reload or a shared demo link shows the same view:
 * the measure (an event, a call type maybe of one statement, or the commit), units, bucket mode,
 * thresholds, baseline, dataset labels, whether the book demo runs, Figure 15.16's N and x axis,
 * and which results view is shown (one measure's values, the response-time profile, the
 * statements) with the profile's think time and the statements' sort, top N and depth.
 * Unknown or malformed values fall back to the defaults instead of breaking the page.
 */
import { DEFAULT_THINK_TIME_MICROS } from '@/lib/profile/profile-collector';
import { parseStatementSort } from '@/lib/profile/statement-table';
import { DEFAULT_TOP_N } from '@/lib/stats/top-n';
import { parseGroupKey } from '@/lib/scope/group-key';
import { isCallName, SQL_ID, type Measure } from '@/lib/trace/measure';
import { DEFAULT_EVENT } from '@/lib/trace/types';
import type { DisplayUnit } from '../display-units';
import { isNoWindow, NO_WINDOW_SPEC, readWindowSpec, type WindowSpec } from './window-spec';
import { DEFAULT_VIEW_ID, parseViewId, type ViewId } from '../layout/views';

export type BucketMode = 'log10' | 'log2';

/** The results views (components/layout/views.ts): the report's comparison, distribution, tail, over time and outliers, the response-time profile, the statements, the groups, the commit path (LGWR). */
export type ResultsTab = ViewId;
/** Which statements the Statements view lists: every depth, the client's own (dep 0), or recursive ones (dep ≥ 1). */
export type StatementDepth = 'all' | 'top-level' | 'recursive';

export interface ViewState {
  /** What the report is of: an event's waits (`?event=`), a call type (`?call=EXEC&sqlid=…&hv=…&calldep=…`) or the commit (`?commit=1`). */
  measure: Measure;
  unit: DisplayUnit;
  buckets: BucketMode;
  /** Extra outlier thresholds, µs (500 ms is always counted). */
  thresholds: number[];
  /** Index of the dataset the others are compared with. */
  baseline: number;
  labels: string[];
  /** Which labels (0-based) the page made from a dropped folder's name: after a reload they still leave only with file names. */
  folderLabels: number[];
  demo: boolean;
  /** Figure 15.16's N, 1..MAX_TOP_WAITS; null: the default for the datasets' sizes (defaultTopCount). */
  topN: number | null;
  /** Figure 15.16's x axis. */
  topAxis: 'linear' | 'log';
  tab: ResultsTab;
  /** µs: SQL*Net message from client waits at or above it are think time (the CLI's --think-time). */
  thinkTime: number;
  /** 'total', 'self', or tkprof keys such as 'prsela,exeela,fchela' (parseStatementSort). */
  statementSort: string;
  statementTop: number;
  statementDepth: StatementDepth;
  /** Index of the dataset whose statements are listed. */
  statementDataset: number;
  /** Each dataset's time window as typed (issue 15 §1), by its place; none past the end. */
  windows: WindowSpec[];
  /** What the Group view groups by (`?group=`; lib/scope/group-key.ts): session, module, p1, a parameter's name, … */
  groupKey: string;
}

/** The report keeps each dataset's top DEFAULT_TOP_N waits: N can be at most that. */
export const MAX_TOP_WAITS = DEFAULT_TOP_N;

export const DEFAULT_LABELS = ['Flash logging on', 'Flash logging off'];
export const MAX_DATASETS = 4;

export const DEFAULT_VIEW: ViewState = {
  measure: { kind: 'event', event: DEFAULT_EVENT },
  unit: 'us',
  buckets: 'log10',
  thresholds: [],
  baseline: 1,
  labels: DEFAULT_LABELS,
  folderLabels: [],
  demo: false,
  topN: null,
  topAxis: 'linear',
  tab: DEFAULT_VIEW_ID,
  thinkTime: DEFAULT_THINK_TIME_MICROS,
  statementSort: 'total',
  statementTop: 20,
  statementDepth: 'all',
  statementDataset: 0,
  windows: [],
  groupKey: 'session',
};

/** The Statements view's top N choices. */
export const STATEMENT_TOP_CHOICES = [10, 20, 50, 100, 500];
const DEPTHS: Record<string, StatementDepth> = { '0': 'top-level', rec: 'recursive' };
const DEPTH_PARAM: Record<StatementDepth, string | null> = { all: null, 'top-level': '0', recursive: 'rec' };

/** The results view and its settings from a query (url-state's rules: bad values fall back to the defaults). */
function parseResultsView(q: URLSearchParams): Pick<ViewState, 'tab' | 'thinkTime' | 'statementSort' | 'statementTop' | 'statementDepth' | 'statementDataset' | 'groupKey'> {
  // Old links' names too: `view=waits` opens the Comparison (views.ts).
  const tab = parseViewId(q.get('view'));
  const think = Number(q.get('think'));
  const sort = q.get('sort');
  const top = Number(q.get('top'));
  const sds = Number(q.get('sds'));
  const group = q.get('group');
  return {
    tab: tab ?? DEFAULT_VIEW.tab,
    thinkTime: q.has('think') && Number.isInteger(think) && think >= 0 ? think : DEFAULT_VIEW.thinkTime,
    statementSort: sort !== null && !('error' in parseStatementSort(sort)) ? sort : DEFAULT_VIEW.statementSort,
    statementTop: STATEMENT_TOP_CHOICES.includes(top) ? top : DEFAULT_VIEW.statementTop,
    statementDepth: DEPTHS[q.get('dep') ?? ''] ?? DEFAULT_VIEW.statementDepth,
    statementDataset: Number.isInteger(sds) && sds >= 1 && sds <= MAX_DATASETS ? sds - 1 : DEFAULT_VIEW.statementDataset,
    groupKey: group !== null && typeof parseGroupKey(group) !== 'string' ? group : DEFAULT_VIEW.groupKey,
  };
}

function formatResultsView(view: ViewState, q: URLSearchParams): void {
  if (view.tab !== DEFAULT_VIEW.tab) q.set('view', view.tab);
  if (view.thinkTime !== DEFAULT_VIEW.thinkTime) q.set('think', String(view.thinkTime));
  if (view.statementSort !== DEFAULT_VIEW.statementSort) q.set('sort', view.statementSort);
  if (view.statementTop !== DEFAULT_VIEW.statementTop) q.set('top', String(view.statementTop));
  const dep = DEPTH_PARAM[view.statementDepth];
  if (dep !== null) q.set('dep', dep);
  // 1-based, like the page's "Dataset 1".
  if (view.statementDataset !== DEFAULT_VIEW.statementDataset) q.set('sds', String(view.statementDataset + 1));
  if (view.groupKey !== DEFAULT_VIEW.groupKey) q.set('group', view.groupKey);
}

export function parseViewState(search: string): ViewState {
  const q = new URLSearchParams(search);
  const unit = q.get('unit');
  const buckets = q.get('buckets');
  const thresholds = (q.get('thr') ?? '')
    .split(',')
    .map(Number)
    .filter((t) => t !== 0 && Number.isFinite(t) && t > 0);
  const baseline = Number(q.get('baseline'));
  const labels = q.getAll('label').slice(0, MAX_DATASETS);
  const topN = Number(q.get('topn'));
  // 1-based in the URL, like the page's "Dataset 1".
  const folderLabels = (q.get('folderlabels') ?? '').split(',').filter(Boolean).map(Number).filter((n) => Number.isInteger(n) && n >= 1 && n <= labels.length);
  return {
    measure: parseMeasure(q),
    unit: unit === 'ms' || unit === 'us' ? unit : DEFAULT_VIEW.unit,
    buckets: buckets === 'log2' || buckets === 'log10' ? buckets : DEFAULT_VIEW.buckets,
    thresholds: [...new Set(thresholds)].sort((a, b) => a - b),
    baseline: Number.isInteger(baseline) && baseline >= 0 && baseline < MAX_DATASETS && q.has('baseline') ? baseline : DEFAULT_VIEW.baseline,
    labels: labels.length >= 2 ? labels : labels.length === 1 ? [labels[0]!, DEFAULT_LABELS[1]!] : DEFAULT_LABELS,
    folderLabels: [...new Set(folderLabels)].sort((a, b) => a - b).map((n) => n - 1),
    demo: q.get('demo') === 'book',
    topN: q.has('topn') && Number.isInteger(topN) && topN >= 1 && topN <= MAX_TOP_WAITS ? topN : DEFAULT_VIEW.topN,
    topAxis: q.get('topaxis') === 'log' ? 'log' : DEFAULT_VIEW.topAxis,
    ...parseResultsView(q),
    windows: parseWindows(q),
  };
}

/** `from1`, `to1`, `skipfirst1`, `skiplast1` … per dataset (1-based); a window with a bad field is dropped whole. */
const WINDOW_PARAMS: Record<keyof WindowSpec, string> = { from: 'from', to: 'to', skipFirst: 'skipfirst', skipLast: 'skiplast' };

function parseWindows(q: URLSearchParams): WindowSpec[] {
  const windows = Array.from({ length: MAX_DATASETS }, (_, i) => {
    const spec = { ...NO_WINDOW_SPEC };
    for (const [field, param] of Object.entries(WINDOW_PARAMS) as [keyof WindowSpec, string][]) spec[field] = q.get(`${param}${i + 1}`)?.trim() ?? '';
    return isNoWindow(spec) || 'errors' in readWindowSpec(spec) ? NO_WINDOW_SPEC : spec;
  });
  while (windows.length > 0 && isNoWindow(windows.at(-1))) windows.pop();
  return windows;
}

function formatWindows(windows: readonly WindowSpec[], q: URLSearchParams): void {
  windows.forEach((spec, i) => {
    for (const [field, param] of Object.entries(WINDOW_PARAMS) as [keyof WindowSpec, string][]) if (spec[field].trim() !== '') q.set(`${param}${i + 1}`, spec[field].trim());
  });
}

/** The query string for a view: only what differs from the defaults, so plain links stay short. */
export function formatViewState(view: ViewState): string {
  const q = new URLSearchParams();
  if (view.demo) q.set('demo', 'book');
  formatMeasure(view.measure, q);
  if (view.unit !== DEFAULT_VIEW.unit) q.set('unit', view.unit);
  if (view.buckets !== DEFAULT_VIEW.buckets) q.set('buckets', view.buckets);
  if (view.thresholds.length > 0) q.set('thr', view.thresholds.join(','));
  if (view.baseline !== DEFAULT_VIEW.baseline) q.set('baseline', String(view.baseline));
  if (view.topN !== DEFAULT_VIEW.topN) q.set('topn', String(view.topN));
  if (view.topAxis !== DEFAULT_VIEW.topAxis) q.set('topaxis', view.topAxis);
  formatResultsView(view, q);
  formatWindows(view.windows, q);
  const defaultLabels = view.labels.length === DEFAULT_LABELS.length && view.labels.every((l, i) => l === DEFAULT_LABELS[i]);
  if (!defaultLabels) for (const l of view.labels) q.append('label', l);
  if (!defaultLabels && view.folderLabels.length > 0) q.set('folderlabels', view.folderLabels.map((i) => i + 1).join(','));
  const s = q.toString();
  return s ? `?${s}` : '';
}

/** The measure a query names; an unknown call name or a malformed selector falls back to the default event. */
function parseMeasure(q: URLSearchParams): Measure {
  if (q.get('commit') === '1') return { kind: 'commit' };
  const call = q.get('call')?.trim().toUpperCase();
  if (call !== undefined && isCallName(call)) {
    const sqlId = q.get('sqlid');
    const hv = wholeNumberParam(q, 'hv');
    const dep = wholeNumberParam(q, 'calldep');
    const validSqlId = sqlId !== null && SQL_ID.test(sqlId) ? sqlId : null;
    if (hv !== undefined && dep !== undefined && (sqlId === null || validSqlId !== null)) {
      return { kind: 'call', call, sqlId: validSqlId, hashValue: validSqlId === null ? hv : null, dep };
    }
  }
  const event = q.get('event')?.trim();
  return event ? { kind: 'event', event } : DEFAULT_VIEW.measure;
}

function formatMeasure(m: Measure, q: URLSearchParams): void {
  if (m.kind === 'commit') q.set('commit', '1');
  else if (m.kind === 'event') {
    if (m.event !== DEFAULT_EVENT) q.set('event', m.event);
  } else {
    q.set('call', m.call);
    if (m.sqlId !== null) q.set('sqlid', m.sqlId);
    else if (m.hashValue !== null) q.set('hv', String(m.hashValue));
    if (m.dep !== null) q.set('calldep', String(m.dep));
  }
}

/** A whole number parameter: null when absent, undefined when malformed. */
function wholeNumberParam(q: URLSearchParams, name: string): number | null | undefined {
  const text = q.get(name);
  if (text === null) return null;
  return /^\d{1,15}$/.test(text) ? Number(text) : undefined;
}
