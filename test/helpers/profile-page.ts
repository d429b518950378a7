// How browser tests read the Profile and Statements views: every number cell carries its raw value
// in `data-value` (absent for none), so the page is compared with the CLI's JSON exactly.
import type { Page } from 'playwright-core';

export type Cells = Record<string, number | null>;

/** One dataset's profile rows as { component, kind, total, share, count, mean, median, p99 }. */
export async function profileRows(page: Page, datasetId: string): Promise<Record<string, unknown>[]> {
  return page.locator(`[data-testid=profile-table][data-dataset="${datasetId}"] tr[data-testid=profile-row]`).evaluateAll((rows) =>
    rows.map((tr) => {
      const out: Record<string, unknown> = { component: tr.getAttribute('data-component'), kind: tr.getAttribute('data-kind') };
      for (const td of tr.querySelectorAll('td[data-stat]')) {
        const v = td.getAttribute('data-value');
        out[td.getAttribute('data-stat')!] = v === null ? null : Number(v);
      }
      return out;
    }),
  );
}

/** A table's cells by their row and kind attributes: { row: { kind: value } }. */
export async function cellsByRow(page: Page, selector: string): Promise<Record<string, Cells>> {
  return page.locator(`${selector} td[data-row][data-kind]`).evaluateAll((tds) => {
    const out: Record<string, Record<string, number | null>> = {};
    for (const td of tds) {
      const v = td.getAttribute('data-value');
      (out[td.getAttribute('data-row')!] ??= {})[td.getAttribute('data-kind')!] = v === null ? null : Number(v);
    }
    return out;
  });
}

/** The statement rows shown, in order: { key, dep, total, self, executions, median, p99, max }. */
export async function statementRowsShown(page: Page): Promise<Record<string, unknown>[]> {
  return page.locator('[data-testid=statements-table] tr[data-testid=statement-row]').evaluateAll((rows) =>
    rows.map((tr) => {
      const out: Record<string, unknown> = { key: tr.getAttribute('data-key') };
      for (const td of tr.querySelectorAll('td[data-stat]')) {
        const v = td.getAttribute('data-value');
        out[td.getAttribute('data-stat')!] = v === null ? null : Number(v);
      }
      return out;
    }),
  );
}

/** Opens a results view by its tab and waits for the profiles (computed on demand). */
export async function openResultsTab(page: Page, tab: 'comparison' | 'profile' | 'statements', timeout = 60_000): Promise<void> {
  await page.locator(`[data-testid=results-tabs] [data-tab=${tab}]`).click();
  if (tab !== 'comparison') await page.locator('[data-testid=profile-results][data-state=ready]').waitFor({ timeout });
}
