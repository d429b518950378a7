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

/** Waits until the results show a report for the current data (no computation pending). */
export async function reportShown(page: Page, timeout = 120_000): Promise<void> {
  await page.locator('[data-testid=results][data-computing=no] [data-testid=comparison-table]').waitFor({ timeout });
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

/** Every chart on the page has drawn (ChartFrame sets data-ready). */
export async function figuresDrawn(page: Page, timeout = 120_000): Promise<void> {
  for (const id of ['figure-all-waits', 'figure-top-waits', 'figure-spectrum']) {
    await page.locator(`[data-testid=${id}-chart][data-ready=true]`).waitFor({ timeout });
  }
}

/** Chooses the report's event in the event profile (one radio per event row). */
export async function chooseEvent(page: Page, event: string): Promise<void> {
  await page.getByTestId('event-picker').getByRole('radio', { name: event, exact: true }).check();
}

/** The event the report is of, as the event profile has it checked. */
export async function chosenEvent(page: Page): Promise<string | null> {
  return page.getByTestId('event-picker').getAttribute('data-event');
}

/** The page x of a wait value on Figure 15.15's log axis, from the drawn "1,000" and "10,000" tick labels. */
export async function allWaitsX(page: Page, micros: number): Promise<{ x: number; y: number }> {
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
