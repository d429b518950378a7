// Figures 15.15 and 15.16 and the timeline in Chromium (issue 12 §2): a click on a bar of Figure
// 15.16 lists the bar its tooltip describes, N and the log axis live in the URL, the KDE is not
// drawn for fewer than 30 waits (and the caption says why), the timeline marks its sample.
// The waits are written here, so every expected bin and wait is worked out by hand below.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { watchPage, type PageWatch } from '../helpers/browser';
import { useServerAndBrowser } from '../helpers/browser-suite';
import { writeCommitLoop } from '../helpers/outlier-traces';
import { datasetSettled, figuresDrawn, openView, reportShown, screenshot } from '../helpers/workbench';

/**
 * 1,000 commits, half an hour apart (about three weeks of wall time), with `log file sync` waits
 * of `first + step·k` µs for k = 0…999, in a shuffled but fixed order.
 */
function commitTrace(pid: number, first: number, step: number) {
  const commits = Array.from({ length: 1000 }, (_, i) => ({ lfs: first + step * ((i * 379) % 1000) }));
  return writeCommitLoop({ wall: '2026-01-20T07:13:00.000000', offset: 0, timBase: 9_000_000_000, sid: 40 + pid, serial: 7, pid, cursor: '140005298813064', period: 1_800_000_000, stampEvery: 10, commits });
}

// Worked out by hand. The default N for 2 × 1,000 waits is 2.5 % of 1,000 = 25, raised to the
// floor of 100. d1's top 100: 10,000…10,990 µs (k = 900…999); d2's: 4,990…5,485 µs (490 + 5k,
// k = 900…999). The 60 shared bins run from 4,990 to 10,990: 100 µs each, bin i = [4,990 + 100i, +100).
// Bin 55 = [10,490, 10,590): d1's 10,490, 10,500, …, 10,580 (ten waits), none of d2.
const D1 = { first: 1000, step: 10 };
const D2 = { first: 490, step: 5 };
const BIN = { lo: 10_490, hi: 10_590 };
const IN_BIN = Array.from({ length: 10 }, (_, j) => 10_490 + 10 * j);
const AXIS = { min: 4990, max: 10_990 };
// The chart's grid (top-waits-option.ts): the plot spans left 64 px to right − 40 px, top 40 to bottom − 56.
const GRID = { left: 64, right: 40, top: 40, bottom: 56 };

async function chartBox(chart: Locator) {
  await chart.scrollIntoViewIfNeeded(); // mouse coordinates are the viewport's
  return (await chart.boundingBox())!;
}

/** The viewport x of data value v on Figure 15.16's linear x axis. */
function pixelX(box: { x: number; width: number }, v: number): number {
  return box.x + GRID.left + ((v - AXIS.min) / (AXIS.max - AXIS.min)) * (box.width - GRID.left - GRID.right);
}

describe('Figures 15.15, 15.16 and the timeline in Chromium', () => {
  const suite = useServerAndBrowser();
  const dir = mkdtempSync(path.join(tmpdir(), 'waitscope-figures-'));
  const files = [
    { file: path.join(dir, 'x1_ora_2001.trc'), trace: commitTrace(2001, D1.first, D1.step) },
    { file: path.join(dir, 'x1_ora_2002.trc'), trace: commitTrace(2002, D2.first, D2.step) },
  ];
  for (const f of files) writeFileSync(f.file, f.trace.text);
  let page: Page;
  let watch: PageWatch;

  beforeAll(async () => {
    page = await suite.browser.newPage({ viewport: { width: 1400, height: 1000 } });
    watch = watchPage(page);
    await page.goto(suite.server.url, { waitUntil: 'networkidle' });
    await page.getByTestId('input-d1').setInputFiles(files[0]!.file);
    await page.getByTestId('input-d2').setInputFiles(files[1]!.file);
    expect(await datasetSettled(page, 'd1')).toBe('ready');
    expect(await datasetSettled(page, 'd2')).toBe('ready');
    await reportShown(page);
    await figuresDrawn(page);
  });

  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('Figure 15.16: a click lists the bar the tooltip shows, and exactly its waits', async () => {
    await openView(page, 'tail');
    const chart = page.getByTestId('figure-top-waits-chart');
    const box = await chartBox(chart);
    // The pixel mapping is echarts' own: the "6,000" tick label is centred where it puts 6,000 µs.
    const tick = (await chart.locator('text', { hasText: /^6,000$/ }).first().boundingBox())!;
    expect(Math.abs(tick.x + tick.width / 2 - pixelX(box, 6000))).toBeLessThan(2);
    // Three quarters into bin 55, its right half: there the old tooltip snapped to the bar's right
    // edge and described bin 56, while a click listed bin 55.
    const x = pixelX(box, BIN.lo + 0.75 * (BIN.hi - BIN.lo));
    const y = box.y + GRID.top + (box.height - GRID.top - GRID.bottom) / 2;
    await page.mouse.move(x - 20, y);
    await page.mouse.move(x, y, { steps: 4 });
    const range = chart.locator('[data-bin]');
    await expect.poll(() => range.count()).toBeGreaterThan(0);
    await expect.poll(() => range.first().textContent()).toBe('10,490–10,590 µs');
    expect(await range.first().getAttribute('data-bin')).toBe('55');
    await screenshot(page, 'figure-top-waits-tooltip', '[data-testid=figure-top-waits]');
    await page.mouse.click(x, y);
    // The click lists its waits in the Outliers view.
    await expect.poll(() => page.getByTestId('results').getAttribute('data-view')).toBe('outliers');
    const title = page.getByTestId('outlier-list-title');
    // The title names the tooltip's range, and each dataset's count in that bar.
    await expect.poll(() => title.textContent()).toMatch(new RegExp(`^Waits of 10,490–10,590 µs .*: Flash logging on ${IN_BIN.length} waits`));
    const rows = page.getByTestId('outlier-rows').locator('tbody tr');
    await expect.poll(() => rows.count()).toBe(IN_BIN.length);
    const listed = await rows.evaluateAll((trs) => trs.map((tr) => Number(tr.getAttribute('data-ela'))));
    expect([...listed].sort((a, b) => a - b)).toEqual(IN_BIN);
    // Each listed wait is the one the trace holds at that line.
    const d1 = files[0]!.trace.waits.filter((w) => w.event === 'log file sync');
    const lines = await rows.evaluateAll((trs) => trs.map((tr) => [Number(tr.getAttribute('data-ela')), Number(tr.getAttribute('data-line'))]));
    for (const [ela, line] of lines) expect(d1.find((w) => w.line === line)?.ela).toBe(ela);
  });

  it('Figure 15.16: N defaults to 100 here and says so as a share; N and the log axis go into the URL and survive a reload', async () => {
    await openView(page, 'tail');
    const figure = page.getByTestId('figure-top-waits');
    expect(await figure.locator('h3').textContent()).toBe("Distribution of the top 100 'log file sync' waits");
    expect(await figure.textContent()).toContain('top 100 waits of each dataset (10 % of 1,000)');
    await page.getByTestId('top-waits-n').selectOption('250');
    await page.getByTestId('top-waits-switch').getByLabel('log axis').check();
    await expect.poll(() => page.url()).toContain('topn=250');
    await expect.poll(() => page.url()).toContain('topaxis=log');
    await expect.poll(() => figure.locator('h3').textContent()).toBe("Distribution of the top 250 'log file sync' waits");
    // By hand: the top 250 of d1 are 8,500…10,990, of d2 4,240…5,485; log-spaced bins from 4,240 to 10,990.
    expect(await figure.textContent()).toContain('top 250 waits of each dataset (25 % of 1,000)');
    expect(await figure.textContent()).toContain('equal width in log10 from 4,240 to 10,990 µs');
    await page.locator('[data-testid=figure-top-waits-chart][data-ready=true]').waitFor();
    await screenshot(page, 'figure-top-waits-n250-log', '[data-testid=figure-top-waits]');
    await screenshot(page, 'view-controls', '.controls');
    await page.reload({ waitUntil: 'networkidle' });
    expect(await page.getByTestId('top-waits-n').inputValue()).toBe('250');
    expect(await page.getByTestId('top-waits-switch').getByLabel('log axis').isChecked()).toBe(true);
  });

  it('the timeline of three weeks has ISO-date ticks, and marks nothing as sampled when nothing was', async () => {
    await page.getByTestId('input-d1').setInputFiles(files[0]!.file);
    await page.getByTestId('input-d2').setInputFiles(files[1]!.file);
    await datasetSettled(page, 'd1');
    await datasetSettled(page, 'd2');
    await reportShown(page);
    await openView(page, 'over-time');
    const timeline = page.getByTestId('figure-timeline');
    await page.locator('[data-testid=figure-timeline-chart][data-ready=true]').waitFor({ timeout: 60_000 });
    // 1,000 waits each: the sample of 20,000 holds them all, so no point is called a sample.
    expect(await timeline.textContent()).not.toContain('Faint points');
    await screenshot(page, 'figure-timeline-three-weeks', '[data-testid=figure-timeline]');
    await openView(page, 'distribution');
    await screenshot(page, 'figure-all-waits-small', '[data-testid=figure-all-waits]');
    expect(watch.consoleErrors).toEqual([]);
  });

  it('Figure 15.15: no KDE line for a dataset of fewer than 30 waits, and the caption says why', async () => {
    const small = await suite.browser.newPage({ viewport: { width: 1400, height: 1000 } });
    const csv = (name: string, values: number[]) => {
      const file = path.join(dir, name);
      writeFileSync(file, `ela_us\n${values.join('\n')}\n`);
      return file;
    };
    await small.goto(suite.server.url, { waitUntil: 'networkidle' });
    await small.getByTestId('input-d1').setInputFiles(csv('twenty.csv', Array.from({ length: 20 }, (_, i) => 300 + 17 * i)));
    await small.getByTestId('input-d2').setInputFiles(csv('two-hundred.csv', Array.from({ length: 200 }, (_, i) => 280 + 3 * i)));
    await datasetSettled(small, 'd1');
    await datasetSettled(small, 'd2');
    await reportShown(small);
    await openView(small, 'distribution');
    const figure = small.getByTestId('figure-all-waits');
    await small.locator('[data-testid=figure-all-waits-chart][data-ready=true]').waitFor();
    expect(await figure.textContent()).toContain('No density line for Flash logging on (20 waits): with fewer than 30 waits a kernel density shows the shape of its kernel, not of the data.');
    await screenshot(small, 'figure-all-waits-twenty-waits', '[data-testid=figure-all-waits]');
    await small.close();
  });

  it('the book demo (2 × 4,000,000 waits): N = 10,000 is 0.25 % of each, and the timeline marks its sample', async () => {
    const demo = await suite.browser.newPage({ viewport: { width: 1400, height: 1000 } });
    await demo.goto(`${suite.server.url}/?demo=book`, { waitUntil: 'networkidle' });
    await datasetSettled(demo, 'd2', 240_000);
    await reportShown(demo, 240_000);
    await figuresDrawn(demo, 240_000);
    await openView(demo, 'distribution');
    await screenshot(demo, 'demo-figure-all-waits', '[data-testid=figure-all-waits]');
    await openView(demo, 'tail');
    const top = demo.getByTestId('figure-top-waits');
    expect(await top.textContent()).toContain('top 10,000 waits of each dataset (0.25 % of 4,000,000)');
    await screenshot(demo, 'demo-figure-top-waits', '[data-testid=figure-top-waits]');
    await demo.getByTestId('top-waits-switch').getByLabel('log axis').check();
    await demo.locator('[data-testid=figure-top-waits-chart][data-ready=true]').waitFor();
    await screenshot(demo, 'demo-figure-top-waits-log', '[data-testid=figure-top-waits]');
    await openView(demo, 'over-time');
    const timeline = demo.getByTestId('figure-timeline');
    await demo.locator('[data-testid=figure-timeline-chart][data-ready=true]').waitFor({ timeout: 240_000 });
    expect(await timeline.textContent()).toContain("Solid points: every wait above the dataset's dotted line (its p99");
    await screenshot(demo, 'demo-figure-timeline', '[data-testid=figure-timeline]');
    await demo.close();
  }, 600_000);
});
