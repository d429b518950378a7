// Issue 13 §5: typed request→reply pairs. A question resolves with the reply carrying its request id,
// checked against the answer type its question has; a failure resolves as a failure, and a reply of
// another type is an error, not a value of the wrong shape.
import { describe, expect, it } from 'vitest';
import { createAsker } from '../../lib/worker/asker';
import type { WorkerRequest } from '../../lib/worker/protocol';
import { SessionHarness } from './session-harness';

describe('createAsker', () => {
  it('pairs each reply with its question by request id, whatever the order of the replies', async () => {
    const sent: WorkerRequest[] = [];
    const asker = createAsker((r) => sent.push(r), 7);
    const first = asker.ask('fingerprints', { datasetIds: ['a'] });
    const second = asker.ask('export-samples', { datasetId: 'b' });
    expect(sent).toEqual([
      { type: 'fingerprints', requestId: 7, datasetIds: ['a'] },
      { type: 'export-samples', requestId: 8, datasetId: 'b' },
    ]);
    expect(asker.receive({ type: 'request-failed', requestId: 8, message: 'no samples' })).toBe(true);
    expect(asker.receive({ type: 'fingerprints', requestId: 7, files: { a: { 'x.trc': 'ab' } } })).toBe(true);
    expect(asker.receive({ type: 'fingerprints', requestId: 7, files: {} })).toBe(false); // answered already
    expect(asker.receive({ type: 'status', status: {} as never })).toBe(false);
    expect(await first).toEqual({ type: 'fingerprints', requestId: 7, files: { a: { 'x.trc': 'ab' } } });
    expect(await second).toEqual({ type: 'request-failed', requestId: 8, message: 'no samples' });
  });

  it('rejects a reply of another type than the question has', async () => {
    const asker = createAsker(() => {});
    const asked = asker.ask('select', { parts: [], offset: 0, limit: 10 });
    asker.receive({ type: 'selection-csv', requestId: 1, blob: new Blob([]), rows: 0 });
    await expect(asked).rejects.toThrow("the worker answered a 'select' request with 'selection-csv'");
  });

  it('asks the analysis session and gets its typed answer', async () => {
    const h = new SessionHarness();
    const asker = createAsker((r) => void h.send(r));
    h.onMessage = (m) => void asker.receive(m);
    await h.send({ type: 'add-files', datasetId: 'a', files: [{ file: new File(['ela_us\n5\n7\n'], 'a.csv'), path: 'a.csv' }], event: 'log file sync' });
    const reply = await asker.ask('threshold-counts', { event: 'log file sync', datasetIds: ['a'], thresholds: [6] });
    if (reply.type !== 'threshold-counts') throw new Error(reply.message);
    expect(reply.counts).toEqual([{ datasetId: 'a', counts: [{ threshold: 6, count: 1, ratePerMillion: 500_000 }] }]);
  });
});
