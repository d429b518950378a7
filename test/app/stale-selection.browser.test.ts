// A bucket clicked in a figure lists its waits under the timeline. That selection belongs to the data it
// was made on: once the data changes (a file removed, another event), the outlier panel, shown again
// after loading, lists the top waits of the new data, not the old bucket's waits again under the old title.
import path from 'node:path';
import { rmSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { useServerAndBrowser } from '../helpers/browser-suite';
import { watchPage } from '../helpers/browser';
import { writeCompareInputs } from '../helpers/compare-inputs';
import { allWaitsX, chooseEvent, chosenEvent, datasetSettled, openView, reportShown, screenshot, showView } from '../helpers/workbench';

describe('a figure selection does not outlive the data it was made on', () => {
  // Files big enough that reading them again takes several renders: the panel is away while loading.
  const inputs = writeCompareInputs(20000);
  const suite = useServerAndBrowser();

  afterAll(() => rmSync(inputs.root, { recursive: true, force: true }));

  it('after a file is removed, or the event switched, the panel shows the top waits, not the old bucket list', async () => {
    const page = await suite.browser.newPage({ viewport: { width: 1400, height: 1000 } });
    const watch = watchPage(page);
    await page.goto(suite.server.url, { waitUntil: 'networkidle' });
    await page.getByTestId('input-d1').setInputFiles(inputs.on);
    await page.getByTestId('input-d2').setInputFiles(inputs.off);
    await datasetSettled(page, 'd1');
    await datasetSettled(page, 'd2');
    await reportShown(page);
    await openView(page, 'outliers');
    const title = () => page.getByTestId('outlier-list-title').textContent();
    const TOP = 'The 100 longest waits of each dataset';
    await expect.poll(title).toBe(TOP);
    const clickBucket = async () => {
      await showView(page, 'distribution');
      await page.locator('[data-testid=figure-all-waits-chart][data-ready=true]').waitFor();
      const at = await allWaitsX(page, 1000);
      await page.mouse.click(at.x, at.y);
      await expect.poll(title).toMatch(/^Waits of /);
    };
    /** The new data's report and outliers are shown, and stay: no list of the old bucket comes back. */
    const topWaitsShown = async () => {
      await reportShown(page);
      await page.locator('[data-testid=top-waits-of]').first().waitFor();
      await page.waitForTimeout(1000);
      expect(await title()).toBe(TOP);
      expect(await page.locator('[data-testid=top-waits-of]').count()).toBe(2);
    };

    await clickBucket();
    const card = page.getByTestId('dataset-d1');
    await card.getByText('Files', { exact: true }).click();
    await card.getByRole('button', { name: `Remove ${path.basename(inputs.on[0]!)}` }).click();
    await expect.poll(() => card.getAttribute('data-waits')).toBe('40000'); // 20,000 waits a file
    await topWaitsShown();

    // Another event: every dataset is read again (the panel is away while loading, then back).
    await clickBucket();
    await chooseEvent(page, 'SQL*Net message from client');
    await expect.poll(() => chosenEvent(page)).toBe('SQL*Net message from client');
    await datasetSettled(page, 'd1');
    await datasetSettled(page, 'd2');
    await topWaitsShown();
    await screenshot(page, 'stale-selection-after-event-switch', '[data-testid=outlier-panel]');
    expect(watch.consoleErrors).toEqual([]);
    await page.close();
  });
});
