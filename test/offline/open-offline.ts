// Opening an offline report from file:// in Chromium with every network request refused, and
// recording every request it tries: the report must need none.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { expect } from 'vitest';

export interface OfflinePage {
  context: BrowserContext;
  page: Page;
  /** Every request the page made, file:// ones included. */
  requests: string[];
  /** console.error messages (a CSP violation is one) and uncaught errors. */
  errors: string[];
}

export const FIGURES = ['figure-all-waits', 'figure-top-waits', 'figure-spectrum', 'figure-heat-map', 'figure-timeline'] as const;

export async function openOffline(browser: Browser, file: string, viewport = { width: 1440, height: 1000 }): Promise<OfflinePage> {
  const context = await browser.newContext({ viewport, offline: true });
  const page = await context.newPage();
  const requests: string[] = [];
  const errors: string[] = [];
  page.on('request', (r) => requests.push(r.url()));
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  page.on('pageerror', (e) => errors.push(`uncaught: ${e.message}`));
  await page.route('**/*', (r) => (r.request().url().startsWith('file:') ? r.continue() : r.abort()));
  await page.goto(`file://${file}`);
  await page.getByTestId('offline-report').waitFor({ timeout: 30_000 });
  for (const id of FIGURES) await page.locator(`[data-testid=${id}-chart][data-ready=true]`).first().waitFor({ timeout: 60_000 });
  return { context, page, requests, errors };
}

/**
 * Whether each drawn chart shows something: an SVG chart has path marks with data, a canvas chart
 * has pixels of more than one colour. Counted by the browser, per figure.
 */
export async function figureInk(page: Page): Promise<Record<string, number>> {
  return page.evaluate((ids) => {
    const out: Record<string, number> = {};
    for (const id of ids) {
      const charts = [...document.querySelectorAll(`[data-testid=${id}-chart]`)];
      let ink = 0;
      for (const chart of charts) {
        // Paths with more than a few commands: series and their lines, not a bare axis tick.
        ink += [...chart.querySelectorAll('svg path')].filter((p) => (p.getAttribute('d') ?? '').length > 200).length;
        for (const canvas of chart.querySelectorAll('canvas')) {
          const data = canvas.getContext('2d')?.getImageData(0, 0, canvas.width, canvas.height).data;
          if (!data) continue;
          const colours = new Set<number>();
          for (let i = 0; i < data.length && colours.size < 50; i += 4 * 97) colours.add((data[i]! << 16) | (data[i + 1]! << 8) | data[i + 2]!);
          ink += colours.size > 2 ? colours.size : 0;
        }
      }
      out[id] = ink;
    }
    return out;
  }, [...FIGURES]);
}

/** Every figure drew, and nothing but the file itself was requested or complained about. */
export async function expectDrawnOffline(o: OfflinePage): Promise<void> {
  const ink = await figureInk(o.page);
  for (const id of FIGURES) expect(ink[id], `${id} drew nothing`).toBeGreaterThan(0);
  expect(o.requests.filter((u) => !u.startsWith('file:'))).toEqual([]);
  expect(o.errors).toEqual([]);
}
