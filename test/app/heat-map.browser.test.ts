// Issue 15 §3 in Chromium: the heat map of latency over time is drawn for a trace, the book demo and
// a real corpus trace, counts every wait, and a drag across its time axis still lists the waits of
// that window (as the timeline's brush did).
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, watchPage } from '../helpers/browser';
import { CORPUS_DIR } from '../helpers/corpus';
import { startNextServer, type NextServer } from '../helpers/next-server';
import { plainCommits, wallMicros, writeCommitLoop } from '../helpers/outlier-traces';
import { chooseEvent, datasetSettled, openView, reportShown, screenshot, SCREENSHOT_DIR } from '../helpers/workbench';

// The corpus sits beside the main checkout (CORPUS_DIR) or, for a worktree, at /work/shared.
const REAL_DIR = existsSync(CORPUS_DIR) ? CORPUS_DIR : '/work/shared/corpus/real';
const PYLATENCYMAP = path.join(REAL_DIR, 'LucaCanali_PyLatencyMap__SampleData__test_10046_tracefile.trc');
const haveReal = existsSync(PYLATENCYMAP);
if (!haveReal) console.warn(`[heat-map.browser.test.ts] the real-trace test is skipped: ${PYLATENCYMAP} is absent (shared/corpus/real, see its SOURCES.md)`);

const READY = '[data-testid=figure-heat-map-chart][data-ready=true]';

async function drag(page: Page, selector: string, from: number, to: number): Promise<void> {
  const chart = page.locator(selector).first();
  await chart.scrollIntoViewIfNeeded();
  const box = (await chart.boundingBox())!;
  const y = box.y + box.height / 2;
  await page.mouse.move(box.x + box.width * from, y);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width * to, y, { steps: 5 });
  await page.mouse.up();
}

describe('the heat map of latency over time in Chromium', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'waitscope-heat-map-'));
  // 5,000 commits 0.5 s apart (2,500 s: 10 s intervals, 250 of them), stamps at −07:00, so the axis is UTC.
  const trace = writeCommitLoop({ wall: '2019-07-09T09:57:07.000000', offset: -420, timBase: 5_000_000_000, sid: 35, serial: 101, pid: 1111, cursor: '140005298813064', period: 500_000, stampEvery: 100, commits: plainCommits(5000) });
  const file = path.join(dir, 'orcl_ora_1111.trc');
  writeFileSync(file, trace.text);
  let server: NextServer | undefined;
  let browser: Browser | undefined;

  beforeAll(async () => {
    server = await startNextServer();
    browser = await launchChromium();
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('counts every wait of a trace, and a drag across it lists the waits that ended in the window', async () => {
    const page = await browser!.newPage({ viewport: { width: 1440, height: 1000 } });
    const watch = watchPage(page);
    await page.goto(server!.url, { waitUntil: 'networkidle' });
    await page.getByTestId('input-d1').setInputFiles(file);
    await datasetSettled(page, 'd1');
    await reportShown(page);
    await openView(page, 'over-time');
    await page.locator(READY).waitFor({ timeout: 60_000 });
    const figure = page.getByTestId('figure-heat-map');
    expect(await figure.textContent()).toContain('each cell holds the waits that ended in one 10 s interval');
    expect(await figure.textContent()).toContain('All 5,000 placed waits are counted, none sampled');
    // Heat cells are SVG paths of the chart; there is at least one per interval (each has waits).
    await drag(page, '[data-testid=figure-heat-map-chart]', 0.35, 0.6);
    await expect.poll(() => page.getByTestId('outlier-list-title').textContent()).toMatch(/^Waits from/);
    const title = (await page.getByTestId('outlier-list-title').textContent()) ?? '';
    const [, from, to] = /^Waits from (\S+) to (\S+), wall-clock time \(UTC\), brushed on the heat map/.exec(title)!;
    // The helper's own wall times say which waits ended inside the window.
    const inside = trace.waits.filter((w) => w.event === 'log file sync' && w.wall >= wallMicros(from!.slice(0, 26), 0) && w.wall <= wallMicros(to!.slice(0, 26), 0));
    expect(inside.length).toBeGreaterThan(500);
    expect(Number(await page.getByTestId('outlier-list-title').locator('[data-dataset=d1]').getAttribute('data-count'))).toBe(inside.length);
    await page.getByRole('button', { name: /back to the top/ }).click();

    // A units switch redraws the buckets' labels on the overlay, not the cells (issue 13 §2).
    const chart = page.getByTestId('figure-heat-map-chart');
    const optionsBefore = Number(await chart.getAttribute('data-options-set'));
    const overlayBefore = Number(await chart.getAttribute('data-overlay-set'));
    await page.getByTestId('unit-switch').getByLabel('ms').check();
    await expect.poll(async () => Number(await chart.getAttribute('data-overlay-set'))).toBe(overlayBefore + 1);
    expect(Number(await chart.getAttribute('data-options-set'))).toBe(optionsBefore);
    expect(await figure.textContent()).toContain('on a log scale from 1 wait (lightest) to');
    await screenshot(page, 'heat-map-trace-ms', '[data-testid=latency-over-time]');
    await page.getByTestId('unit-switch').getByLabel('µs').check();

    // Another interval, the intensity colour, and the time since the start: recomputed and redrawn.
    await page.getByTestId('heat-map-interval').selectOption(String(60_000_000));
    await expect.poll(() => figure.textContent()).toContain('one 1 min interval');
    await page.getByTestId('heat-map-intensity').check();
    await expect.poll(() => figure.textContent()).toContain('the time waited, the sum of their ela (intensity)');
    await page.getByTestId('heat-map-since-start').check();
    await page.locator('[data-testid=latency-over-time][data-time-axis=since-start]').waitFor();
    await page.locator(READY).waitFor();
    // A drag on the since-start axis lists each dataset's waits of that stretch after its own first wait.
    await drag(page, '[data-testid=figure-heat-map-chart]', 0.35, 0.6);
    await expect.poll(() => page.getByTestId('outlier-list-title').textContent()).toMatch(/^Waits from \+0:\d\d:\d\d(\.\d+)? to \+0:\d\d:\d\d(\.\d+)? after each dataset's first wait, brushed on the heat map/);
    expect(Number(await page.getByTestId('outlier-list-title').locator('[data-dataset=d1]').getAttribute('data-count'))).toBeGreaterThan(500);
    await page.getByRole('button', { name: /back to the top/ }).click();
    await screenshot(page, 'heat-map-trace-since-start', '[data-testid=latency-over-time]');

    // A shared report carries the heat map: the viewer draws it, every wait counted.
    await page.getByTestId('share-button').click();
    await page.getByTestId('share-summary').waitFor();
    await page.getByTestId('share-send').click();
    const link = await page.getByTestId('share-link').inputValue();
    const viewer = await browser!.newPage({ viewport: { width: 1440, height: 1000 } });
    await viewer.goto(link, { waitUntil: 'networkidle' });
    await viewer.locator(`[data-testid=shared-outliers] ${READY}`).waitFor({ timeout: 60_000 });
    expect(await viewer.locator('[data-testid=shared-outliers] [data-testid=figure-heat-map]').textContent()).toContain('All 5,000 placed waits are counted, none sampled');
    await screenshot(viewer, 'heat-map-shared', '[data-testid=shared-outliers] [data-testid=figure-heat-map]');
    await viewer.close();
    expect(watch.consoleErrors).toEqual([]);
    await page.close();
  });

  it('draws the book demo (2 × 4,000,000 waits), says how long from the click, and looks right at 1,440 and 1,024 px', async () => {
    const page = await browser!.newPage({ viewport: { width: 1440, height: 1000 } });
    const watch = watchPage(page);
    await page.goto(server!.url, { waitUntil: 'networkidle' });
    const clicked = Date.now();
    await page.getByTestId('demo-button').click();
    await openView(page, 'over-time');
    await datasetSettled(page, 'd2', 240_000);
    await expect.poll(() => page.locator(READY).count(), { timeout: 240_000 }).toBe(2);
    const seconds = (Date.now() - clicked) / 1000;
    const computeMs = Number(await page.locator('[data-testid=latency-over-time] [data-compute-ms]').first().getAttribute('data-compute-ms'));
    console.log(`[heat map] book demo 2 × 4,000,000 waits: heat maps drawn ${seconds.toFixed(1)} s after the click; cells computed in the worker in ${computeMs} ms`);
    writeFileSync(path.join(SCREENSHOT_DIR, 'heat-map-timing.json'), JSON.stringify({ secondsFromClick: seconds, workerComputeMs: computeMs }, null, 2));
    for (const text of await page.getByTestId('figure-heat-map').allTextContents()) expect(text).toContain('All 4,000,000 placed waits are counted, none sampled');
    await screenshot(page, 'heat-map-demo-1440', '[data-testid=latency-over-time]');
    await page.setViewportSize({ width: 1024, height: 1000 });
    await page.locator(READY).first().waitFor();
    await screenshot(page, 'heat-map-demo-1024', '[data-testid=latency-over-time]');
    // Nothing of the figure spills out of the page at 1,024 px.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1024);
    expect(watch.consoleErrors).toEqual([]);
    await page.close();
  });

  it.skipIf(!haveReal)("draws PyLatencyMap's own sample trace ('db file sequential read') at 1,440 and 1,024 px", async () => {
    const page = await browser!.newPage({ viewport: { width: 1440, height: 1000 } });
    const watch = watchPage(page);
    await page.goto(server!.url, { waitUntil: 'networkidle' });
    await page.getByTestId('input-d1').setInputFiles(PYLATENCYMAP);
    await datasetSettled(page, 'd1');
    await reportShown(page);
    await chooseEvent(page, 'db file sequential read');
    await reportShown(page);
    await openView(page, 'over-time');
    await expect.poll(() => page.getByTestId('figure-heat-map').textContent(), { timeout: 60_000 }).toContain('All 29,249 placed waits are counted');
    await page.locator(READY).waitFor();
    await screenshot(page, 'heat-map-real-1440', '[data-testid=latency-over-time]');
    await page.setViewportSize({ width: 1024, height: 1000 });
    await page.locator(READY).waitFor();
    await screenshot(page, 'heat-map-real-1024', '[data-testid=latency-over-time]');
    expect(watch.consoleErrors).toEqual([]);
    await page.close();
  });
});
