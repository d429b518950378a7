// The share panel of a page opened over plain HTTP (a deployment reached by a host name, without
// TLS), in real Chromium: nothing can be encrypted there (no crypto.subtle outside a secure
// context), so nothing can be uploaded, but "Download report" still writes a file. The privacy rule
// is that such a file holds only what the preview shows, so the preview must be there without
// sealing: the summary and the JSON, and the downloaded file's report is that very JSON.
//
// Chromium treats localhost and 127.0.0.1 as secure, so the test names the server by another host
// name, resolved to 127.0.0.1 by Chromium's own --host-resolver-rules: the page is then a plain-HTTP
// origin, which the test checks before anything else.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, watchPage } from '../helpers/browser';
import { makeTempDir } from '../helpers/cli';
import { startNextServer, type NextServer } from '../helpers/next-server';
import { loadTwoDatasets, screenshot } from '../helpers/workbench';
import { payloadText } from '../offline/offline-file';
import { SECRET, writeSecretTraces } from '../share/secret-traces';

const PLAIN_HOST = 'waitscope-plain-http.test';
const PRIVATE = [SECRET.instance, SECRET.host, SECRET.file, SECRET.folder, SECRET.sql, SECRET.module, SECRET.action];

describe('sharing from a page opened over plain HTTP', () => {
  let server: NextServer;
  let browser: Browser;
  const temp = makeTempDir('share-plain-http');
  let onFiles: string[];
  let offFiles: string[];

  beforeAll(async () => {
    server = await startNextServer();
    browser = await launchChromium([`--host-resolver-rules=MAP ${PLAIN_HOST} 127.0.0.1`]);
    onFiles = writeSecretTraces(temp.dir, 'on', 'flash-on');
    offFiles = writeSecretTraces(temp.dir, 'off', 'flash-off');
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    temp.remove();
  });

  it('shows what a downloaded report holds, offers no upload, and the file holds exactly the JSON shown', async () => {
    const context = await browser.newContext({ acceptDownloads: true, viewport: { width: 1400, height: 1000 } });
    const page = await context.newPage();
    const watch = watchPage(page);
    await loadTwoDatasets(page, `http://${PLAIN_HOST}:${server.port}/`, onFiles, offFiles);
    // The premise: an insecure context, where the browser gives no crypto.subtle.
    expect(await page.evaluate(() => ({ secure: window.isSecureContext, subtle: typeof crypto.subtle }))).toEqual({ secure: false, subtle: 'undefined' });
    await page.getByTestId('share-button').click();

    const panel = page.getByTestId('share-panel');
    await panel.getByTestId('share-summary').waitFor();
    expect(await panel.getByRole('alert').textContent()).toContain('needs HTTPS (or localhost): this page was opened over plain HTTP');
    expect(await panel.getByTestId('share-summary').locator('h3').textContent()).toBe('What a downloaded report holds');
    expect(await panel.getByTestId('share-size').textContent()).toMatch(/^Size: [\d.]+ KB of JSON$/);
    expect(await panel.getByTestId('share-summary-files').textContent()).toContain('not included');
    expect(await panel.getByTestId('share-send').count()).toBe(0);
    expect(await panel.getByTestId('share-expiry').count()).toBe(0); // nothing is uploaded, so nothing expires
    await panel.getByTestId('share-json').locator('summary').click();
    const shownJson = await panel.getByTestId('share-preview').textContent();
    await screenshot(page, 'share-plain-http-panel', '[data-testid=share-panel]');
    await page.setViewportSize({ width: 1024, height: 900 });
    await screenshot(page, 'share-plain-http-panel-1024', '[data-testid=share-panel]');
    await page.setViewportSize({ width: 1400, height: 1000 });

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('download-report').click()]);
    const file = path.join(temp.dir, 'plain-http.html');
    await download.saveAs(file);
    const saved = payloadText(readFileSync(file, 'utf8'));
    // The file's report is the JSON the preview showed (indented there), no more and no less.
    expect(JSON.parse(saved)).toEqual(JSON.parse(shownJson ?? 'null'));
    expect(JSON.parse(saved).datasets.flatMap((d: { files: { name: string }[] }) => d.files.map((f) => f.name))).toEqual(['file 1', 'file 2', 'file 3', 'file 4']);
    const lower = saved.toLowerCase();
    expect(PRIVATE.filter((name) => lower.includes(name.toLowerCase()))).toEqual([]);

    // A choice changes the preview and the file alike.
    await page.getByTestId('share-include-files').check();
    await expect.poll(async () => (await panel.getByTestId('share-summary-files').textContent()) ?? '').toContain('included as they are');
    const shownTicked = await panel.getByTestId('share-preview').textContent();
    const [ticked] = await Promise.all([page.waitForEvent('download'), page.getByTestId('download-report').click()]);
    const tickedFile = path.join(temp.dir, 'plain-http-ticked.html');
    await ticked.saveAs(tickedFile);
    const savedTicked = JSON.parse(payloadText(readFileSync(tickedFile, 'utf8')));
    expect(savedTicked).toEqual(JSON.parse(shownTicked ?? 'null'));
    expect(JSON.stringify(savedTicked)).toContain(SECRET.file);

    // A choice made while the file is being prepared (its viewer still loading from the server) is in
    // the file, as the preview then shows it: the file never holds an older preview's content.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/offline-report/**', async (route) => {
      await held;
      await route.continue();
    });
    const late = page.waitForEvent('download');
    await page.getByTestId('download-report').click();
    await expect.poll(() => page.getByTestId('download-report').textContent()).toBe('Preparing…');
    await page.getByTestId('share-include-hosts').check();
    await expect.poll(async () => (await panel.getByTestId('share-summary-hosts').textContent()) ?? '').toBe('Host and instance names: included');
    release();
    const lateFile = path.join(temp.dir, 'plain-http-late.html');
    await (await late).saveAs(lateFile);
    const savedLate = JSON.parse(payloadText(readFileSync(lateFile, 'utf8')));
    expect(savedLate).toEqual(JSON.parse((await panel.getByTestId('share-preview').textContent()) ?? 'null'));
    expect(JSON.stringify(savedLate).toLowerCase()).toContain(SECRET.host);
    expect(watch.consoleErrors).toEqual([]);
    await context.close();
  });
});
