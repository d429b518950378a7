// The setup every browser test file shares: the production server `npm start` runs (dist/server.mjs) and Chromium,
// started before the file's tests and stopped after them.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { launchChromium } from './browser';
import { startNextServer, type NextServer } from './next-server';

export interface BrowserSuite {
  readonly server: NextServer;
  readonly browser: Browser;
}

/** Call at the top of a describe block; read `suite.server` and `suite.browser` inside tests. */
export function useServerAndBrowser(env: Record<string, string> = {}): BrowserSuite {
  let server: NextServer | undefined;
  let browser: Browser | undefined;
  beforeAll(async () => {
    server = await startNextServer(env);
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });
  return {
    get server() {
      if (!server) throw new Error('the server has not started (beforeAll failed?)');
      return server;
    },
    get browser() {
      if (!browser) throw new Error('Chromium has not started (beforeAll failed?)');
      return browser;
    },
  };
}
