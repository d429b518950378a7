// How browser tests read and drive the workbench page: datasets by id (d1, d2, …), the comparison
// table's raw `data-value`s, and screenshots saved as test artifacts in artifacts/screenshots/.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { ROOT } from './next-app';

export const SCREENSHOT_DIR = path.join(ROOT, 'artifacts/screenshots');

export async function screenshot(page: Page, name: string, selector?: string): Promise<string> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const file = path.join(SCREENSHOT_DIR, `${name}.png`);
  if (selector) await page.locator(selector).screenshot({ path: file });
  else await page.screenshot({ path: file, fullPage: true });
  return file;
}

/** Waits until a dataset has finished loading (ready, cancelled or failed) and returns its state. */
export async function datasetSettled(page: Page, id: string, timeout = 120_000): Promise<string> {
  const card = page.getByTestId(`dataset-${id}`);
  await card.locator('xpath=self::*[@data-state="ready" or @data-state="cancelled" or @data-state="failed"]').waitFor({ timeout });
  return (await card.getAttribute('data-state')) ?? '';
}

/** Waits until the results show a report for the current data (no computation pending), in whichever view is shown (data-report), or a shared report's table. */
export async function reportShown(page: Page, timeout = 120_000): Promise<void> {
  await page.locator('[data-testid=results][data-computing=no]:is([data-report=shown], :has([data-testid=comparison-table]))').first().waitFor({ timeout });
}

/** A dataset column's raw value (µs) for one statistic, as a number; null when the cell has none. */
export async function tableValue(page: Page, stat: string, datasetId: string): Promise<number | null> {
  const v = await page.locator(`[data-testid=comparison-table] [data-stat="${stat}"][data-dataset="${datasetId}"]`).first().getAttribute('data-value');
  return v === null ? null : Number(v);
}

/** A comparison's value: kind difference | relative | ci-lower | ci-upper (with `of` and `ci` for CIs). */
export async function comparisonValue(page: Page, stat: string, kind: string, extra = ''): Promise<number | null> {
  const v = await page.locator(`[data-testid=comparison-table] [data-stat="${stat}"][data-comparison="0-1"][data-kind="${kind}"]${extra}`).first().getAttribute('data-value');
  return v === null ? null : Number(v);
}

/** The view shown (components/layout/views.ts id). */
export async function shownView(page: Page): Promise<string> {
  return (await page.getByTestId('results').getAttribute('data-view')) ?? '';
}

/** Opens `view` unless it is shown, or the page has no views (a shared report shows everything on one page). */
export async function showView(page: Page, view: string): Promise<void> {
  if ((await page.getByTestId('results-tabs').count()) === 0) return;
  if ((await shownView(page)) !== view) await openView(page, view);
}

/** The report's every figure has drawn (ChartFrame sets data-ready): Figure 15.15 and the spectrum in the Distribution view, Figure 15.16 in the Tail; then the view shown before is shown again. */
export async function figuresDrawn(page: Page, timeout = 120_000): Promise<void> {
  const before = await shownView(page);
  for (const [view, ids] of [['distribution', ['figure-all-waits', 'figure-spectrum']], ['tail', ['figure-top-waits']]] as const) {
    await openView(page, view);
    for (const id of ids) await page.locator(`[data-testid=${id}-chart][data-ready=true]`).waitFor({ timeout });
  }
  await openView(page, before);
}

/**
 * Chooses the report's event in the event profile (one radio per event row). Clicks until the radio
 * is checked: a click that lands while a report arriving redraws the list can be lost (seen once in
 * a CI run of errors.browser.test.ts: "Clicking the checkbox did not change its state"). A second
 * click on a checked radio changes nothing, so a late first click does no harm.
 */
export async function chooseEvent(page: Page, event: string): Promise<void> {
  const radio = page.getByTestId('event-picker').getByRole('radio', { name: event, exact: true });
  for (let attempt = 1; attempt <= 3; attempt++) {
    await radio.click();
    const until = Date.now() + 5_000;
    while (Date.now() < until) {
      if (await radio.isChecked()) return;
      await page.waitForTimeout(100);
    }
  }
  throw new Error(`the event picker's radio '${event}' stayed unchecked after 3 clicks`);
}

/** The event the report is of, as the event profile has it checked. */
export async function chosenEvent(page: Page): Promise<string | null> {
  return page.getByTestId('event-picker').getAttribute('data-event');
}

/** The page x of a wait value on Figure 15.15's log axis, from the drawn "1,000" and "10,000" tick labels. */
export async function allWaitsX(page: Page, micros: number): Promise<{ x: number; y: number }> {
  await showView(page, 'distribution');
  const chart = page.getByTestId('figure-all-waits-chart');
  await chart.scrollIntoViewIfNeeded();
  const tick = async (text: string) => (await chart.locator('text', { hasText: new RegExp(`^${text}$`) }).first().boundingBox())!;
  const a = await tick('1,000');
  const b = await tick('10,000');
  const x = a.x + a.width / 2 + (Math.log10(micros) - 3) * (b.x + b.width / 2 - (a.x + a.width / 2));
  return { x, y: a.y - 12 }; // just above the axis: inside the bars of the bucket
}

/** The values of the timeline's dashed lines, as its subtitle lists them ("Dashed lines: 998.5 µs, 500,000 µs."). */
export async function dashedLines(page: Page): Promise<string[]> {
  await showView(page, 'over-time');
  const text = (await page.getByTestId('figure-timeline').locator('p', { hasText: 'Each point is one wait' }).first().textContent()) ?? '';
  const m = /Dashed lines: (.*?)\.(?: |$)/.exec(text);
  return m ? m[1]!.split(', ') : [];
}

/** Opens the page, loads `d1` into dataset 1 and `d2` into dataset 2, and waits until both are ready and the report is shown. */
export async function loadTwoDatasets(page: Page, url: string, d1: string | string[], d2: string | string[]): Promise<void> {
  await page.goto(url, { waitUntil: 'networkidle' });
  await page.getByTestId('input-d1').setInputFiles(d1);
  await page.getByTestId('input-d2').setInputFiles(d2);
  expect(await datasetSettled(page, 'd1')).toBe('ready');
  expect(await datasetSettled(page, 'd2')).toBe('ready');
  await reportShown(page);
}

/** Opens one of the page's views by its tab (components/layout/views.ts ids: comparison, distribution, tail, over-time, outliers, profile, …). */
export async function openView(page: Page, view: string): Promise<void> {
  await page.locator(`[data-testid=results-tabs] [role=tab][data-tab=${view}]`).click();
  await page.locator(`[data-testid=results][data-view=${view}]`).waitFor();
}

/** Opens the header's Download menu (the report's CSV and JSON exports) unless it is open. */
export async function openDownloads(page: Page): Promise<void> {
  const button = page.getByTestId('download-button');
  if ((await button.getAttribute('aria-expanded')) !== 'true') await button.click();
  await page.getByTestId('download-menu').waitFor();
}

/**
 * Drops files on the page with the paths a dropped folder gives them (`<folder>/<file>`). A script-made
 * DataTransfer has no folder entries, so the page reads `webkitRelativePath`, as for a folder picked
 * with the file input; it is set here on each File.
 */
export async function dropFolders(page: Page, files: { path: string; text: string }[]): Promise<void> {
  // Only once the page listens (use-page-drop.ts, in an effect after hydration: its dragover handler
  // cancels the event): a drop before that is lost, and nothing loads (seen in a CI run, 2026-12-02).
  await page.waitForFunction(() => !window.dispatchEvent(new DragEvent('dragover', { bubbles: true, cancelable: true })), undefined, { timeout: 30_000, polling: 50 });
  await page.evaluate((files) => {
    const dt = new DataTransfer();
    for (const f of files) {
      const file = new File([f.text], f.path.split('/').pop()!);
      Object.defineProperty(file, 'webkitRelativePath', { value: f.path });
      dt.items.add(file);
    }
    window.dispatchEvent(new DragEvent('drop', { bubbles: true, cancelable: true, dataTransfer: dt }));
  }, files);
}
