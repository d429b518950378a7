import { readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { writeCompareInputs } from '../helpers/compare-inputs';
import { useServerAndBrowser } from '../helpers/browser-suite';
import { datasetSettled } from '../helpers/workbench';

/** Drops files, as a user's drag would, on the element matched by `selector` (real DragEvents, real Files). */
async function drop(page: Page, selector: string, files: { name: string; text: string }[]): Promise<void> {
  await page.evaluate(
    ({ selector, files }) => {
      const dt = new DataTransfer();
      for (const f of files) dt.items.add(new File([f.text], f.name));
      const target = document.querySelector(selector)!;
      target.dispatchEvent(new DragEvent('dragover', { bubbles: true, cancelable: true, dataTransfer: dt }));
      target.dispatchEvent(new DragEvent('drop', { bubbles: true, cancelable: true, dataTransfer: dt }));
    },
    { selector, files },
  );
}

describe('workbench: dropping files', () => {
  const inputs = writeCompareInputs(500);
  const read = (files: string[]) => files.filter((f) => !f.endsWith('.gz')).map((f) => ({ name: path.basename(f), text: readFileSync(f, 'utf8') }));
  const suite = useServerAndBrowser();

  afterAll(() => {
    rmSync(inputs.root, { recursive: true, force: true });
  });

  it('takes files dropped on a dataset, and files dropped anywhere else into the first empty dataset', async () => {
    const page = await suite.browser.newPage();
    await page.goto(suite.server.url, { waitUntil: 'networkidle' });
    await drop(page, '[data-testid=dataset-d2]', read(inputs.off));
    expect(await datasetSettled(page, 'd2')).toBe('ready');
    expect(await page.getByTestId('dataset-d2').getAttribute('data-waits')).toBe('1500');
    await drop(page, 'h1', read(inputs.on)); // the page, outside every dataset
    expect(await datasetSettled(page, 'd1')).toBe('ready');
    expect(await page.getByTestId('dataset-d1').getAttribute('data-waits')).toBe('1000'); // the two plain files of `on`
    expect(await page.getByTestId('dataset-d2').getAttribute('data-waits')).toBe('1500');
    await page.close();
  });
});
