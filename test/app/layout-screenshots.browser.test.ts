// Issue 17 §4 "Review it yourself": every view of the page, light and dark, at 1,440 and 1,024 px,
// and the four-dataset page, saved as PNGs in test-artifacts/screenshots/ for a person to look at;
// and the layout facts that would break without anyone looking: no horizontal page scroll, the tab
// title naming the comparison, the views as tabs with the selected one in the URL, a dark page in
// dark mode with charts that follow it.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { generateCommitPath } from '../../lib/synth/commit-path';
import { watchPage } from '../helpers/browser';
import { useServerAndBrowser } from '../helpers/browser-suite';
import { makeTempDir } from '../helpers/cli';
import { ROOT } from '../helpers/next-app';
import { datasetSettled, loadTwoDatasets, openView, reportShown, tableValue } from '../helpers/workbench';

const SHOTS = path.join(ROOT, 'test-artifacts/screenshots');
const WIDTHS = [1440, 1024] as const;
const SCHEMES = ['light', 'dark'] as const;
/** The tabs in order, as the issue names the views (the Commit path only with an LGWR trace). */
const REPORT_TABS = ['Comparison', 'Distribution', 'Tail', 'Over time', 'Outliers', 'Profile', 'Statements', 'Groups'];

/** What shows that each view has drawn. */
const DRAWN: Record<string, string[]> = {
  comparison: ['[data-testid=comparison-table]'],
  distribution: ['[data-testid=figure-all-waits-chart][data-ready=true]', '[data-testid=figure-spectrum-chart][data-ready=true]'],
  tail: ['[data-testid=figure-top-waits-chart][data-ready=true]', '[data-testid=threshold-table]'],
  'over-time': ['[data-testid=figure-heat-map-chart][data-ready=true]', '[data-testid=figure-timeline-chart][data-ready=true]'],
  outliers: ['[data-testid=top-waits-of]'],
  profile: ['[data-testid=profile-results][data-state=ready]'],
  statements: ['[data-testid=statements-table]'],
  groups: ['[data-testid=group-results][data-state=ready]'],
  'commit-path': ['[data-testid=commit-path-results][data-state=ready]'],
};

async function shot(page: Page, name: string): Promise<void> {
  mkdirSync(SHOTS, { recursive: true });
  // From the top: the sticky header would otherwise be drawn where the page was scrolled to.
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: true });
}

/** The page is no wider than the window: nothing makes it scroll sideways. */
const pageWidth = (page: Page) => page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, inner: window.innerWidth }));

/** Relative luminance (0 black … 1 white) of a CSS rgb() colour. */
function luminance(css: string): number {
  const [r, g, b] = (css.match(/\d+(\.\d+)?/g) ?? []).slice(0, 3).map((x) => Number(x) / 255);
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

async function viewsOf(page: Page, views: string[], name: string): Promise<void> {
  for (const view of views) {
    await openView(page, view);
    for (const s of DRAWN[view]!) await page.locator(s).first().waitFor({ timeout: 120_000 });
    // The view is in the URL (written a frame after the change); the Comparison is the default, left out.
    if (view === 'comparison') await expect.poll(() => new URL(page.url()).searchParams.get('view')).toBeNull();
    else await expect.poll(() => new URL(page.url()).searchParams.get('view')).toBe(view);
    expect(await page.locator('[role=tab][aria-selected=true]').getAttribute('data-tab')).toBe(view);
    const { scroll, inner } = await pageWidth(page);
    expect(scroll, `${name} ${view}: the page is ${scroll} px wide in a ${inner} px window`).toBeLessThanOrEqual(inner);
    await shot(page, `${name}-${view}`);
  }
}

describe('the page laid out as a tool (issue 17 §4), in Chromium', () => {
  const suite = useServerAndBrowser();
  const temp = makeTempDir('layout-shots');
  const contexts: BrowserContext[] = [];
  afterAll(async () => {
    for (const c of contexts) await c.close();
    temp.remove();
  });
  const open = async (width: number, scheme: 'light' | 'dark') => {
    const context = await suite.browser.newContext({ viewport: { width, height: 900 }, colorScheme: scheme });
    contexts.push(context);
    return context.newPage();
  };

  for (const scheme of SCHEMES) {
    for (const width of WIDTHS) {
      it(`the book demo, ${scheme}, ${width} px: title, one-line answer, tabs, every report view in the URL, no sideways scroll`, async () => {
        const page = await open(width, scheme);
        const watch = watchPage(page);
        await page.goto(`${suite.server.url}/?demo=book`, { waitUntil: 'networkidle' });
        expect(await datasetSettled(page, 'd2')).toBe('ready');
        await reportShown(page);
        await expect.poll(() => page.title()).toBe('Flash logging on vs Flash logging off — log file sync · waitscope');
        expect(await page.getByRole('tablist').getByRole('tab').allTextContents()).toEqual(REPORT_TABS);

        // The header's answer says the changes the table shows: (A − B)/B of its own numbers, by hand.
        const change = async (stat: string) => {
          const [a, b] = [await tableValue(page, stat, 'd1'), await tableValue(page, stat, 'd2')];
          const rel = (a! - b!) / b!;
          return `${Math.abs(rel * 100).toFixed(1)}% ${rel > 0 ? 'longer' : 'shorter'}`;
        };
        expect(await page.getByTestId('header-answer').textContent()).toBe(
          `Flash logging on vs Flash logging off: mean ${await change('mean')}, p99 ${await change('p99')}, median ${await change('median')} (20 + 20 sessions)`,
        );
        const background = await page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor);
        if (scheme === 'dark') expect(luminance(background)).toBeLessThan(0.2);
        else expect(luminance(background)).toBeGreaterThan(0.9);

        await viewsOf(page, ['comparison', 'distribution', 'tail', 'over-time', 'outliers'], `${scheme}-${width}`);
        // Charts follow the theme: an axis label of Figure 15.15 is drawn in the page's text colours.
        await openView(page, 'distribution');
        const tick = page.getByTestId('figure-all-waits-chart').locator('text').first();
        const fill = await tick.evaluate((t) => getComputedStyle(t).fill);
        if (scheme === 'dark') expect(luminance(fill)).toBeGreaterThan(0.5);
        else expect(luminance(fill)).toBeLessThan(0.5);
        // …and redraw when the scheme changes under an open page.
        await page.emulateMedia({ colorScheme: scheme === 'dark' ? 'light' : 'dark' });
        const redrawn = () => tick.evaluate((t) => getComputedStyle(t).fill);
        if (scheme === 'dark') await expect.poll(async () => luminance(await redrawn())).toBeLessThan(0.5);
        else await expect.poll(async () => luminance(await redrawn())).toBeGreaterThan(0.5);
        expect(watch.consoleErrors).toEqual([]);
      });
    }
  }

  // One case per scheme and width: the four pages together came near the case timeout on a loaded CI machine.
  const laterViewFiles = () =>
    generateCommitPath({ sessions: 3, commits: 300, seed: 9, lgwrTrace: 'waits' }).files.map((f) => {
      const file = path.join(temp.dir, f.name);
      writeFileSync(file, f.bytes);
      return file;
    });
  for (const scheme of SCHEMES) {
    for (const width of WIDTHS) {
      it(`the later views (Profile, Statements, Groups, Commit path) of traces with calls and an LGWR trace, ${scheme}, ${width} px`, async () => {
        const files = laterViewFiles();
        const page = await open(width, scheme);
        await loadTwoDatasets(page, suite.server.url, files, files);
        await viewsOf(page, ['profile', 'statements', 'groups', 'commit-path'], `${scheme}-${width}`);
        await page.close();
      });
    }
  }

  it('four datasets with long labels: no sideways page scroll at 1,024 or 1,440 px; wide tables scroll in their own box', async () => {
    const files = generateCommitPath({ sessions: 3, commits: 300, seed: 9, lgwrTrace: 'waits' }).files.map((f) => {
      const file = path.join(temp.dir, `four-${f.name}`);
      writeFileSync(file, f.bytes);
      return file;
    });
    const page = await open(1024, 'light');
    await page.goto(suite.server.url, { waitUntil: 'networkidle' });
    await page.getByTestId('demo-button').click();
    // Progressive results: while the demo is drawn, its histogram so far and its running count show under the bar.
    // Read in the frame it is seen: it goes when the load ends.
    const seen = await page.waitForFunction(() => {
      const f = document.querySelector('[data-testid=progress-histogram-d1]');
      return f && { total: Number(f.getAttribute('data-total')), bars: f.querySelectorAll('rect').length, caption: f.textContent };
    }, null, { timeout: 60_000 });
    const partial = (await seen.jsonValue()) as { total: number; bars: number; caption: string };
    expect(partial.total).toBeGreaterThan(0);
    expect(partial.total % 200_000, 'whole sessions of 200,000 waits').toBe(0);
    expect(partial.bars).toBeGreaterThan(3);
    expect(partial.caption).toMatch(/^[\d,]+ waits so far, [\d,]+ µs to [\d,]+ µs$/);
    expect(await datasetSettled(page, 'd2')).toBe('ready');
    for (const id of ['d3', 'd4']) {
      await page.getByRole('button', { name: '+ Add a dataset' }).click();
      await page.getByTestId(`input-${id}`).setInputFiles(files);
      expect(await datasetSettled(page, id)).toBe('ready');
    }
    await page.getByLabel('Label of dataset 3').fill('Redo on the new SAN, write cache on, 2024-03-01');
    await page.getByLabel('Label of dataset 4').fill('Redo on the new SAN, write cache off, 2024-03-02');
    await reportShown(page);
    expect(await page.locator('[data-testid=comparison-table] [data-stat=count][data-dataset=d4]').count()).toBeGreaterThan(0);
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 900 });
      await viewsOf(page, ['comparison', 'distribution', 'tail', 'outliers'], `four-datasets-${width}`);
    }
  });

  it("opens an old link's view=waits as the Comparison", async () => {
    const page = await open(1440, 'light');
    await page.goto(`${suite.server.url}/?view=waits`, { waitUntil: 'networkidle' });
    await expect.poll(() => page.locator('[role=tab][aria-selected=true]').getAttribute('data-tab')).toBe('comparison');
    expect(await page.title()).toBe('waitscope');
  });
});
