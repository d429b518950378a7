// Issue 17 §1b in the page: strace -f -tt -T output dropped onto two datasets is read by content
// (lib/sysio through lib/worker/sysio-input.ts), its syscalls appear in the event picker, and the
// table of `fdatasync` shows each side's count and mean. Expected values are computed here from the
// generator's list of calls (lib/synth/strace-log.ts), not by waitscope.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { generateFioLatLog } from '../../lib/synth/fio-output';
import { generateStraceLog } from '../../lib/synth/strace-log';
import { watchPage } from '../helpers/browser';
import { useServerAndBrowser } from '../helpers/browser-suite';
import { makeTempDir } from '../helpers/cli';
import { chooseEvent, chosenEvent, openView, reportShown, screenshot, tableValue } from '../helpers/workbench';

const temp = makeTempDir('sysio-drop');
afterAll(() => temp.remove());

describe('workbench: strace and fio files', () => {
  const suite = useServerAndBrowser();

  it('reads dropped strace output, lists its syscalls, and shows the fdatasync count and mean of each side', async () => {
    const spec = { pids: [2201, 2202], syncsPerPid: 75, times: 'tt', pidStyle: 'bracket' } as const;
    const on = generateStraceLog({ ...spec, seed: 'page-on' });
    const off = generateStraceLog({ ...spec, seed: 'page-off' });
    const [onFile, offFile] = [path.join(temp.dir, 'cache-on.strace'), path.join(temp.dir, 'cache-off.txt')];
    writeFileSync(onFile, on.text);
    writeFileSync(offFile, off.text);
    const syncs = (calls: typeof on.calls) => calls.filter((c) => c.name === 'fdatasync').map((c) => c.micros);
    const mean = (v: number[]) => v.reduce((a, b) => a + b, 0) / v.length;

    const page = await suite.browser.newPage({ viewport: { width: 1400, height: 1000 } });
    const watch = watchPage(page);
    await page.goto(suite.server.url, { waitUntil: 'networkidle' });
    // Both datasets at once, as a user fills the two slots: the second file may arrive while the page
    // already reads the first again for the event it picked.
    await page.getByTestId('input-d1').setInputFiles(onFile);
    await page.getByTestId('input-d2').setInputFiles(offFile);
    // The page picks the files' top event itself (no log file sync in them) and reads them again for it: poll until both rest ready.
    const state = (id: string) => page.getByTestId(`dataset-${id}`).getAttribute('data-state');
    await expect.poll(async () => [await state('d1'), await state('d2')], { timeout: 120_000 }).toEqual(['ready', 'ready']);
    const picker = page.getByTestId('event-picker');
    await expect.poll(() => picker.locator('tr[data-event]').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-event')).sort()), { timeout: 60_000 }).toEqual(['fdatasync', 'pwrite64']);
    await chooseEvent(page, 'fdatasync');
    expect(await chosenEvent(page)).toBe('fdatasync');
    await reportShown(page);
    await expect.poll(() => tableValue(page, 'count', 'd1'), { timeout: 60_000 }).toBe(150);
    // Each dataset's column comes when its own read for the event is done: poll the second too.
    await expect.poll(() => tableValue(page, 'count', 'd2'), { timeout: 60_000 }).toBe(150);
    expect(Math.abs((await tableValue(page, 'mean', 'd1'))! - mean(syncs(on.calls)))).toBeLessThan(1e-9 * mean(syncs(on.calls)));
    expect(Math.abs((await tableValue(page, 'mean', 'd2'))! - mean(syncs(off.calls)))).toBeLessThan(1e-9 * mean(syncs(off.calls)));
    expect(await tableValue(page, 'max', 'd2')).toBe(Math.max(...syncs(off.calls)));
    await screenshot(page, 'sysio-strace-picker', '[data-testid=event-picker]');
    await screenshot(page, 'sysio-strace-page');
    // The outliers: the longest call first, with its pid as the session and its line in the file.
    const longest = on.calls.filter((c) => c.name === 'fdatasync').reduce((a, c) => (c.micros > a.micros ? c : a));
    await openView(page, 'outliers');
    const top = page.locator('[data-testid=outlier-rows][data-dataset=d1] tbody tr').first();
    await top.waitFor({ timeout: 60_000 });
    expect(Number(await top.getAttribute('data-ela'))).toBe(longest.micros);
    const lineText = on.text.split('\n')[Number(await top.getAttribute('data-line')) - 1]!;
    expect(lineText).toMatch(new RegExp(`^\\[pid +${longest.pid}\\] \\S+ fdatasync\\(`));
    expect(await top.textContent()).toContain(`pid ${longest.pid}`);
    // Its time as strace -tt wrote it (µs since midnight, HH:MM:SS.ffffff), not a trace's tim without a *** stamp.
    const two = (n: number) => String(n).padStart(2, '0');
    const s = longest.start;
    const clock = `${two(Math.floor(s / 3.6e9))}:${two(Math.floor(s / 6e7) % 60)}:${two(Math.floor(s / 1e6) % 60)}.${String(s % 1e6).padStart(6, '0')}`;
    expect(await top.textContent()).toContain(`${clock} (time of day)`);
    expect(await top.textContent()).not.toContain('tim ');
    await top.click();
    await page.getByTestId('context-view').waitFor({ timeout: 60_000 });
    expect(await page.getByTestId('context-view').textContent()).toContain(lineText);
    // The call's own line is marked, and the note says why there is no statement.
    expect(await page.getByTestId('context-view').locator('[data-is-wait=yes]').getAttribute('data-line')).toBe(await top.getAttribute('data-line'));
    expect(await page.getByTestId('outlier-panel').textContent()).toContain('a strace or fio line: it belongs to no SQL statement');
    await screenshot(page, 'sysio-strace-outliers', '[data-testid=outlier-panel]');
    expect(watch.consoleErrors).toEqual([]);
    await page.close();
  });

  it('reads a fio clat log: its writes as `clat write`, in µs', async () => {
    const log = generateFioLatLog('page-fio', 300);
    const file = path.join(temp.dir, 'job_clat.1.log');
    writeFileSync(file, log.text);
    const writes = log.ios.filter((io) => io.direction === 1).map((io) => io.ns / 1000);
    const page = await suite.browser.newPage({ viewport: { width: 1400, height: 1000 } });
    await page.goto(suite.server.url, { waitUntil: 'networkidle' });
    await page.getByTestId('input-d1').setInputFiles(file);
    // As above: the page may read the file again for the event it picks; poll until it rests ready.
    await expect.poll(() => page.getByTestId('dataset-d1').getAttribute('data-state'), { timeout: 120_000 }).toBe('ready');
    await chooseEvent(page, 'clat write');
    await reportShown(page);
    await expect.poll(() => tableValue(page, 'count', 'd1'), { timeout: 60_000 }).toBe(writes.length);
    expect(await tableValue(page, 'max', 'd1')).toBe(Math.max(...writes));
    // The page says the unit was assumed (the log names no fio version), as for a trace without a banner.
    expect(await page.getByTestId('dataset-d1').textContent()).toContain('values are read as ns');
    // The longest write's time counts from the job's start, as fio's time column does.
    const longest = log.ios.filter((io) => io.direction === 1).reduce((a, io) => (io.ns > a.ns ? io : a));
    expect(log.ios.filter((io) => io.direction === 1 && io.ns === longest.ns), 'one longest write, so the first row is known').toHaveLength(1);
    await openView(page, 'outliers');
    const top = page.locator('[data-testid=outlier-rows][data-dataset=d1] tbody tr').first();
    await top.waitFor({ timeout: 60_000 });
    expect(Number(await top.getAttribute('data-ela'))).toBe(longest.ns / 1000);
    expect(await top.textContent()).toContain(`+${(longest.timeMs / 1000).toFixed(6)} s (from the job's start)`);
    await page.close();
  });
});
