// Issue 14 §3 in Chromium: the Statements view lists what `waitscope statements --json` prints for the
// same files, in its order, under the same sort, top N and depth; a statement opens to its calls
// (tkprof's table), waits, relatives and SQL text; a relative is a link to its row.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { watchPage, type PageWatch } from '../helpers/browser';
import { useServerAndBrowser } from '../helpers/browser-suite';
import { fixturePath, parseJsonOutput, runCli } from '../helpers/cli';
import { openResultsTab, statementRowsShown } from '../helpers/profile-page';
import { loadTwoDatasets, screenshot } from '../helpers/workbench';

// Order-entry sessions with full call lines (lib/synth call-workload): recursive SQL, LOB calls, think time, a cursor parsed before tracing began.
const A = fixturePath('calls/oltp-19c.trc');
const B = fixturePath('calls/oltp-12-2.trc');

interface CliStatement {
  key: string;
  dep: number;
  text: string | null;
  total: number;
  self: number;
  executions: number;
  perExecution: { median: number | null; p99: number | null; max: number | null };
  waits: { event: string; count: number; total: number }[];
  children: string[];
  parents: string[];
  calls: Record<string, Record<string, number>>;
}

const statementsOf = async (args: string[]) => parseJsonOutput<{ statements: CliStatement[] }>(await runCli(['statements', '--json', ...args])).statements;
/** The row cells as the page shows them, from a CLI statement. */
const rowOf = (s: CliStatement) => ({ key: s.key, dep: s.dep, total: s.total, self: s.self, executions: s.executions, ...s.perExecution });

describe('the Statements view in Chromium', () => {
  const suite = useServerAndBrowser();
  let page: Page;
  let watch: PageWatch;

  beforeAll(async () => {
    page = await suite.browser.newPage({ viewport: { width: 1440, height: 900 } });
    watch = watchPage(page);
    await loadTwoDatasets(page, suite.server.url, A, B);
    await openResultsTab(page, 'statements');
  }, 180_000);
  afterAll(async () => page?.close());

  it('lists each dataset\'s statements as statements --json --top 20 does', async () => {
    await expect.poll(() => page.url()).toContain('view=statements');
    for (const [i, file] of [A, B].entries()) {
      if (i > 0) await page.getByTestId('statements-dataset').getByRole('radio').nth(i).check();
      const cli = await statementsOf(['--top', '20', file]);
      expect(cli.length, 'the fixture has statements').toBeGreaterThan(0);
      expect(await statementRowsShown(page)).toEqual(cli.map(rowOf));
    }
    await page.getByTestId('statements-dataset').getByRole('radio').nth(0).check();
  }, 120_000);

  it('sorts by tkprof keys, cuts to the top N and filters by depth as the CLI does', async () => {
    await page.getByTestId('statements-sort').selectOption('prsela,exeela,fchela');
    await page.getByTestId('statements-top').selectOption('10');
    await page.getByTestId('statements-depth').selectOption('top-level');
    await expect.poll(() => page.url()).toContain('sort=prsela%2Cexeela%2Cfchela');
    await expect.poll(() => page.url()).toContain('dep=0');
    const cli = await statementsOf(['--sort', 'prsela,exeela,fchela', '--top', '10', '--max-dep', '0', A]);
    expect(await statementRowsShown(page)).toEqual(cli.map(rowOf));
    await page.getByTestId('statements-depth').selectOption('all');
    await page.getByTestId('statements-sort').selectOption('total');
    await page.getByTestId('statements-top').selectOption('20');
  }, 120_000);

  it('opens a statement to its calls, waits, relatives and SQL text', async () => {
    const cli = await statementsOf([A]);
    const first = cli[0]!;
    await page.locator(`[data-testid=statement-row][data-key="${first.key}"]`).click();
    const detail = page.locator(`[data-testid=statement-detail][data-key="${first.key}"]`);
    await detail.waitFor();
    const calls = await detail.locator('[data-testid=statement-calls] tbody tr').evaluateAll((trs) =>
      Object.fromEntries(trs.map((tr) => [tr.getAttribute('data-call'), Object.fromEntries([...tr.querySelectorAll('td[data-field]')].map((td) => [td.getAttribute('data-field'), Number(td.getAttribute('data-value'))]))])),
    );
    expect(calls).toEqual(first.calls);
    const waits = await detail.locator('[data-testid=statement-waits] tbody tr').evaluateAll((trs) =>
      trs.map((tr) => ({ event: tr.getAttribute('data-event'), count: Number(tr.querySelector('[data-field=count]')!.getAttribute('data-value')), total: Number(tr.querySelector('[data-field=total]')!.getAttribute('data-value')) })),
    );
    expect(waits).toEqual(first.waits);
    expect(first.text).not.toBeNull();
    expect(await detail.getByTestId('statement-sql').textContent()).toBe(first.text);

    // A statement with recursive SQL: its child is a link that opens the child's row, whose parent links back.
    const parent = cli.find((s) => s.children.length > 0)!;
    const child = parent.children[0]!;
    expect(cli.find((s) => s.key === child)!.parents).toContain(parent.key);
    await page.locator(`[data-testid=statement-row][data-key="${parent.key}"]`).click();
    const parentDetail = page.locator(`[data-testid=statement-detail][data-key="${parent.key}"]`);
    expect(await parentDetail.getByTestId('statement-children').textContent()).toContain(child);
    await parentDetail.locator(`[data-jump="${child}"]`).click();
    const childDetail = page.locator(`[data-testid=statement-detail][data-key="${child}"]`);
    await childDetail.waitFor();
    expect(await childDetail.locator(`[data-jump="${parent.key}"]`).count()).toBe(1);
    // total with its recursive statements, and without them: the child's total is the difference here (one child).
    const shown = await statementRowsShown(page);
    const p = shown.find((r) => r.key === parent.key)!;
    expect((p.total as number) - (p.self as number)).toBe(parent.total - parent.self);
    await screenshot(page, 'statements-view');
    await page.screenshot({ path: '/tmp/shots-i14/statements-view.png', fullPage: true });
    expect(watch.consoleErrors).toEqual([]);
  }, 120_000);
});
