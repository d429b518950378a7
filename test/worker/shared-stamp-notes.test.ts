// The page's warning for trcsess output dropped with the trace it was made from
// (lib/worker/shared-stamp-notes.ts): the trcsess output says so once both are read, the warning
// survives a read for another measure, and it goes when the trace is removed.
import { describe, expect, it } from 'vitest';
import { SessionHarness } from './session-harness';
import { trcsessPair } from '../helpers/trcsess-pair';

const EVENT = 'log file sync';
const { trace, trcsess } = trcsessPair();
const file = (name: string, text: string) => ({ file: new File([text], name), path: name });
const warnings = (h: SessionHarness, id: string) => h.lastStatus(id).files.map((f) => [f.name, f.problems.filter((p) => p.kind === 'warning').map((p) => p.message)]);
// The SESSION ID stamp, line 3 of the trcsess output (its line 2's stamp has no tim before the next stamp).
const NOTE =
  'combined.trc is trcsess output holding the same *** stamps as DB1_ora_4242.trc (such as the *** stamp on line 3, 2024-03-01 10:00:00.000100-07:00, with the same tim after it): if it was made from that file, their records count twice; read one or the other';
const NO_BANNER = 'combined.trc: no Oracle banner, so the release is unknown: ela is assumed to be in µs (9i and later); a file from Oracle 8i or earlier would be in centiseconds';

describe('trcsess output dropped with its trace', () => {
  it('is warned on once both are read, through a read for another measure, and no more once the trace is removed', async () => {
    const h = new SessionHarness();
    await h.send({ type: 'add-files', datasetId: 'd', files: [file('DB1_ora_4242.trc', trace), file('combined.trc', trcsess)], event: EVENT });
    expect(h.lastStatus('d').state).toBe('ready');
    expect(warnings(h, 'd')).toEqual([
      ['combined.trc', [NO_BANNER, NOTE]],
      ['DB1_ora_4242.trc', []],
    ]);
    // Both are still read: each of the 5 waits twice.
    expect(h.lastStatus('d').waits).toBe(10);
    await h.send({ type: 'set-event', event: 'SQL*Net message from client' });
    await h.send({ type: 'set-event', event: EVENT });
    expect(warnings(h, 'd')).toEqual([
      ['combined.trc', [NO_BANNER, NOTE]],
      ['DB1_ora_4242.trc', []],
    ]);
    await h.send({ type: 'remove-file', datasetId: 'd', name: 'DB1_ora_4242.trc' });
    expect(warnings(h, 'd')).toEqual([['combined.trc', [NO_BANNER]]]);
  });

  it('leaves three copies of one trace to the likely-copy notes, also once the first is removed', async () => {
    const h = new SessionHarness();
    await h.send({ type: 'add-files', datasetId: 'd', files: [file('a.trc', trace), file('b.trc', trace), file('c.trc', trace)], event: EVENT });
    const copyOf = (later: string, earlier: string) => `${later} has the same size and the same first and last 64 KiB as ${earlier}: if one is a copy of the other, its records count twice`;
    expect(warnings(h, 'd')).toEqual([
      ['a.trc', []],
      ['b.trc', [copyOf('b.trc', 'a.trc')]],
      ['c.trc', [copyOf('c.trc', 'a.trc')]],
    ]);
    // c is now the copy of b, and b beside c is still left to that note.
    await h.send({ type: 'remove-file', datasetId: 'd', name: 'a.trc' });
    expect(warnings(h, 'd')).toEqual([
      ['b.trc', []],
      ['c.trc', [copyOf('c.trc', 'b.trc')]],
    ]);
  });

  it('a trace dropped after its trcsess output was read puts the warning on the output', async () => {
    const h = new SessionHarness();
    await h.send({ type: 'add-files', datasetId: 'd', files: [file('combined.trc', trcsess)], event: EVENT });
    expect(warnings(h, 'd')).toEqual([['combined.trc', [NO_BANNER]]]);
    await h.send({ type: 'add-files', datasetId: 'd', files: [file('DB1_ora_4242.trc', trace)], event: EVENT });
    expect(warnings(h, 'd')).toEqual([
      ['combined.trc', [NO_BANNER, NOTE]],
      ['DB1_ora_4242.trc', []],
    ]);
  });
});
