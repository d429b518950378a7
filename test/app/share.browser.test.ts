import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, watchPage } from '../helpers/browser';
import { writeCompareInputs } from '../helpers/compare-inputs';
import { startNextServer, type NextServer } from '../helpers/next-server';
import { datasetSettled, reportShown, screenshot, tableValue } from '../helpers/workbench';
import { plaintextOf } from '../share/open-plaintext';
import { SECRET, writeSecretTraces } from '../share/secret-traces';

/** Gives datasets 1 and 2 their traces, and waits until both have loaded and the report is shown. */
async function loadBoth(page: Page, d1: string[], d2: string[]): Promise<void> {
  await page.getByTestId('input-d1').setInputFiles(d1);
  await page.getByTestId('input-d2').setInputFiles(d2);
  await datasetSettled(page, 'd1');
  await datasetSettled(page, 'd2');
  await reportShown(page);
}

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
    await loadBoth(page, inputs.on, inputs.off);
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    rmSync(inputs.root, { recursive: true, force: true });
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('shows exactly what will be sent, then uploads only ciphertext and gives a link with the key in its fragment', async () => {
    await page.getByTestId('share-button').click();
    await page.getByTestId('share-summary').waitFor();
    expect(await page.getByTestId('share-preview').count()).toBe(0); // the JSON is collapsed until asked for
    await page.getByTestId('share-json').locator('summary').click();
    const preview = page.getByTestId('share-preview');
    await preview.waitFor();
    const sent = JSON.parse((await preview.textContent())!);
    expect(sent.datasets.map((d: { label: string }) => d.label)).toEqual(['Redo on SSD', 'Flash logging off']);
    expect(sent.datasets[0].files[0].sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(sent)).not.toMatch(/"host":|"instance":/);
    expect(sent.datasets[0].files.map((f: { name: string }) => f.name)).toEqual(['file 1', 'file 2', 'file 3']);
    // The summary comes before the seal; the encrypted size once the upload button is there.
    await page.getByTestId('share-send').waitFor();
    expect(await page.getByTestId('share-size').textContent()).toMatch(/^Size: [\d.]+ KB of JSON, [\d.]+ KB compressed and encrypted$/);
    expect(await page.getByTestId('share-summary-files').textContent()).toContain('not included');
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
    const mine = (await page.getByTestId('my-shared-reports').textContent())!;
    expect(mine).toContain('Redo on SSD vs Flash logging off');
    expect(mine).toMatch(/\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z/); // ISO 8601, not the browser's locale
    expect(await page.getByTestId('share-expires').textContent()).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);
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
    expect(await viewer.locator('.shared-meta time').textContent()).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);
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
    await list.getByRole('button', { name: 'Delete it' }).click(); // asked in the page first
    await expect.poll(() => page.getByTestId('my-shared-reports').count()).toBe(0);
    const fresh = await browser!.newContext();
    const viewer = await fresh.newPage();
    await viewer.goto(link, { waitUntil: 'networkidle' });
    expect(await viewer.getByTestId('shared-error').textContent()).toMatch(/No such report.*deleted/);
    await fresh.close();
  });
});

describe('sharing traces whose names name the instance (zzinstq7_ora_20000.trc): none of it leaves unless ticked', () => {
  const root = mkdtempSync(path.join(tmpdir(), 'waitscope-share-secret-'));
  const dataDir = mkdtempSync(path.join(tmpdir(), 'waitscope-share-db-'));
  const files = { d1: writeSecretTraces(root, 'd1', 'flash-on'), d2: writeSecretTraces(root, 'd2', 'flash-off') };
  const secrets = [SECRET.instance, SECRET.host, SECRET.file, SECRET.module, SECRET.action, SECRET.sql];
  let server: NextServer | undefined;
  let browser: Browser | undefined;
  let page: Page;
  let link = '';
  let body: Buffer | null = null;

  beforeAll(async () => {
    server = await startNextServer({ WAITSCOPE_DB_PATH: path.join(dataDir, 'reports.db') });
    browser = await launchChromium();
    const context = await browser.newContext({ viewport: { width: 1400, height: 1000 }, permissions: ['clipboard-read', 'clipboard-write'] });
    page = await context.newPage();
    page.on('request', (r) => {
      if (r.url().includes('/api/reports') && r.method() === 'POST') body = r.postDataBuffer();
    });
    await page.goto(server.url, { waitUntil: 'networkidle' });
    await loadBoth(page, files.d1, files.d2);
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    rmSync(root, { recursive: true, force: true });
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('the preview and the uploaded payload (decrypted) hold no instance, host or file name; ticking file names puts them in', async () => {
    expect(path.basename(files.d1[0]!)).toBe(`${SECRET.instance}_ora_20000_${SECRET.file}.trc`);
    // A label is sent as typed: one holding the instance is pointed out, not altered.
    const label = page.getByLabel('Label of dataset 1');
    const before = await label.inputValue();
    await label.fill(`${SECRET.instance} redo`);
    await page.getByTestId('share-button').click();
    expect(await page.getByTestId('share-exposed').textContent()).toMatch(new RegExp(`${SECRET.instance}.*instance name.*is in the label of dataset 1 \\(1 place in all\\)`, 'i'));
    expect(await page.getByTestId('share-summary').textContent()).toContain(`labelled “${SECRET.instance} redo”`);
    await page.getByTestId('share-panel').getByRole('button', { name: 'Cancel' }).click();
    await label.fill(before);
    await page.getByTestId('share-button').click();
    const panel = page.getByTestId('share-panel');
    await page.getByTestId('share-summary').waitFor();
    await page.getByTestId('share-json').locator('summary').click();
    const preview = page.getByTestId('share-preview');
    const lower = async () => ((await preview.textContent()) ?? '').toLowerCase();
    for (const s of secrets) expect(await lower()).not.toContain(s);
    for (const s of secrets) expect((await panel.textContent())!.toLowerCase()).not.toContain(s);
    expect(await page.getByTestId('share-summary-files').textContent()).toContain('“file 1”');
    expect(await page.getByTestId('share-summary-hosts').textContent()).toContain('not included');

    // Ticked, the names are there (so the checks above can fail), and the instance inside them is pointed out.
    await page.getByTestId('share-include-files').check();
    await expect.poll(lower).toContain(SECRET.file);
    expect(await lower()).toContain(SECRET.instance);
    expect(await page.getByTestId('share-exposed').textContent()).toMatch(new RegExp(`${SECRET.instance}.*instance name.*the file names of dataset 1`, 'i'));
    await screenshot(page, 'share-panel-file-names', '[data-testid=share-panel]');
    await page.getByTestId('share-include-hosts').check();
    await expect.poll(lower).toContain(SECRET.host);
    await page.getByTestId('share-include-hosts').uncheck();
    await page.getByTestId('share-include-files').uncheck();
    await expect.poll(lower).not.toContain(SECRET.file);
    for (const s of secrets) expect(await lower()).not.toContain(s);
    await page.getByTestId('share-json').locator('summary').click(); // collapse again for the picture
    await screenshot(page, 'share-panel-summary', '[data-testid=share-panel]');

    await page.getByTestId('share-send').click();
    await page.getByTestId('share-link').waitFor();
    link = await page.getByTestId('share-link').inputValue();
    expect(body).not.toBeNull();
    const plain = (await plaintextOf(body!, link.split('#k=')[1]!)).toLowerCase();
    expect(plain).toContain('"file 1"');
    for (const s of secrets) expect(plain).not.toContain(s);
    await screenshot(page, 'share-panel-shared', '[data-testid=share-panel]');
  });

  it('lets the user copy and download the delete token, then delete the report after an in-page confirmation; the link finds nothing', async () => {
    const id = new URL(link).pathname.split('/').at(-1)!;
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('waitscope.shared-reports.v1') ?? '[]'));
    const token: string = stored.find((e: { id: string }) => e.id === id).deleteToken;
    expect(token.length).toBeGreaterThan(20);

    await page.getByTestId('share-copy-token').click();
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(token);
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('share-download-token').click()]);
    expect(download.suggestedFilename()).toBe(`waitscope-delete-token-${id}.json`);
    const saved = readFileSync((await download.path())!, 'utf8');
    expect(JSON.parse(saved)).toMatchObject({ report: id, deleteToken: token });
    expect(saved).not.toContain(link.split('#k=')[1]!); // the token file cannot open the report

    await page.getByTestId('share-delete').click();
    await page.getByTestId('share-delete-question').waitFor();
    await screenshot(page, 'share-panel-delete-question', '[data-testid=share-panel]');
    await page.getByTestId('share-panel').getByRole('button', { name: 'Cancel' }).first().click(); // changed their mind
    expect(await page.getByTestId('share-delete-question').count()).toBe(0);
    expect((await fetch(`${server!.url}/api/reports/${id}`)).status).toBe(200);

    await page.getByTestId('share-delete').click();
    await page.getByTestId('share-delete-confirm').click();
    expect(await page.getByTestId('share-deleted').textContent()).toMatch(/^Deleted at \d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z: the link now finds nothing/);
    expect((await fetch(`${server!.url}/api/reports/${id}`)).status).toBe(404);
    await expect.poll(() => page.getByTestId('my-shared-reports').count()).toBe(0);
    const fresh = await browser!.newContext();
    const viewer = await fresh.newPage();
    await viewer.goto(link, { waitUntil: 'networkidle' });
    expect(await viewer.getByTestId('shared-error').textContent()).toMatch(/No such report/);
    await fresh.close();
  });
});
