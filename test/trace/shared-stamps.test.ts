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
type Options = { trcsess?: boolean; pid?: string | null; pids?: (string | null)[]; host?: string | null; instance?: string | null; stampTim?: boolean };
const input = (fileName: string, stamps: Stamp[], o: Options = {}): StampedInput => ({
  fileName,
  facts: { trcsess: o.trcsess ?? false, pid: o.pid === undefined ? '100' : o.pid, host: o.host ?? null, instance: o.instance ?? null },
  sessions: (o.pids ?? [o.pid === undefined ? '100' : o.pid]).map((pid) => ({ pid })),
  // Written as 11g+ writes a stamp: a space between date and time, so the text is not the wall time.
  anchors: stamps.map(([wall, tim, session], i) => ({ line: 10 * (i + 1), text: wall.replace('T', ' '), wall, tim, session: session ?? 0, ...(o.stampTim && { stampTim: true as const }) })),
});

const TIM1 = 664028734122;
const S1: Stamp = ['2019-07-09T09:57:07.703529', TIM1];
const S2: Stamp = ['2019-07-09T09:57:08.690155', 664029720964];
const S3: Stamp = ['2019-07-09T09:57:09.697075', 664030727814];
const T1 = '2019-07-09 09:57:07.703529';
const T2 = '2019-07-09 09:57:08.690155';

describe('inputs that share *** stamps', () => {
  it('puts the note on trcsess output, naming every trace it holds stamps of', () => {
    const a = input('a.trc', [S1, S2], { pid: '100' });
    const b = input('b.trc', [S3], { pid: '200' });
    // trcsess output of both: pid markers, no header pid; its stamps at lines 10, 20 and 30.
    const t = input('combined.trc', [S1, [S3[0], S3[1], 1], S2], { trcsess: true, pid: null, pids: ['100', '200'] });
    expect(sharedStamps([t, a, b])).toEqual([{ input: 0, sources: [1, 2], line: 10, text: T1 }]);
    // The order of the inputs does not change whose note it is.
    expect(sharedStamps([a, b, t])).toEqual([{ input: 2, sources: [0, 1], line: 10, text: T1 }]);
  });

  it('puts it on the input with fewer stamps when neither is trcsess output (a piece cut from a trace), else on the later one', () => {
    const whole = input('x.trc', [S1, S2, S3]);
    const piece = input('x-tail.trc', [S2, S3], { pid: null });
    expect(sharedStamps([piece, whole])).toEqual([{ input: 0, sources: [1], line: 10, text: T2 }]);
    const twin = input('y.trc', [S1, S2, S3]);
    expect(sharedStamps([whole, twin])).toEqual([{ input: 1, sources: [0], line: 10, text: T1 }]);
  });

  it('needs the wall time and the tim after it alike, and the same process, host and instance where both know them', () => {
    const a = input('a.trc', [S1], { host: 'db01', instance: 'DB1' });
    expect(sharedStamps([a, input('b.trc', [[S1[0], TIM1 + 1]])])).toEqual([]);
    expect(sharedStamps([a, input('b.trc', [['2019-07-09T09:57:07.703530', TIM1]])])).toEqual([]);
    // Another process at the same µs: not the same record. RAC nodes reuse pids: another host or instance is another process.
    expect(sharedStamps([a, input('b.trc', [S1], { pid: '101' })])).toEqual([]);
    expect(sharedStamps([a, input('b.trc', [S1], { host: 'db02', instance: 'DB1' })])).toEqual([]);
    expect(sharedStamps([a, input('b.trc', [S1], { host: 'db01', instance: 'DB2' })])).toEqual([]);
    expect(sharedStamps([a, input('b.trc', [S1], { host: 'db01', instance: 'DB1' })])).toHaveLength(1);
    // A stamp with no tim after it, or whose tim is its own wall time (LGWR warnings alone, strace), says nothing of whose it is.
    expect(sharedStamps([input('a.trc', [[S1[0], null]]), input('b.trc', [[S1[0], null]])])).toEqual([]);
    expect(sharedStamps([input('a.trc', [S1], { stampTim: true }), input('b.trc', [S1], { stampTim: true })])).toEqual([]);
  });

  it('leaves a pair a copy note named already to that note, with every pair of its copies, and names whole copies it did not', () => {
    const a = input('a.trc', [S1, S2]);
    const copy = input('a (1).trc', [S1, S2]);
    expect(sharedStamps([a, copy], [['a (1).trc', 'a.trc']])).toEqual([]);
    // Three alike: the copy notes pair each with the first (b-a, c-a); b-c is theirs too.
    const b = input('b.trc', [S1, S2]);
    const c = input('c.trc', [S1, S2]);
    expect(sharedStamps([a, b, c], [['b.trc', 'a.trc'], ['c.trc', 'a.trc']])).toEqual([]);
    expect(sharedStamps([a, b, c], [['b.trc', 'a.trc']])).toEqual([{ input: 2, sources: [0, 1], line: 10, text: T1 }]);
    // A trace beside an archive that holds it: no copy note before the read, so this one.
    expect(sharedStamps([a, input('traces.tar.gz:a.trc', [S1, S2])])).toEqual([{ input: 1, sources: [0], line: 10, text: T1 }]);
  });

  it('says what it saw and what it may mean', () => {
    const t = input('combined.trc', [S1], { trcsess: true, pid: null });
    expect(sharedStampsNote(t, ['a.trc'], { line: 6, text: '2019-07-09 09:57:07.703529-07:00' })).toBe(
      'combined.trc is trcsess output holding the same *** stamps as a.trc (such as the *** stamp on line 6, 2019-07-09 09:57:07.703529-07:00, with the same tim after it): if it was made from that file, their records count twice; read one or the other',
    );
    expect(sharedStampsNote(t, ['a.trc', 'b.trc'], { line: 6, text: T1 })).toContain('as a.trc, b.trc (such as the *** stamp on line 6, 2019-07-09 09:57:07.703529, with the same tim after it): if it was made from those files,');
    expect(sharedStampsNote(input('x-tail.trc', [S2]), ['x.trc'], { line: 20, text: T2 })).toBe(
      'x-tail.trc holds the same *** stamps as x.trc (such as the *** stamp on line 20, 2019-07-09 09:57:08.690155, with the same tim after it): if one was cut or copied from the other, their records count twice',
    );
    expect(sharedStampsNote(input('x-tail.trc', [S2]), ['x.trc', 'y.trc'], { line: 20, text: T2 })).toContain('if one was cut or copied from another,');
  });
});

describe('what the parser gives the check', () => {
  const parse = (name: string, text: string) => parseTrace((async function* () { yield new TextEncoder().encode(text); })(), { fileName: name, event: 'log file sync' });

  it('gives an LGWR trace of warnings alone stamps whose tim is their own time, which match nothing (two RAC nodes can write the same ms)', async () => {
    // The same header and stamp in both (only the ms of the stamp, as 11g writes it): without a record's tim, two hosts can write this.
    const lgwr = (warning: string) =>
      'Trace file /u01/app/oracle/diag/rdbms/db/DB1/trace/DB1_lgwr_495.trc\nOracle Database 11g Enterprise Edition Release 11.2.0.4.0 - 64bit Production\n' +
      `Instance name: DB1\nUnix process pid: 495, image: oracle@host1 (LGWR)\n\n*** 2013-08-26 14:40:23.035\nWarning: log write elapsed time ${warning}ms, size 0KB\n`;
    const results = [await parse('a_lgwr_495.trc', lgwr('740')), await parse('b_lgwr_495.trc', lgwr('1444'))];
    expect(results.map((r) => r.anchors.map((a) => a.stampTim))).toEqual([[true], [true]]);
    expect(sharedStamps(results)).toEqual([]);
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
    // stamp at line 23 of the trace (read in both files by hand); a keyed stamp's text is its date, a
    // space, its time and offset (lib/trace/star-lines.ts), hence the note also names the line.
    expect(sharedStamps(results)).toEqual([{ input: 1, sources: [0], line: 6, text: '2019-07-09 09:57:07.703529-07:00' }]);
  });
});
