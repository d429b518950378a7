// A dataset renamed after its outliers were listed: the outlier panel kept the old label in the
// cluster headings, the timeline's legend and the CSV of a list, which came from the worker's
// results of when they were computed (issue 12). Every label in the panel is now the label field's,
// and a rename does not recompute the outliers (the tables are the same DOM nodes after it).
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useServerAndBrowser } from '../helpers/browser-suite';
import { fixturePath } from '../helpers/cli';
import { allWaitsX, datasetSettled, openView, reportShown, screenshot, showView } from '../helpers/workbench';

const texts = (page: Page, selector: string) => page.locator(selector).allTextContents();

describe('renamed datasets in the outlier panel', () => {
  const suite = useServerAndBrowser();

  /** The page's default labels (url-state.ts DEFAULT_LABELS) on two small traces with 'log file sync' waits. */
  async function open(): Promise<Page> {
    const page = await suite.browser.newPage({ viewport: { width: 1300, height: 900 }, acceptDownloads: true });
    await page.goto(suite.server.url, { waitUntil: 'networkidle' });
    expect(await page.getByLabel('Label of dataset 1').inputValue()).toBe('Flash logging on');
    // v11g-commit-loop.trc: 10 'log file sync' waits, 162–877 µs; v19c-session.trc: 8, 379–1,884 µs (test/golden/*.json).
    await page.getByTestId('input-d1').setInputFiles(fixturePath('v11g-commit-loop.trc'));
    await page.getByTestId('input-d2').setInputFiles(fixturePath('v19c-session.trc'));
    expect(await datasetSettled(page, 'd1')).toBe('ready');
    expect(await datasetSettled(page, 'd2')).toBe('ready');
    await reportShown(page);
    await openView(page, 'outliers');
    await page.locator('[data-testid=clusters] section[data-dataset=d1] h3').waitFor();
    return page;
  }

  it('the top-wait headings, the dataset column and the cluster headings show the label as typed, without recomputing', async () => {
    const page = await open();
    const panel = page.getByTestId('outlier-panel');
    expect((await texts(page, '[data-testid=top-waits-of][data-dataset=d1] h4'))[0]).toMatch(/^Flash logging on: its /);
    expect((await texts(page, '[data-testid=clusters] section[data-dataset=d1] h3'))[0]).toMatch(/^Flash logging on: /);
    // Marks on the DOM nodes: recomputing would replace the tables ("Finding the outliers…" first).
    await panel.locator('[data-testid=top-waits-of][data-dataset=d1] table').evaluate((t) => t.setAttribute('data-before-rename', 'yes'));

    await page.getByLabel('Label of dataset 1').fill('my run');

    const d1Heading = panel.locator('[data-testid=top-waits-of][data-dataset=d1] h4');
    await expect.poll(() => d1Heading.textContent()).toMatch(/^my run: its /);
    expect(await d1Heading.textContent()).toBe('my run: its 10 longest of 10 waits');
    const column = await panel.locator('[data-testid=top-waits-of][data-dataset=d1] tbody tr').evaluateAll((trs) => trs.map((tr) => tr.querySelectorAll('td')[1]?.textContent));
    expect(column).toEqual(Array(10).fill('my run'));
    expect((await texts(page, '[data-testid=clusters] section[data-dataset=d1] h3'))[0]).toMatch(/^my run: /);
    // Dataset 2 keeps its label; no old label is left anywhere in the panel.
    expect((await texts(page, '[data-testid=top-waits-of][data-dataset=d2] h4'))[0]).toMatch(/^Flash logging off: its /);
    expect((await texts(page, '[data-testid=clusters] section[data-dataset=d2] h3'))[0]).toMatch(/^Flash logging off: /);
    expect(await panel.textContent()).not.toContain('Flash logging on');
    expect(await panel.locator('[data-testid=top-waits-of][data-dataset=d1] table').getAttribute('data-before-rename')).toBe('yes');
    await screenshot(page, 'outlier-labels-renamed', '[data-testid=outlier-panel]');
    await page.close();
  });

  it('a list made before the rename: its title, dataset column and CSV take the new label', async () => {
    const page = await open();
    await showView(page, 'distribution');
    await page.locator('[data-testid=figure-all-waits-chart][data-ready=true]').waitFor();
    // The log10 bucket [10^2.7, 10^2.75) = [501.2, 562.3) µs holds one wait of either trace: v11g's 519 µs.
    const at = await allWaitsX(page, 530);
    await page.mouse.click(at.x, at.y);
    const title = page.getByTestId('outlier-list-title');
    await expect.poll(() => title.textContent()).toMatch(/^Waits of .*: Flash logging on 1 wait/);
    const rows = page.getByTestId('outlier-rows').locator('tbody tr');
    expect(await rows.count()).toBe(1);
    expect(await rows.first().getAttribute('data-ela')).toBe('519');

    await page.getByLabel('Label of dataset 1').fill('my run');

    await expect.poll(() => title.textContent()).toMatch(/: my run 1 wait/);
    expect(await rows.first().locator('td').nth(1).textContent()).toBe('my run');
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('outlier-csv').click()]);
    const csv = readFileSync((await download.path())!, 'utf8').trimEnd().split('\n');
    expect(csv[0]).toBe('dataset_id,dataset,ela_us,wall_clock_time,time_kind,session,pid,file,line');
    expect(csv.slice(1).map((l) => l.split(',').slice(0, 3))).toEqual([['d1', 'my run', '519']]);
    await page.close();
  });
});
