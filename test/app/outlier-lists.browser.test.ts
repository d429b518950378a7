import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, watchPage, type PageWatch } from '../helpers/browser';
import { startNextServer, type NextServer } from '../helpers/next-server';
import { plainCommits, writeCommitLoop, type WrittenTrace } from '../helpers/outlier-traces';
import { fixturePath } from '../helpers/cli';
import { allWaitsX, dashedLines, datasetSettled, openView, reportShown, screenshot, showView } from '../helpers/workbench';

/**
 * Two datasets of 3,000 commits each, 11.2-style stamps (no UTC offset: the timeline is "local to
 * the trace, zone unknown"). Plain commits wait 400–599 µs (each value 15 times). Set by hand:
 * - flash-off: 11 waits of 50,000–60,000 µs, longer than any flash-on wait; 7 waits of 1,300 µs;
 * - flash-on: its longest wait 5,000 µs; 3 waits of 1,300 µs and 2 of 1,350 µs.
 * 1,300 and 1,350 µs lie in the log10 bucket [10^3.1, 10^3.15) = [1,258.9, 1,412.5), no other wait does.
 */
function traces(): { off: WrittenTrace; on: WrittenTrace } {
  const common = { wall: '2012-08-09T10:15:02.000000', offset: null, period: 100_000, stampEvery: 10_000, sid: 35, serial: 101, cursor: '140005298813064' } as const;
  const off = plainCommits(3000);
  for (let k = 0; k < 10; k++) off[100 + k] = { lfs: 50_000 + 1000 * k };
  off[200] = { lfs: 60_000 };
  for (let k = 0; k < 7; k++) off[300 + k] = { lfs: 1300 };
  const on = plainCommits(3000);
  on[150] = { lfs: 5000 };
  for (const k of [400, 401, 402]) on[k] = { lfs: 1300 };
  for (const k of [403, 404]) on[k] = { lfs: 1350 };
  return {
    off: writeCommitLoop({ ...common, timBase: 5_000_000_000, pid: 1111, commits: off }),
    on: writeCommitLoop({ ...common, timBase: 7_000_000_000, pid: 2222, commits: on }),
  };
}

const syncWaits = (t: WrittenTrace) => t.waits.filter((w) => w.event === 'log file sync');
const countIn = (t: WrittenTrace, lo: number, hi: number) => syncWaits(t).filter((w) => w.ela >= lo && w.ela <= hi).length;

describe('lists of waits in Chromium: buckets of two datasets, pages, CSV, per-dataset top lists, the brush title', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'waitscope-lists-'));
  const dataDir = mkdtempSync(path.join(tmpdir(), 'waitscope-lists-db-'));
  const { off, on } = traces();
  const offFile = path.join(dir, 'orcl_ora_1111.trc');
  const onFile = path.join(dir, 'orcl_ora_2222.trc');
  writeFileSync(offFile, off.text);
  writeFileSync(onFile, on.text);
  let server: NextServer | undefined;
  let browser: Browser | undefined;
  let page: Page;
  let watch: PageWatch;

  beforeAll(async () => {
    server = await startNextServer({ WAITSCOPE_DB_PATH: path.join(dataDir, 'reports.db') });
    browser = await launchChromium();
    page = await browser.newPage({ viewport: { width: 1400, height: 1000 }, acceptDownloads: true });
    watch = watchPage(page);
    await page.goto(server.url, { waitUntil: 'networkidle' });
    await page.getByLabel('Label of dataset 1').fill('flash-off');
    await page.getByLabel('Label of dataset 2').fill('flash-on');
    await page.getByTestId('input-d1').setInputFiles(offFile);
    await page.getByTestId('input-d2').setInputFiles(onFile);
    await datasetSettled(page, 'd1');
    await datasetSettled(page, 'd2');
    await reportShown(page);
    await openView(page, 'outliers');
    await page.getByTestId('outlier-rows').first().waitFor();
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    rmSync(dir, { recursive: true, force: true });
    rmSync(dataDir, { recursive: true, force: true });
  });

  const title = () => page.getByTestId('outlier-list-title').textContent();
  /** The title once the list is there: while the worker selects, the same element reads "…: listing…". */
  const listedTitle = async () => {
    const text = await title();
    return text?.endsWith(': listing…') ? null : text;
  };
  const rows = () => page.getByTestId('outlier-rows').locator('tbody tr');
  const listed = () => rows().evaluateAll((trs) => trs.map((tr) => ({ dataset: tr.getAttribute('data-dataset'), ela: Number(tr.getAttribute('data-ela')), line: Number(tr.getAttribute('data-line')) })));
  const back = async () => {
    await page.getByRole('button', { name: /back to the top/ }).click();
    await showView(page, 'outliers');
    await page.locator('[data-testid=top-waits-of]').first().waitFor();
  };

  it('lists the longest waits per dataset: each dataset\'s own worst wait heads its list', async () => {
    await page.locator('[data-testid=top-waits-of]').first().waitFor({ timeout: 10_000 });
    const tables = page.locator('[data-testid=top-waits-of]');
    expect(await tables.count()).toBe(2);
    for (const [id, trace] of [['d1', off], ['d2', on]] as const) {
      const own = page.locator(`[data-testid=top-waits-of][data-dataset=${id}] tbody tr`);
      const first = own.first();
      const worst = Math.max(...syncWaits(trace).map((w) => w.ela));
      expect(await first.getAttribute('data-ela'), id).toBe(String(worst));
      expect(await first.getAttribute('data-line'), id).toBe(String(syncWaits(trace).find((w) => w.ela === worst)!.line));
      expect(await own.count()).toBe(100);
    }
    // flash-on's worst wait (5,000 µs) is shorter than 11 of flash-off's: it must not hide at row 12 of a merged list.
    expect(await page.locator('[data-testid=top-waits-of][data-dataset=d2] tbody tr').first().getAttribute('data-ela')).toBe('5000');
    expect(await title()).not.toMatch(/\(top-waits\)|\(all-waits|\(timeline\)|\(spectrum\)/);
    await screenshot(page, 'outlier-lists-top-per-dataset', '[data-testid=outlier-panel]');
  });

  it('a bucket click lists both datasets\' waits in it, with a dataset column and per-dataset counts in the title', async () => {
    await showView(page, 'distribution');
    await page.locator('[data-testid=figure-all-waits-chart][data-ready=true]').waitFor();
    const at = await allWaitsX(page, 1330);
    await page.mouse.click(at.x, at.y);
    await expect.poll(listedTitle).toMatch(/^Waits of/);
    const text = (await title()) ?? '';
    expect(text).toContain('1,259–1,413 µs');
    expect(text).toContain('flash-off 7 waits');
    expect(text).toContain('flash-on 5 waits');
    expect(text).not.toMatch(/all-waits|log10|top-waits|\(timeline\)/);
    const counts = await page.getByTestId('outlier-list-title').locator('[data-dataset]').evaluateAll((els) => els.map((e) => [e.getAttribute('data-dataset'), Number(e.getAttribute('data-count'))]));
    expect(counts).toEqual([['d1', countIn(off, 1259, 1412)], ['d2', countIn(on, 1259, 1412)]]);
    expect(counts).toEqual([['d1', 7], ['d2', 5]]);
    const got = await listed();
    expect(got.map((r) => r.ela)).toEqual([1350, 1350, 1300, 1300, 1300, 1300, 1300, 1300, 1300, 1300, 1300, 1300]);
    expect(got.filter((r) => r.dataset === 'd1').map((r) => r.line).sort()).toEqual(syncWaits(off).filter((w) => w.ela === 1300).map((w) => w.line).sort());
    expect(got.filter((r) => r.dataset === 'd2').map((r) => r.line).sort()).toEqual(syncWaits(on).filter((w) => w.ela >= 1300 && w.ela <= 1350).map((w) => w.line).sort());
    const datasetColumn = await rows().evaluateAll((trs) => trs.map((tr) => tr.querySelectorAll('td')[1]?.textContent));
    expect(new Set(datasetColumn)).toEqual(new Set(['flash-off', 'flash-on']));
    await screenshot(page, 'outlier-lists-bucket-two-datasets', '[data-testid=outlier-panel]');
    await back();
  });

  it('a capped list pages to its last row, and its CSV holds every listed wait with its dataset', async () => {
    // [10^2.6, 10^2.65) = [398.1, 446.7): the plain waits of 400–446 µs, 15 of each value per dataset.
    const offCount = countIn(off, 399, 446);
    const onCount = countIn(on, 399, 446);
    const total = offCount + onCount;
    expect(total).toBeGreaterThan(1000);
    const at = await allWaitsX(page, 420);
    await page.mouse.click(at.x, at.y);
    await expect.poll(title).toContain(`flash-off ${offCount.toLocaleString('en-US')} waits`);
    expect(await title()).toContain(`flash-on ${onCount.toLocaleString('en-US')} waits`);
    expect(await rows().count()).toBe(1000);
    expect(await page.getByTestId('outlier-page-rows').textContent()).toContain(`Rows 1–1,000 of ${total.toLocaleString('en-US')}`);
    await page.getByTestId('outlier-pager').getByRole('button', { name: 'last' }).click();
    const lastFirst = Math.floor((total - 1) / 1000) * 1000 + 1;
    await expect.poll(() => page.getByTestId('outlier-page-rows').textContent()).toContain(`Rows ${lastFirst.toLocaleString('en-US')}–${total.toLocaleString('en-US')} of`);
    expect(await rows().count()).toBe(total - lastFirst + 1);
    // The last row is the shortest wait listed: 400 µs (the order of equal waits: flash-off's first, in file order).
    const lastRow = rows().last();
    expect(await lastRow.getAttribute('data-ela')).toBe('400');
    expect(await lastRow.getAttribute('data-dataset')).toBe('d2');
    expect(await lastRow.locator('td').first().textContent()).toBe(total.toLocaleString('en-US'));
    await screenshot(page, 'outlier-lists-last-page', '[data-testid=outlier-panel]');

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('outlier-csv').click()]);
    const csv = readFileSync((await download.path())!, 'utf8').trimEnd().split('\n');
    expect(csv[0]).toBe('dataset_id,dataset,ela_us,wall_clock_time,time_kind,session,pid,file,line');
    const body = csv.slice(1).map((l) => l.split(','));
    expect(body).toHaveLength(total);
    expect(body.filter((r) => r[1] === 'flash-off')).toHaveLength(offCount);
    expect(body.filter((r) => r[1] === 'flash-on')).toHaveLength(onCount);
    const lines = (file: string) => body.filter((r) => r[7] === file).map((r) => Number(r[8])).sort((a, b) => a - b);
    expect(lines('orcl_ora_1111.trc')).toEqual(syncWaits(off).filter((w) => w.ela >= 399 && w.ela <= 446).map((w) => w.line));
    expect(lines('orcl_ora_2222.trc')).toEqual(syncWaits(on).filter((w) => w.ela >= 399 && w.ela <= 446).map((w) => w.line));
    await back();
  });

  it('a brush on the timeline titles its window in the axis\'s convention: the trace\'s local wall time, no converted UTC', async () => {
    await openView(page, 'over-time');
    const chart = page.getByTestId('figure-timeline-chart');
    await page.locator('[data-testid=figure-timeline-chart][data-ready=true]').waitFor();
    await chart.scrollIntoViewIfNeeded();
    const box = (await chart.boundingBox())!;
    const y = box.y + box.height / 2;
    await page.mouse.move(box.x + box.width * 0.3, y);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width * 0.5, y, { steps: 5 });
    await page.mouse.up();
    await expect.poll(listedTitle).toMatch(/^Waits from/);
    const text = (await title()) ?? '';
    expect(text).toContain('local to the trace, zone unknown');
    expect(text).not.toMatch(/\dZ\b/);
    expect(text).not.toMatch(/\(timeline\)/);
    const [, from, to] = /^Waits from (\S+) to (\S+),/.exec(text)!;
    // The trace's clock reads 2012-08-09 10:15:02 at its first wait and runs 300 s (3,000 commits, 0.1 s apart).
    expect(from).toMatch(/^2012-08-09T10:1[5-9]:\d\d\.\d{6}$/);
    expect(to).toMatch(/^2012-08-09T10:(1[5-9]|20):\d\d\.\d{6}$/);
    // Every listed wait's wall time (as the trace wrote it, local) lies inside the window of the title.
    const times = await rows().evaluateAll((trs) => trs.map((tr) => tr.querySelectorAll('td')[3]?.textContent ?? ''));
    expect(times.length).toBeGreaterThan(0);
    for (const t of times.slice(0, 50)) {
      const iso = t.slice(0, 26);
      expect(iso >= from! && iso <= to!, `${iso} in ${from}..${to}`).toBe(true);
    }
    await screenshot(page, 'outlier-lists-brush', '[data-testid=over-time-panel]');
    await back();
    expect(watch.consoleErrors).toEqual([]);
  });

  it('a shared report lists the longest waits per dataset too, the same rows as the sender\'s page', async () => {
    const sender = async (id: string) => page.locator(`[data-testid=top-waits-of][data-dataset=${id}] tbody tr`).evaluateAll((trs) => trs.map((tr) => [tr.getAttribute('data-ela'), tr.getAttribute('data-line')]));
    const own = { d1: await sender('d1'), d2: await sender('d2') };
    await page.getByTestId('share-button').click();
    await page.getByTestId('share-summary').waitFor(); // the sealed payload is ready (its raw JSON stays collapsed)
    await page.getByTestId('share-send').click();
    const link = await page.getByTestId('share-link').inputValue();
    const viewer = await browser!.newPage({ viewport: { width: 1400, height: 1000 } });
    await viewer.goto(link, { waitUntil: 'networkidle' });
    await viewer.getByTestId('shared-outliers').waitFor();
    for (const [id, trace] of [['d1', off], ['d2', on]] as const) {
      const rowsOf = viewer.locator(`[data-testid=shared-outliers] [data-testid=top-waits-of][data-dataset=${id}] tbody tr`);
      const shared = await rowsOf.evaluateAll((trs) => trs.map((tr) => [tr.getAttribute('data-ela'), tr.getAttribute('data-line')]));
      expect(shared[0]![0], id).toBe(String(Math.max(...syncWaits(trace).map((w) => w.ela))));
      expect(shared, id).toEqual(own[id]);
    }
    // 3,000 waits each: enough for a p99.9, so both datasets' clusters are headed with it and its line is drawn.
    expect(await viewer.locator('[data-testid=shared-outliers] [data-testid=clusters] h3').allTextContents()).toEqual([
      expect.stringMatching(/^flash-off: \d+ clusters of waits above /),
      expect.stringMatching(/^flash-on: \d+ clusters of waits above /),
    ]);
    expect(await dashedLines(viewer)).toHaveLength(2);
    await screenshot(viewer, 'outlier-lists-shared', '[data-testid=shared-outliers]');
    await viewer.close();
  });

  it('10 waits, too few for a p99.9: no clusters and no p99.9 line, a note instead, on the page and in its shared report', async () => {
    const small = await browser!.newPage({ viewport: { width: 1400, height: 1000 } });
    const smallWatch = watchPage(small);
    await small.goto(server!.url, { waitUntil: 'networkidle' });
    // v11g-commit-loop.trc: 10 'log file sync' waits, 162–877 µs, on the trace's local clock.
    await small.getByTestId('input-d1').setInputFiles(fixturePath('v11g-commit-loop.trc'));
    await datasetSettled(small, 'd1');
    await reportShown(small);
    await openView(small, 'outliers');
    const note = 'Clusters need a threshold: p99.9 needs ≥ 1,000 waits (this dataset has 10).';
    await small.getByTestId('clusters-note').waitFor();
    expect(await small.getByTestId('clusters-note').textContent()).toBe(note);
    const panel = small.getByTestId('outlier-panel');
    expect(await panel.locator('[data-testid=clusters] h3').allTextContents()).toEqual([expect.stringMatching(/: clusters not computed$/)]);
    expect(await panel.textContent()).not.toMatch(/p99\.9\)|clusters? of waits above/);
    // The timeline is drawn, with the 500 ms line only (in µs, the page's unit here).
    await openView(small, 'over-time');
    await small.locator('[data-testid=figure-timeline-chart][data-ready=true]').waitFor();
    expect(await dashedLines(small)).toEqual(['500,000 µs']);
    await openView(small, 'outliers');
    await screenshot(small, 'outliers-small-dataset', '[data-testid=outlier-panel]');

    await small.getByTestId('share-button').click();
    await small.getByTestId('share-summary').waitFor();
    await small.getByTestId('share-send').click();
    const link = await small.getByTestId('share-link').inputValue();
    const viewer = await browser!.newPage({ viewport: { width: 1400, height: 1000 } });
    await viewer.goto(link, { waitUntil: 'networkidle' });
    const shared = viewer.getByTestId('shared-outliers');
    await shared.waitFor();
    expect(await shared.getByTestId('clusters-note').textContent()).toBe(note);
    expect(await shared.locator('[data-testid=clusters] h3').allTextContents()).toEqual([expect.stringMatching(/: clusters not computed$/)]);
    expect(await shared.textContent()).not.toMatch(/clusters? of waits above/);
    await viewer.locator('[data-testid=figure-timeline-chart][data-ready=true]').waitFor();
    expect(await dashedLines(viewer)).toEqual(['500,000 µs']);
    await screenshot(viewer, 'outliers-small-dataset-shared', '[data-testid=shared-outliers]');
    expect(smallWatch.consoleErrors).toEqual([]);
    await viewer.close();
    await small.close();
  });
});
