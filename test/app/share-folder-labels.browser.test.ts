// Trace folders are often named after the instance or host. Dropping several folders names each new
// dataset after its folder; that label is a folder name, so it leaves only when "Include file and
// folder names" is ticked (sent as "Dataset N" otherwise), after a reload too. A label the user typed
// travels as typed.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { useServerAndBrowser } from '../helpers/browser-suite';
import { watchPage } from '../helpers/browser';
import { writeCompareInputs } from '../helpers/compare-inputs';
import { datasetSettled, dropFolders, reportShown, screenshot } from '../helpers/workbench';
import { plaintextOf } from '../share/open-plaintext';

const INSTANCE_FOLDER = 'zzinstq7';
const HOST_FOLDER = 'zzhostq7';

describe('sharing datasets named after dropped folders: the folder names leave only when ticked', () => {
  const inputs = writeCompareInputs(500);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'waitscope-folder-labels-db-'));
  const suite = useServerAndBrowser({ WAITSCOPE_DB_PATH: path.join(dataDir, 'reports.db') });

  afterAll(() => {
    rmSync(inputs.root, { recursive: true, force: true });
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('sends "Dataset 1" and "Dataset 2" unticked, in the preview and the uploaded payload; the folder names when ticked; a typed label as typed', async () => {
    const page = await suite.browser.newPage({ viewport: { width: 1400, height: 1000 } });
    const watch = watchPage(page);
    let body: Buffer | null = null;
    page.on('request', (r) => {
      if (r.url().includes('/api/reports') && r.method() === 'POST') body = r.postDataBuffer();
    });
    await page.goto(suite.server.url, { waitUntil: 'networkidle' });
    const plain = (files: string[], folder: string) => files.filter((f) => !f.endsWith('.gz')).map((f) => ({ path: `${folder}/${path.basename(f)}`, text: readFileSync(f, 'utf8') }));
    await dropFolders(page, [...plain(inputs.off, INSTANCE_FOLDER), ...plain(inputs.on, HOST_FOLDER)]);
    await datasetSettled(page, 'd1');
    await datasetSettled(page, 'd2');
    await reportShown(page);
    // One dataset per folder, in name order, each labelled with its folder's name.
    expect(await page.getByLabel('Label of dataset 1').inputValue()).toBe(HOST_FOLDER);
    expect(await page.getByLabel('Label of dataset 2').inputValue()).toBe(INSTANCE_FOLDER);

    await page.getByTestId('share-button').click();
    await page.getByTestId('share-summary').waitFor();
    await page.getByTestId('share-json').locator('summary').click();
    const preview = page.getByTestId('share-preview');
    const shown = async () => ((await preview.textContent()) ?? '').toLowerCase();
    const labelsSent = async () => JSON.parse((await preview.textContent())!).datasets.map((d: { label: string }) => d.label);
    expect(await labelsSent()).toEqual(['Dataset 1', 'Dataset 2']);
    const summary = (await page.getByTestId('share-summary').textContent())!;
    expect(summary).toContain('Dataset 1, labelled “Dataset 1”');
    expect(summary).toContain('Dataset 2, labelled “Dataset 2”');
    for (const name of ['zzinst', 'zzhost']) {
      expect(await shown()).not.toContain(name);
      expect((await page.getByTestId('share-panel').textContent())!.toLowerCase()).not.toContain(name);
    }
    await screenshot(page, 'share-folder-labels-unticked', '[data-testid=share-panel]');

    // Ticked, the folder names are the labels and the files' folders (so the checks above can fail).
    await page.getByTestId('share-include-files').check();
    await expect.poll(labelsSent).toEqual([HOST_FOLDER, INSTANCE_FOLDER]);
    expect(await page.getByTestId('share-summary').textContent()).toContain(`labelled “${INSTANCE_FOLDER}”`);
    await page.getByTestId('share-include-files').uncheck();
    await expect.poll(labelsSent).toEqual(['Dataset 1', 'Dataset 2']);

    // What is uploaded, decrypted with the key from the link, holds neither name.
    await page.getByTestId('share-send').click();
    const link = await page.getByTestId('share-link').inputValue();
    await expect.poll(() => body).not.toBeNull();
    const sent = (await plaintextOf(body!, link.split('#k=')[1]!)).toLowerCase();
    expect(sent).toContain('"label":"dataset 1"');
    expect(sent).not.toContain('zzinst');
    expect(sent).not.toContain('zzhost');
    await page.getByTestId('share-panel').getByRole('button', { name: 'Close' }).click();

    // A label the user types is theirs: it travels as typed, and the preview points at the name in it.
    await page.getByLabel('Label of dataset 2').fill(`${INSTANCE_FOLDER} redo`);
    await page.getByTestId('share-button').click();
    await page.getByTestId('share-summary').waitFor();
    await page.getByTestId('share-json').locator('summary').click();
    expect(await labelsSent()).toEqual(['Dataset 1', `${INSTANCE_FOLDER} redo`]);
    expect(await page.getByTestId('share-exposed').textContent()).toMatch(new RegExp(`${INSTANCE_FOLDER}.*folder name.*is in the label of dataset 2`));
    expect(await shown()).not.toContain('zzhost');

    // The URL keeps where each label came from: after a reload (files are loaded again), the same.
    await page.reload({ waitUntil: 'networkidle' });
    expect(await page.getByLabel('Label of dataset 1').inputValue()).toBe(HOST_FOLDER);
    await page.getByTestId('input-d1').setInputFiles(inputs.on);
    await page.getByTestId('input-d2').setInputFiles(inputs.off);
    await datasetSettled(page, 'd1');
    await datasetSettled(page, 'd2');
    await reportShown(page);
    await page.getByTestId('share-button').click();
    await page.getByTestId('share-summary').waitFor();
    await page.getByTestId('share-json').locator('summary').click();
    expect(await labelsSent()).toEqual(['Dataset 1', `${INSTANCE_FOLDER} redo`]);
    expect(await shown()).not.toContain('zzhost');
    expect(watch.consoleErrors).toEqual([]);
    await page.close();
  });
});
