// Issue 13 §2, "cheap view changes", the drawing side: a units switch redraws text, not data. The
// charts of the data are not drawn again (the text in the unit is on an overlay chart of each figure,
// ChartFrame.tsx, unit-overlay.ts), and the labels show the new unit. A
// bucket-mode switch redraws the one figure whose data change; a threshold edit redraws none.
// Nothing here is timed: `npm run bench:browser` times these changes on the demo.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { watchPage } from '../helpers/browser';
import { useServerAndBrowser } from '../helpers/browser-suite';
import { plainCommits, writeCommitLoop } from '../helpers/outlier-traces';
import { figuresDrawn, screenshot, loadTwoDatasets } from '../helpers/workbench';

const FIGURES = ['figure-all-waits', 'figure-top-waits', 'figure-spectrum', 'figure-timeline'] as const;
type Counts = Record<(typeof FIGURES)[number], { options: number; overlay: number }>;

/**
 * Counts every shape a canvas fills (a timeline point is one: a fillRect in echarts' large mode, a
 * path's fill otherwise) and records every text drawn on a canvas. A string, so the page gets it as
 * written (no helpers of the test's compiler in it).
 */
const WATCH_CANVAS = `
  window.__fills = 0;
  window.__texts = [];
  const proto = CanvasRenderingContext2D.prototype;
  for (const name of ['fillRect', 'fill']) {
    const original = proto[name];
    proto[name] = function (...args) { window.__fills++; return original.apply(this, args); };
  }
  const fillText = proto.fillText;
  proto.fillText = function (...args) { window.__texts.push(String(args[0])); return fillText.apply(this, args); };
`;

describe('figures: a units switch redraws labels only', () => {
  const suite = useServerAndBrowser();
  const dir = mkdtempSync(path.join(tmpdir(), 'redraw-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  const counts = (page: Page) =>
    page.evaluate((ids) => {
      const of = (id: string) => {
        const el = document.querySelector(`[data-testid=${id}-chart]`);
        const n = (attribute: string) => Number(el?.getAttribute(attribute) ?? 0);
        return { options: n('data-options-set'), overlay: n('data-overlay-set') };
      };
      return Object.fromEntries(ids.map((id) => [id, of(id)]));
    }, FIGURES) as Promise<Counts>;
  const canvas = (page: Page) =>
    page.evaluate(() => {
      const w = window as unknown as { __fills: number; __texts: string[] };
      return { fills: w.__fills, texts: w.__texts };
    });
  const resetCanvas = (page: Page) => page.evaluate(() => Object.assign(window, { __fills: 0, __texts: [] }));
  const allDrawn = async (page: Page) => {
    await figuresDrawn(page);
    await page.locator('[data-testid=figure-timeline-chart][data-ready=true]').waitFor({ timeout: 60_000 });
  };

  it('draws no timeline point and no figure data again for a new unit, and names the unit', async () => {
    // Two traces of 1,500 commits: 1,500 waits each of 400–599 µs, every one a point of the timeline.
    const common = { wall: '2012-08-09T10:15:02.000000', offset: null, period: 100_000, stampEvery: 10_000, sid: 35, serial: 101, cursor: '140005298813064' } as const;
    const a = path.join(dir, 'orcl_ora_1111.trc');
    const b = path.join(dir, 'orcl_ora_2222.trc');
    writeFileSync(a, writeCommitLoop({ ...common, timBase: 5_000_000_000, pid: 1111, commits: plainCommits(1500) }).text);
    writeFileSync(b, writeCommitLoop({ ...common, timBase: 7_000_000_000, pid: 2222, commits: plainCommits(1500) }).text);
    const page = await suite.browser.newPage({ viewport: { width: 1400, height: 1000 } });
    await page.addInitScript({ content: WATCH_CANVAS });
    const watch = watchPage(page);
    await loadTwoDatasets(page, suite.server.url, a, b);
    await allDrawn(page);
    await page.waitForTimeout(500);
    // The hooks see the points: at least one fill per point of the timeline (each of the 3,000 waits).
    const first = await canvas(page);
    expect(first.fills).toBeGreaterThanOrEqual(3000);
    expect(first.texts).toContain('wait time (µs, log scale)');
    const before = await counts(page);
    for (const id of FIGURES) expect(before[id].options, id).toBeGreaterThanOrEqual(1);

    await resetCanvas(page);
    await page.getByTestId('unit-switch').getByLabel('ms').check();
    await expect.poll(async () => (await counts(page))['figure-timeline'].overlay).toBe(before['figure-timeline'].overlay + 1);
    await allDrawn(page);
    await page.waitForTimeout(500);
    const after = await counts(page);
    // No setOption with series data: the charts of the data are untouched; every figure's text in
    // the unit (time axes, the timeline's and Figure 15.16's line labels) is drawn again on its overlay.
    for (const id of FIGURES) {
      expect(after[id].options, id).toBe(before[id].options);
      expect(after[id].overlay, id).toBe(before[id].overlay + 1);
    }
    const switched = await canvas(page);
    expect(switched.fills).toBeLessThan(100);
    // The timeline's labels in ms: its axis, the decade ticks of 400–599 µs (0.1 and 1 ms), the 500 ms line.
    expect(switched.texts).toContain('wait time (ms, log scale)');
    expect(switched.texts).toEqual(expect.arrayContaining(['0.1', '1', '500.000 ms']));
    expect(switched.texts).not.toContain('wait time (µs, log scale)');
    for (const id of ['figure-all-waits', 'figure-spectrum']) {
      const names = await page.locator(`[data-testid=${id}-chart] svg text`).allTextContents();
      expect(names, id).toContain('wait time (ms, log scale)');
      expect(names, id).not.toContain('wait time (µs, log scale)');
      // The decades around 400–599 µs, in ms: the time axis' ticks as the chart of the data places them.
      expect(names, id).toEqual(expect.arrayContaining(['0.1', '1']));
      expect(names, id).not.toContain('1,000');
    }
    const topTexts = await page.locator('[data-testid=figure-top-waits-chart] svg text').allTextContents();
    expect(topTexts).toContain('wait time (ms)');
    // Each dataset's max line is labelled in ms (its longest wait, 400–599 µs), and nothing in µs is left.
    expect(topTexts.filter((t) => t.startsWith('max '))).toEqual([expect.stringMatching(/^max 0\.[45]\d\d ms$/), expect.stringMatching(/^max 0\.[45]\d\d ms$/)]);
    expect(topTexts.filter((t) => t.includes('µs'))).toEqual([]);
    await screenshot(page, 'redraw-timeline-ms', '[data-testid=figure-timeline]');

    // The bucket mode changes the data of one figure; a threshold edit changes none.
    await page.getByTestId('bucket-switch').getByLabel('Oracle log2 buckets').check();
    await expect.poll(async () => (await counts(page))['figure-all-waits'].options).toBe(before['figure-all-waits'].options + 1);
    await allDrawn(page);
    await page.getByTestId('threshold-table').getByRole('textbox').fill('2');
    await page.getByTestId('threshold-table').getByRole('button', { name: 'add' }).click();
    await page.locator('[data-testid=threshold-table] span[data-threshold="2000"][data-kind=count][data-dataset=d1][data-value]').waitFor();
    await allDrawn(page);
    const last = await counts(page);
    // The new buckets are new data: the chart is set again, and its overlay laid on its new plot area.
    expect(last).toEqual({ ...after, 'figure-all-waits': { ...after['figure-all-waits'], options: after['figure-all-waits'].options + 1, overlay: after['figure-all-waits'].overlay + 1 } });
    expect(watch.consoleErrors).toEqual([]);
    await page.close();
  });
});
