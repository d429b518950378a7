// Issue 13 §5: the book demo is a loader beside the trace and CSV loaders (DatasetLoader.demo), with
// their progress, Cancel and event handling.
import { describe, expect, it } from 'vitest';
import { SessionHarness } from './session-harness';

describe('the demo loader', () => {
  it('draws sessions × commits waits with progress, and another event chosen meanwhile does not stop it', async () => {
    const h = new SessionHarness();
    const drawing = h.send({ type: 'demo', datasetId: 'd1', preset: 'flash-on', event: 'log file sync', sessions: 3, commits: 500 });
    await h.send({ type: 'set-event', event: 'db file sequential read' });
    await drawing;
    expect(h.lastStatus('d1')).toMatchObject({ state: 'ready', source: 'synthetic', event: 'db file sequential read', waits: 0 });
    const progress = h.messages.flatMap((m) => (m.type === 'progress' ? [m.progress.done] : []));
    expect(progress).toEqual([500, 1000, 1500]);
    await h.send({ type: 'set-event', event: 'log file sync' });
    expect(h.lastStatus('d1')).toMatchObject({ state: 'ready', waits: 1500 });
  });

  it('stops on Cancel, and the same demo asked again while it draws keeps the one running', async () => {
    const h = new SessionHarness();
    const drawing = h.send({ type: 'demo', datasetId: 'd1', preset: 'flash-off', event: 'log file sync', sessions: 50, commits: 200 });
    await h.send({ type: 'demo', datasetId: 'd1', preset: 'flash-off', event: 'log file sync', sessions: 50, commits: 200 });
    await h.send({ type: 'cancel', datasetId: 'd1' });
    await drawing;
    expect(h.lastStatus('d1')).toMatchObject({ state: 'cancelled', waits: 0 });
    expect(h.messages.filter((m) => m.type === 'progress').length).toBeLessThan(50);
  });
});
