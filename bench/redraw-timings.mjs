// Redraw timings of the cheap view changes (issue 13 §2, goal < 50 ms on the demo's 2 × 4 M waits):
// a units switch, a bucket-mode switch and a threshold edit, each timed inside the page from the
// input's click to the first frame painted after every figure of the view shown is drawn again and
// the change is on screen. Since the page shows one view at a time (issue 17 §4), the units and
// bucket switches are timed on the Distribution view (Figure 15.15 and the spectrum), the threshold
// edits on the Tail view (Figure 15.16 and the threshold table); the outlier timeline is drawn only
// in its own views. Used by bench/browser-bench.mjs's demo case.
/* global document, requestAnimationFrame, HTMLInputElement -- timed() runs its function in the page */

/** Every chart of the page, the timeline included: the figures' frames expose data-ready (ChartFrame.tsx). */
const CHARTS = '[data-testid$=-chart][data-ready]';

/**
 * Clicks an input of the page (a radio of a fieldset, or types a threshold and adds it) and resolves
 * with the ms until the paint of the first frame in which `shown` (a selector) matches and no chart
 * is drawing. The click's render and effects run before its first frame (React flushes a discrete
 * input's effects at once), so a chart that draws again is not ready by then.
 */
async function timed(page, act, shown) {
  return page.evaluate(
    ({ act, shown, charts }) =>
      new Promise((resolve, reject) => {
        const frame = () => new Promise((r) => requestAnimationFrame(() => r()));
        const settled = () => document.querySelector(shown) !== null && Array.from(document.querySelectorAll(charts)).every((c) => c.getAttribute('data-ready') === 'true');
        const t0 = performance.now();
        if (act.radio) {
          document.querySelectorAll(`[data-testid=${act.radio}] input[type=radio]`)[act.index].click();
        } else {
          // Typed as React sees typing, then submitted as the add button does.
          const input = document.querySelector('[data-testid=threshold-table] input');
          Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value').set.call(input, act.threshold);
          input.dispatchEvent(new Event('input', { bubbles: true }));
          document.querySelector('[data-testid=threshold-table] form button[type=submit]').click();
        }
        // A message posted in a frame's callback is delivered after that frame is painted.
        const painted = () => new Promise((r) => {
          const channel = new MessageChannel();
          channel.port1.onmessage = () => r();
          channel.port2.postMessage(null);
        });
        (async () => {
          await frame();
          for (let i = 0; i < 2000 && !settled(); i++) await frame();
          await painted();
          resolve(performance.now() - t0);
        })().catch(reject);
      }),
    { act, shown, charts: CHARTS },
  );
}

const radio = (fieldset, index) => [{ radio: fieldset, index }, `[data-testid=${fieldset}] label:nth-of-type(${index + 1}) input:checked`];

/** Shows a view of the page by its tab (components/layout/views.ts) and waits until its figures are drawn. */
export async function showView(page, view, figures) {
  await page.locator(`[data-testid=results-tabs] [role=tab][data-tab=${view}]`).click();
  await page.locator(`[data-testid=results][data-view=${view}]`).waitFor();
  for (const id of figures) await page.locator(`[data-testid=${id}-chart][data-ready=true]`).waitFor({ timeout: 240_000 });
}

/**
 * Times `rounds` units switches (µs → ms → µs …), bucket-mode switches and threshold edits on a page
 * that shows the demo's report; returns the times in ms by kind.
 */
export async function redrawTimings(page, rounds = 4) {
  const times = { units: [], buckets: [], threshold: [] };
  // The worker finds the outliers after the report (the Over time view's timeline draws them): timed
  // changes start once it has, as they did when the timeline was on the one page.
  await showView(page, 'over-time', ['figure-timeline']);
  await showView(page, 'distribution', ['figure-all-waits', 'figure-spectrum']);
  for (let i = 0; i < rounds; i++) {
    const unit = i % 2 === 0 ? 1 : 0;
    times.units.push(await timed(page, ...radio('unit-switch', unit)));
    const bucket = i % 2 === 0 ? 1 : 0;
    times.buckets.push(await timed(page, ...radio('bucket-switch', bucket)));
  }
  // Each edit adds a new threshold (in the unit now shown: µs after an even number of switches).
  await page.locator('[data-testid=unit-switch] input').first().check();
  await showView(page, 'tail', ['figure-top-waits']);
  for (let i = 0; i < rounds; i++) {
    const micros = 2_000 + 1_000 * i;
    times.threshold.push(await timed(page, { threshold: String(micros) }, `[data-testid=threshold-table] span[data-threshold="${micros}"][data-kind=count][data-value]`));
  }
  return times;
}
