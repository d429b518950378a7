// Inputs that hold the same *** stamps (lib/trace/shared-stamps.ts): trcsess output beside the traces
// it was made from, or a piece cut from a trace, would count their records twice. The inputs here are
// built by hand; the corpus' trace-combine pair (a trace and trcsess output made from it) is checked
// through the parser at the end.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { sharedStamps, sharedStampsNote, type StampedInput } from '../../lib/trace/shared-stamps';
import { parseTrace } from '../../lib/trace/parse-trace';
import { CORPUS_DIR, corpusAvailable, reportCorpusMissing } from '../helpers/corpus';

type Stamp = [wall: string, tim: number | null, session?: number];
const input = (fileName: string, stamps: Stamp[], o: { trcsess?: boolean; pid?: string | null; pids?: (string | null)[]; bytes?: number } = {}): StampedInput => ({
  fileName,
  bytes: o.bytes ?? 1000,
  facts: { trcsess: o.trcsess ?? false, pid: o.pid === undefined ? '100' : o.pid },
  sessions: (o.pids ?? [o.pid === undefined ? '100' : o.pid]).map((pid) => ({ pid })),
  anchors: stamps.map(([wall, tim, session], i) => ({ line: 10 * (i + 1), wall, tim, session: session ?? 0 })),
});

const TIM1 = 664028734122;
const S1: Stamp = ['2019-07-09T09:57:07.703529', TIM1];
const S2: Stamp = ['2019-07-09T09:57:08.690155', 664029720964];
const S3: Stamp = ['2019-07-09T09:57:09.697075', 664030727814];

describe('inputs that share *** stamps', () => {
  it('puts the note on trcsess output, naming every trace it holds stamps of', () => {
    const a = input('a.trc', [S1, S2], { pid: '100' });
    const b = input('b.trc', [S3], { pid: '200' });
    // trcsess output of both: pid markers, no header pid; its stamps at lines 10, 20 and 30.
    const t = input('combined.trc', [S1, [S3[0], S3[1], 1], S2], { trcsess: true, pid: null, pids: ['100', '200'] });
    expect(sharedStamps([t, a, b])).toEqual([{ input: 0, sources: [1, 2], wall: S1[0], line: 10 }]);
    // The order of the inputs does not change whose note it is.
    expect(sharedStamps([a, b, t])).toEqual([{ input: 2, sources: [0, 1], wall: S1[0], line: 10 }]);
  });

  it('puts it on the input with fewer stamps when neither is trcsess output (a piece cut from a trace), else on the later one', () => {
    const whole = input('x.trc', [S1, S2, S3]);
    const piece = input('x-tail.trc', [S2, S3], { pid: null, bytes: 400 });
    expect(sharedStamps([piece, whole])).toEqual([{ input: 0, sources: [1], wall: S2[0], line: 10 }]);
    const twin = input('y.trc', [S1, S2, S3], { bytes: 999 });
    expect(sharedStamps([whole, twin])).toEqual([{ input: 1, sources: [0], wall: S1[0], line: 10 }]);
  });

  it('needs the wall time and the tim after it alike, and the process where both know it', () => {
    const a = input('a.trc', [S1]);
    expect(sharedStamps([a, input('b.trc', [[S1[0], TIM1 + 1]])])).toEqual([]);
    expect(sharedStamps([a, input('b.trc', [['2019-07-09T09:57:07.703530', S1[1]]])])).toEqual([]);
    // Another process at the same µs: not the same record.
    expect(sharedStamps([a, input('b.trc', [S1], { pid: '101' })])).toEqual([]);
    // A stamp with no tim after it says nothing of whose it is.
    expect(sharedStamps([input('a.trc', [[S1[0], null]]), input('b.trc', [[S1[0], null]])])).toEqual([]);
  });

  it('leaves whole copies (the same size and every stamp alike) to the likely-copy note', () => {
    const a = input('a.trc', [S1, S2]);
    expect(sharedStamps([a, input('a (1).trc', [S1, S2])])).toEqual([]);
    expect(sharedStamps([a, input('a-edited.trc', [S1, S2], { bytes: 1001 })])).toEqual([{ input: 1, sources: [0], wall: S1[0], line: 10 }]);
  });

  it('says what it saw and what it may mean', () => {
    const t = input('combined.trc', [S1], { trcsess: true, pid: null });
    expect(sharedStampsNote(t, ['a.trc'], { wall: S1[0], line: 6 })).toBe(
      'combined.trc is trcsess output holding the same *** stamps as a.trc (such as *** 2019-07-09T09:57:07.703529 at line 6, with the same tim after it): if it was made from that file, their records count twice; read one or the other',
    );
    expect(sharedStampsNote(input('x-tail.trc', [S2]), ['x.trc', 'y.trc'], { wall: S2[0], line: 20 })).toBe(
      'x-tail.trc holds the same *** stamps as x.trc, y.trc (such as *** 2019-07-09T09:57:08.690155 at line 20, with the same tim after it): if one was cut or copied from the other, their records count twice',
    );
  });
});

reportCorpusMissing('test/trace/shared-stamps.test.ts');
describe.skipIf(!corpusAvailable)('the corpus trace-combine pair', () => {
  it('finds that main_trcsess.trc holds the stamps of js122a1_ora_9850.trc, at its line 6', async () => {
    const names = ['jkstill_oracle-trace__trace-combine__js122a1_ora_9850.trc', 'jkstill_oracle-trace__trace-combine__main_trcsess.trc'];
    const results = await Promise.all(
      names.map(async (name) => {
        const bytes = new Uint8Array(readFileSync(path.join(CORPUS_DIR, name)));
        return parseTrace((async function* () { yield bytes; })(), { fileName: name, event: 'log file sync' });
      }),
    );
    // Line 6 of the trcsess output is `*** CONTAINER ID:(8) 2019-07-09T09:57:07.703529-07:00`, the
    // stamp at line 23 of the trace (read in both files by hand).
    expect(sharedStamps(results)).toEqual([{ input: 1, sources: [0], wall: '2019-07-09T09:57:07.703529', line: 6 }]);
  });
});
