// Issue 12 §3 in Chromium: with 12 waits against 5 the page once printed p99 and p99.9 and the verdict
// "p99 45.5% higher [95% CI 4.9–3285.9%]" beside its own warning that p99 needs 100 waits. Now every
// statistic below its minimum sample size reads "n/a (needs ≥ N waits)" in the table, the Summary CSV
// and the Report JSON, there is no p99 verdict, and one sentence answers the question first.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { watchPage, type PageWatch } from '../helpers/browser';
import { useServerAndBrowser } from '../helpers/browser-suite';
import { openDownloads, screenshot, tableValue, loadTwoDatasets } from '../helpers/workbench';

// A: 100, 200, …, 1200 µs (mean 650); B: 150, 250, 350, 450, 550 µs (mean 350). By hand: the means
// differ by (650 − 350)/350 = +85.7%; A's p90 (type 7, h = 1 + 11·0.9 = 10.9) is 0.1·1000 + 0.9·1100 = 1090.
const A = Array.from({ length: 12 }, (_, i) => 100 * (i + 1));
const B = [150, 250, 350, 450, 550];

describe('workbench: verdicts a statistician would sign (12 against 5 waits)', () => {
  const suite = useServerAndBrowser();
  const dir = mkdtempSync(path.join(tmpdir(), 'verdicts-'));
  let page: Page;
  let watch: PageWatch;

  beforeAll(async () => {
    const a = path.join(dir, 'twelve.csv');
    const b = path.join(dir, 'five.csv');
    writeFileSync(a, `ela_us\n${A.join('\n')}\n`);
    writeFileSync(b, `ela_us\n${B.join('\n')}\n`);
    page = await suite.browser.newPage({ viewport: { width: 1400, height: 1000 }, acceptDownloads: true });
    watch = watchPage(page);
    await loadTwoDatasets(page, suite.server.url, a, b);
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  const cellText = (stat: string, id: string) => page.locator(`[data-testid=comparison-table] td[data-stat="${stat}"][data-dataset="${id}"]`).textContent();

  it('shows "n/a (needs ≥ N waits)" where a side is too small, and the numbers it supports', async () => {
    expect(await cellText('p99', 'd1')).toBe('n/a (needs ≥ 100 waits)');
    expect(await cellText('p99', 'd2')).toBe('n/a (needs ≥ 100 waits)');
    expect(await cellText('p999', 'd1')).toBe('n/a (needs ≥ 1,000 waits)');
    expect(await cellText('p90', 'd2')).toBe('n/a (needs ≥ 10 waits)');
    expect(await tableValue(page, 'p99', 'd1')).toBeNull();
    expect(await tableValue(page, 'p90', 'd1')).toBeCloseTo(1090, 9);
    const diff = page.locator('[data-testid=comparison-table] [data-stat=p99][data-comparison="0-1"][data-kind=difference]');
    expect(await diff.textContent()).toBe('n/a (needs ≥ 100 waits)');
  });

  it('shows p95 and sum, as `waitscope compare` does', async () => {
    const rows = await page.locator('[data-testid=comparison-table] tbody th').allTextContents();
    expect(rows).toEqual(['count', 'min', 'median', 'mean', 'p90', 'p95', 'p99', 'p99.9', 'max', 'stddev', 'sum']);
    expect(await tableValue(page, 'sum', 'd1')).toBe(7800);
    expect(await tableValue(page, 'sum', 'd2')).toBe(1750);
    expect(await cellText('p95', 'd1')).toBe('n/a (needs ≥ 20 waits)');
  });

  it('gives no p99 verdict, no iid p-value on any verdict line, and no CI from 5 waits', async () => {
    const items = page.locator('[data-testid=comparison-table] li[data-statistic]');
    expect(await items.evaluateAll((li) => li.map((x) => x.getAttribute('data-statistic')))).toEqual(['mean', 'median']);
    for (const text of await items.allTextContents()) {
      expect(text).not.toMatch(/Welch|Mann|p [=<]/);
      // 5 waits on one side: no CI, so no claim of significance (it once read "mean 85.7% higher [95% CI …]").
      expect(text).toContain('no claim of significance (a CI needs at least 10 waits on each side)');
    }
    expect(await page.getByTestId('iid-tests').textContent()).toContain("Welch's t (iid)");
  });

  it('answers first, in one sentence that says single waits were resampled and why', async () => {
    const answer = (await page.getByTestId('answers').textContent()) ?? '';
    expect(answer).toMatch(/^With .+ rather than .+, 'log file sync' waits /);
    expect(answer).toContain('(12 + 5 waits; single waits resampled, not sessions: sessions unknown).');
    expect(answer).not.toContain('p99');
    // The answer is above the table.
    const [answerBox, tableBox] = await Promise.all([page.getByTestId('answers').boundingBox(), page.getByTestId('comparison-table').boundingBox()]);
    expect(answerBox!.y).toBeLessThan(tableBox!.y);
    await screenshot(page, 'verdicts-small-samples', '[data-testid=results]');
  });

  it('writes the same n/a into the Summary CSV and the Report JSON', async () => {
    await openDownloads(page);
    const [csv] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Summary CSV' }).click()]);
    const rows = Papa.parse<Record<string, string>>(readFileSync((await csv.path())!, 'utf8'), { header: true, skipEmptyLines: true }).data;
    const p99 = rows.filter((r) => r.statistic === 'p99').map((r) => r.value);
    expect(p99).toEqual(['n/a (needs ≥ 100 waits)', 'n/a (needs ≥ 100 waits)']);
    const [json] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Report JSON' }).click()]);
    const report = JSON.parse(readFileSync((await json.path())!, 'utf8'));
    expect(report.datasets.map((d: { summary: { p99: number | null } }) => d.summary.p99)).toEqual([null, null]);
    expect(report.datasets[1].notEstimable.p99).toBe('n/a (needs ≥ 100 waits)');
    expect(report.comparisons[0].verdicts.map((v: { statistic: string }) => v.statistic)).toEqual(['mean', 'median']);
    expect(watch.consoleErrors).toEqual([]);
  });
});
