// Issue 15 §2 in Chromium: the Group view shows each dataset's groups as `stats --json --group`
// prints them for the same files and measure, both datasets side by side as `compare --json
// --group` pairs them, with the view and the key in the URL.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { watchPage, type PageWatch } from '../helpers/browser';
import { useServerAndBrowser } from '../helpers/browser-suite';
import { fixturePath, parseJsonOutput, runCli } from '../helpers/cli';
import { chooseEvent, datasetSettled, loadTwoDatasets, reportShown, screenshot } from '../helpers/workbench';

const A = fixturePath('calls/oltp-19c.trc');
const B = fixturePath('calls/oltp-12-2.trc');
const EVENT = 'db file sequential read';

interface Row {
  key: string;
  count: number;
  min: number | null;
  median: number | null;
  mean: number | null;
  p99: number | null;
  max: number | null;
  sum: number;
}

/** One dataset's group rows as the page shows them, from each cell's raw data-value. */
function pageRows(page: Page, datasetId: string): Promise<Row[]> {
  return page.locator(`[data-testid=group-table][data-dataset="${datasetId}"] tr[data-testid=group-row]`).evaluateAll((trs) =>
    trs.map((tr) => {
      const out: Record<string, unknown> = { key: tr.getAttribute('data-key') };
      for (const td of tr.querySelectorAll('td[data-stat]')) {
        const v = td.getAttribute('data-value');
        out[td.getAttribute('data-stat')!] = v === null ? null : Number(v);
      }
      return out as unknown as Row;
    }),
  );
}

async function groupsReady(page: Page, key: string): Promise<void> {
  await page.locator(`[data-testid=group-results][data-state=ready][data-key="${key}"]`).waitFor({ timeout: 60_000 });
}

describe('the Group view in Chromium', () => {
  const suite = useServerAndBrowser();
  let page: Page;
  let watch: PageWatch;

  beforeAll(async () => {
    page = await suite.browser.newPage({ viewport: { width: 1440, height: 900 } });
    watch = watchPage(page);
    await loadTwoDatasets(page, suite.server.url, A, B);
    await chooseEvent(page, EVENT);
    expect(await datasetSettled(page, 'd1')).toBe('ready');
    expect(await datasetSettled(page, 'd2')).toBe('ready');
    await reportShown(page);
  }, 180_000);
  afterAll(async () => page?.close());

  it('groups each dataset by session as stats --json --group session does, and puts the view in the URL', async () => {
    await page.locator('[data-testid=results-tabs] [data-tab=groups]').click();
    await groupsReady(page, 'session');
    await expect.poll(() => page.url()).toContain('view=groups');
    for (const [id, file] of [['d1', A], ['d2', B]] as const) {
      const cli = parseJsonOutput<{ groups: Row[] }>(await runCli(['stats', '--json', '--event', EVENT, '--group', 'session', file]));
      // The page names a file by its name, the CLI by the path it was given.
      expect(await pageRows(page, id), id).toEqual(cli.groups.map((g) => ({ ...g, key: g.key.replace(/^.*\//, '') })));
    }
  }, 120_000);

  it('groups by the key picked (sqlid), with the key in the URL, and pairs both datasets as compare --group does', async () => {
    await page.getByTestId('group-key').selectOption('sqlid');
    await groupsReady(page, 'sqlid');
    await expect.poll(() => page.url()).toContain('group=sqlid');
    for (const [id, file] of [['d1', A], ['d2', B]] as const) {
      const cli = parseJsonOutput<{ groups: Row[] }>(await runCli(['stats', '--json', '--event', EVENT, '--group', 'sqlid', file]));
      expect(await pageRows(page, id), id).toEqual(cli.groups);
    }
    const compare = parseJsonOutput<{ groups: { pairs: { key: string; a: Row | null; b: Row | null }[] } }>(await runCli(['compare', '--json', '--event', EVENT, '--group', 'sqlid', A, '--vs', B]));
    const shown = await page.locator('[data-testid=group-comparison] tr[data-testid=group-pair]').evaluateAll((trs) =>
      trs.map((tr) => [tr.getAttribute('data-key'), Number(tr.querySelector('[data-side=a][data-stat=count]')?.getAttribute('data-value')), Number(tr.querySelector('[data-side=b][data-stat=count]')?.getAttribute('data-value'))]),
    );
    expect(shown).toEqual(compare.groups.pairs.map((p) => [p.key, p.a?.count ?? 0, p.b?.count ?? 0]));
    expect(compare.groups.pairs.some((p) => p.a === null || p.b === null)).toBe(true);
    expect(await page.locator('[data-testid=group-comparison]').textContent()).toContain('only in Flash logging');
    await screenshot(page, 'group-view-1440');
    await page.setViewportSize({ width: 1024, height: 800 });
    // No horizontal scroll of the whole page at 1,024 px: wide tables scroll in their own box.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1024);
    await screenshot(page, 'group-view-1024');
    await page.setViewportSize({ width: 1440, height: 900 });
  }, 120_000);

  it('groups by size (issue 16 §3): bytes and MB/s per size, the size classes and the throughput, as stats --json --group size', async () => {
    await page.getByTestId('group-key').selectOption('size');
    await groupsReady(page, 'size');
    await expect.poll(() => page.url()).toContain('group=size');
    interface SizeJson {
      groups: (Row & { bytes: number | null; throughput: number | null })[];
      sizeClasses: { key: string; count: number }[];
      throughput: { bytesPerSecond: number | null };
    }
    const cli = parseJsonOutput<SizeJson>(await runCli(['stats', '--json', '--event', EVENT, '--group', 'size', A]));
    // Every single-block read of the fixture is blocks=1: one group of 8,192 B with bytes = count × 8,192.
    expect(cli.groups.map((g) => [g.key, g.bytes])).toEqual([['8192', (cli.groups[0]?.count ?? 0) * 8192]]);
    expect(await pageRows(page, 'd1')).toEqual(cli.groups);
    const classes = page.locator('[data-testid=size-classes][data-dataset=d1] tr[data-testid=size-class-row]');
    expect(await classes.evaluateAll((trs) => trs.map((tr) => tr.getAttribute('data-key')))).toEqual(cli.sizeClasses.map((c) => c.key));
    expect(cli.sizeClasses.map((c) => c.key)).toEqual(['≤ 8 KiB']);
    const total = page.locator('[data-testid=size-classes][data-dataset=d1] [data-testid=size-throughput]');
    expect(Number(await total.getAttribute('data-value'))).toBe(cli.throughput.bytesPerSecond);
    expect(await total.textContent()).toContain('data 8 KiB (default), redo 512 B (default)');
    await screenshot(page, 'group-view-size-1440');
  }, 120_000);

  it('takes a wait parameter by its name, with the name in the URL', async () => {
    await page.getByTestId('group-key').selectOption('(parameter)');
    await page.getByTestId('group-parameter').fill('file#');
    await page.getByTestId('group-parameter').press('Enter');
    await groupsReady(page, 'file#');
    await expect.poll(() => page.url()).toContain('group=file%23');
    const cli = parseJsonOutput<{ groups: Row[] }>(await runCli(['stats', '--json', '--event', EVENT, '--group', 'file#', A]));
    expect(await pageRows(page, 'd1')).toEqual(cli.groups);
    expect(cli.groups.length).toBeGreaterThan(0);
    expect(watch.consoleErrors).toEqual([]);
    expect(watch.externalRequests).toEqual([]);
  }, 120_000);
});
