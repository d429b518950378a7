// The cells' names are host names: the page shows them in the "Cell flash log" panel, but a shared
// report carries nothing of the cell metrics, whatever boxes are ticked (issue 16 §4). The datasets
// go through the page's own steps (the worker session, collectShareExtras, sealShare) and the
// decrypted payload is searched for the cell names, the snapshot file names and the metric names.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { collectShareExtras } from '../../components/share/collect-share-extras';
import { createAsker } from '../../lib/worker/asker';
import { sealShare } from '../../lib/share';
import { FIXTURES_DIR } from '../helpers/cli';
import { SessionHarness } from '../worker/session-harness';
import { plaintextOf } from './open-plaintext';

const CELL_HOST = 'exacelzq07';
const SNAPSHOT_FILE = 'flashlogsnapzq-before.txt';

describe('a share leaves the cell metrics out', () => {
  it('no cell name, snapshot file name or FLASHLOG metric in the sealed payload, even with every box ticked', async () => {
    const h = new SessionHarness();
    const asker = createAsker((request) => void h.send(request));
    h.onMessage = (m) => void asker.receive(m);
    const trace = readFileSync(path.join(FIXTURES_DIR, 'v11g-commit-loop.trc'));
    const dcli = (file: string) => readFileSync(path.join(FIXTURES_DIR, 'cell', file), 'utf8').replaceAll('cel01', CELL_HOST);
    for (const id of ['d1', 'd2']) {
      const files = [{ file: new File([trace], `${id}.trc`), path: `${id}.trc` }, { file: new File([dcli('dcli-off.txt')], SNAPSHOT_FILE), path: SNAPSHOT_FILE }];
      await h.send({ type: 'add-files', datasetId: id, files, event: 'log file sync' });
      await h.send({ type: 'cell-text', datasetId: id, text: dcli('dcli-on.txt') });
    }
    // The page has them (the panel shows the cell's name)…
    const status = h.lastStatus('d1');
    expect(status.cell!.summary!.cells).toEqual(['cel02', CELL_HOST]);
    expect(status.cell!.snapshots).toEqual([SNAPSHOT_FILE, 'pasted snapshot 1']);
    expect(status.waits).toBeGreaterThan(0);
    const extras = await collectShareExtras(asker.ask, { event: 'log file sync', datasets: [{ datasetId: 'd1', label: 'on' }, { datasetId: 'd2', label: 'off' }], baseline: 1, thresholds: [] });
    if (typeof extras === 'string') throw new Error(extras);
    // …the share does not, with host and file names ticked or not.
    for (const choices of [{ includeHosts: true, includeFileNames: true }, { includeHosts: false, includeFileNames: false }]) {
      const sealed = await sealShare(extras, choices);
      const plain = (await plaintextOf(sealed.ciphertext, sealed.key)).toLowerCase();
      expect(plain).toContain('log file sync'); // the payload was opened
      expect(plain).not.toContain(CELL_HOST);
      expect(plain).not.toContain('cel02');
      expect(plain).not.toContain(SNAPSHOT_FILE);
      expect(plain).not.toContain('fl_flash_first');
    }
  }, 60_000);
});
