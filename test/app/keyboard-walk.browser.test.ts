// Issue 17 §4 in real Chromium: the main flow with the keyboard alone (Tab, Shift+Tab, Enter,
// arrows and the shortcuts of components/keys/bindings.ts), each step's effect asserted; then that
// no shortcut fires while the user types, and the overlay and help bubbles in screenshots, light and dark.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { watchPage } from '../helpers/browser';
import { useServerAndBrowser } from '../helpers/browser-suite';
import { fixturePath } from '../helpers/cli';
import path from 'node:path';
import { datasetSettled, loadTwoDatasets, reportShown, screenshot, SCREENSHOT_DIR, tableValue } from '../helpers/workbench';

/** What the window shows (a modal dialog is drawn over the viewport, not over the whole page). */
const viewportShot = (page: Page, name: string) => page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}.png`) });

/** Presses Tab (or Shift+Tab) until the focused element matches `selector`; fails after `max` presses. */
async function tabTo(page: Page, selector: string, back = false, max = 600): Promise<void> {
  for (let i = 0; i < max; i++) {
    if (await page.evaluate((s) => document.activeElement?.matches(s) ?? false, selector)) return;
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
  }
  throw new Error(`${selector} was not reached with ${max} presses of ${back ? 'Shift+Tab' : 'Tab'}`);
}

const focusMatches = (page: Page, selector: string) => page.evaluate((s) => document.activeElement?.matches(s) ?? false, selector);
const focusInDialog = (page: Page) => page.evaluate(() => Boolean(document.activeElement?.closest('dialog')));
const TABS = '[role=tablist][data-testid=results-tabs] [role=tab]';
const selectedTab = (page: Page) => page.locator(TABS).evaluateAll((tabs) => tabs.findIndex((t) => t.getAttribute('aria-selected') === 'true'));
const ROWS = '[data-testid=outlier-rows] tbody tr';
/** The place of the picked outlier row among all listed rows, −1 for none. */
const pickedRow = (page: Page) => page.locator(ROWS).evaluateAll((rows) => rows.findIndex((r) => r.getAttribute('data-picked') === 'yes'));
const caption = (page: Page) => page.locator('[data-testid=comparison-table] caption').textContent();

describe('the page by keyboard alone', () => {
  const suite = useServerAndBrowser();

  it('loads the book demo, reads the help, switches views, lists a bucket, steps through outliers, opens ? and sets a time window', async () => {
    const page = await suite.browser.newPage({ viewport: { width: 1440, height: 1000 } });
    const watch = watchPage(page);
    await page.goto(suite.server.url, { waitUntil: 'networkidle' });

    // 1. From the top of the page to the demo button, Enter.
    await tabTo(page, '[data-testid=demo-button]');
    await page.keyboard.press('Enter');
    expect(await datasetSettled(page, 'd1', 300_000)).toBe('ready');
    expect(await datasetSettled(page, 'd2', 300_000)).toBe('ready');
    await reportShown(page, 300_000);
    expect(await tableValue(page, 'count', 'd1')).toBe(4_000_000);

    // 2. A verdict line explains itself on focus: what it compares, what its CI means, the method (the demo has 20 + 20 sessions).
    await tabTo(page, '[data-testid=comparison-table] li[data-statistic=mean]');
    const help = page.getByTestId('verdict-help');
    await help.waitFor();
    expect(await help.getAttribute('data-statistic')).toBe('mean');
    expect(await help.textContent()).toMatch(/compares the mean of A with the mean of B.*The 95% CI .* It excludes 0, so the change is called significant\..*Cluster bootstrap/);
    const mean = page.locator('[data-testid=comparison-table] li[data-statistic=mean]');
    expect(await mean.getAttribute('aria-describedby')).toBe(await help.getAttribute('id'));
    // …and a statistic's (i), back up in the table, on focus.
    await tabTo(page, 'button[data-help="p99"]', true);
    const bubble = page.getByRole('tooltip');
    await bubble.waitFor();
    expect(await bubble.textContent()).toMatch(/^99% of the waits are at most this long\. Type-7 quantile/);
    expect(await page.locator('button[data-help="p99"]').getAttribute('aria-describedby')).toBe(await bubble.getAttribute('id'));
    expect(await page.locator('button[data-help="p99"]').getAttribute('aria-label')).toBe('About p99');
    await screenshot(page, 'keyboard-help-p99-light', '[data-testid=comparison-table]');
    // Escape hides it (dismissible without moving the focus).
    await page.keyboard.press('Escape');
    expect(await page.getByRole('tooltip').count()).toBe(0);

    // 3. Digits pick the view tabs by their place.
    const tabCount = await page.locator(TABS).count();
    expect(tabCount).toBeGreaterThanOrEqual(2);
    expect(await selectedTab(page)).toBe(0);
    const firstUrl = page.url();
    await page.keyboard.press('2');
    expect(await selectedTab(page)).toBe(1);
    await expect.poll(() => page.url()).not.toBe(firstUrl);
    await page.keyboard.press('1');
    expect(await selectedTab(page)).toBe(0);
    await expect.poll(() => page.url()).toBe(firstUrl);
    await reportShown(page, 300_000);

    // 4. A bucket of the distribution, chosen with the arrow keys, Enter lists its waits (the same counts as the report's histogram).
    // Figure 15.15 and its bucket list are in the Distribution view, the second tab.
    await page.keyboard.press('2');
    expect(await selectedTab(page)).toBe(1);
    await tabTo(page, '[data-testid=bucket-select]');
    await page.keyboard.press('Home');
    for (let i = 0; i < 30; i++) await page.keyboard.press('ArrowDown');
    const option = page.locator('[data-testid=bucket-select] option:checked');
    const counts = ((await option.getAttribute('data-counts')) ?? '').split(',').map(Number);
    expect(counts.reduce((a, b) => a + b, 0)).toBeGreaterThan(0);
    expect(await page.locator('[data-testid=bucket-select]').evaluate((s: HTMLSelectElement) => s.selectedIndex)).toBe(30);
    await screenshot(page, 'keyboard-bucket-picker', '[data-testid=bucket-picker]');
    await page.keyboard.press('Enter');
    const title = page.getByTestId('outlier-list-title');
    await title.locator('span[data-dataset=d2]').waitFor({ timeout: 120_000 });
    expect(await title.textContent()).toContain('in a bucket of the distribution of all waits');
    expect(Number(await title.locator('span[data-dataset=d1]').getAttribute('data-count'))).toBe(counts[0]);
    expect(Number(await title.locator('span[data-dataset=d2]').getAttribute('data-count'))).toBe(counts[1]);
    await page.locator(ROWS).first().waitFor();

    // Enter opened the Outliers view, with the bucket's waits listed (as a click on the bucket does).
    expect(await page.locator('[data-testid=results]').getAttribute('data-view')).toBe('outliers');

    // 5. j and k step through the listed waits: the row is picked, focused, in view, and its context shows (the demo has no trace lines, and says so).
    await page.keyboard.press('j');
    expect(await pickedRow(page)).toBe(0);
    expect(await focusMatches(page, `${ROWS}[data-picked=yes]`)).toBe(true);
    await expect.poll(() => page.locator('.outlier-panel p[role=status]').textContent()).toContain('This wait is synthetic');
    await page.keyboard.press('j');
    await page.keyboard.press('j');
    expect(await pickedRow(page)).toBe(2);
    await page.keyboard.press('k');
    expect(await pickedRow(page)).toBe(1);
    const box = (await page.locator(`${ROWS}[data-picked=yes]`).boundingBox())!;
    expect(box.y).toBeGreaterThanOrEqual(0);
    expect(box.y + box.height).toBeLessThanOrEqual(1000);

    // 6. ? opens the list of shortcuts as a modal dialog that keeps the focus; Esc closes it and gives the focus back.
    await page.keyboard.press('?');
    const dialog = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
    await dialog.waitFor();
    // Modal: the page behind it is inert (showModal), not a box drawn over a live page.
    expect(await dialog.evaluate((d) => d.matches(':modal'))).toBe(true);
    expect(await dialog.locator('[data-testid=shortcut-row]').count()).toBe(6);
    expect(await focusInDialog(page)).toBe(true);
    for (const key of ['Tab', 'Tab', 'Tab', 'Shift+Tab', 'Shift+Tab']) {
      await page.keyboard.press(key);
      expect(await focusInDialog(page), `after ${key}`).toBe(true);
    }
    // While it is open, j does nothing to the list behind it.
    await page.keyboard.press('j');
    expect(await pickedRow(page)).toBe(1);
    await viewportShot(page, 'keyboard-overlay-light');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    expect(await focusMatches(page, `${ROWS}[data-picked=yes]`)).toBe(true);

    // 7. u switches the unit, and back (seen in the Comparison view's table, the first tab).
    await page.keyboard.press('1');
    expect(await selectedTab(page)).toBe(0);
    expect(await caption(page)).toContain('all times in µs');
    await page.keyboard.press('u');
    await expect.poll(() => caption(page)).toContain('all times in ms');
    await page.keyboard.press('u');
    await expect.poll(() => caption(page)).toContain('all times in µs');

    // 8. The time window: back up to From, type both ends (their digits switch no view), Enter applies.
    // A bad From first: Enter in To keeps the window and takes the focus to From, which says why.
    await tabTo(page, '[data-testid=window-from]', true);
    const built = Number(await page.getByTestId('results').getAttribute('data-reports-built'));
    await page.keyboard.type('2012-08-09T10:61:00');
    await page.keyboard.press('Tab');
    expect(await focusMatches(page, '[data-testid=window-to]')).toBe(true);
    await page.keyboard.type('2012-08-09T10:02:00');
    await page.keyboard.press('Enter');
    await page.getByTestId('window-error-from').waitFor();
    expect(await focusMatches(page, '[data-testid=window-from][aria-invalid=true]')).toBe(true);
    expect(await page.getByTestId('results').getAttribute('data-reports-built')).toBe(String(built));
    await page.keyboard.press('Control+A');
    await page.keyboard.type('2012-08-09T10:01:00');
    expect(await selectedTab(page)).toBe(0);
    expect(await page.getByRole('dialog').count()).toBe(0);
    await page.keyboard.press('Enter');
    await page.locator(`[data-testid=results][data-computing=no]:not([data-reports-built="${built}"]) [data-testid=comparison-table]`).waitFor({ timeout: 300_000 });
    const inside = (await tableValue(page, 'count', 'd1'))!;
    expect(inside).toBeGreaterThan(0);
    expect(inside).toBeLessThan(4_000_000);
    expect(await page.getByTestId('window-line-d1').textContent()).toContain('Window from 2012-08-09T10:01:00.000000, to 2012-08-09T10:02:00.000000');
    expect(watch.consoleErrors).toEqual([]);
    await page.close();
  }, 900_000);

  it('fires no shortcut while typing in a label; the same keys work once the field is left; the overlay and help in the dark', async () => {
    const page = await suite.browser.newPage({ viewport: { width: 1440, height: 1000 }, colorScheme: 'dark' });
    const watch = watchPage(page);
    const trace = fixturePath('v11g-commit-loop.trc');
    await loadTwoDatasets(page, suite.server.url, trace, trace);
    const url = page.url();
    const label = page.getByLabel('Label of dataset 1');
    await label.focus();
    await label.press('End');
    await page.keyboard.type(' 2j?u1k');
    expect(await label.inputValue()).toMatch(/ 2j\?u1k$/);
    expect(await selectedTab(page)).toBe(0);
    expect(await page.getByRole('dialog').count()).toBe(0);
    expect(await pickedRow(page)).toBe(-1);
    expect(await caption(page)).toContain('all times in µs');
    expect(new URL(page.url()).searchParams.get('view')).toBe(new URL(url).searchParams.get('view'));

    // Out of the field, the same keys act: the handler was listening all along. (The next stop after a
    // dataset's label may be the next label, where typing is typing: Tab on until the focus is on no field.)
    for (let i = 0; i < 20; i++) {
      await page.keyboard.press('Tab');
      if (!(await page.evaluate(() => document.activeElement?.matches('input:not([type=checkbox]):not([type=radio]), textarea, select, [contenteditable]')))) break;
    }
    await page.keyboard.press('?');
    const dialog = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
    await dialog.waitFor();
    await viewportShot(page, 'keyboard-overlay-dark');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    expect(await focusInDialog(page)).toBe(false);

    await reportShown(page);
    await tabTo(page, 'button[data-help="median"]');
    await page.getByRole('tooltip').waitFor();
    await screenshot(page, 'keyboard-help-median-dark', '[data-testid=comparison-table]');
    await tabTo(page, '[data-testid=comparison-table] li[data-statistic=mean]');
    await page.getByTestId('verdict-help').waitFor();
    await screenshot(page, 'keyboard-verdict-help-dark', '[data-testid=comparison-table]');
    expect(await datasetSettled(page, 'd1')).toBe('ready');
    expect(watch.consoleErrors).toEqual([]);
    await page.close();
  });
});
