import { describe, expect, it } from 'vitest';
import { watchPage } from '../helpers/browser';
import { useServerAndBrowser } from '../helpers/browser-suite';

describe('home page in Chromium', () => {
  const suite = useServerAndBrowser();

  it('shows the waitscope heading, air-gapped and without console errors', async () => {
    const page = await suite.browser.newPage();
    const watch = watchPage(page);

    const response = await page.goto(suite.server.url, { waitUntil: 'networkidle' });
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
