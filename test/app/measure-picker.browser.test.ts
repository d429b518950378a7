// Issue 14 §4: the page measures any quantity. The picker lists call types, the commit and the top
// statements beside the events; choosing one reads the files again for it, and the page's numbers
// equal the CLI's (`stats --json --call EXEC` / `--commit`, run on the same file); an outlier of the
// commit opens its XCTEND line. Expected counts and the longest commit are worked out here from the
// trace's lines with regular expressions, not by waitscope.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { watchPage } from '../helpers/browser';
import { useServerAndBrowser } from '../helpers/browser-suite';
import { FIXTURES_DIR, ROOT, runCli } from '../helpers/cli';
import { chooseEvent, chosenEvent, datasetSettled, openView, reportShown, screenshot, tableValue } from '../helpers/workbench';

const SHOTS = '/tmp/shots-i14';
const COMMIT_LABEL = 'commit (from its request to the end of its log file sync)';
const V11G = path.join(FIXTURES_DIR, 'v11g-commit-loop.trc');

/** The commits of a commit loop (EXEC, XCTEND, then its 'log file sync'): each XCTEND's line and its commit, from the EXEC's end to the sync's. */
function commitsOf(text: string): { line: number; micros: number }[] {
  const out: { line: number; micros: number }[] = [];
  let execTim = NaN;
  let open: { line: number } | null = null;
  text.split('\n').forEach((l, i) => {
    const tim = Number(/tim=(\d+)/.exec(l)?.[1]);
    if (l.startsWith('EXEC #')) execTim = tim;
    else if (l.startsWith('XCTEND rlbk=0')) open = { line: i + 1 };
    else if (open && l.startsWith("WAIT #0: nam='log file sync'")) {
      out.push({ line: open.line, micros: tim - execTim });
      open = null;
    }
  });
  return out;
}

async function cliStats(args: string[], file: string) {
  const run = await runCli(['stats', '--json', ...args, file]);
  expect(run.status, run.stderr).toBe(0);
  return JSON.parse(run.stdout) as Record<'count' | 'median' | 'mean' | 'p99', number | null> & { event: string };
}

/** The page's count, median, mean and p99 of a dataset equal the CLI's for its file. */
async function expectCliNumbers(page: Page, datasetId: string, cli: Awaited<ReturnType<typeof cliStats>>) {
  await expect.poll(() => tableValue(page, 'count', datasetId), { timeout: 60_000 }).toBe(cli.count);
  const shown = { median: await tableValue(page, 'median', datasetId), mean: await tableValue(page, 'mean', datasetId), p99: await tableValue(page, 'p99', datasetId) };
  expect(shown).toEqual({ median: cli.median, mean: cli.mean, p99: cli.p99 });
}

/** A row of the picker by its label (an event, a call type, the commit or a statement): chooseEvent clicks until it is checked. */
const choose = (page: Page, label: string) => chooseEvent(page, label);

describe('the measure picker in Chromium', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'waitscope-measure-'));
  const suite = useServerAndBrowser({ WAITSCOPE_DB_PATH: path.join(dir, 'reports.db') });
  let loop = '';

  beforeAll(async () => {
    // The tests run the bundled CLI: bundle it from the current sources (the unit project's setup does this for its tests).
    execFileSync(process.execPath, [path.join(ROOT, 'scripts/build-cli.mjs')], { stdio: 'ignore' });
    // 150 commits: enough for a p99 (at least 100 values).
    const made = await runCli(['synth', '--preset', 'flash-off', '--out', dir, '--sessions', '1', '--commits', '150']);
    expect(made.status, made.stderr).toBe(0);
    loop = path.join(dir, readdirSync(dir).find((f) => f.endsWith('.trc'))!);
    mkdirSync(SHOTS, { recursive: true });
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('lists calls, the commit and the top statements, and measures EXEC elapsed and the commit as the CLI does', async () => {
    const page = await suite.browser.newPage({ viewport: { width: 1440, height: 900 } });
    const watch = watchPage(page);
    await page.goto(suite.server.url, { waitUntil: 'networkidle' });
    await page.getByTestId('input-d1').setInputFiles(loop);
    await page.getByTestId('input-d2').setInputFiles(V11G);
    expect(await datasetSettled(page, 'd1')).toBe('ready');
    expect(await datasetSettled(page, 'd2')).toBe('ready');
    await reportShown(page);

    const picker = page.getByTestId('event-picker');
    const loopText = readFileSync(loop, 'utf8');
    const sqlId = /sqlid='([0-9a-z]{13})'/.exec(loopText)![1]!;
    const rows = await picker.locator('tr[data-measure]').evaluateAll((trs) => trs.map((r) => r.getAttribute('data-measure')));
    expect(rows).toEqual(expect.arrayContaining(['EXEC elapsed', 'PARSE elapsed', 'FETCH elapsed', COMMIT_LABEL, `EXEC elapsed of sql_id ${sqlId}`]));
    const cell = (label: string, id: string, kind: string) => picker.locator(`tr[data-measure="${label}"] [data-dataset="${id}"][data-kind="${kind}"]`).textContent();
    // EXEC lines: 150 in the loop; 11 in v11g-commit-loop.trc, one of its 12 `EXEC #` lines being SQL text.
    expect((loopText.match(/^EXEC #/gm) ?? []).length).toBe(150);
    expect(await cell('EXEC elapsed', 'd1', 'count')).toBe('150');
    expect(await cell('EXEC elapsed', 'd2', 'count')).toBe('11');
    expect(await cell(COMMIT_LABEL, 'd1', 'count')).toBe(String((loopText.match(/^XCTEND /gm) ?? []).length));
    // The statement's first line of text is shown beside it, in this page.
    expect(await picker.locator(`tr[data-measure="EXEC elapsed of sql_id ${sqlId}"]`).textContent()).toContain('update t1 set n = n + 1 where id = :b1');
    await picker.locator('tbody[data-group=call]').scrollIntoViewIfNeeded();
    await page.screenshot({ path: path.join(SHOTS, 'measure-picker.png') });
    await screenshot(page, 'measure-picker', '[data-testid=event-picker]');

    await choose(page, 'EXEC elapsed');
    expect(await chosenEvent(page)).toBe('EXEC elapsed');
    await expect.poll(() => page.url()).toContain('call=EXEC');
    await expectCliNumbers(page, 'd1', await cliStats(['--call', 'EXEC'], loop));
    await expectCliNumbers(page, 'd2', await cliStats(['--call', 'EXEC'], V11G));
    expect(await page.getByTestId('dataset-d1').textContent()).toContain("150 'EXEC elapsed' calls");

    // The keyboard: one radio group, so the arrow keys move the choice to the next row.
    const next = rows[rows.indexOf('EXEC elapsed') + 1]!;
    await picker.getByRole('radio', { name: 'EXEC elapsed', exact: true }).focus();
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => chosenEvent(page)).toBe(next);

    await choose(page, COMMIT_LABEL);
    await expect.poll(() => page.url()).toContain('commit=1');
    await expectCliNumbers(page, 'd1', await cliStats(['--commit'], loop));
    await expectCliNumbers(page, 'd2', await cliStats(['--commit'], V11G));
    // Named as what they are, not as waits: the answer, the table and the figures.
    expect(await page.getByTestId('answers').textContent()).toMatch(/^With Flash logging on rather than Flash logging off, commits were/);
    expect(await page.locator('[data-testid=comparison-table] caption').textContent()).toMatch(/^commits; all times in µs/);
    await openView(page, 'distribution');
    const figure = await page.getByTestId('figure-all-waits').textContent();
    expect(figure).toContain('Distribution of all commits');
    expect(figure).toContain("All commits of each dataset");
    expect(figure).toContain('commit time (µs, log scale)');
    expect(await page.locator('legend', { hasText: 'Analysis window' }).textContent()).toBe('Analysis window: every statistic is of the commits ending in [From, To)');
    await openView(page, 'outliers');

    // The longest commit of the loop heads its outlier list, at its XCTEND line, which its context marks.
    const commits = commitsOf(loopText);
    expect(commits.length).toBe(150);
    const longest = commits.reduce((a, b) => (b.micros > a.micros ? b : a));
    const top = page.locator('[data-testid=outlier-rows][data-dataset=d1] tbody tr').first();
    await expect.poll(() => top.getAttribute('data-line'), { timeout: 60_000 }).toBe(String(longest.line));
    expect(await top.getAttribute('data-ela')).toBe(String(longest.micros));
    // The panel names its values as what they are, and their µs as e (elapsed), not a wait's ela.
    expect(await page.getByTestId('outlier-list-title').textContent()).toBe('The 100 longest commits of each dataset');
    expect(await page.getByTestId('outlier-panel').locator('h2').first().textContent()).toBe('Outliers: from a slow commit to its trace line');
    expect(await page.locator('[data-testid=top-waits-of][data-dataset=d1] h4').textContent()).toBe(`Flash logging on: its 100 longest of 150 commits`);
    expect(await page.locator('[data-testid=outlier-rows][data-dataset=d1] thead th').nth(2).textContent()).toBe('e (µs)');
    await top.click();
    const marked = page.getByTestId('context-view').locator('[data-is-wait=yes]');
    await marked.waitFor();
    expect(await marked.getAttribute('data-line')).toBe(String(longest.line));
    expect(await marked.textContent()).toContain('XCTEND rlbk=0');
    await page.getByTestId('outlier-panel').screenshot({ path: path.join(SHOTS, 'measure-commit-outlier.png') });
    await picker.locator('tbody[data-group=commit]').scrollIntoViewIfNeeded();
    await page.screenshot({ path: path.join(SHOTS, 'measure-commit.png') });
    expect(watch.consoleErrors).toEqual([]);
    expect(watch.externalRequests).toEqual([]);
    await page.close();
  });

  it('keeps the measure in the URL, and says what a file lacks when it has none of it', async () => {
    const page = await suite.browser.newPage({ viewport: { width: 1440, height: 900 } });
    const watch = watchPage(page);
    await page.goto(`${suite.server.url}/?call=LOBREAD`, { waitUntil: 'networkidle' });
    // The page takes the measure from the URL after it hydrates, which networkidle does not wait for
    // (read once, this saw the default 'log file sync' in 1 of 4 CI runs).
    await expect.poll(() => chosenEvent(page)).toBe('LOBREAD elapsed');
    await page.getByTestId('input-d1').setInputFiles(V11G);
    expect(await datasetSettled(page, 'd1')).toBe('ready');
    const card = page.getByTestId('dataset-d1');
    await expect.poll(() => card.textContent()).toContain('v11g-commit-loop.trc has no LOBREAD calls');
    expect(await card.textContent()).toContain("No 'LOBREAD elapsed' calls in v11g-commit-loop.trc");
    // The chosen measure stays listed (with no calls), beside the calls the file has.
    expect(await page.getByTestId('event-picker').locator('tr[data-measure="LOBREAD elapsed"] [data-dataset=d1][data-kind=count]').textContent()).toBe('0');
    await screenshot(page, 'measure-missing', '[data-testid=dataset-d1]');
    await page.screenshot({ path: path.join(SHOTS, 'measure-missing.png'), fullPage: true });
    expect(watch.consoleErrors).toEqual([]);
    await page.close();
  });

  it('shares a commit report that says what it measured; the viewer’s own traces are read for the commit too', async () => {
    const page = await suite.browser.newPage({ viewport: { width: 1440, height: 900 } });
    await page.goto(`${suite.server.url}/?commit=1`, { waitUntil: 'networkidle' });
    await page.getByTestId('input-d1').setInputFiles(loop);
    await page.getByTestId('input-d2').setInputFiles(V11G);
    expect(await datasetSettled(page, 'd1')).toBe('ready');
    expect(await datasetSettled(page, 'd2')).toBe('ready');
    await reportShown(page);
    await page.getByTestId('share-button').click();
    await page.getByTestId('share-json').locator('summary').click();
    const sent = JSON.parse((await page.getByTestId('share-preview').textContent())!);
    expect([sent.event, sent.measure]).toEqual([COMMIT_LABEL, { kind: 'commit' }]);
    expect(JSON.stringify(sent)).not.toContain('update t1 set'); // no SQL text: the picker's first lines stay in the page
    await page.getByTestId('share-send').click();
    const link = await page.getByTestId('share-link').inputValue();

    const fresh = await suite.browser.newContext({ viewport: { width: 1440, height: 900 } });
    const viewer = await fresh.newPage();
    const watch = watchPage(viewer);
    await viewer.goto(link, { waitUntil: 'networkidle' });
    expect(await viewer.locator('.shared-meta').textContent()).toContain(COMMIT_LABEL);
    await viewer.getByTestId('input-local').setInputFiles(V11G);
    const cli = await cliStats(['--commit'], V11G);
    await expect.poll(() => tableValue(viewer, 'count', 'local'), { timeout: 60_000 }).toBe(cli.count);
    expect(await tableValue(viewer, 'median', 'local')).toBe(cli.median);
    expect(await viewer.getByTestId('dataset-local').textContent()).toContain(`${cli.count} commits`);
    expect(watch.consoleErrors).toEqual([]);
    await fresh.close();
    await page.close();
  });
});
