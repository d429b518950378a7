// The share payload end to end: traces whose instance, host, file and folder names, module, action and
// SQL text are distinctive strings go through the page's own steps (the worker session, then
// collectShareExtras and sealShare, as SharePanel calls them); the container is decrypted here and the
// plaintext searched. A private name may be in it only when its box is ticked.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collectShareExtras, type Ask } from '../../components/share/collect-share-extras';
import type { ShareExtras } from '../../lib/report/share-content';
import { sealShare } from '../../lib/share';
import { inputFiles, SessionHarness } from '../worker/session-harness';
import { plaintextOf } from './open-plaintext';
import { SECRET, writeSecretTraces } from './secret-traces';

/** use-analysis's `ask`, over the session run on this thread. */
function askOf(h: SessionHarness): Ask {
  let next = 1000;
  return (async (make: (requestId: number) => Parameters<SessionHarness['send']>[0]) => {
    const requestId = next++;
    await h.send(make(requestId));
    const reply = h.messages.find((m) => 'requestId' in m && m.requestId === requestId);
    if (!reply) throw new Error(`no reply to request ${requestId}`);
    return reply;
  }) as Ask;
}

describe('the share payload leaves out every name the user did not tick', () => {
  const root = mkdtempSync(path.join(tmpdir(), 'waitscope-share-payload-'));
  let extras: ShareExtras;

  beforeAll(async () => {
    const h = new SessionHarness();
    for (const [id, preset] of [['d1', 'flash-on'], ['d2', 'flash-off']] as const) {
      const files = writeSecretTraces(root, id, preset);
      await h.send({ type: 'add-files', datasetId: id, files: inputFiles(files, root), event: 'log file sync' });
      expect(h.lastStatus(id)).toMatchObject({ state: 'ready', waits: 3000 });
    }
    const found = await collectShareExtras(askOf(h), { event: 'log file sync', datasets: [{ datasetId: 'd1', label: 'treated' }, { datasetId: 'd2', label: 'baseline' }], baseline: 1, thresholds: [] });
    if (typeof found === 'string') throw new Error(found);
    extras = found;
    // The report itself knows the names (so leaving them out is the share step's doing)…
    expect(extras.report.datasets[0]!.files[0]).toMatchObject({ host: SECRET.host, instance: SECRET.instance.toUpperCase() });
    expect(extras.report.datasets[0]!.files[0]!.name).toContain(SECRET.file);
    // …and the outliers name files per wait.
    expect(extras.outliers.d1!.top.length).toBe(100);
    expect(extras.outliers.d1!.top[0]!.file).toContain(SECRET.folder);
  }, 120_000);

  afterAll(() => rmSync(root, { recursive: true, force: true }));

  const cases = [
    { includeHosts: false, includeFileNames: false },
    { includeHosts: true, includeFileNames: false },
    { includeHosts: false, includeFileNames: true },
    { includeHosts: true, includeFileNames: true },
  ];
  for (const choices of cases) {
    it(`hosts ${choices.includeHosts ? 'ticked' : 'not ticked'}, file names ${choices.includeFileNames ? 'ticked' : 'not ticked'}`, async () => {
      const sealed = await sealShare(extras, choices);
      const plain = await plaintextOf(sealed.ciphertext, sealed.key);
      expect(plain).toBe(sealed.json); // what the preview shows is what was encrypted
      const text = plain.toLowerCase();
      const has = (s: string) => text.includes(s.toLowerCase());
      // Never read into a report at all.
      expect(has(SECRET.module)).toBe(false);
      expect(has(SECRET.action)).toBe(false);
      expect(has(SECRET.sql)).toBe(false);
      expect(has(SECRET.host)).toBe(choices.includeHosts);
      expect(has(SECRET.file)).toBe(choices.includeFileNames);
      expect(has(SECRET.folder)).toBe(choices.includeFileNames);
      expect(has('_ora_')).toBe(choices.includeFileNames);
      // The instance is in the header and in every file and folder name.
      expect(has(SECRET.instance)).toBe(choices.includeHosts || choices.includeFileNames);

      const payload = JSON.parse(plain);
      const names = payload.datasets.flatMap((d: { files: { name: string }[] }) => d.files.map((f) => f.name));
      if (!choices.includeFileNames) expect(names).toEqual(['file 1', 'file 2', 'file 3', 'file 4']);
      expect(sealed.summary.fileNames).toBe(choices.includeFileNames ? 'real' : 'numbered');
      expect(sealed.summary.hostNames).toBe(choices.includeHosts);
      expect(sealed.summary.fingerprints).toBe(4);
      expect(sealed.summary.datasets.map((d) => [d.label, d.waits, d.files, d.topWaits])).toEqual([['treated', 3000, 2, 100], ['baseline', 3000, 2, 100]]);
      // Ticked file names carry the instance (Oracle's naming); the preview says so unless instance names are ticked too.
      const instanceInNames = choices.includeFileNames && !choices.includeHosts;
      expect(sealed.exposed.map((e) => [e.text.toLowerCase(), e.kind])).toEqual(instanceInNames ? [[SECRET.instance, 'instance name']] : []);
      if (instanceInNames) {
        expect(sealed.exposed[0]!.places.slice(0, 2)).toEqual(['the file names of dataset 1', 'the top waits of dataset 1']);
        expect(sealed.exposed[0]!.count).toBeGreaterThanOrEqual(4 + 200); // 4 file names, 2 × 100 top waits, and the clusters
      }
    });
  }

  it('says so when a label still holds a private name: labels travel as typed', async () => {
    const labelled = { ...extras, report: { ...extras.report, datasets: extras.report.datasets.map((d, i) => (i === 0 ? { ...d, label: SECRET.folder } : d)) } };
    const sealed = await sealShare(labelled, { includeHosts: false, includeFileNames: false });
    const plain = await plaintextOf(sealed.ciphertext, sealed.key);
    expect(plain.split(SECRET.folder).length - 1).toBe(1); // the label, once; no file name
    expect(sealed.exposed).toEqual([{ text: SECRET.folder, kind: 'folder name', places: ['the label of dataset 1'], count: 1 }]);
  });
});
