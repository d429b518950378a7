// What the page says about bad or unexpected input, in real Chromium (issue 12): a cut gzip file
// gives one message in our words with the line reached (Chromium's own text was "Failed to execute
// 'close' on 'WritableStreamDefaultWriter'…", beside a second message); every message names its
// file once; files without the chosen event get one neutral note, not a red error each; a tim out
// of range no longer fails the whole outliers panel with "Invalid time value", and the panel names
// its warning (tim-out-of-range) as the CLI does.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { generateCommitLoop } from '../../lib/synth/commit-loop';
import { useServerAndBrowser } from '../helpers/browser-suite';
import { fixturePath } from '../helpers/cli';
import { trcsessPair } from '../helpers/trcsess-pair';
import { chooseEvent, datasetSettled, openView, reportShown, screenshot, tableValue } from '../helpers/workbench';

const dir = mkdtempSync(path.join(tmpdir(), 'waitscope-errors-'));
const write = (name: string, bytes: string | Uint8Array) => {
  const file = path.join(dir, name);
  writeFileSync(file, bytes);
  return file;
};
const loop = (seed: number) => [...generateCommitLoop({ preset: 'flash-off', seed, commits: 2_000, sessionIndex: 0, pinExtremes: false })].join('');
const gz = gzipSync(Buffer.from(loop(1)));
const cutGz = write('cut.trc.gz', gz.subarray(0, Math.floor(gz.length * 0.6)));
// One bit of the CRC-32 in the gzip trailer flipped: Chromium's DecompressionStream fails at the end
// with "The compressed data was not valid: incorrect data check." (checked in Chromium 2026-12-04),
// which the parser tells from a cut (compression.ts failedCheck), as zlib's own text in the CLI.
const badCrcGz = write('bad-crc.trc.gz', (() => {
  const copy = Buffer.from(gz);
  copy[copy.length - 6] = (copy[copy.length - 6] as number) ^ 0x10;
  return copy;
})());
const empty = write('empty.trc', readFileSync(fixturePath('empty.trc')));
// xz (test/fixtures/v11g-commit-loop.trc.xz, made once with `xz -k` from the plain fixture), whole and cut short.
const xzTrace = write('loop.trc.xz', readFileSync(fixturePath('v11g-commit-loop.trc.xz')));
const xzPlain = write('loop-plain.trc', readFileSync(fixturePath('v11g-commit-loop.trc')));
const cutXz = write('cut.trc.xz', (() => {
  const bytes = readFileSync(fixturePath('v11g-commit-loop.trc.xz'));
  return bytes.subarray(0, bytes.length - 40);
})());
const session = write('v19c-session.trc', readFileSync(fixturePath('v19c-session.trc')));
const loopA = write('loop-a.trc', loop(2));
const loopB = write('loop-b.trc', loop(3));
// loop-a.trc again under the name a browser download gives a second copy.
const loopACopy = write('loop-a (1).trc', readFileSync(loopA));
// A trace and the trcsess output made from it.
const pair = trcsessPair();
const pairTrace = write('DB1_ora_4242.trc', pair.trace);
const pairTrcsess = write('combined.trc', pair.trcsess);
// v19c-session.trc with one 'log file sync' line's tim 21 digits long (the panel failed on it), and that line's number.
const { bigTim, bigTimLine } = (() => {
  const text = readFileSync(fixturePath('v19c-session.trc'), 'utf8');
  const at = text.indexOf("nam='log file sync'", text.indexOf('END OF STMT'));
  const tim = text.indexOf('tim=', at);
  const file = write('big-tim.trc', `${text.slice(0, tim)}tim=123456789012345678901${text.slice(text.indexOf('\n', tim))}`);
  return { bigTim: file, bigTimLine: text.slice(0, tim).split('\n').length };
})();

async function problemsOf(page: Page, id: string): Promise<{ kind: string | null; role: string | null; text: string }[]> {
  return page.locator(`[data-testid=dataset-${id}] [data-testid=dataset-errors] li`).evaluateAll((els) =>
    els.map((e) => ({ kind: e.getAttribute('data-kind'), role: e.getAttribute('role'), text: e.textContent ?? '' })),
  );
}

describe('errors and notes on the page', () => {
  const suite = useServerAndBrowser();
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  async function open(): Promise<Page> {
    const page = await suite.browser.newPage({ viewport: { width: 1300, height: 900 } });
    await page.goto(suite.server.url, { waitUntil: 'networkidle' });
    return page;
  }

  it('a cut gzip file: one message, in our words, with the line reached; an empty file named once', async () => {
    const page = await open();
    await page.getByTestId('input-d1').setInputFiles([cutGz, empty]);
    expect(await datasetSettled(page, 'd1')).toBe('ready');
    const problems = await problemsOf(page, 'd1');
    expect(problems.map((p) => p.kind).sort()).toEqual(['not-a-trace', 'truncated']);
    const cut = problems.find((p) => p.kind === 'truncated')!.text;
    expect(cut).toMatch(/^truncated — cut\.trc\.gz is truncated at line [\d,]+: the gzip data ends early \(the file was cut short, or its last bytes are damaged\), after [\d,]+ decompressed bytes; everything before was parsed/);
    expect(cut).not.toMatch(/Failed to execute|WritableStream|TypeError/);
    expect(cut.split('cut.trc.gz')).toHaveLength(2);
    expect(problems.find((p) => p.kind === 'not-a-trace')!.text).toBe('not a trace — empty.trc is empty');
    await screenshot(page, 'errors-cut-gzip', '[data-testid=dataset-d1]');
    await page.close();
  });

  it('an xz file: read as its plain twin; one cut short: one message naming xz, with the line reached', async () => {
    const page = await open();
    await page.getByTestId('input-d1').setInputFiles(xzTrace);
    await page.getByTestId('input-d2').setInputFiles(xzPlain);
    expect(await datasetSettled(page, 'd1')).toBe('ready');
    expect(await datasetSettled(page, 'd2')).toBe('ready');
    await reportShown(page);
    expect(await problemsOf(page, 'd1')).toEqual([]);
    // test/golden/v11g-commit-loop.json: 10 log file sync waits.
    for (const stat of ['count', 'mean', 'median', 'max']) {
      expect(await tableValue(page, stat, 'd1'), stat).toBe(await tableValue(page, stat, 'd2'));
    }
    expect(await tableValue(page, 'count', 'd1')).toBe(10);
    await page.close();
    // On a page of its own: beside loop.trc.xz it would also be named as holding the same *** stamps.
    const cutPage = await open();
    await cutPage.getByTestId('input-d1').setInputFiles(cutXz);
    expect(await datasetSettled(cutPage, 'd1')).toBe('ready');
    const problems = await problemsOf(cutPage, 'd1');
    expect(problems.map((p) => p.kind)).toEqual(['truncated']);
    expect(problems[0]!.text).toMatch(/^truncated — cut\.trc\.xz is truncated at line [\d,]+: the xz data ends early \(the file was cut short, or its last bytes are damaged\), after [\d,]+ decompressed bytes; everything before was parsed/);
    await screenshot(cutPage, 'errors-cut-xz', '[data-testid=dataset-d1]');
    await cutPage.close();
  });

  it('files without the chosen event: one neutral note, no red error per file', async () => {
    const page = await open();
    await page.getByTestId('input-d1').setInputFiles(session);
    await page.getByTestId('input-d2').setInputFiles([loopA, loopB]);
    expect(await datasetSettled(page, 'd1')).toBe('ready');
    expect(await datasetSettled(page, 'd2')).toBe('ready');
    // An event of d1's trace that the commit loops of d2 do not have.
    await chooseEvent(page, 'PGA memory operation');
    await page.locator('[data-testid=dataset-d2][data-state=ready] [data-testid=missing-event-note]').waitFor();
    expect(await datasetSettled(page, 'd1')).toBe('ready');
    const d2 = page.getByTestId('dataset-d2');
    expect(await d2.locator('[role=alert]').count()).toBe(0);
    expect(await d2.locator('[data-testid=dataset-errors]').count()).toBe(0);
    const notes = d2.getByTestId('missing-event-note');
    expect(await notes.count()).toBe(1);
    expect(await notes.locator('p').textContent()).toBe("No 'PGA memory operation' waits in loop-a.trc and loop-b.trc: they are traces, with other events. Choose one with the Event picker.");
    await notes.locator('summary').click();
    const perFile = await notes.locator('li').allTextContents();
    expect(perFile).toHaveLength(2);
    for (const [k, name] of ['loop-a.trc', 'loop-b.trc'].entries()) {
      expect(perFile[k]).toMatch(new RegExp(`^${name.replace('.', '\\.')} has no 'PGA memory operation' waits; its events are `));
    }
    // The note is not styled as an error: not the red of role="alert" items.
    const color = await notes.evaluate((e) => getComputedStyle(e).color);
    expect(color).not.toBe('rgb(164, 14, 38)');
    await screenshot(page, 'errors-missing-event', '.datasets');
    await page.close();
  });

  it('a tim out of range: the outliers panel lists the wait without a time instead of failing', async () => {
    const page = await open();
    await page.getByTestId('input-d1').setInputFiles(bigTim);
    expect(await datasetSettled(page, 'd1')).toBe('ready');
    await reportShown(page);
    await openView(page, 'outliers');
    const rows = page.getByTestId('outlier-rows').locator('tbody tr');
    await rows.first().waitFor();
    const texts = await rows.allTextContents();
    expect(texts).toHaveLength(9);
    expect(texts.filter((t) => t.includes('tim out of range: no wall-clock time'))).toHaveLength(1);
    expect(texts.filter((t) => /2024-03-26T\d\d:\d\d:\d\d/.test(t))).toHaveLength(8);
    expect(await page.locator('body').textContent()).not.toContain('Invalid time value');
    // The analysis's warning, named as the CLI names it, once for the dataset, with its count and line; a note, not an alert.
    const warnings = page.getByTestId('outlier-panel').getByTestId('outlier-warnings').locator('li');
    expect(await warnings.count()).toBe(1);
    const warning = warnings.first();
    expect([await warning.getAttribute('data-code'), await warning.getAttribute('data-count'), await warning.getAttribute('data-dataset')]).toEqual(['tim-out-of-range', '1', 'd1']);
    const text = (await warning.textContent()) ?? '';
    expect(text).toMatch(/^Flash logging on: tim-out-of-range: 1 wait has a tim out of range/);
    expect(text).toMatch(new RegExp(`no wall-clock time: big-tim\\.trc:${bigTimLine}$`));
    expect(await warning.getAttribute('role')).toBeNull();
    expect(await warning.evaluate((e) => getComputedStyle(e).color)).not.toBe('rgb(164, 14, 38)');
    await screenshot(page, 'errors-tim-out-of-range', '[data-testid=outlier-panel]');
    await page.close();
  });

  it('a copy under another name: both are read, and the later one warns that its records may count twice', async () => {
    const page = await open();
    await page.getByTestId('input-d1').setInputFiles([loopA, loopACopy, loopB]);
    expect(await datasetSettled(page, 'd1')).toBe('ready');
    const problems = await problemsOf(page, 'd1');
    expect(problems).toEqual([
      {
        kind: 'warning',
        role: null,
        text: 'warning — loop-a.trc has the same size and the same first and last 64 KiB as loop-a (1).trc: if one is a copy of the other, its records count twice',
      },
    ]);
    await screenshot(page, 'errors-likely-copy', '[data-testid=dataset-d1]');
    await page.close();
  });

  it('trcsess output dropped with the trace it was made from: both are read, and the output warns that their records may count twice', async () => {
    const page = await open();
    await page.getByTestId('input-d1').setInputFiles([pairTrace, pairTrcsess]);
    expect(await datasetSettled(page, 'd1')).toBe('ready');
    const problems = await problemsOf(page, 'd1');
    // Its line 3: the trcsess marker, the first stamp (no tim before the next stamp), the SESSION ID stamp (test/helpers/trcsess-pair.ts).
    expect(problems).toContainEqual({
      kind: 'warning',
      role: null,
      text: 'warning — combined.trc is trcsess output holding the same *** stamps as DB1_ora_4242.trc (such as the *** stamp on line 3, 2024-03-01 10:00:00.000100-07:00, with the same tim after it): if it was made from that file, their records count twice; read one or the other',
    });
    // Both are read: each of the trace's 5 waits twice.
    expect(await page.getByTestId('dataset-d1').textContent()).toContain("2 files, 10 'log file sync' waits");
    await screenshot(page, 'errors-trcsess-with-its-trace', '[data-testid=dataset-d1]');
    await page.close();
  });

  it('a gzip file whose CRC-32 does not match: refused as damaged in one message, not read as cut short', async () => {
    const page = await open();
    await page.getByTestId('input-d1').setInputFiles([badCrcGz, loopB]);
    expect(await datasetSettled(page, 'd1')).toBe('ready');
    const problems = await problemsOf(page, 'd1');
    expect(problems).toHaveLength(1);
    expect(problems[0]!.kind).toBe('not-a-trace');
    expect(problems[0]!.text).toMatch(/^not a trace — bad-crc\.trc\.gz is a damaged gzip file: the gzip data is corrupt \(found after [\d,]+ decompressed bytes\); damaged data can decode to wrong bytes before the damage is found, so none of it was counted/);
    expect(problems[0]!.text).not.toMatch(/truncated|ends early|everything before was parsed/);
    // Only loop-b.trc's waits are counted (counted here by their lines).
    const loopBWaits = readFileSync(loopB, 'utf8').split("nam='log file sync'").length - 1;
    expect(await page.getByTestId('dataset-d1').textContent()).toContain(`1 file, ${loopBWaits.toLocaleString('en-US')} 'log file sync' waits`);
    await page.close();
  });
});
