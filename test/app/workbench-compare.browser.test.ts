import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, watchPage, type PageWatch } from '../helpers/browser';
import { runCli } from '../helpers/cli';
import type { WaitscopeReport } from '@/lib/report/report-schema';
import { writeCompareInputs } from '../helpers/compare-inputs';
import { startNextServer, type NextServer } from '../helpers/next-server';
import { chooseEvent, comparisonValue, datasetSettled, figuresDrawn, openDownloads, openView, reportShown, screenshot, tableValue } from '../helpers/workbench';

const STATS = ['count', 'min', 'median', 'mean', 'p90', 'p95', 'p99', 'p999', 'max', 'stddev', 'sum'] as const;

describe('workbench: two datasets of trace files in Chromium', () => {
  const inputs = writeCompareInputs(3000);
  let server: NextServer | undefined;
  let browser: Browser | undefined;
  let page: Page;
  let watch: PageWatch;

  beforeAll(async () => {
    server = await startNextServer();
    browser = await launchChromium();
    page = await browser.newPage({ viewport: { width: 1400, height: 1000 }, acceptDownloads: true });
    watch = watchPage(page);
    await page.goto(server.url, { waitUntil: 'networkidle' });
    await page.getByTestId('input-d1').setInputFiles(inputs.on);
    await page.getByTestId('input-d2').setInputFiles(inputs.off);
    expect(await datasetSettled(page, 'd1')).toBe('ready');
    expect(await datasetSettled(page, 'd2')).toBe('ready');
    await reportShown(page);
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    rmSync(inputs.root, { recursive: true, force: true });
  });

  it('shows the numbers of `waitscope compare --json` on the same files (one of them gzipped)', async () => {
    const cli = await runCli(['compare', path.dirname(inputs.on[0]!), '--vs', path.dirname(inputs.off[0]!), '--json']);
    expect(cli.status).toBe(0);
    // compare --json prints the report (datasets[0] = A, datasets[1] = B, comparisons[0] = A against B).
    const json = JSON.parse(cli.stdout) as WaitscopeReport;
    const [a, b] = json.datasets;
    const pair = json.comparisons[0]!;
    for (const stat of STATS) {
      expect(await tableValue(page, stat, 'd1'), `${stat} of d1`).toBe(a!.summary[stat]);
      expect(await tableValue(page, stat, 'd2'), `${stat} of d2`).toBe(b!.summary[stat]);
      expect(await comparisonValue(page, stat, 'difference'), `${stat} A − B`).toBe(pair.rows.find((r) => r.statistic === stat)!.difference);
    }
    expect(a!.summary.count).toBe(9000);
    for (const stat of ['median', 'p99', 'mean'] as const) {
      const ci = pair.bootstrap!.difference[stat]!;
      expect(await comparisonValue(page, stat, 'ci-lower', '[data-of=difference][data-ci=bootstrap-cluster]'), `${stat} CI`).toBe(ci.lower);
      expect(await comparisonValue(page, stat, 'ci-upper', '[data-of=difference][data-ci=bootstrap-cluster]'), `${stat} CI`).toBe(ci.upper);
    }
    const verdicts = await page.locator('[data-testid=comparison-table] li[data-statistic]').allTextContents();
    expect(verdicts.join('\n')).toContain(pair.verdicts.find((v) => v.statistic === 'mean')!.text);
    await figuresDrawn(page);
    await screenshot(page, 'compare-results');
    expect(watch.externalRequests).toEqual([]);
    expect(watch.consoleErrors).toEqual([]);
  });

  it('switches units to ms and keeps them, with the bucket mode, in the URL across a reload', async () => {
    await page.getByTestId('unit-switch').getByLabel('ms').check();
    await page.getByTestId('bucket-switch').getByLabel('Oracle log2 buckets').check();
    await expect.poll(() => page.url()).toContain('unit=ms');
    await expect.poll(() => page.url()).toContain('buckets=log2');
    expect(await page.getByTestId('comparison-table').textContent()).toContain('ms');
    await page.reload({ waitUntil: 'networkidle' });
    // The page reads its URL after hydration, which a busy machine may finish after the network is idle.
    await expect.poll(() => page.getByTestId('unit-switch').getByLabel('ms').isChecked()).toBe(true);
    expect(await page.getByTestId('bucket-switch').getByLabel('Oracle log2 buckets').isChecked()).toBe(true);
  });

  it('recomputes everything for another event chosen from the loaded files', async () => {
    await page.getByTestId('input-d1').setInputFiles(inputs.on);
    await page.getByTestId('input-d2').setInputFiles(inputs.off);
    await datasetSettled(page, 'd1');
    await datasetSettled(page, 'd2');
    await reportShown(page);
    const event = 'SQL*Net message from client';
    await chooseEvent(page, event);
    await expect.poll(() => page.getByTestId('dataset-d1').getAttribute('data-state')).toBe('ready');
    const cli = await runCli(['compare', path.dirname(inputs.on[0]!), '--vs', path.dirname(inputs.off[0]!), '--json', '--event', event]);
    const json = JSON.parse(cli.stdout) as WaitscopeReport;
    await expect.poll(() => tableValue(page, 'count', 'd1'), { timeout: 60_000 }).toBe(json.datasets[0]!.summary.count);
    expect(await tableValue(page, 'mean', 'd2')).toBe(json.datasets[1]!.summary.mean);
    await expect.poll(() => page.url()).toContain(`event=${encodeURIComponent(event).replace(/%20/g, '+')}`);
    await chooseEvent(page, 'log file sync');
    await expect.poll(() => tableValue(page, 'count', 'd1'), { timeout: 60_000 }).toBe(9000);
    await expect.poll(() => tableValue(page, 'count', 'd2'), { timeout: 60_000 }).toBe(9000);
    expect(await datasetSettled(page, 'd2')).toBe('ready');
  });

  it('exports the summary as CSV and the samples of a dataset with their file and line', async () => {
    await openDownloads(page);
    const [summary] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Summary CSV' }).click()]);
    const text = readFileSync((await summary.path())!, 'utf8');
    expect(text.split('\n')[0]).toContain('statistic');
    expect(text).toMatch(/count,9000/);
    const [samples] = await Promise.all([page.waitForEvent('download'), page.getByTestId('dataset-d2').getByRole('button', { name: 'Samples CSV' }).click()]);
    const rows = readFileSync((await samples.path())!, 'utf8').trim().split('\n');
    expect(rows[0]).toBe('ela_us,tim,file,line');
    expect(rows).toHaveLength(9001);
    // The first sample's line in the first file, found independently: the first 'log file sync' WAIT.
    const first = readFileSync(inputs.off[0]!, 'utf8').split('\n');
    const lineNo = first.findIndex((l) => l.includes("nam='log file sync'")) + 1;
    const ela = Number(/ela= ?(\d+)/.exec(first[lineNo - 1]!)![1]);
    expect(rows[1]).toMatch(new RegExp(`^${ela},\\d+,"?flash-off-s1\\.trc"?,${lineNo}$`));
  });

  it('exports a figure as PNG and SVG', async () => {
    await openView(page, 'tail');
    const [png] = await Promise.all([page.waitForEvent('download'), page.getByTestId('figure-top-waits-export-png').click()]);
    expect(png.suggestedFilename()).toMatch(/\.png$/);
    const bytes = readFileSync((await png.path())!);
    expect([...bytes.subarray(0, 4)]).toEqual([0x89, 0x50, 0x4e, 0x47]);
    const [svg] = await Promise.all([page.waitForEvent('download'), page.getByTestId('figure-top-waits-export-svg').click()]);
    expect(readFileSync((await svg.path())!, 'utf8')).toContain('<svg');
  });

  it('names the non-trace and the truncated file in the page, and loads the rest', async () => {
    await page.getByTestId('dataset-d1').getByRole('button', { name: 'Clear' }).click();
    await page.getByTestId('input-d1').setInputFiles([inputs.notATrace, inputs.truncated, inputs.on[0]!]);
    expect(await datasetSettled(page, 'd1')).toBe('ready');
    const errors = page.getByTestId('dataset-d1').getByTestId('dataset-errors');
    const notTrace = errors.locator('li[data-kind=not-a-trace]');
    expect(await notTrace.textContent()).toContain('notes.trc');
    const cut = errors.locator('li[data-kind=truncated]');
    expect(await cut.textContent()).toMatch(/cut-short\.trc is truncated at line \d+/);
    await expect.poll(() => page.getByTestId('dataset-d1').getAttribute('data-waits')).toBe(String(3000 + inputs.truncatedWaits));
    await screenshot(page, 'file-errors', '[data-testid=dataset-d1]');
    expect(watch.consoleErrors).toEqual([]);
  });

  it('imports a CSV of ela values as a dataset and lists its bad rows by line', async () => {
    await openView(page, 'comparison');
    const csv = path.join(inputs.root, 'fio-latency.csv');
    writeFileSync(csv, 'ela_us\n100\n250\noops\n400\n');
    await page.getByRole('button', { name: '+ Add a dataset' }).click();
    await page.getByTestId('input-d3').setInputFiles(csv);
    await expect.poll(() => page.getByTestId('dataset-d3').getAttribute('data-waits')).toBe('3');
    expect(await page.getByTestId('dataset-d3').getByTestId('dataset-errors').textContent()).toContain('line 4');
    await reportShown(page);
    await expect.poll(() => tableValue(page, 'mean', 'd3')).toBe(250);
  });
});
