// Issue 14 §2, §5 in Chromium: the Profile view of two datasets shows the numbers `waitscope profile
// --json` and `compare --profile --json` print for the same files, computed only when the view opens,
// with the chosen view and think time in the URL.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { watchPage, type PageWatch } from '../helpers/browser';
import { useServerAndBrowser } from '../helpers/browser-suite';
import { fixturePath, parseJsonOutput, runCli } from '../helpers/cli';
import { cellsByRow, openResultsTab, profileRows } from '../helpers/profile-page';
import { loadTwoDatasets, screenshot } from '../helpers/workbench';

// Order-entry sessions with full call lines (lib/synth call-workload): recursive SQL, LOB calls, think time, a cursor parsed before tracing began.
const A = fixturePath('calls/oltp-19c.trc');
const B = fixturePath('calls/oltp-12-2.trc');

interface CliProfile {
  responseTime: { total: number; sessions: number; rows: Record<string, unknown>[] };
}
interface CliComparison {
  profileComparison: {
    deltaR: number;
    relativeDeltaR: number | null;
    components: { component: string; a: { total: number } | null; b: { total: number } | null; deltaTotal: number; shareOfChange: number | null; deltaMean: number | null; deltaMedian: number | null; deltaP99: number | null; onlyIn: string | null }[];
    statements: { key: string; deltaTotal: number }[];
  };
}

describe('the Profile view in Chromium', () => {
  const suite = useServerAndBrowser();
  let page: Page;
  let watch: PageWatch;

  beforeAll(async () => {
    page = await suite.browser.newPage({ viewport: { width: 1440, height: 900 } });
    watch = watchPage(page);
    await loadTwoDatasets(page, suite.server.url, A, B);
  }, 180_000);
  afterAll(async () => page?.close());

  it('is not computed until it is opened, then shows each dataset\'s profile as profile --json prints it', async () => {
    expect(await page.getByTestId('profile-results').count()).toBe(0);
    await openResultsTab(page, 'profile');
    await expect.poll(() => page.url()).toContain('view=profile');
    for (const [id, file] of [['d1', A], ['d2', B]] as const) {
      const cli = parseJsonOutput<CliProfile>(await runCli(['profile', '--json', file]));
      expect(await profileRows(page, id), id).toEqual(cli.responseTime.rows);
      expect(Number(await page.locator(`[data-testid=profile-table][data-dataset=${id}] [data-testid=profile-r]`).getAttribute('data-value'))).toBe(cli.responseTime.total);
    }
    // The figures of the waits view are not drawn under it.
    expect(await page.getByTestId('figure-all-waits').count()).toBe(0);
  }, 120_000);

  it('compares A against B as compare --profile --json does, with a headline', async () => {
    const cli = parseJsonOutput<CliComparison>(await runCli(['compare', '--profile', '--json', A, '--vs', B]));
    const c = cli.profileComparison;
    expect(Number(await page.getByTestId('profile-delta-r').getAttribute('data-value'))).toBe(c.deltaR);
    const cells = await cellsByRow(page, '[data-testid=profile-comparison-table]');
    const shown = Object.fromEntries(c.components.map((r) => [r.component, cells[r.component]]));
    const expected = Object.fromEntries(
      c.components.map((r) => [r.component, { a: r.a?.total ?? null, b: r.b?.total ?? null, delta: r.deltaTotal, 'share-of-change': r.shareOfChange, 'delta-mean': r.deltaMean, 'delta-median': r.deltaMedian, 'delta-p99': r.deltaP99 }]),
    );
    expect(shown).toEqual(expected);
    // Rows in the same order (by |Δ|), and one-side-only rows marked with the dataset's label.
    expect(await page.locator('[data-testid=profile-comparison-table] tr[data-component]').evaluateAll((trs) => trs.map((t) => t.getAttribute('data-component')))).toEqual(c.components.map((r) => r.component));
    for (const r of c.components.filter((x) => x.onlyIn !== null)) {
      const only = page.locator(`[data-testid=profile-comparison-table] tr[data-component="${r.component}"] [data-only]`);
      expect(await only.getAttribute('data-only')).toBe(r.onlyIn);
      expect(await only.textContent()).toBe(`only in ${r.onlyIn === 'a' ? 'Flash logging on' : 'Flash logging off'}`);
    }
    // R fell or rose by the CLI's relative ΔR, and the component with the largest share of ΔR is named.
    const headline = (await page.getByTestId('profile-headline').textContent()) ?? '';
    const pct = `${(100 * Math.abs(c.relativeDeltaR!)).toFixed(1)}%`;
    expect(headline).toContain(`R ${c.deltaR < 0 ? 'fell' : 'rose'} ${pct}`);
    const top = [...c.components].filter((r) => (r.shareOfChange ?? 0) > 0).sort((x, y) => y.shareOfChange! - x.shareOfChange!)[0]!;
    expect(headline).toContain(`${(100 * top.shareOfChange!).toFixed(1)}% of the change came from ${top.component}.`);
    expect(await page.locator('[data-testid=statement-change]').evaluateAll((trs) => trs.map((t) => t.getAttribute('data-key')))).toEqual(c.statements.map((s) => s.key));
    await screenshot(page, 'profile-view');
    await page.screenshot({ path: '/tmp/shots-i14/profile-view.png', fullPage: true });
  }, 120_000);

  it('a statement clicked among the changes opens in the Statements view of a dataset that has it', async () => {
    const cli = parseJsonOutput<CliComparison>(await runCli(['compare', '--profile', '--json', A, '--vs', B]));
    const onlyB = cli.profileComparison.statements.find((s) => (s as { onlyIn?: string | null }).onlyIn === 'b')!;
    await page.locator(`[data-testid=statement-change][data-key="${onlyB.key}"] button`).click();
    await page.locator(`[data-testid=statement-detail][data-key="${onlyB.key}"]`).waitFor();
    expect(await page.getByTestId('statements-view').getAttribute('data-dataset')).toBe('d2');
    await expect.poll(() => page.url()).toContain('view=statements');
    await page.locator('[data-testid=results-tabs] [data-tab=profile]').click();
    await page.locator('[data-testid=profile-results][data-state=ready]').waitFor();
  }, 120_000);

  it('a think time set in the view crops the long SQL*Net message from client waits, and stays in the URL', async () => {
    await page.getByTestId('think-time-ms').fill('10');
    await page.getByTestId('think-time-ms').press('Enter');
    await page.locator('[data-testid=profile-results][data-state=ready][data-think-time="10000"]').waitFor({ timeout: 60_000 });
    await expect.poll(() => page.url()).toContain('think=10000');
    // SQL*Net message from client waits of 10 ms or more: in oltp-19c 12,796 and 3,176,789 µs; in
    // oltp-12-2 10,588, 12,941, 15,431, 17,730 and 3,269,167 µs (at 1 s: one each).
    const expected = { d1: [2, 12_796 + 3_176_789], d2: [5, 10_588 + 12_941 + 15_431 + 17_730 + 3_269_167] };
    for (const [id, file] of [['d1', A], ['d2', B]] as const) {
      const cli = parseJsonOutput<CliProfile>(await runCli(['profile', '--json', '--think-time', '10ms', file]));
      const rows = await profileRows(page, id);
      expect(rows).toEqual(cli.responseTime.rows);
      const think = rows.find((r) => r.kind === 'think-time')!;
      expect([think.count, think.total]).toEqual(expected[id]);
    }
    expect(watch.consoleErrors).toEqual([]);
    expect(watch.externalRequests).toEqual([]);
  }, 120_000);
});
