// Archives in the page (issue 17 §1), in real Chromium: a zip and a tar.gz picked into two datasets
// list their member traces as `archive:member` and give the comparison table of the same traces
// picked as plain files; a damaged archive shows its own message in the dataset's error list.
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { writeCompareInputs } from '../helpers/compare-inputs';
import { useServerAndBrowser } from '../helpers/browser-suite';
import { datasetSettled, loadTwoDatasets, screenshot } from '../helpers/workbench';
import { buildTarGz, buildZip, type Member } from '../archive/build-archives';

/** Every value of the comparison table, as [stat, dataset, comparison, kind, value]. */
async function tableValues(page: Page): Promise<string[][]> {
  return page.locator('[data-testid=comparison-table] [data-value]').evaluateAll((cells) =>
    cells.map((c) => ['stat', 'dataset', 'comparison', 'kind', 'value'].map((k) => c.getAttribute(`data-${k}`) ?? '')),
  );
}

const fileNames = (page: Page, id: string) => page.getByTestId(`dataset-${id}`).locator('[data-file]').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-file')));

describe('workbench: archives', () => {
  const inputs = writeCompareInputs(500);
  const suite = useServerAndBrowser();
  const members = (files: string[], dir: string): Member[] => files.map((f) => ({ path: `${dir}/${path.basename(f)}`, bytes: new Uint8Array(readFileSync(f)) }));
  const write = (name: string, bytes: Uint8Array) => {
    const file = path.join(inputs.root, name);
    writeFileSync(file, bytes);
    return file;
  };
  afterAll(() => rmSync(inputs.root, { recursive: true, force: true }));

  it('a zip and a tar.gz: member names, and the table of the plain files', async () => {
    const zip = write('on.zip', await buildZip(members(inputs.on, 'on')));
    const tgz = write('off.tar.gz', await buildTarGz(members(inputs.off, 'off')));
    const plainPage = await suite.browser.newPage();
    await loadTwoDatasets(plainPage, suite.server.url, inputs.on, inputs.off);
    const plain = await tableValues(plainPage);
    await plainPage.close();
    expect(plain.length).toBeGreaterThan(20);

    const page = await suite.browser.newPage({ viewport: { width: 1440, height: 1000 } });
    await loadTwoDatasets(page, suite.server.url, zip, tgz);
    expect(await fileNames(page, 'd1')).toEqual(['on.zip:on/flash-on-s1.trc', 'on.zip:on/flash-on-s2.trc.gz', 'on.zip:on/flash-on-s3.trc']);
    expect(await fileNames(page, 'd2')).toEqual(['off.tar.gz:off/flash-off-s1.trc', 'off.tar.gz:off/flash-off-s2.trc', 'off.tar.gz:off/flash-off-s3.trc']);
    expect(await tableValues(page)).toEqual(plain);
    await page.getByTestId('dataset-d1').locator('summary', { hasText: 'Files' }).click();
    await screenshot(page, 'archive-drop', '[data-testid=dataset-d1]');
    await page.close();
  });

  it('a damaged archive shows its own error, and the members it could read', async () => {
    const whole = await buildTarGz(members(inputs.off, 'off'));
    const cut = write('cut.tgz', whole.subarray(0, Math.floor(whole.length * 0.8)));
    const enc = write('enc.zip', await buildZip([...members(inputs.on.slice(0, 1), 'on'), { ...members(inputs.on.slice(2), 'on')[0]!, password: 'pw' }]));
    const page = await suite.browser.newPage({ viewport: { width: 1440, height: 1000 } });
    await page.goto(suite.server.url, { waitUntil: 'networkidle' });
    await page.getByTestId('input-d1').setInputFiles(cut);
    await page.getByTestId('input-d2').setInputFiles(enc);
    expect(await datasetSettled(page, 'd1')).toBe('ready');
    expect(await datasetSettled(page, 'd2')).toBe('ready');
    const errors = (id: string) => page.getByTestId(`dataset-${id}`).getByTestId('dataset-errors').locator('li').allTextContents();
    expect((await errors('d1')).join('\n')).toMatch(/truncated — cut\.tgz:off\/flash-off-s3\.trc is truncated at line [\d,]+: the member ends after [\d,]+ of [\d,]+ bytes \(the archive is cut short\)/);
    expect(await errors('d2')).toEqual(['could not be read — enc.zip:on/flash-on-s3.trc: is encrypted: waitscope reads no passwords, so unzip it first']);
    expect(await page.getByTestId('dataset-d2').getAttribute('data-waits')).toBe('500');
    await screenshot(page, 'archive-errors');
    await page.close();
  });
});
