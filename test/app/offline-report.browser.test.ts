// The offline report (issue 17 §3) in Chromium with the network blocked: the file `waitscope report`
// writes and the file the page's "Download report" saves open from file://, show the numbers of
// `waitscope compare --json` (or of the page they came from), draw every figure, request nothing but
// the file, and name no instance, host, file or folder unless the user ticked them. The book demo's
// file is weighed against the 3 MB budget.
import { mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WaitscopeReport } from '@/lib/report/report-schema';
import { COMPARED_ROW_STATISTICS } from '@/lib/report/report-constants';
import { useServerAndBrowser } from '../helpers/browser-suite';
import { makeTempDir, parseJsonOutput, runCli } from '../helpers/cli';
import { datasetSettled, reportShown, screenshot, SCREENSHOT_DIR, tableValue } from '../helpers/workbench';
import { payloadOf } from '../offline/offline-file';
import { expectDrawnOffline, FIGURES, openOffline } from '../offline/open-offline';
import { SECRET, writeSecretTraces } from '../share/secret-traces';

const PRIVATE = [SECRET.instance, SECRET.host, SECRET.file, SECRET.folder, SECRET.sql, SECRET.module, SECRET.action];
const found = (html: string, names: readonly string[]) => names.filter((n) => html.toLowerCase().includes(n.toLowerCase()));

/** The comparison table's numbers: each dataset's statistics and A − B, as data-value (µs). */
async function tableNumbers(page: Page, ids: readonly string[]) {
  const rows: Record<string, (number | null)[]> = {};
  for (const stat of COMPARED_ROW_STATISTICS) {
    const difference = await page.locator(`[data-testid=comparison-table] [data-stat="${stat}"][data-comparison="0-1"][data-kind="difference"]`).first().getAttribute('data-value');
    rows[stat] = [...(await Promise.all(ids.map((id) => tableValue(page, stat, id)))), difference === null ? null : Number(difference)];
  }
  return rows;
}

/** Share… then Download report: the file the page saves, and its path. */
async function downloadReport(page: Page, dir: string, name: string): Promise<{ file: string; html: string }> {
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('download-report').click()]);
  expect(download.suggestedFilename()).toBe('waitscope-log-file-sync-report.html');
  const file = path.join(dir, name);
  await download.saveAs(file);
  return { file, html: readFileSync(file, 'utf8') };
}

describe('the offline report in Chromium, network blocked', () => {
  const suite = useServerAndBrowser();
  const temp = makeTempDir('offline-report');
  const ON = path.join(temp.dir, 'on');
  const OFF = path.join(temp.dir, 'off');
  let compare: WaitscopeReport;
  let onFiles: string[];
  let offFiles: string[];

  beforeAll(async () => {
    onFiles = writeSecretTraces(temp.dir, 'on', 'flash-on');
    offFiles = writeSecretTraces(temp.dir, 'off', 'flash-off');
    const [c, r] = await Promise.all([runCli(['compare', '--json', ON, '--vs', OFF]), runCli(['report', ON, '--vs', OFF, '--out', path.join(temp.dir, 'cli.html')])]);
    expect(c.status, c.stderr).toBe(0);
    expect(r.status, r.stderr).toBe(0);
    compare = parseJsonOutput<WaitscopeReport>(c);
  });
  afterAll(() => temp.remove());

  it("waitscope report's file: the table is compare --json's, every figure drew, and only the file was requested", async () => {
    const o = await openOffline(suite.browser, path.join(temp.dir, 'cli.html'));
    try {
      const expected: Record<string, (number | null)[]> = {};
      for (const stat of COMPARED_ROW_STATISTICS) {
        const row = compare.comparisons[0]!.rows.find((r) => r.statistic === stat)!;
        expected[stat] = [compare.datasets[0]!.summary[stat], compare.datasets[1]!.summary[stat], row.difference];
      }
      expect(await tableNumbers(o.page, ['a', 'b'])).toEqual(expected);
      expect(expected.count).toEqual([3000, 3000, 0]);
      // The verdicts are compare's, line for line.
      const verdicts = await o.page.locator('[data-testid=comparison-table] li[data-statistic]').allTextContents();
      expect(verdicts.map((v) => v.trim())).toEqual(compare.comparisons[0]!.verdicts.map((v) => v.text));
      await expectDrawnOffline(o);
      expect(await o.page.title()).toBe('Dataset 1 vs Dataset 2: log file sync · waitscope report');
      // A figure's PNG is its SVG drawn through a blob: image, which the file's policy allows; still nothing leaves.
      const [png] = await Promise.all([o.page.waitForEvent('download'), o.page.getByTestId('figure-all-waits-export-png').click()]);
      expect(png.suggestedFilename()).toMatch(/\.png$/);
      expect(readFileSync((await png.path())!).subarray(1, 4).toString('latin1')).toBe('PNG');
      expect(o.requests.filter((u) => !/^(file|blob|data):/.test(u))).toEqual([]);
      expect(o.errors).toEqual([]);
      await screenshot(o.page, 'offline-report-cli');
      await screenshot(o.page, 'offline-report-cli-table', '[data-testid=comparison-table]');
    } finally {
      await o.context.close();
    }
  });

  it("the page's Download report: the page's numbers, offline, without private names until they are ticked", async () => {
    const page = await suite.browser.newPage({ viewport: { width: 1400, height: 1000 } });
    await page.goto(suite.server.url, { waitUntil: 'networkidle' });
    await page.getByTestId('input-d1').setInputFiles(onFiles);
    await page.getByTestId('input-d2').setInputFiles(offFiles);
    expect(await datasetSettled(page, 'd1')).toBe('ready');
    expect(await datasetSettled(page, 'd2')).toBe('ready');
    await reportShown(page);
    const shown = await tableNumbers(page, ['d1', 'd2']);
    await page.getByTestId('share-button').click();
    await page.getByTestId('download-report').waitFor();
    await screenshot(page, 'offline-report-share-panel', '[data-testid=share-panel]');

    const plain = await downloadReport(page, temp.dir, 'page.html');
    expect(found(plain.html, PRIVATE)).toEqual([]);
    expect(payloadOf(plain.html).datasets.flatMap((d) => d.files.map((f) => f.name))).toEqual(['file 1', 'file 2', 'file 3', 'file 4']);
    expect(await page.getByTestId('download-report-note').textContent()).toMatch(/^Saved waitscope-log-file-sync-report\.html \([\d.]+ (KB|MB)\)/);

    const o = await openOffline(suite.browser, plain.file);
    try {
      expect(await tableNumbers(o.page, ['d1', 'd2'])).toEqual(shown);
      expect(shown.count).toEqual([3000, 3000, 0]);
      await expectDrawnOffline(o);
    } finally {
      await o.context.close();
    }

    await page.getByTestId('share-include-hosts').check();
    await page.getByTestId('share-include-files').check();
    const ticked = await downloadReport(page, temp.dir, 'page-ticked.html');
    // Names the user ticked travel (files chosen one by one have no folder); the SQL text (no profile was shown), module and action never do.
    expect(found(ticked.html, PRIVATE)).toEqual([SECRET.instance, SECRET.host, SECRET.file]);
    await page.close();
  });

  it("the book demo's report weighs under 3 MB and draws offline", async () => {
    const page = await suite.browser.newPage({ viewport: { width: 1400, height: 1000 } });
    await page.goto(suite.server.url, { waitUntil: 'networkidle' });
    await page.getByTestId('demo-button').click();
    expect(await datasetSettled(page, 'd1')).toBe('ready');
    expect(await datasetSettled(page, 'd2')).toBe('ready');
    await reportShown(page);
    await page.getByTestId('share-button').click();
    await page.getByTestId('download-report').waitFor({ timeout: 120_000 });
    const demo = await downloadReport(page, temp.dir, 'demo.html');
    const bytes = statSync(demo.file).size;
    mkdirSync(SCREENSHOT_DIR, { recursive: true });
    writeFileSync(path.join(SCREENSHOT_DIR, 'offline-report-size.json'), JSON.stringify({ demoReportBytes: bytes }, null, 2));
    console.log(`[offline report] book demo (2 × 4,000,000 waits): ${(bytes / 1024 / 1024).toFixed(2)} MB`);
    expect(bytes).toBeLessThan(3 * 1024 * 1024);
    expect(payloadOf(demo.html).datasets.map((d) => d.summary.count)).toEqual([4_000_000, 4_000_000]);
    await page.close();
    const o = await openOffline(suite.browser, demo.file);
    try {
      await expectDrawnOffline(o);
      await screenshot(o.page, 'offline-report-demo');
      await o.page.screenshot({ path: path.join(SCREENSHOT_DIR, 'offline-report-demo-top.png'), clip: { x: 0, y: 0, width: 1440, height: 1500 } });
      for (const id of FIGURES) await screenshot(o.page, `offline-report-demo-${id}`, `[data-testid=${id}] >> nth=0`);
    } finally {
      await o.context.close();
    }
  });
});
