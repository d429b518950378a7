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

  it('runs under a strict nonce CSP: its scripts, a worker and WebAssembly load, and nothing is blocked', async () => {
    const page = await suite.browser.newPage();
    const watch = watchPage(page);
    // Every CSP violation, including ones Chromium does not print to the console.
    await page.addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as { cspViolations: string[] }).cspViolations = seen;
      document.addEventListener('securitypolicyviolation', (event) => seen.push(`${event.violatedDirective} ${event.blockedURI} ${event.sourceFile}`));
    });
    const response = await page.goto(suite.server.url, { waitUntil: 'networkidle' });
    const csp = response?.headers()['content-security-policy'] ?? '';
    const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
    expect(nonce).toBeDefined();
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain("'unsafe-inline' 'strict-dynamic'");
    // Next put the nonce on its scripts, and they ran: the inline ones fill __next_f, the
    // bootstrap chunk they load sets window.next…
    expect(await page.locator('script[nonce]').count()).toBeGreaterThan(0);
    expect(
      await page.evaluate(() => {
        const w = window as unknown as { __next_f?: unknown; next?: { appDir?: boolean } };
        return [Array.isArray(w.__next_f), w.next?.appDir];
      }),
    ).toEqual([true, true]);
    // …and the page can start a module worker and compile WebAssembly, as parsing a trace does.
    const ran = await page.evaluate(async () => {
      const source = 'onmessage = async (e) => postMessage((await WebAssembly.compile(e.data)) instanceof WebAssembly.Module)';
      const worker = new Worker(URL.createObjectURL(new Blob([source], { type: 'text/javascript' })));
      const module = new Uint8Array([0, 97, 115, 109, 1, 0, 0, 0]);
      return new Promise((resolve) => {
        worker.onmessage = (event) => resolve(event.data);
        worker.onerror = () => resolve('worker failed');
        worker.postMessage(module);
      });
    });
    expect(ran).toBe(true);
    // The one refusal is wanted: zod probes for eval() with `try { Function('') }` and, refused,
    // validates without generated code. Nothing else may be blocked.
    const violations = await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations);
    expect(violations.length).toBeLessThanOrEqual(1);
    expect(violations.filter((v) => !/^script-src eval http:\/\/127\.0\.0\.1:\d+\/_next\/static\/chunks\/[\w-]+\.js$/.test(v))).toEqual([]);
    expect(watch.consoleErrors).toEqual([]);
    await page.close();
  });
});
