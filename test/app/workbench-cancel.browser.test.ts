import { closeSync, openSync, rmSync, writeSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { sessionSeed } from '../../lib/synth/book-experiment';
import { generateCommitLoop } from '../../lib/synth/commit-loop';
import { watchPage } from '../helpers/browser';
import { useServerAndBrowser } from '../helpers/browser-suite';
import { datasetSettled } from '../helpers/workbench';

/**
 * A ~1 GiB trace: one generated session repeated, so a Cancel lands while it is being read. (At
 * ~300 MB the page read it all in ~0.5 s once the line kernel got faster, and the Cancel, clicked
 * after the responsiveness checks, found it done.)
 */
function bigTrace(dir: string): { file: string; waits: number; bytes: number } {
  const block = [...generateCommitLoop({ preset: 'flash-off', seed: sessionSeed('flash-off', 3, 0), commits: 5000 })].join('');
  const bytes = Buffer.from(block);
  const copies = Math.ceil((1 << 30) / bytes.length);
  const file = path.join(dir, 'big.trc');
  const fd = openSync(file, 'w');
  for (let i = 0; i < copies; i++) writeSync(fd, bytes);
  closeSync(fd);
  return { file, waits: 5000 * copies, bytes: bytes.length * copies };
}

describe('workbench: Cancel and responsiveness while a big trace is read', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'waitscope-cancel-'));
  const big = bigTrace(dir);
  const suite = useServerAndBrowser();

  afterAll(() => {
    rmSync(dir, { recursive: true, force: true });
  });

  it('shows a determinate progress bar, stays responsive, and stops on Cancel keeping nothing half-read', async () => {
    const page = await suite.browser.newPage();
    const watch = watchPage(page);
    await page.goto(suite.server.url, { waitUntil: 'networkidle' });
    await page.getByTestId('input-d1').setInputFiles(big.file);
    const bar = page.getByTestId('progress-d1');
    await bar.waitFor({ timeout: 30_000 });
    expect(Number(await bar.locator('progress').getAttribute('max'))).toBe(big.bytes);
    expect(await bar.textContent()).toMatch(/MB\/s/);
    expect(await bar.textContent()).toMatch(/waits found/);

    // Responsive: the main thread answers at once while the worker parses.
    const t0 = Date.now();
    await page.evaluate(() => 1 + 1);
    expect(Date.now() - t0).toBeLessThan(500);
    await page.getByLabel('Label of dataset 1').fill('Redo on SSD');
    expect(await page.getByLabel('Label of dataset 1').inputValue()).toBe('Redo on SSD');

    // Still reading: otherwise the Cancel below would test nothing.
    expect(Number(await bar.locator('progress').getAttribute('value'))).toBeLessThan(big.bytes);
    await bar.getByRole('button', { name: 'Cancel' }).click();
    expect(await datasetSettled(page, 'd1')).toBe('cancelled');
    const card = page.getByTestId('dataset-d1');
    expect(await card.textContent()).toContain('Cancelled');
    expect(Number(await card.getAttribute('data-waits'))).toBe(0); // the half-read file is dropped, not counted
    expect(await card.locator('li[data-file-state=cancelled]').count()).toBe(1);
    expect(await page.getByTestId('progress-d1').count()).toBe(0);
    expect(watch.consoleErrors).toEqual([]);
    await page.close();
  });

  it('reads the whole ~1 GiB trace on both cores (range worker) to exactly the waits it holds', async () => {
    const page = await suite.browser.newPage();
    const watch = watchPage(page);
    await page.goto(suite.server.url, { waitUntil: 'networkidle' });
    await expect.poll(() => page.workers().length).toBe(2); // the analysis worker and the range worker
    await page.getByTestId('input-d1').setInputFiles(big.file);
    expect(await datasetSettled(page, 'd1')).toBe('ready');
    expect(Number(await page.getByTestId('dataset-d1').getAttribute('data-waits'))).toBe(big.waits);
    expect(watch.consoleErrors).toEqual([]);
    await page.close();
  });
});
