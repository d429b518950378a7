import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, watchPage } from '../helpers/browser';
import { writeCompareInputs } from '../helpers/compare-inputs';
import { startNextServer, type NextServer } from '../helpers/next-server';
import { datasetSettled, reportShown, screenshot, tableValue } from '../helpers/workbench';

describe('sharing a report in Chromium: encrypted in the page, read back with the key from the link', () => {
  const inputs = writeCompareInputs(2000);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'waitscope-share-db-'));
  let server: NextServer | undefined;
  let browser: Browser | undefined;
  let page: Page;
  let link = '';
  const uploads: { url: string; body: Buffer | null }[] = [];

  beforeAll(async () => {
    server = await startNextServer({ WAITSCOPE_DB_PATH: path.join(dataDir, 'reports.db') });
    browser = await launchChromium();
    page = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
    page.on('request', (r) => {
      if (r.url().includes('/api/reports')) uploads.push({ url: r.url(), body: r.postDataBuffer() });
    });
    await page.goto(server.url, { waitUntil: 'networkidle' });
    await page.getByLabel('Label of dataset 1').fill('Redo on SSD');
    await page.getByTestId('input-d1').setInputFiles(inputs.on);
    await page.getByTestId('input-d2').setInputFiles(inputs.off);
    await datasetSettled(page, 'd1');
    await datasetSettled(page, 'd2');
    await reportShown(page);
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    rmSync(inputs.root, { recursive: true, force: true });
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('shows exactly what will be sent, then uploads only ciphertext and gives a link with the key in its fragment', async () => {
    await page.getByTestId('share-button').click();
    const preview = page.getByTestId('share-preview');
    await preview.waitFor();
    const sent = JSON.parse((await preview.textContent())!);
    expect(sent.datasets.map((d: { label: string }) => d.label)).toEqual(['Redo on SSD', 'Flash logging off']);
    expect(sent.datasets[0].files[0].sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(sent)).not.toMatch(/"host":|"instance":/);
    expect(await page.getByTestId('share-size').textContent()).toMatch(/KB of JSON, [\d.]+ KB compressed and encrypted/);
    expect(await page.getByTestId('share-expiry').inputValue()).toBe('30d');
    await page.getByTestId('share-send').click();
    const linkBox = page.getByTestId('share-link');
    await linkBox.waitFor();
    link = await linkBox.inputValue();
    expect(link).toMatch(new RegExp(`^${server!.url}/r/[A-Za-z0-9_-]{22,}#k=[A-Za-z0-9_-]{22}$`));
    const post = uploads.find((u) => u.body !== null)!;
    expect(post.url).toContain('expires=30d');
    expect(post.url).not.toContain('#k=');
    const key = link.split('#k=')[1]!;
    expect(post.body!.includes(Buffer.from(key))).toBe(false);
    expect(post.body!.includes(Buffer.from('Redo on SSD'))).toBe(false);
    expect(await page.getByTestId('my-shared-reports').textContent()).toContain('Redo on SSD vs Flash logging off');
    await screenshot(page, 'share-panel', '[data-testid=share-panel]');
  });

  it('opens the link in a fresh browser context read-only with the same numbers, removes the key from the address bar, under a strict CSP', async () => {
    const fresh = await browser!.newContext({ viewport: { width: 1400, height: 1000 } }); // no storage shared with the sender
    const viewer = await fresh.newPage();
    const watch = watchPage(viewer);
    const response = await viewer.goto(link, { waitUntil: 'networkidle' });
    const csp = response?.headers()['content-security-policy'] ?? '';
    expect(csp).toMatch(/default-src 'self'/);
    expect(csp).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]+' 'strict-dynamic'/);
    expect(csp.split(';').find((d) => d.trim().startsWith('script-src'))).not.toContain('unsafe-inline');
    expect(response?.headers()['referrer-policy']).toBe('no-referrer');
    await viewer.getByTestId('shared-report').waitFor();
    await expect.poll(() => viewer.url()).not.toContain('#k=');
    for (const stat of ['count', 'median', 'mean', 'p99', 'max']) {
      expect(await tableValue(viewer, stat, 'd1')).toBe(await tableValue(page, stat, 'd1'));
      expect(await tableValue(viewer, stat, 'd2')).toBe(await tableValue(page, stat, 'd2'));
    }
    expect(await viewer.getByTestId('shared-report').textContent()).toContain('Redo on SSD');
    await screenshot(viewer, 'shared-report');

    // Compare my traces with this report: computed here, nothing uploaded.
    const before = uploads.length;
    await viewer.getByTestId('input-local').setInputFiles(inputs.off);
    await expect.poll(() => viewer.locator('[data-testid=comparison-table] [data-stat=count][data-dataset=local]').getAttribute('data-value'), { timeout: 60_000 }).toBe('6000');
    expect(await viewer.locator('[data-testid=comparison-table] [data-comparison="2-1"][data-stat=mean][data-kind=difference]').getAttribute('data-value')).toBe('0');
    expect(uploads.filter((u) => u.body !== null).length).toBe(uploads.slice(0, before).filter((u) => u.body !== null).length);
    expect(watch.externalRequests).toEqual([]);
    expect(watch.consoleErrors).toEqual([]);
    await fresh.close();
  });

  it('says clearly when the key is wrong or missing, or the report is unknown', async () => {
    const viewer = await browser!.newPage();
    const [base] = link.split('#k=');
    await viewer.goto(`${base}#k=${'A'.repeat(22)}`, { waitUntil: 'networkidle' });
    expect(await viewer.getByTestId('shared-error').textContent()).toMatch(/Wrong key/);
    await viewer.goto(base!, { waitUntil: 'networkidle' });
    expect(await viewer.getByTestId('shared-error').textContent()).toMatch(/no key/);
    await viewer.goto(`${server!.url}/r/${'x'.repeat(22)}#k=${'A'.repeat(22)}`, { waitUntil: 'networkidle' });
    expect(await viewer.getByTestId('shared-error').textContent()).toMatch(/No such report|could not be loaded/);
    await viewer.close();
  });

  it('deletes a shared report from "My shared reports"; its link then finds nothing', async () => {
    const list = page.getByTestId('my-shared-reports');
    await list.getByRole('button', { name: 'Delete' }).click();
    await expect.poll(() => page.getByTestId('my-shared-reports').count()).toBe(0);
    const fresh = await browser!.newContext();
    const viewer = await fresh.newPage();
    await viewer.goto(link, { waitUntil: 'networkidle' });
    expect(await viewer.getByTestId('shared-error').textContent()).toMatch(/No such report.*deleted/);
    await fresh.close();
  });
});
