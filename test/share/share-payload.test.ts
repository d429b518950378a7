// The share payload end to end: traces whose instance, host, file and folder names, module, action and
// SQL text are distinctive strings go through the page's own steps (the worker session, then
// collectShareExtras and sealShare, as SharePanel calls them); the container is decrypted here and the
// plaintext searched. A private name may be in it only when its box is ticked.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collectShareExtras } from '../../components/share/collect-share-extras';
import { createAsker } from '../../lib/worker/asker';
import type { Ask } from '../../lib/worker/protocol';
import type { ShareExtras } from '../../lib/report/share-content';
import { sealShare } from '../../lib/share';
import { inputFiles, SessionHarness } from '../worker/session-harness';
import { plaintextOf } from './open-plaintext';
import { SECRET, writeSecretTraces } from './secret-traces';

/** use-analysis's `ask` (the same asker), over the session run on this thread. */
function askOf(h: SessionHarness): Ask {
  const asker = createAsker((request) => void h.send(request));
  h.onMessage = (m) => void asker.receive(m);
  return asker.ask;
}

describe('the share payload leaves out every name the user did not tick', () => {
  const root = mkdtempSync(path.join(tmpdir(), 'waitscope-share-payload-'));
  let extras: ShareExtras;
  let h: SessionHarness;

  beforeAll(async () => {
    h = new SessionHarness();
    for (const [id, preset] of [['d1', 'flash-on'], ['d2', 'flash-off']] as const) {
      const files = writeSecretTraces(root, id, preset);
      await h.send({ type: 'add-files', datasetId: id, files: inputFiles(files, root), event: 'log file sync' });
      expect(h.lastStatus(id)).toMatchObject({ state: 'ready', waits: 3000 });
    }
    // One session: the comparison's resampling note and warning name this dataset by its label.
    await h.send({ type: 'add-files', datasetId: 'd3', files: inputFiles(writeSecretTraces(root, 'd3', 'flash-on').slice(0, 1), root), event: 'log file sync' });
    expect(h.lastStatus('d3')).toMatchObject({ state: 'ready', waits: 1500 });
    // d1 is shared with a time window (issue 15 §1) that keeps every wait: its description and edges are times only.
    await h.send({ type: 'set-window', datasetId: 'd1', window: { from: { kind: 'tim', text: 'tim:0', tim: 0 }, to: null, skipFirstMicros: 0, skipLastMicros: 0 } });
    const found = await collectShareExtras(askOf(h), { event: 'log file sync', datasets: [{ datasetId: 'd1', label: 'treated' }, { datasetId: 'd2', label: 'baseline' }], baseline: 1, thresholds: [] });
    if (typeof found === 'string') throw new Error(found);
    extras = found;
    expect(extras.report.datasets[0]!.window).toEqual({ description: 'from tim:0', from: 'tim:0', to: null, skipFirst: null, skipLast: null, kept: 3000, outside: 0, unplaced: 0, offsetIgnored: 0 });
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

  it('the heat map of latency over time travels with every wait in its cells, and no string but its axis kind', async () => {
    const sealed = await sealShare(extras, { includeHosts: false, includeFileNames: false });
    const payload = JSON.parse(await plaintextOf(sealed.ciphertext, sealed.key));
    for (const d of payload.datasets as { outliers: { heatMap: Record<string, unknown> & { count: number[]; perInterval: { count: number[] } } } }[]) {
      const map = d.outliers.heatMap;
      expect(map.count.reduce((a, b) => a + b, 0)).toBe(3000);
      expect(map.perInterval.count.reduce((a, b) => a + b, 0)).toBe(3000);
      // Every string in it, by walking the object: only the axis kind.
      const strings: string[] = [];
      const walk = (v: unknown) => {
        if (typeof v === 'string') strings.push(v);
        else if (v && typeof v === 'object') Object.values(v).forEach(walk);
      };
      walk(map);
      expect(strings.length).toBe(1);
      expect(['utc', 'local', 'tim']).toContain(strings[0]);
    }
  });

  /** The extras as the page collects them when dataset 1 (one session) is labelled with the folder's name. */
  const labelledExtras = async (labelFromFolder: boolean) => {
    const found = await collectShareExtras(askOf(h), {
      event: 'log file sync',
      datasets: [{ datasetId: 'd3', label: SECRET.folder, labelFromFolder }, { datasetId: 'd2', label: 'baseline' }],
      baseline: 1,
      thresholds: [],
    });
    if (typeof found === 'string') throw new Error(found);
    // The label is not only in datasets[0].label: the comparison's texts name the datasets too.
    expect(found.report.comparisons[0]!.resampling.description).toContain(`${SECRET.folder} has 1 session`);
    return found;
  };

  it('a label made from a dropped folder leaves as "Dataset 1" unless file and folder names are ticked', async () => {
    const fromFolder = await labelledExtras(true);
    for (const choices of cases) {
      const sealed = await sealShare(fromFolder, choices);
      const plain = await plaintextOf(sealed.ciphertext, sealed.key);
      expect(plain.toLowerCase().includes(SECRET.folder)).toBe(choices.includeFileNames);
      const payload = JSON.parse(plain);
      expect(payload.datasets.map((d: { label: string }) => d.label)).toEqual([choices.includeFileNames ? SECRET.folder : 'Dataset 1', 'baseline']);
      // The comparison's texts name it as the label does.
      expect(payload.comparisons[0].resampling.description).toContain(`${choices.includeFileNames ? SECRET.folder : 'Dataset 1'} has 1 session`);
      // The preview shows the label that is sent, and nothing left to warn about but the instance in ticked file names.
      expect(sealed.summary.datasets.map((d) => d.label)).toEqual([choices.includeFileNames ? SECRET.folder : 'Dataset 1', 'baseline']);
      if (!choices.includeFileNames) expect(sealed.exposed).toEqual([]);
    }
  });

  it('a label the user typed travels as typed, and the preview says it holds a private name', async () => {
    const typed = await labelledExtras(false);
    const sealed = await sealShare(typed, { includeHosts: false, includeFileNames: false });
    const plain = await plaintextOf(sealed.ciphertext, sealed.key);
    const payload = JSON.parse(plain);
    expect(payload.datasets[0].label).toBe(SECRET.folder);
    expect(JSON.stringify(payload.datasets.map((d: { files: unknown }) => d.files))).not.toContain(SECRET.folder); // no file name
    expect(sealed.summary.datasets[0]!.label).toBe(SECRET.folder);
    expect(sealed.exposed.map((e) => [e.text, e.kind])).toEqual([[SECRET.folder, 'folder name']]);
    expect(sealed.exposed[0]!.places[0]).toBe('the label of dataset 1');
    expect(sealed.exposed[0]!.count).toBeGreaterThan(1); // the label and the comparison texts
  });
});
