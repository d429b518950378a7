// Issue 16 §2 in Chromium: a dataset with synthetic foreground traces and the LGWR trace of the same
// instance (lib/synth/commit-path.ts) shows the Commit path view with the numbers `waitscope lgwr
// --json` prints for the same files; a warnings-only LGWR trace pairs coarsely and says so; choosing
// the 'LGWR log write warning' event says what its samples are.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateCommitPath } from '../../lib/synth/commit-path';
import { watchPage, type PageWatch } from '../helpers/browser';
import { useServerAndBrowser } from '../helpers/browser-suite';
import { makeTempDir, parseJsonOutput, runCli } from '../helpers/cli';
import { chooseEvent, loadTwoDatasets, screenshot } from '../helpers/workbench';

function writeDataset(dir: string, lgwrTrace: 'waits' | 'warnings'): string[] {
  mkdirSync(dir, { recursive: true });
  const g = generateCommitPath({ sessions: 3, commits: 300, seed: 9, lgwrTrace });
  return g.files.map((f) => {
    const file = path.join(dir, f.name);
    writeFileSync(file, f.bytes);
    return file;
  });
}

describe('the Commit path view in Chromium', () => {
  const suite = useServerAndBrowser();
  const temp = makeTempDir('commit-path-page');
  const d1 = writeDataset(path.join(temp.dir, 'waits'), 'waits');
  const d2 = writeDataset(path.join(temp.dir, 'warnings'), 'warnings');
  let page: Page;
  let watch: PageWatch;

  beforeAll(async () => {
    page = await suite.browser.newPage({ viewport: { width: 1440, height: 900 } });
    watch = watchPage(page);
    await loadTwoDatasets(page, suite.server.url, d1, d2);
  }, 180_000);
  afterAll(async () => {
    await page?.close();
    temp.remove();
  });

  it('is offered because a dataset holds an LGWR trace, and shows the covered share and remainder lgwr --json prints', async () => {
    const tab = page.locator('[data-testid=results-tabs] [data-tab=commit-path]');
    expect(await tab.textContent()).toBe('Commit path (LGWR)');
    await tab.click();
    await page.locator('[data-testid=commit-path-results][data-state=ready]').waitFor({ timeout: 60_000 });
    await expect.poll(() => page.url()).toContain('view=commit-path');
    const cli = parseJsonOutput<{ syncs: { coveredShare: number; coveredMicros: number }; remainder: { median: number; p99: number; max: number }; slowWriteCount: number }>(await runCli(['lgwr', '--json', ...d1]));
    const panel = page.locator('[data-testid=commit-path-panel]').first();
    expect(await panel.getAttribute('data-outcome')).toBe('paired');
    expect(await panel.getAttribute('data-clock')).toBe('tim');
    expect(Number(await panel.getAttribute('data-covered-share'))).toBe(cli.syncs.coveredShare);
    const remainder = panel.locator('[data-testid=commit-path-distribution] tr[data-row=remainder] td');
    const values = await remainder.evaluateAll((tds) => tds.map((td) => td.getAttribute('data-value')));
    expect(values.slice(3).map(Number)).toEqual([cli.remainder.median, expect.any(Number), cli.remainder.p99, cli.remainder.max]);
    expect(await panel.locator('[data-testid=commit-path-slow-writes] tbody tr').count()).toBe(cli.slowWriteCount);
    await panel.locator('[data-testid=figure-commit-path-chart][data-ready=true]').waitFor({ timeout: 30_000 });
    expect(await panel.locator('[data-testid=figure-commit-path-chart]').getAttribute('data-series-count')).toBe('2');
    // The explanation cites Oracle's reference for log file sync.
    expect(await page.getByTestId('commit-path-explanation').locator('a[href="https://docs.oracle.com/database/121/REFRN/GUID-4E2F9589-8082-483D-B7FD-33620C23E72A.htm"]').count()).toBe(1);
  }, 120_000);

  it('pairs the warnings-only LGWR trace coarsely and says why', async () => {
    const panel = page.locator('[data-testid=commit-path-panel]').nth(1);
    expect(await panel.getAttribute('data-outcome')).toBe('paired');
    expect(await panel.getByTestId('commit-path-coarse').textContent()).toContain('only its log write warnings');
    await screenshot(page, 'commit-path-1440');
    await screenshot(page, 'commit-path-panel-1440', '[data-testid=commit-path-panel] >> nth=0');
    await page.setViewportSize({ width: 1024, height: 800 });
    await screenshot(page, 'commit-path-1024');
    await page.setViewportSize({ width: 1440, height: 900 });
  }, 60_000);

  it("choosing 'LGWR log write warning' says its samples are only the writes over ~500 ms", async () => {
    await page.locator('[data-testid=results-tabs] [data-tab=comparison]').click();
    await chooseEvent(page, 'LGWR log write warning');
    const note = page.getByTestId('log-write-warning-note');
    await note.waitFor({ timeout: 30_000 });
    expect(await note.textContent()).toContain('only the writes that took longer than LGWR’s warning threshold (about 500 ms)');
    expect(watch.consoleErrors).toEqual([]);
    expect(watch.externalRequests).toEqual([]);
  }, 60_000);
});
