// Issue 15 §1 in Chromium: a drag across the outlier timeline made the analysis window recomputes
// the comparison table, whose numbers equal `waitscope stats --json --from … --to …` on the same
// files (the built CLI, dist/); typed times with inline errors; the window in the URL, after a reload, and in a
// shared report.
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { watchPage } from '../helpers/browser';
import { useServerAndBrowser } from '../helpers/browser-suite';
import { runCli } from '../helpers/cli';
import { datasetSettled, openView, reportShown, screenshot, SCREENSHOT_DIR, tableValue } from '../helpers/workbench';

/** A screenshot of the viewport with the element at its top, as a user scrolled there sees it. */
async function viewAround(page: Page, testId: string, name: string): Promise<void> {
  await page.getByTestId(testId).evaluate((e) => e.scrollIntoView({ block: 'start' }));
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}.png`) });
}

const STATS = ['count', 'min', 'median', 'mean', 'p90', 'p99', 'max', 'sum'] as const;

/** `waitscope stats --json` of one trace file with the window flags: what the page must show for it. */
async function cliStats(file: string, flags: string[]) {
  const run = await runCli(['stats', '--json', '--workers', '1', ...flags, file]);
  expect(run.status, run.stderr).toBe(0);
  return JSON.parse(run.stdout) as Record<(typeof STATS)[number], number> & { window: { description: string; kept: number; outside: number; unplaced: number } };
}

describe('the analysis window in the page', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'waitscope-window-db-'));
  const suite = useServerAndBrowser({ WAITSCOPE_DB_PATH: path.join(dataDir, 'reports.db') });
  const dir = mkdtempSync(path.join(tmpdir(), 'waitscope-window-'));
  const files: Record<'on' | 'off', string> = { on: '', off: '' };
  let page: Page;

  beforeAll(async () => {
    for (const preset of ['on', 'off'] as const) {
      const out = path.join(dir, preset);
      const run = await runCli(['synth', '--preset', `flash-${preset}`, '--sessions', '1', '--commits', '3000', '--out', out]);
      expect(run.status, run.stderr).toBe(0);
      files[preset] = path.join(out, readdirSync(out).find((f) => f.endsWith('.trc'))!);
    }
  });
  afterAll(() => {
    rmSync(dir, { recursive: true, force: true });
    rmSync(dataDir, { recursive: true, force: true });
  });

  const load = async (p: Page) => {
    await p.getByTestId('input-d1').setInputFiles(files.on);
    await p.getByTestId('input-d2').setInputFiles(files.off);
    expect(await datasetSettled(p, 'd1')).toBe('ready');
    expect(await datasetSettled(p, 'd2')).toBe('ready');
    await reportShown(p);
  };

  /** The comparison table and the window lines equal `stats --json` with the same flags on each file. */
  const checkTable = async (p: Page, flags: string[]) => {
    const found = [];
    for (const [id, preset] of [['d1', 'on'], ['d2', 'off']] as const) {
      const want = await cliStats(files[preset], flags);
      expect(want.window.kept, `${preset}: the window holds some waits, not all`).toBeGreaterThan(100);
      expect(want.window.outside).toBeGreaterThan(100);
      expect(want.count).toBe(want.window.kept);
      for (const stat of STATS) {
        const got = await tableValue(p, stat, id);
        expect(got, `${id} ${stat}`).toBeCloseTo(want[stat], 6);
      }
      const line = (await p.getByTestId(`window-line-${id}`).textContent()) ?? '';
      expect(line).toContain(`Window ${want.window.description}: ${want.window.kept.toLocaleString('en-US')} waits inside, ${want.window.outside.toLocaleString('en-US')} outside`);
      found.push(want);
    }
    return found;
  };

  it('a drag across the timeline, used as the window of both datasets, recomputes the table for the waits inside it', async () => {
    page = await suite.browser.newPage({ viewport: { width: 1440, height: 1000 } });
    const watch = watchPage(page);
    await page.goto(suite.server.url, { waitUntil: 'networkidle' });
    await load(page);
    const wholeCount = await tableValue(page, 'count', 'd1');
    expect(wholeCount).toBe(3000);
    await openView(page, 'over-time');
    const chart = page.getByTestId('figure-timeline-chart');
    await page.locator('[data-testid=figure-timeline-chart][data-ready=true]').waitFor();
    await chart.scrollIntoViewIfNeeded();
    const box = (await chart.boundingBox())!;
    const y = box.y + box.height / 2;
    await page.mouse.move(box.x + box.width * 0.35, y);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width * 0.6, y, { steps: 5 });
    await page.mouse.up();
    await page.getByTestId('span-window').waitFor();
    await screenshot(page, 'time-window-brushed', '[data-testid=over-time-panel]');
    const built = Number(await page.getByTestId('results').getAttribute('data-reports-built'));
    await page.getByTestId('span-window-use').click();
    await page.getByTestId('window-line-d2').waitFor();
    await expect.poll(async () => Number(await page.getByTestId('results').getAttribute('data-reports-built'))).toBeGreaterThan(built);
    await openView(page, 'comparison');
    await reportShown(page);
    // The typed fields show the window the drag made: the trace's own wall time (11.2 stamps: no offset).
    const from = await page.getByTestId('window-from').inputValue();
    const to = await page.getByTestId('window-to').inputValue();
    expect(from).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}$/);
    expect(to > from).toBe(true);
    const [on, off] = await checkTable(page, ['--from', from, '--to', to]);
    // The outlier panel is of the window too: its timeline draws every wait inside it (6,000 would be the whole run), its lists count them.
    await openView(page, 'over-time');
    const timelineText = page.getByTestId('figure-timeline').locator('p', { hasText: 'Each point is one wait' }).first();
    await expect.poll(() => timelineText.textContent()).toContain(`(${(on!.count + off!.count).toLocaleString('en-US')} drawn`);
    await openView(page, 'outliers');
    expect(await page.getByTestId('outlier-panel').textContent()).toContain(`its 100 longest of ${on!.count.toLocaleString('en-US')} waits`);
    // The cards say it too, and the URL holds each dataset's window.
    expect(await page.getByTestId('window-note-d1').textContent()).toContain(`Window from ${from}, to ${to} (exclusive): `);
    await expect.poll(() => page.url()).toContain(`from1=${encodeURIComponent(from)}`);
    const url = new URL(page.url());
    expect([url.searchParams.get('from1'), url.searchParams.get('to1'), url.searchParams.get('from2'), url.searchParams.get('to2')]).toEqual([from, to, from, to]);
    await screenshot(page, 'time-window-1440');
    await viewAround(page, 'window-controls', 'time-window-1440-controls');
    await page.setViewportSize({ width: 1024, height: 900 });
    await screenshot(page, 'time-window-1024');
    await viewAround(page, 'window-controls', 'time-window-1024-controls');
    // What this adds fits a 1,024 px window: the cards' window lines, the typed times, the lines above the results.
    for (const id of ['window-controls', 'window-lines', 'window-note-d2', 'dataset-d2']) {
      const box = (await page.getByTestId(id).boundingBox())!;
      expect(box.x + box.width, id).toBeLessThanOrEqual(1024);
    }
    // The table of a window of fewer than 1,000 waits (its p99.9 cells say why they are empty) fits too.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1024);
    await page.setViewportSize({ width: 1440, height: 1000 });
    expect(watch.consoleErrors).toEqual([]);
  });

  it('typed times: a bad one is named beside its field and changes nothing; skip first for one dataset; Clear', async () => {
    await openView(page, 'comparison');
    const before = await tableValue(page, 'count', 'd1');
    await page.getByTestId('window-from').fill('yesterday at ten');
    await page.getByTestId('window-apply').click();
    expect(await page.getByTestId('window-error-from').textContent()).toBe(
      "From takes an ISO-8601 time such as 2024-03-01T10:15:00 or 2024-03-01T10:15:00+01:00, or a raw tim such as tim:1234567890; not 'yesterday at ten'",
    );
    await page.getByTestId('window-skipLast').fill('5 parsecs');
    await page.getByTestId('window-apply').click();
    expect(await page.getByTestId('window-error-skipLast').textContent()).toContain("Skip last takes a duration such as 30s, 500ms, 2m or 1h; not '5 parsecs'");
    await screenshot(page, 'time-window-errors', '[data-testid=window-controls]');
    expect(await tableValue(page, 'count', 'd1')).toBe(before);
    // Dataset 1 only: its first 60 s of each session skipped, no edges.
    await page.getByTestId('window-target').selectOption('d1');
    await page.getByTestId('window-from').fill('');
    await page.getByTestId('window-to').fill('');
    await page.getByTestId('window-skipFirst').fill('1s');
    await page.getByTestId('window-skipLast').fill('');
    await page.getByTestId('window-apply').click();
    await expect.poll(() => page.getByTestId('window-line-d1').textContent()).toContain("skipping each session's first 1s: ");
    await reportShown(page);
    const want = await cliStats(files.on, ['--skip-first', '1s']);
    expect(want.window.kept).toBeGreaterThan(100);
    expect(want.window.outside).toBeGreaterThan(100);
    await expect.poll(() => tableValue(page, 'count', 'd1')).toBe(want.count);
    expect(await tableValue(page, 'median', 'd1')).toBeCloseTo(want.median, 6);
    // Dataset 2 keeps its window of the drag.
    expect(await page.getByTestId('window-line-d2').textContent()).toMatch(/Window from .*, to .* \(exclusive\)/);
    await expect.poll(() => page.url()).toContain('skipfirst1=1s');
    // Clear for all datasets: the whole run again, no window line, nothing in the URL.
    await page.getByTestId('window-target').selectOption('*');
    await page.getByTestId('window-clear').click();
    await expect.poll(() => page.getByTestId('window-lines').count()).toBe(0);
    await reportShown(page);
    await expect.poll(() => tableValue(page, 'count', 'd1')).toBe(3000);
    await expect.poll(() => page.url()).not.toMatch(/from1|skipfirst1/);
  });

  it('the window survives a reload from the URL, and a shared report says which window it is of', async () => {
    // A window typed for both datasets, then the page reloaded from its URL and the files dropped again.
    await page.getByTestId('window-skipFirst').fill('500ms');
    await page.getByTestId('window-skipLast').fill('1s');
    await page.getByTestId('window-apply').click();
    await expect.poll(() => page.url()).toContain('skiplast2=1s');
    await page.reload({ waitUntil: 'networkidle' });
    await load(page);
    await page.getByTestId('window-line-d1').waitFor();
    const [, off] = await checkTable(page, ['--skip-first', '500ms', '--skip-last', '1s']);
    expect(await page.getByTestId('window-skipFirst').inputValue()).toBe('500ms');

    await page.getByTestId('share-button').click();
    await page.getByTestId('share-summary').waitFor();
    await page.getByTestId('share-send').click();
    const link = await page.getByTestId('share-link').inputValue();
    const viewer = await suite.browser.newPage({ viewport: { width: 1440, height: 1000 } });
    await viewer.goto(link, { waitUntil: 'networkidle' });
    await viewer.getByTestId('window-lines').waitFor();
    expect(await viewer.getByTestId('window-line-d2').textContent()).toContain(
      `Window skipping each session's first 500ms and last 1s: ${off!.window.kept.toLocaleString('en-US')} waits inside, ${off!.window.outside.toLocaleString('en-US')} outside`,
    );
    expect(await tableValue(viewer, 'count', 'd2')).toBe(off!.count);
    expect(await tableValue(viewer, 'p99', 'd2')).toBeCloseTo(off!.p99, 6);
    await screenshot(viewer, 'time-window-shared', '[data-testid=window-lines]');
    await viewer.close();
  });
});
