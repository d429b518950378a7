// Issue 17 §2 in Chromium: "Download Parquet" saves one zip of a dataset's tables, written in the
// worker; DuckDB reads them back with the numbers `waitscope profile/statements --json` give for the same file.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { Uint8ArrayReader, Uint8ArrayWriter, ZipReader } from '@zip.js/zip.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { watchPage, type PageWatch } from '../helpers/browser';
import { useServerAndBrowser } from '../helpers/browser-suite';
import { fixturePath, makeTempDir, parseJsonOutput, runCli } from '../helpers/cli';
import { loadTwoDatasets, openDownloads, screenshot } from '../helpers/workbench';
import { query, sqlPath } from '../export/duckdb';

const A = fixturePath('calls/oltp-19c.trc');
const B = fixturePath('calls/oltp-12-2.trc');
const temp = makeTempDir('parquet-download');

/** Clicks a button that downloads, and unpacks the zip it saves into `dir`; returns the names in it. */
async function downloadZip(page: Page, button: ReturnType<Page['getByRole']>, dir: string): Promise<string[]> {
  const [download] = await Promise.all([page.waitForEvent('download', { timeout: 120_000 }), button.click()]);
  expect(download.suggestedFilename()).toMatch(/-parquet\.zip$/);
  const zip = new ZipReader(new Uint8ArrayReader(new Uint8Array(readFileSync((await download.path())!))));
  mkdirSync(dir, { recursive: true });
  const names: string[] = [];
  for (const entry of await zip.getEntries()) {
    if (entry.directory) continue;
    writeFileSync(path.join(dir, entry.filename), await entry.getData(new Uint8ArrayWriter()));
    names.push(entry.filename);
  }
  await zip.close();
  return names.sort();
}

describe('Download Parquet in Chromium', () => {
  const suite = useServerAndBrowser();
  let page: Page;
  let watch: PageWatch;

  beforeAll(async () => {
    page = await suite.browser.newPage({ viewport: { width: 1440, height: 900 }, acceptDownloads: true });
    watch = watchPage(page);
    await loadTwoDatasets(page, suite.server.url, A, B);
  }, 180_000);
  afterAll(async () => {
    await page?.close();
    temp.remove();
  });

  it('saves the first dataset\'s four tables, whose rows DuckDB counts as the CLI does', async () => {
    await openDownloads(page); // the exports are in the header's Download menu
    const bar = page.getByTestId('export-bar');
    const buttons = bar.getByRole('button', { name: /^Download Parquet/ });
    expect(await buttons.count()).toBe(2);
    await screenshot(page, 'parquet-export-bar', '[data-testid="export-bar"]');
    const dir = path.join(temp.dir, 'a');
    expect(await downloadZip(page, buttons.first(), dir)).toEqual(['calls.parquet', 'files.parquet', 'statements.parquet', 'waits.parquet']);
    const t = (name: string) => sqlPath(path.join(dir, `${name}.parquet`));

    const profile = parseJsonOutput<{ events: { event: string; count: number; total: number }[]; calls: { call: string; count: number }[] }>(await runCli(['profile', '--json', A]));
    const events = await query(`select event, count(*), sum(ela_us) from ${t('waits')} group by event`);
    expect(new Map(events.map(([e, n, s]) => [e, [Number(n), Number(s)]]))).toEqual(new Map(profile.events.map((e) => [e.event, [e.count, e.total]])));
    const calls = new Map<string, number>();
    for (const c of profile.calls) calls.set(c.call, (calls.get(c.call) ?? 0) + c.count);
    expect(new Map((await query(`select call, count(*) from ${t('calls')} group by call`)).map(([c, n]) => [c, Number(n)]))).toEqual(calls);

    const statements = parseJsonOutput<{ statements: { key: string; total: number }[] }>(await runCli(['statements', '--json', A])).statements;
    const rows = await query(`select key, total_e_us, sql_text from ${t('statements')}`);
    expect(new Map(rows.map(([k, total]) => [k, Number(total)]))).toEqual(new Map(statements.map((s) => [s.key, s.total])));
    expect(rows.every((r) => r[2] === null)).toBe(true);
    // The fixture's header says `Version 19.12.0.0.0` (its first lines).
    expect(await query(`select file, release, unit from ${t('files')}`)).toEqual([[path.basename(A), '19.12.0.0.0', 'us']]);
    expect(watch.consoleErrors).toEqual([]);
  }, 180_000);

  it('puts the SQL text in only when "with SQL text" is ticked', async () => {
    await openDownloads(page);
    const bar = page.getByTestId('export-bar');
    await bar.getByLabel('with SQL text').check();
    const dir = path.join(temp.dir, 'b');
    await downloadZip(page, bar.getByRole('button', { name: /^Download Parquet/ }).nth(1), dir);
    const [[withText, all]] = (await query(`select count(sql_text), count(*) from ${sqlPath(path.join(dir, 'statements.parquet'))}`)) as [[bigint, bigint]];
    expect(all).toBeGreaterThan(0n);
    expect(withText).toBeGreaterThan(0n);
    const [[file]] = (await query(`select distinct file from ${sqlPath(path.join(dir, 'waits.parquet'))}`)) as [[string]];
    expect(file).toBe(path.basename(B));
    expect(watch.consoleErrors).toEqual([]);
  }, 180_000);
});
