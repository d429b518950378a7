// The cells' FLASHLOG metrics in the page (issue 16 §4): dataset 1's two book snapshots are dropped
// as files (named like traces: recognised by content), dataset 2's are pasted as dcli output of two
// cells. Both give, by hand: Δ FL_FLASH_FIRST 19,190, Δ FL_DISK_FIRST 532,152, so flash won
// 19,190 / 551,342 = 3.5 % of the interval's races and the ratio of the deltas is 19,190 / 532,152 = 3.6 %.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { watchPage, type PageWatch } from '../helpers/browser';
import { useServerAndBrowser } from '../helpers/browser-suite';
import { FIXTURES_DIR } from '../helpers/cli';
import { datasetSettled, reportShown, screenshot } from '../helpers/workbench';

const fixture = (name: string) => path.join(FIXTURES_DIR, name);

async function paste(page: Page, id: string, index: number, file: string): Promise<void> {
  const box = page.getByLabel(`CellCLI output for dataset ${index}`);
  await box.fill(readFileSync(fixture(file), 'utf8'));
  await page.getByTestId(`cell-input-${id}`).getByRole('button', { name: 'Add snapshot' }).click();
}

describe('Cell flash log panel in Chromium', () => {
  const suite = useServerAndBrowser();
  let page: Page;
  let watch: PageWatch;

  beforeAll(async () => {
    page = await suite.browser.newPage({ viewport: { width: 1440, height: 1000 } });
    watch = watchPage(page);
    await page.goto(suite.server.url, { waitUntil: 'networkidle' });
    // The snapshots are named like traces: only their content says what they are.
    await page.getByTestId('input-d1').setInputFiles([fixture('v11g-commit-loop.trc'), fixture('cell/book-off.txt'), fixture('cell/book-on.txt')]);
    await page.getByTestId('input-d2').setInputFiles([fixture('v19c-session.trc')]);
    expect(await datasetSettled(page, 'd1')).toBe('ready');
    expect(await datasetSettled(page, 'd2')).toBe('ready');
    await reportShown(page);
  });

  afterAll(() => {
    expect(watch.consoleErrors).toEqual([]);
    expect(watch.externalRequests).toEqual([]);
  });

  it('dropped snapshots: the interval share 3.5 %, the ratio 3.6 %, the deltas, and no "not a trace"', async () => {
    const panel = page.getByTestId('cell-panel-d1');
    await expect.poll(() => panel.getByTestId('cell-interval').textContent()).toContain('Flash won 3.5 % of the races in the interval (19,190 of 551,342 redo writes)');
    expect(await panel.getByTestId('cell-interval').textContent()).toContain('FL_FLASH_FIRST / FL_DISK_FIRST of the deltas: 3.6 %');
    expect(await panel.getByTestId('cell-prevented').textContent()).toBe('FL_PREVENTED_OUTLIERS: +0 in the interval (774,146 in all)');
    expect(await page.getByTestId('cell-snapshots-d1').textContent()).toBe('Before: book-off.txt; after: book-on.txt');
    const card = (await page.getByTestId('dataset-d1').textContent()) ?? '';
    expect(card).not.toMatch(/not a (10046 )?trace/i);
    expect(await page.getByTestId('cell-definition').textContent()).toContain('FL_FLASH_FIRST / (FL_FLASH_FIRST + FL_DISK_FIRST)');
    // The per-metric table: the deltas of the two counters.
    await panel.locator('summary', { hasText: 'Metrics of 1 cell' }).click();
    const row = (name: string) => panel.locator('tr', { has: page.locator('td', { hasText: new RegExp(`^${name}$`) }) });
    expect(await row('FL_FLASH_FIRST').locator('td').allTextContents()).toEqual(['FL_FLASH_FIRST', '+19,190', '7,318,741', '7,337,931', 'IO requests']);
    expect(await row('FL_DISK_FIRST').locator('td').allTextContents()).toEqual(['FL_DISK_FIRST', '+532,152', '32,669,310', '33,201,462', 'IO requests']);
  });

  it('pasted text: a bad snapshot shows its line and cause inline; two dcli snapshots give the same share', async () => {
    await page.getByTestId('cell-input-d2').locator('summary').click();
    await page.getByLabel('CellCLI output for dataset 2').fill('Trace file /u01/app/oracle/diag/x_ora_1.trc\n');
    await page.getByTestId('cell-input-d2').getByRole('button', { name: 'Add snapshot' }).click();
    await expect.poll(() => page.getByTestId('cell-error-d2').textContent()).toMatch(/^pasted snapshot 1 line 1: not CellCLI output: .*found 'Trace file/);
    await page.getByTestId('cell-input-d2').getByRole('button', { name: 'Remove cell metrics' }).click();
    await expect.poll(() => page.getByTestId('cell-error-d2').count()).toBe(0);
    await paste(page, 'd2', 2, 'cell/dcli-off.txt');
    await paste(page, 'd2', 2, 'cell/dcli-on.txt');
    const panel = page.getByTestId('cell-panel-d2');
    await expect.poll(() => panel.getByTestId('cell-interval').textContent()).toContain('Flash won 3.5 % of the races in the interval (19,190 of 551,342 redo writes)');
    // The cells' names are shown in the page.
    await panel.locator('summary', { hasText: 'Metrics of 2 cells' }).click();
    expect(await panel.locator('td', { hasText: /^cel02$/ }).count()).toBe(5);
    await page.getByTestId('cell-flash-log').scrollIntoViewIfNeeded();
    await screenshot(page, 'cell-flash-log-1440', '[data-testid=cell-flash-log]');
    await screenshot(page, 'cell-flash-log-cards-1440', '.datasets');
    await page.setViewportSize({ width: 1024, height: 900 });
    await screenshot(page, 'cell-flash-log-1024', '[data-testid=cell-flash-log]');
    await screenshot(page, 'cell-flash-log-page-1024');
  });
});
