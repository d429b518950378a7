// Issue 14 §3 in Chromium: a share made from the Profile view carries the profile and statements;
// the SQL text is not in the bytes posted unless "include SQL text" is ticked, and the preview says
// which. The link opens the profile section on the shared report's page.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useServerAndBrowser } from '../helpers/browser-suite';
import { openResultsTab } from '../helpers/profile-page';
import { loadTwoDatasets, screenshot } from '../helpers/workbench';
import { plaintextOf } from '../share/open-plaintext';
import { SECRET, writeSecretTraces } from '../share/secret-traces';

describe('sharing the profile in Chromium', () => {
  const root = mkdtempSync(path.join(tmpdir(), 'waitscope-profile-share-'));
  const suite = useServerAndBrowser({ WAITSCOPE_DB_PATH: path.join(root, 'reports.db') });
  let page: Page;
  const posted: Buffer[] = [];

  beforeAll(async () => {
    page = await suite.browser.newPage({ viewport: { width: 1440, height: 900 } });
    page.on('request', (r) => {
      const body = r.postDataBuffer();
      if (r.url().includes('/api/reports') && r.method() === 'POST' && body) posted.push(body);
    });
    await loadTwoDatasets(page, suite.server.url, writeSecretTraces(root, 'on', 'flash-on'), writeSecretTraces(root, 'off', 'flash-off'));
    await openResultsTab(page, 'profile');
  }, 180_000);
  afterAll(async () => {
    await page?.close();
    rmSync(root, { recursive: true, force: true });
  });

  /** Shares with the box ticked or not; returns the link and the plaintext of the bytes posted. */
  async function share(tickSql: boolean): Promise<{ link: string; plain: string }> {
    await page.getByTestId('share-button').click();
    await page.getByTestId('share-summary').waitFor();
    expect(await page.getByTestId('share-summary-profile').textContent()).toMatch(/^Response-time profile and statements: included for 2 datasets \(\d+ statements\)$/);
    expect(await page.getByTestId('share-summary-sql').textContent()).toBe('SQL text: not included');
    const box = page.getByTestId('share-include-sql');
    expect(await box.isChecked()).toBe(false);
    if (tickSql) {
      await box.check();
      await page.locator('[data-testid=share-summary-sql]', { hasText: 'SQL text: included' }).waitFor();
    }
    await screenshot(page, `profile-share-panel${tickSql ? '-sql' : ''}`, '[data-testid=share-panel]');
    const before = posted.length;
    await page.getByTestId('share-send').click();
    const link = await page.getByTestId('share-link').inputValue();
    expect(posted.length).toBe(before + 1);
    const plain = await plaintextOf(new Uint8Array(posted.at(-1)!), link.split('#k=')[1]!);
    return { link, plain };
  }

  it('leaves the SQL text out of the bytes posted by default, and the shared page shows the profile', async () => {
    const { link, plain } = await share(false);
    const payload = JSON.parse(plain);
    expect(payload.profile.datasets.length).toBe(2);
    expect(payload.profile.datasets[0].statements.length).toBeGreaterThan(0);
    expect(plain.toLowerCase()).not.toContain(SECRET.sql);
    await page.getByRole('button', { name: 'Close' }).click();

    const viewer = await suite.browser.newPage({ viewport: { width: 1440, height: 900 } });
    await viewer.goto(link, { waitUntil: 'networkidle' });
    await viewer.getByTestId('shared-profile').waitFor();
    const rows = await viewer.locator('[data-testid=shared-profile] [data-testid=profile-table]').count();
    expect(rows).toBe(2);
    expect(Number(await viewer.locator('[data-testid=shared-profile] [data-testid=profile-delta-r]').getAttribute('data-value'))).toBe(payload.profile.comparisons[0].comparison.deltaR);
    expect((await viewer.getByTestId('shared-profile').textContent())!.toLowerCase()).not.toContain(SECRET.sql);
    await viewer.screenshot({ path: '/tmp/shots-i14/shared-profile.png', fullPage: true });
    await viewer.close();
  }, 120_000);

  it('puts the SQL text in the bytes posted when ticked', async () => {
    const { plain } = await share(true);
    expect(plain.toLowerCase()).toContain(`update ${SECRET.sql} set`);
    await page.getByRole('button', { name: 'Close' }).click();
  }, 120_000);
});
