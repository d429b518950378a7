// A dataset renamed after its outliers were listed: the outlier panel kept the old label in the
// cluster headings (and the timeline's legend), which came from the worker's results of when the
// outliers were computed (issue 12). Every label in the panel is now the label field's, and a
// rename does not recompute the outliers (the tables are the same DOM nodes after it).
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useServerAndBrowser } from '../helpers/browser-suite';
import { fixturePath } from '../helpers/cli';
import { datasetSettled, reportShown, screenshot } from '../helpers/workbench';

const texts = (page: Page, selector: string) => page.locator(selector).allTextContents();

describe('renamed datasets in the outlier panel', () => {
  const suite = useServerAndBrowser();

  it('the top-wait headings, the dataset column and the cluster headings show the label as typed, without recomputing', async () => {
    const page = await suite.browser.newPage({ viewport: { width: 1300, height: 900 } });
    await page.goto(suite.server.url, { waitUntil: 'networkidle' });
    // The page's default labels (url-state.ts DEFAULT_LABELS); two small traces with 'log file sync' waits.
    expect(await page.getByLabel('Label of dataset 1').inputValue()).toBe('Flash logging on');
    await page.getByTestId('input-d1').setInputFiles(fixturePath('v11g-commit-loop.trc'));
    await page.getByTestId('input-d2').setInputFiles(fixturePath('v19c-session.trc'));
    expect(await datasetSettled(page, 'd1')).toBe('ready');
    expect(await datasetSettled(page, 'd2')).toBe('ready');
    await reportShown(page);
    const panel = page.getByTestId('outlier-panel');
    await panel.locator('[data-testid=clusters] section[data-dataset=d1] h3').waitFor();
    // The panel before the rename: the default labels.
    expect((await texts(page, '[data-testid=top-waits-of][data-dataset=d1] h4'))[0]).toMatch(/^Flash logging on: its /);
    expect((await texts(page, '[data-testid=clusters] section[data-dataset=d1] h3'))[0]).toMatch(/^Flash logging on: /);
    // Marks on the DOM nodes: recomputing would replace the tables ("Finding the outliers…" first).
    await panel.locator('[data-testid=top-waits-of][data-dataset=d1] table').evaluate((t) => t.setAttribute('data-before-rename', 'yes'));

    await page.getByLabel('Label of dataset 1').fill('my run');

    const d1Heading = panel.locator('[data-testid=top-waits-of][data-dataset=d1] h4');
    await expect.poll(() => d1Heading.textContent()).toMatch(/^my run: its /);
    // v11g-commit-loop.trc has 10 'log file sync' waits (test/golden/v11g-commit-loop.json): all of them listed.
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
});
