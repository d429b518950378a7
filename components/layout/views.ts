/**
 * The page's views, in the order their tabs are drawn (issue 17 §4 "Views as tabs"): the one list
 * the tabs, the URL (`?view=`) and the keyboard's digit shortcuts (components/keys) all read. The
 * first five are of one measure's values (the report); the others are the later views.
 */
export const VIEWS = [
  { id: 'comparison', label: 'Comparison' },
  { id: 'distribution', label: 'Distribution' },
  { id: 'tail', label: 'Tail' },
  { id: 'over-time', label: 'Over time' },
  { id: 'outliers', label: 'Outliers' },
  { id: 'profile', label: 'Profile' },
  { id: 'statements', label: 'Statements' },
  { id: 'groups', label: 'Groups' },
  { id: 'commit-path', label: 'Commit path (LGWR)' },
] as const;

export type ViewId = (typeof VIEWS)[number]['id'];

export const DEFAULT_VIEW_ID: ViewId = 'comparison';

/** The views drawn from the report of one measure's values (the comparison, its figures and outliers). */
export const REPORT_VIEWS: readonly ViewId[] = ['comparison', 'distribution', 'tail', 'over-time', 'outliers'];

/**
 * Names a `?view=` may carry: today's ids, and those of older links (`waits` was the one long
 * scroll of the report, whose top is now the Comparison view).
 */
const OLD_NAMES: Readonly<Record<string, ViewId>> = { waits: 'comparison' };

export function parseViewId(name: string | null): ViewId | null {
  if (name === null) return null;
  return VIEWS.find((v) => v.id === name)?.id ?? OLD_NAMES[name] ?? null;
}

export function isReportView(id: ViewId): boolean {
  return REPORT_VIEWS.includes(id);
}
