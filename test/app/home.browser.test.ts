import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, watchPage } from '../helpers/browser';
import { startNextServer, type NextServer } from '../helpers/next-server';

describe('home page in Chromium', () => {
  let server: NextServer | undefined;
  let browser: Browser | undefined;

  beforeAll(async () => {
    server = await startNextServer();
    browser = await launchChromium();
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('shows the waitscope heading, air-gapped and without console errors', async () => {
    const page = await browser!.newPage();
    const watch = watchPage(page);

    const response = await page.goto(server!.url, { waitUntil: 'networkidle' });
    expect(response?.status()).toBe(200);

    const heading = page.getByRole('heading', { level: 1 });
    await expect.poll(() => heading.isVisible()).toBe(true);
    expect((await heading.textContent())?.trim()).toBe('waitscope');
    expect(await page.title()).toBe('waitscope');
    expect(await page.getByText('npx waitscope stats').first().isVisible()).toBe(true);

    expect(watch.externalRequests).toEqual([]);
    expect(watch.consoleErrors).toEqual([]);
    await page.close();
  });
});
