// One place for how browser tests drive Chromium: Debian's /usr/bin/chromium through
// playwright-core, which never downloads a browser of its own (scripts/ensure-chromium.sh
// installs the system one).
import { chromium, type Browser, type Page } from 'playwright-core';

export const CHROMIUM_PATH = '/usr/bin/chromium';

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-quic',
  '--no-first-run',
];

/** `extraArgs`: a test's own switches, after the usual ones (e.g. a host resolver rule). */
export function launchChromium(extraArgs: readonly string[] = []): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: [...CHROMIUM_ARGS, ...extraArgs] });
}

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);
const NON_NETWORK_PROTOCOLS = new Set(['data:', 'blob:', 'about:']);

/** True for URLs that stay on this machine: the app must work air-gapped. */
export function isLocalUrl(url: string): boolean {
  const parsed = new URL(url);
  return NON_NETWORK_PROTOCOLS.has(parsed.protocol) || LOCAL_HOSTS.has(parsed.hostname);
}

export interface PageWatch {
  /** Every request URL that left this machine. */
  externalRequests: string[];
  /** console.error messages and uncaught page errors. */
  consoleErrors: string[];
}

/** Starts recording, on `page`, what an air-gapped, error-free page must never do. */
export function watchPage(page: Page): PageWatch {
  const watch: PageWatch = { externalRequests: [], consoleErrors: [] };
  page.on('request', (request) => {
    if (!isLocalUrl(request.url())) watch.externalRequests.push(request.url());
  });
  page.on('console', (message) => {
    if (message.type() === 'error') watch.consoleErrors.push(message.text());
  });
  page.on('pageerror', (error) => watch.consoleErrors.push(`uncaught: ${error.message}`));
  return watch;
}
