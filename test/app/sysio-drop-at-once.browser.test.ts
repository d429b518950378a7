// Two strace logs, one per dataset, given at the same moment. They hold no 'log file sync', so the
// page picks their top event itself (use-auto-event.ts) as soon as the first is read, and tells the
// worker to read everything again for it. A file that arrives in that moment must be read for the
// picked event too: it was read for 'log file sync', the page showed 'fdatasync', every report over
// both datasets was stale, and the second column never came (issue 17, 1 run in 3).
// Expected counts come from the generator's input (pids × syncs per pid), means from its list of calls.
import path from 'node:path';
import { writeFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { generateStraceLog } from '../../lib/synth/strace-log';
import { watchPage } from '../helpers/browser';
import { useServerAndBrowser } from '../helpers/browser-suite';
import { makeTempDir } from '../helpers/cli';
import { chosenEvent, dropFolders, reportShown, tableValue } from '../helpers/workbench';

const temp = makeTempDir('sysio-drop-at-once');
afterAll(() => temp.remove());

const base = { pids: [3101, 3102], times: 'tt', pidStyle: 'bracket' } as const;
// Different sizes, so a column showing the other dataset's numbers is caught too.
const on = generateStraceLog({ ...base, syncsPerPid: 75, seed: 'at-once-on' });
const off = generateStraceLog({ ...base, syncsPerPid: 60, seed: 'at-once-off' });
const COUNT = { d1: 2 * 75, d2: 2 * 60 };
const mean = (log: typeof on) => {
  const v = log.calls.filter((c) => c.name === 'fdatasync').map((c) => c.micros);
  return v.reduce((a, b) => a + b, 0) / v.length;
};

/** Both columns, of fdatasync, with each side's own count and mean. */
async function bothColumnsShown(page: Page): Promise<void> {
  const state = (id: string) => page.getByTestId(`dataset-${id}`).getAttribute('data-state');
  await expect.poll(async () => [await state('d1'), await state('d2')], { timeout: 60_000 }).toEqual(['ready', 'ready']);
  await expect.poll(() => chosenEvent(page), { timeout: 60_000 }).toBe('fdatasync');
  await reportShown(page);
  await expect.poll(async () => [await tableValue(page, 'count', 'd1'), await tableValue(page, 'count', 'd2')], { timeout: 30_000 }).toEqual([COUNT.d1, COUNT.d2]);
  for (const [id, log] of [['d1', on], ['d2', off]] as const) expect(Math.abs((await tableValue(page, 'mean', id))! - mean(log))).toBeLessThan(1e-9 * mean(log));
}

describe('workbench: two strace logs given at once', () => {
  const suite = useServerAndBrowser();

  it("reads a file dropped on dataset 2 while the page switches to dataset 1's own event for that event", async () => {
    const page = await suite.browser.newPage({ viewport: { width: 1400, height: 1000 } });
    const watch = watchPage(page);
    // The worst moment for the second file, every run: its drop comes as the next task after the page
    // tells the worker to read for the event it picked, before the page has drawn that pick.
    await page.addInitScript(() => {
      const w = window as unknown as { dropOnSwitch?: () => void; droppedOnSwitch?: boolean };
      const post = Worker.prototype.postMessage;
      Worker.prototype.postMessage = function (this: Worker, ...args: unknown[]) {
        const request = args[0] as { type?: string } | null;
        if (request?.type === 'set-event' && w.dropOnSwitch) {
          const drop = w.dropOnSwitch;
          w.dropOnSwitch = undefined;
          setTimeout(() => {
            drop();
            w.droppedOnSwitch = true;
          }, 0);
        }
        return (post as (...a: unknown[]) => void).apply(this, args);
      } as typeof Worker.prototype.postMessage;
    });
    await page.goto(suite.server.url, { waitUntil: 'networkidle' });
    await page.evaluate((text) => {
      const w = window as unknown as { dropOnSwitch?: () => void };
      w.dropOnSwitch = () => {
        const dt = new DataTransfer();
        dt.items.add(new File([text], 'cache-off.txt'));
        const card = document.querySelector('[data-testid=dataset-d2]')!;
        card.dispatchEvent(new DragEvent('dragover', { bubbles: true, cancelable: true, dataTransfer: dt }));
        card.dispatchEvent(new DragEvent('drop', { bubbles: true, cancelable: true, dataTransfer: dt }));
      };
    }, off.text);
    const onFile = path.join(temp.dir, 'cache-on.strace');
    writeFileSync(onFile, on.text);
    await page.getByTestId('input-d1').setInputFiles(onFile);
    await expect.poll(() => page.evaluate(() => (window as unknown as { droppedOnSwitch?: boolean }).droppedOnSwitch === true), { timeout: 60_000 }).toBe(true);
    await bothColumnsShown(page);
    expect(watch.consoleErrors).toEqual([]);
    await page.close();
  });

  it('reads two folders dropped on the page at once, one dataset each, both for the event it picks', async () => {
    const page = await suite.browser.newPage({ viewport: { width: 1400, height: 1000 } });
    await page.goto(suite.server.url, { waitUntil: 'networkidle' });
    await dropFolders(page, [
      { path: 'a-on/cache-on.strace', text: on.text },
      { path: 'b-off/cache-off.txt', text: off.text },
    ]);
    await bothColumnsShown(page);
    await page.close();
  });
});
