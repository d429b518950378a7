// Issue 12 §4 in the worker: removing one file, and Clear with Undo, keep the numbers exact.
import { rmSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { writeCompareInputs } from '../helpers/compare-inputs';
import { inputFiles, SessionHarness } from './session-harness';

const inputs = writeCompareInputs(300);
afterAll(() => rmSync(inputs.root, { recursive: true, force: true }));
const EVENT = 'log file sync';

describe('AnalysisSession: editing a dataset', () => {
  it('a dataset with one file removed reports exactly what loading only the other files reports', async () => {
    const h = new SessionHarness();
    await h.send({ type: 'add-files', datasetId: 'all', files: inputFiles(inputs.off, inputs.root), event: EVENT });
    await h.send({ type: 'add-files', datasetId: 'two', files: inputFiles([inputs.off[0]!, inputs.off[2]!], inputs.root), event: EVENT });
    expect(h.lastStatus('all').waits).toBe(900);
    await h.send({ type: 'remove-file', datasetId: 'all', name: 'off/flash-off-s2.trc' });
    expect(h.lastStatus('all')).toMatchObject({ state: 'ready', waits: 600 });
    expect(h.lastStatus('all').files.map((f) => f.name)).toEqual(['off/flash-off-s1.trc', 'off/flash-off-s3.trc']);
    const after = await h.report([{ datasetId: 'all', label: 'x' }], 0);
    const only = await h.report([{ datasetId: 'two', label: 'x' }], 0);
    expect(after.datasets[0]!.summary).toEqual(only.datasets[0]!.summary);
    expect(after.datasets[0]!.distributions).toEqual(only.datasets[0]!.distributions);
    expect(h.lastStatus('all').profile).toEqual(h.lastStatus('two').profile);
  });

  it('removing the last file empties the dataset', async () => {
    const h = new SessionHarness();
    await h.send({ type: 'add-files', datasetId: 'x', files: inputFiles([inputs.off[0]!], inputs.root), event: EVENT });
    await h.send({ type: 'remove-file', datasetId: 'x', name: 'off/flash-off-s1.trc' });
    expect(h.lastStatus('x')).toMatchObject({ source: 'empty', waits: 0, files: [] });
  });

  it('Undo after Clear brings the files and numbers back; a new load withdraws it', async () => {
    const h = new SessionHarness();
    await h.send({ type: 'add-files', datasetId: 'x', files: inputFiles(inputs.on, inputs.root), event: EVENT });
    const before = await h.report([{ datasetId: 'x', label: 'x' }], 0);
    await h.send({ type: 'clear', datasetId: 'x' });
    expect(h.lastStatus('x')).toMatchObject({ source: 'empty', waits: 0, cleared: { files: 3, waits: 900 } });
    await h.send({ type: 'undo-clear', datasetId: 'x' });
    expect(h.lastStatus('x')).toMatchObject({ source: 'traces', state: 'ready', waits: 900 });
    const after = await h.report([{ datasetId: 'x', label: 'x' }], 0);
    expect(after.datasets[0]!.summary).toEqual(before.datasets[0]!.summary);

    await h.send({ type: 'clear', datasetId: 'x' });
    await h.send({ type: 'add-files', datasetId: 'y', files: inputFiles([inputs.off[0]!], inputs.root), event: EVENT });
    expect(h.lastStatus('x').cleared ?? null).toBeNull();
    await h.send({ type: 'undo-clear', datasetId: 'x' });
    expect(h.lastStatus('x')).toMatchObject({ source: 'empty', waits: 0 });
  });

  it('Undo after the event changed reads the files again for the event shown now', async () => {
    const h = new SessionHarness();
    await h.send({ type: 'add-files', datasetId: 'x', files: inputFiles([inputs.off[0]!], inputs.root), event: EVENT });
    const sqlNet = h.lastStatus('x').profile.find((r) => r.event === 'SQL*Net message from client')!;
    await h.send({ type: 'clear', datasetId: 'x' });
    await h.send({ type: 'set-event', event: 'SQL*Net message from client' });
    await h.send({ type: 'undo-clear', datasetId: 'x' });
    expect(h.lastStatus('x')).toMatchObject({ state: 'ready', event: 'SQL*Net message from client', waits: sqlNet.count });
  });
});
