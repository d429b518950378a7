// Issue 12 §4: nothing the user loaded or typed is lost by accident (demo over loaded data, per-file
// remove, Clear with Undo), and a dataset card counts only the files that loaded.
import { rmSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { watchPage } from '../helpers/browser';
import { useServerAndBrowser } from '../helpers/browser-suite';
import { FIXTURES_DIR as FIXTURES } from '../helpers/cli';
import { writeCompareInputs } from '../helpers/compare-inputs';
import { datasetSettled, reportShown, screenshot, tableValue } from '../helpers/workbench';

const STATS = ['count', 'min', 'median', 'mean', 'p90', 'p99', 'max', 'stddev'] as const;

async function statsOf(page: Page, id: string): Promise<Record<string, number | null>> {
  const out: Record<string, number | null> = {};
  for (const stat of STATS) out[stat] = await tableValue(page, stat, id);
  return out;
}

describe('workbench: nothing lost by accident', () => {
  const inputs = writeCompareInputs(400);
  const suite = useServerAndBrowser();
  afterAll(() => rmSync(inputs.root, { recursive: true, force: true }));

  /** A page whose dataset 1 holds the three `on` files (1,200 waits) under the typed label 'my run'. */
  async function pageWithMyRun(): Promise<Page> {
    const page = await suite.browser.newPage({ viewport: { width: 1400, height: 1000 } });
    await page.goto(suite.server.url, { waitUntil: 'networkidle' });
    await page.getByTestId('input-d1').setInputFiles(inputs.on);
    expect(await datasetSettled(page, 'd1')).toBe('ready');
    await page.getByLabel('Label of dataset 1').fill('my run');
    return page;
  }

  it('counts only the files that loaded, and marks the others rejected', async () => {
    const page = await suite.browser.newPage({ viewport: { width: 1400, height: 1000 } });
    await page.goto(suite.server.url, { waitUntil: 'networkidle' });
    // Two traces (10 and 9 'log file sync' WAIT lines outside their SQL text, counted by hand) and two non-traces.
    const names = ['v11g-commit-loop.trc', 'v19c-session.trc', 'readme-not-a-trace.trc', 'binary-random.trc'];
    await page.getByTestId('input-d1').setInputFiles(names.map((n) => path.join(FIXTURES, n)));
    expect(await datasetSettled(page, 'd1')).toBe('ready');
    const summary = (await page.getByTestId('summary-d1').textContent()) ?? '';
    expect(summary).toMatch(/^2 files, 19 'log file sync' waits/);
    expect(summary).toContain('2 rejected');
    const card = page.getByTestId('dataset-d1');
    await card.getByText('Files', { exact: true }).click();
    const states = Object.fromEntries(
      await card.locator('[data-file-state]').evaluateAll((lis) => lis.map((li) => [li.getAttribute('data-file'), li.getAttribute('data-file-state')])),
    );
    expect(states).toEqual({ 'binary-random.trc': 'rejected', 'readme-not-a-trace.trc': 'rejected', 'v11g-commit-loop.trc': 'done', 'v19c-session.trc': 'done' });
    const rejected = (await card.locator('[data-file="readme-not-a-trace.trc"]').textContent()) ?? '';
    expect(rejected).toContain('rejected');
    expect(rejected).toContain('rejected: it is not an Oracle trace');
    expect(rejected).not.toContain('(done)');
    await screenshot(page, 'keep-rejected-files', '[data-testid=dataset-d1]');
    await page.close();
  });

  it('removing one file gives exactly the numbers of loading only the others', async () => {
    const page = await suite.browser.newPage({ viewport: { width: 1400, height: 1000 } });
    const watch = watchPage(page);
    await page.goto(suite.server.url, { waitUntil: 'networkidle' });
    await page.getByTestId('input-d1').setInputFiles(inputs.off);
    await page.getByTestId('input-d2').setInputFiles(inputs.off.slice(0, 2));
    expect(await datasetSettled(page, 'd1')).toBe('ready');
    expect(await datasetSettled(page, 'd2')).toBe('ready');
    await reportShown(page);
    expect(await tableValue(page, 'count', 'd1')).toBe(1200);
    const card = page.getByTestId('dataset-d1');
    await card.getByText('Files', { exact: true }).click();
    await card.getByRole('button', { name: `Remove ${path.basename(inputs.off[2]!)}` }).click();
    await expect.poll(() => tableValue(page, 'count', 'd1'), { timeout: 60_000 }).toBe(800);
    await reportShown(page);
    expect(await statsOf(page, 'd1')).toEqual(await statsOf(page, 'd2'));
    expect(await page.getByTestId('summary-d1').textContent()).toMatch(/^2 files, 800 /);
    await screenshot(page, 'keep-file-removed', '[data-testid=dataset-d1]');
    expect(watch.consoleErrors).toEqual([]);
    await page.close();
  });

  it('Clear can be undone: the files and every number come back', async () => {
    const page = await suite.browser.newPage({ viewport: { width: 1400, height: 1000 } });
    await page.goto(suite.server.url, { waitUntil: 'networkidle' });
    await page.getByTestId('input-d1').setInputFiles(inputs.on);
    await page.getByTestId('input-d2').setInputFiles(inputs.off);
    expect(await datasetSettled(page, 'd1')).toBe('ready');
    expect(await datasetSettled(page, 'd2')).toBe('ready');
    await reportShown(page);
    const before = await statsOf(page, 'd1');
    expect(before.count).toBe(1200);
    const card = page.getByTestId('dataset-d1');
    await card.getByRole('button', { name: 'Clear' }).click();
    await expect.poll(() => card.getAttribute('data-waits')).toBe('0');
    await screenshot(page, 'keep-cleared', '[data-testid=dataset-d1]');
    await card.getByRole('button', { name: 'Undo' }).click();
    await expect.poll(() => card.getAttribute('data-waits')).toBe('1200');
    expect(await page.getByTestId('summary-d1').textContent()).toMatch(/^3 files, 1,200 /);
    await expect.poll(() => tableValue(page, 'count', 'd1'), { timeout: 60_000 }).toBe(1200);
    await reportShown(page);
    expect(await statsOf(page, 'd1')).toEqual(before);
    await page.close();
  });

  it("asks before the book's experiment would replace loaded data or a typed label, and keeps them unless told", async () => {
    const page = await pageWithMyRun();
    await page.getByLabel('Label of dataset 2').fill('second try');

    await page.getByTestId('demo-button').click();
    const ask = page.getByTestId('demo-confirm');
    await ask.waitFor();
    const text = (await ask.textContent()) ?? '';
    expect(text).toContain("'my run' holds 3 files");
    expect(text).toContain("'second try'");
    await screenshot(page, 'keep-demo-confirm', '.intro');
    await ask.getByRole('button', { name: 'Cancel' }).click();
    expect(await ask.count()).toBe(0);
    expect(await page.getByLabel('Label of dataset 1').inputValue()).toBe('my run');
    expect(await page.getByTestId('dataset-d1').getAttribute('data-waits')).toBe('1200');

    await page.getByTestId('demo-button').click();
    await page.getByTestId('demo-confirm').getByRole('button', { name: /new datasets/ }).click();
    expect(await datasetSettled(page, 'd3')).toBe('ready');
    expect(await datasetSettled(page, 'd4')).toBe('ready');
    expect(await page.getByTestId('dataset-d3').getAttribute('data-waits')).toBe('4000000');
    expect(await page.getByLabel('Label of dataset 1').inputValue()).toBe('my run');
    expect(await page.getByLabel('Label of dataset 2').inputValue()).toBe('second try');
    expect(await page.getByLabel('Label of dataset 3').inputValue()).toBe('Flash logging on');
    expect(await page.getByTestId('dataset-d1').getAttribute('data-waits')).toBe('1200');
    expect(page.url()).not.toContain('demo=book'); // the page holds the user's files too: a demo link would not show it
    await page.close();
  });

  it('replaces datasets 1 and 2 with the demo only when told to', async () => {
    const page = await pageWithMyRun();
    await page.getByTestId('demo-button').click();
    const ask = page.getByTestId('demo-confirm');
    expect(await ask.textContent()).toContain("'my run' holds 3 files");
    expect(await ask.textContent()).not.toContain('Dataset 2'); // untouched: nothing of it is lost
    await ask.getByRole('button', { name: 'Replace them' }).click();
    expect(await datasetSettled(page, 'd1')).toBe('ready');
    expect(await page.getByTestId('dataset-d1').getAttribute('data-waits')).toBe('4000000');
    expect(await page.getByLabel('Label of dataset 1').inputValue()).toBe('Flash logging on');
    await expect.poll(() => page.url()).toContain('demo=book');
    await page.close();
  });
});
