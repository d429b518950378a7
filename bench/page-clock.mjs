// A load timed on the page's own clock, from the user's act to the first frame painted with its
// result on screen, for bench/browser-bench.mjs's parse and experiment cases.
//
// Why not the benchmark's clock around Playwright's calls: `locator.waitFor` does not watch the
// page, it polls it with a back-off that ends at one poll per 500 ms (playwright-core 1.65,
// measured here: an attribute set 360 ms after the wait began was seen 506 ms late, one set after
// 900 ms 395 ms late). A 2 s load was therefore read 0-0.5 s late, at whichever poll came next,
// and two runs differing by 0.3 s could show the same time. `setInputFiles` also spends its own
// 50-90 ms before the page sees the files. Here the start is the input's `change` event (what a
// drop or a file dialog gives the page) and the end is the paint after the DOM first matches every
// selector given, both read with performance.now() in the page.
/* global document, window, requestAnimationFrame, MutationObserver */

/**
 * Arms the clock before the act: it starts at the first `startEvent` (captured on the document) and
 * stops at the paint after the DOM first matches all of `doneSelectors`. Throws when they match
 * already: the first change after the start would stop the clock then, too early.
 */
export async function armPageClock(page, startEvent, doneSelectors) {
  await page.evaluate(
    ({ startEvent, doneSelectors }) => {
      const matches = () => doneSelectors.every((s) => document.querySelector(s) !== null);
      if (matches()) throw new Error(`page clock: ${doneSelectors.join(', ')} already shown before the act`);
      const clock = { start: null, matched: null, painted: null, matchedAtStart: false };
      window.__wsBenchClock = clock;
      document.addEventListener(
        startEvent,
        () => {
          if (clock.start !== null) return;
          clock.start = performance.now();
          clock.matchedAtStart = matches();
        },
        { capture: true },
      );
      const check = () => {
        if (clock.start === null || clock.matched !== null || !matches()) return;
        clock.matched = performance.now();
        observer.disconnect();
        // A message posted in a frame's callback is delivered after that frame is painted.
        requestAnimationFrame(() => {
          const channel = new MessageChannel();
          channel.port1.onmessage = () => (clock.painted = performance.now());
          channel.port2.postMessage(null);
        });
      };
      const observer = new MutationObserver(check);
      observer.observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
    },
    { startEvent, doneSelectors },
  );
}

/** Seconds from the start to the paint, read once Playwright has seen the result too. */
export async function readPageClock(page) {
  await page.waitForFunction(() => window.__wsBenchClock?.painted != null, null, { polling: 'raf', timeout: 10_000 });
  const clock = await page.evaluate(() => window.__wsBenchClock);
  if (clock.matchedAtStart) throw new Error('page clock: the result was shown when the act began; nothing was timed');
  return (clock.painted - clock.start) / 1000;
}
