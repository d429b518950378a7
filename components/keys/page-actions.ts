/**
 * What the view and outlier shortcuts do to the page, through the DOM the page renders: the view
 * tabs as they are drawn (whatever views exist, in their order), and the rows of the outlier lists
 * (WaitTable.tsx). Acting as a click does keeps one path for mouse and keyboard: the tab's own
 * handler changes the view, the row's own handler shows the wait's trace lines.
 */
import { steppedIndex } from './bindings';

/** The view tabs (components/layout/ViewTabs.tsx), in DOM order. */
export const VIEW_TABS = '[role="tablist"][data-testid="results-tabs"] [role="tab"]';
/** Every row of every outlier list on the page (one table per dataset, or a selection's list). */
export const OUTLIER_ROWS = '[data-testid="outlier-rows"] tbody tr';

/** Rows a display: none (a hidden view) takes off the page are not stepped through. */
const shown = (el: HTMLElement) => el.getClientRects().length > 0;

/** Selects the tab at `index` (0-based) as a click would and focuses it; false when there is none. */
export function selectViewTab(index: number): boolean {
  const tab = [...document.querySelectorAll<HTMLElement>(VIEW_TABS)].filter(shown)[index];
  if (!tab) return false;
  tab.click();
  tab.focus();
  return true;
}

/**
 * Selects the next (+1) or previous (−1) listed wait as a click would (it shows its trace lines),
 * from the row with the focus, else the picked row; scrolls it into view and focuses it. Returns
 * the row, or null when no list is shown.
 */
export function stepOutlier(step: 1 | -1): HTMLElement | null {
  const rows = [...document.querySelectorAll<HTMLElement>(OUTLIER_ROWS)].filter(shown);
  const focused = rows.indexOf(document.activeElement as HTMLElement);
  const current = focused >= 0 ? focused : rows.findIndex((r) => r.dataset.picked === 'yes');
  const row = rows[steppedIndex(current, step, rows.length)];
  if (!row) return null;
  row.click();
  row.scrollIntoView({ block: 'nearest' });
  row.focus({ preventScroll: true });
  return row;
}
