// Issue 13 §2, "cheap view changes", the drawing side: a units switch redraws text, not data. The
// charts of the data are not drawn again (the text in the unit is on an overlay chart of each figure,
// ChartFrame.tsx, unit-overlay.ts), and the labels show the new unit. A
// bucket-mode switch redraws the one figure whose data change; a threshold edit redraws none.
// Each view shows its own figures (issue 17 §4), so each is checked in its view while shown.
// Nothing here is timed: `npm run bench:browser` times these changes on the demo.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { watchPage } from '../helpers/browser';
import { useServerAndBrowser } from '../helpers/browser-suite';
import { plainCommits, writeCommitLoop } from '../helpers/outlier-traces';
import { openView, screenshot, loadTwoDatasets } from '../helpers/workbench';

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
  /** The figures of a view (components/layout/views.ts) have drawn. */
  const drawnIn = async (page: Page, ids: readonly string[]) => {
    for (const id of ids) await page.locator(`[data-testid=${id}-chart][data-ready=true]`).waitFor({ timeout: 60_000 });
  };
  /** Switches the unit while a view's figures are shown: each figure's overlay is set once more, the chart of its data not again. */
  const switchUnit = async (page: Page, unit: 'ms' | 'µs', ids: readonly (typeof FIGURES)[number][]) => {
    const before = await counts(page);
    await page.getByTestId('unit-switch').getByLabel(unit).check();
    for (const id of ids) await expect.poll(async () => (await counts(page))[id].overlay).toBe(before[id].overlay + 1);
    await drawnIn(page, ids);
    const after = await counts(page);
    for (const id of ids) expect(after[id].options, id).toBe(before[id].options);
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
    // Each view shows its own figures (issue 17 §4): the switch is checked in each, on the figures it shows.
    await openView(page, 'over-time');
    await drawnIn(page, ['figure-timeline']);
    await page.waitForTimeout(500);
    // The hooks see the points: at least one fill per point of the timeline (each of the 3,000 waits).
    const first = await canvas(page);
    expect(first.fills).toBeGreaterThanOrEqual(3000);
    expect(first.texts).toContain('wait time (µs, log scale)');
    expect((await counts(page))['figure-timeline'].options).toBeGreaterThanOrEqual(1);

    await resetCanvas(page);
    await switchUnit(page, 'ms', ['figure-timeline']);
    await page.waitForTimeout(500);
    const switched = await canvas(page);
    expect(switched.fills).toBeLessThan(100);
    // The timeline's labels in ms: its axis, the decade ticks of 400–599 µs (0.1 and 1 ms), the 500 ms line.
    expect(switched.texts).toContain('wait time (ms, log scale)');
    expect(switched.texts).toEqual(expect.arrayContaining(['0.1', '1', '500.000 ms']));
    expect(switched.texts).not.toContain('wait time (µs, log scale)');
    await screenshot(page, 'redraw-timeline-ms', '[data-testid=figure-timeline]');

    // The Distribution's figures open in ms; switched to µs and back while shown, they redraw their labels only.
    await openView(page, 'distribution');
    await drawnIn(page, ['figure-all-waits', 'figure-spectrum']);
    for (const id of ['figure-all-waits', 'figure-spectrum'] as const) expect((await counts(page))[id].options, id).toBeGreaterThanOrEqual(1);
    await switchUnit(page, 'µs', ['figure-all-waits', 'figure-spectrum']);
    await switchUnit(page, 'ms', ['figure-all-waits', 'figure-spectrum']);
    for (const id of ['figure-all-waits', 'figure-spectrum']) {
      const names = await page.locator(`[data-testid=${id}-chart] svg text`).allTextContents();
      expect(names, id).toContain('wait time (ms, log scale)');
      expect(names, id).not.toContain('wait time (µs, log scale)');
      // The decades around 400–599 µs, in ms: the time axis' ticks as the chart of the data places them.
      expect(names, id).toEqual(expect.arrayContaining(['0.1', '1']));
      expect(names, id).not.toContain('1,000');
    }
    // The bucket mode changes the data of one figure: it is set again, and its overlay laid on its new plot area.
    const beforeBuckets = await counts(page);
    await page.getByTestId('bucket-switch').getByLabel('Oracle log2 buckets').check();
    await expect.poll(async () => (await counts(page))['figure-all-waits'].options).toBe(beforeBuckets['figure-all-waits'].options + 1);
    await drawnIn(page, ['figure-all-waits', 'figure-spectrum']);
    const afterBuckets = await counts(page);
    expect(afterBuckets['figure-all-waits'].overlay).toBe(beforeBuckets['figure-all-waits'].overlay + 1);
    expect(afterBuckets['figure-spectrum']).toEqual(beforeBuckets['figure-spectrum']);

    // The Tail's Figure 15.16 likewise; a threshold edit beside it redraws nothing.
    await openView(page, 'tail');
    await drawnIn(page, ['figure-top-waits']);
    await switchUnit(page, 'µs', ['figure-top-waits']);
    await switchUnit(page, 'ms', ['figure-top-waits']);
    const topTexts = await page.locator('[data-testid=figure-top-waits-chart] svg text').allTextContents();
    expect(topTexts).toContain('wait time (ms)');
    // Each dataset's max line is labelled in ms (its longest wait, 400–599 µs), and nothing in µs is left.
    expect(topTexts.filter((t) => t.startsWith('max '))).toEqual([expect.stringMatching(/^max 0\.[45]\d\d ms$/), expect.stringMatching(/^max 0\.[45]\d\d ms$/)]);
    expect(topTexts.filter((t) => t.includes('µs'))).toEqual([]);
    const beforeThreshold = await counts(page);
    await page.getByTestId('threshold-table').getByRole('textbox').fill('2');
    await page.getByTestId('threshold-table').getByRole('button', { name: 'add' }).click();
    await page.locator('[data-testid=threshold-table] span[data-threshold="2000"][data-kind=count][data-dataset=d1][data-value]').waitFor();
    await drawnIn(page, ['figure-top-waits']);
    expect((await counts(page))['figure-top-waits']).toEqual(beforeThreshold['figure-top-waits']);
    expect(watch.consoleErrors).toEqual([]);
    await page.close();
  });
});
