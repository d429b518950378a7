// Issue 13 §2, "cheap view changes": a threshold edit, the units or the bucket mode redraw what they
// change and build no report (the worker tells how many it has built: data-reports-built), and the
// counts of a threshold added by the user are right.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { watchPage } from '../helpers/browser';
import { useServerAndBrowser } from '../helpers/browser-suite';
import { figuresDrawn, openView, screenshot, loadTwoDatasets } from '../helpers/workbench';

// By hand: above 2,500 µs are 3,000, 50,000 and 600,000 of A (3 of 5) and none of B (2,500 is not above
// 2,500); above 1 ms (1,000 µs) are four of A and B's 2,500 (1 of 3, 333,333.3 per million).
const A = [100, 2000, 3000, 50_000, 600_000];
const B = [10, 20, 2500];

describe('workbench: a threshold edit or a units switch builds no report', () => {
  const suite = useServerAndBrowser();
  const dir = mkdtempSync(path.join(tmpdir(), 'thresholds-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  const built = async (page: Page) => Number(await page.getByTestId('results').getAttribute('data-reports-built'));
  const cell = (page: Page, threshold: number, id: string, kind: 'count' | 'rate') =>
    page.locator(`[data-testid=threshold-table] span[data-threshold="${threshold}"][data-kind=${kind}][data-dataset=${id}]`).getAttribute('data-value', { timeout: 10_000 });
  const addThreshold = async (page: Page, text: string) => {
    await page.getByTestId('threshold-table').getByRole('textbox').fill(text);
    await page.getByTestId('threshold-table').getByRole('button', { name: 'add' }).click();
  };

  it('counts the added thresholds and builds the report once', async () => {
    const a = path.join(dir, 'a.csv');
    const b = path.join(dir, 'b.csv');
    writeFileSync(a, `ela_us\n${A.join('\n')}\n`);
    writeFileSync(b, `ela_us\n${B.join('\n')}\n`);
    const page = await suite.browser.newPage({ viewport: { width: 1400, height: 1000 } });
    const watch = watchPage(page);
    await loadTwoDatasets(page, suite.server.url, a, b);
    await figuresDrawn(page);
    await openView(page, 'tail');
    const before = await built(page);
    expect(before).toBeGreaterThanOrEqual(1);

    await addThreshold(page, '2500');
    expect(await cell(page, 2500, 'd1', 'count')).toBe('3');
    expect(await cell(page, 2500, 'd1', 'rate')).toBe('600000');
    expect(await cell(page, 2500, 'd2', 'count')).toBe('0');
    await page.getByTestId('unit-switch').getByLabel('ms').check();
    await addThreshold(page, '1');
    expect(await cell(page, 1000, 'd1', 'count')).toBe('4');
    expect(await cell(page, 1000, 'd2', 'count')).toBe('1');
    expect(Number(await cell(page, 1000, 'd2', 'rate'))).toBeCloseTo(1e6 / 3, 6);
    expect(await cell(page, 2500, 'd1', 'count')).toBe('3'); // the first one is still there
    expect(new URL(page.url()).searchParams.get('thr')).toBe('1000,2500');
    await page.getByTestId('bucket-switch').getByLabel('Oracle log2 buckets').check();
    await figuresDrawn(page);
    await page.getByTestId('threshold-table').getByRole('button', { name: 'remove 2.5 ms' }).click();
    await page.locator('[data-testid=threshold-table] tr[data-threshold="2500"]').waitFor({ state: 'detached' });
    expect(await cell(page, 1000, 'd1', 'count')).toBe('4');
    await screenshot(page, 'thresholds-counted-apart', '[data-testid=threshold-table]');

    // A share carries the user's threshold, counted, and reuses the report already built.
    await page.getByTestId('share-button').click();
    await page.getByTestId('share-json').locator('summary').click();
    const sent = JSON.parse((await page.getByTestId('share-preview').textContent())!) as { datasets: { distributions: { thresholds: { threshold: number; count: number }[] } }[] };
    expect(sent.datasets.map((d) => d.distributions.thresholds.find((t) => t.threshold === 1000)?.count)).toEqual([4, 1]);
    expect(sent.datasets[0]!.distributions.thresholds.map((t) => t.threshold)).toEqual([1000, 10_000, 100_000, 500_000]);

    expect(await built(page)).toBe(before);
    expect(watch.consoleErrors).toEqual([]);
    await page.close();
  });
});
