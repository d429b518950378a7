// Issue 12 §5: the event picker is a profile of the loaded files (per dataset: count, total time,
// share), and when no file has the default event the one with the most time is shown, with a note.
// Expected numbers are counted by hand from the fixtures' WAIT lines (grep + awk), not by waitscope.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { watchPage } from '../helpers/browser';
import { useServerAndBrowser } from '../helpers/browser-suite';
import { FIXTURES_DIR } from '../helpers/cli';
import { chooseEvent, chosenEvent, datasetSettled, reportShown, screenshot, tableValue } from '../helpers/workbench';

describe('workbench: the event picker', () => {
  const suite = useServerAndBrowser();

  it("shows the event with the most time, and says so, when no file has 'log file sync'", async () => {
    const page = await suite.browser.newPage({ viewport: { width: 1400, height: 1000 } });
    await page.goto(suite.server.url, { waitUntil: 'networkidle' });
    await page.getByTestId('input-d1').setInputFiles(path.join(FIXTURES_DIR, 'no-log-file-sync.trc'));
    // enq: TX 93,516 µs (1 wait) > SQL*Net message from client 51,762 > db file sequential read 11,698 > …
    await expect.poll(() => chosenEvent(page), { timeout: 60_000 }).toBe('enq: TX - row lock contention');
    expect(await page.getByTestId('event-note').textContent()).toBe(
      "No 'log file sync' waits in these files: showing 'enq: TX - row lock contention', the event with the most time.",
    );
    expect(await datasetSettled(page, 'd1')).toBe('ready');
    await reportShown(page);
    expect(await tableValue(page, 'count', 'd1')).toBe(1);
    expect(await tableValue(page, 'max', 'd1')).toBe(93_516);
    await screenshot(page, 'events-auto-selected', '[data-testid=event-picker]');
    await screenshot(page, 'events-auto-note', '[data-testid=event-note]');
    await page.close();
  });

  it('is a per-dataset profile of count, total time and share, sorted by time, and chooses by click or keyboard', async () => {
    const page = await suite.browser.newPage({ viewport: { width: 1400, height: 1000 } });
    const watch = watchPage(page);
    await page.goto(suite.server.url, { waitUntil: 'networkidle' });
    const picker = page.getByTestId('event-picker');
    const empty = (await picker.textContent()) ?? '';
    expect(empty).toContain('log file sync');
    expect(empty).toContain('no data yet');
    expect(empty).not.toContain('(0)');
    await screenshot(page, 'events-no-data', '[data-testid=event-picker]');

    await page.getByTestId('input-d1').setInputFiles(path.join(FIXTURES_DIR, 'v11g-commit-loop.trc'));
    await page.getByTestId('input-d2').setInputFiles(path.join(FIXTURES_DIR, 'v19c-session.trc'));
    expect(await datasetSettled(page, 'd1')).toBe('ready');
    expect(await datasetSettled(page, 'd2')).toBe('ready');
    await reportShown(page);
    // Combined totals, µs: 538,056; 198,286; 13,342; 10,232; 8,065; 51; 31; 7; 4 (WAIT lines outside the SQL text).
    expect(await picker.locator('tr[data-event]').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-event')))).toEqual([
      'SQL*Net message from client',
      'enq: TX - row lock contention',
      'log file sync',
      'db file sequential read',
      'log file switch completion',
      'SQL*Net message to client',
      'log file sync: SCN ordering',
      'PGA memory operation',
      'Disk file operations I/O',
    ]);
    const cell = (event: string, id: string, kind: string) => picker.locator(`tr[data-event="${event}"] [data-dataset="${id}"][data-kind="${kind}"]`).textContent();
    // v11g: 10 waits, 4,893 of 525,787 µs = 0.93 %; v19c: 9 waits, 8,449 of 242,287 µs = 3.49 %.
    expect(await cell('log file sync', 'd1', 'count')).toBe('10');
    expect(await cell('log file sync', 'd1', 'total')).toBe('4,893 µs');
    expect(await cell('log file sync', 'd1', 'share')).toBe('0.9%');
    expect(await cell('log file sync', 'd2', 'count')).toBe('9');
    expect(await cell('log file sync', 'd2', 'total')).toBe('8,449 µs');
    expect(await cell('log file sync', 'd2', 'share')).toBe('3.5%');
    expect(await cell('enq: TX - row lock contention', 'd1', 'share')).toBe('37.7%'); // 198,286 / 525,787
    expect(await cell('SQL*Net message from client', 'd2', 'share')).toBe('92.7%'); // 224,627 / 242,287
    expect(await cell('log file switch completion', 'd2', 'count')).toBe('0');
    expect(await cell('log file switch completion', 'd2', 'total')).toBe('–'); // no such waits: no time, no share
    await screenshot(page, 'events-profile', '[data-testid=event-picker]');

    await chooseEvent(page, 'enq: TX - row lock contention');
    expect(await chosenEvent(page)).toBe('enq: TX - row lock contention');
    await expect.poll(() => tableValue(page, 'max', 'd1'), { timeout: 60_000 }).toBe(198_286);
    // The keyboard: the radios are one group, so arrow keys move the choice up and down the rows.
    await picker.getByRole('radio', { name: 'enq: TX - row lock contention', exact: true }).focus();
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => chosenEvent(page)).toBe('log file sync');
    await expect.poll(() => tableValue(page, 'count', 'd1'), { timeout: 60_000 }).toBe(10);
    expect(await tableValue(page, 'count', 'd2')).toBe(9);
    expect(page.url()).not.toContain('event=');
    expect(watch.consoleErrors).toEqual([]);
    await page.close();
  });
});
