// Time windows (issue 15 §1) on hand-written traces whose wall times are worked out by hand:
// a wait's time is its `***` stamp plus (its tim − the first tim after the stamp), in µs.
import { describe, expect, it } from 'vitest';
import { combineFiles, type Dataset } from '../../lib/trace/dataset';
import { parseTrace } from '../../lib/trace/parse-trace';
import { parseDuration, parseWindowEdge, NO_WINDOW, type TimeWindow } from '../../lib/scope/time-window';
import { selectWindow } from '../../lib/scope/window-selection';
import { selectSamples } from '../../lib/trace/sample-columns';
import { chunksOf } from '../helpers/chunks';

const HEAD_19C = `Trace file /u01/diag/rdbms/db/DB1/trace/DB1_ora_100.trc
Oracle Database 19c Enterprise Edition Release 19.0.0.0.0 - Production
Version 19.12.0.0.0
`;
const HEAD_11G = `Trace file /u01/diag/rdbms/db/DB1/trace/DB1_ora_200.trc
Oracle Database 11g Enterprise Edition Release 11.2.0.4.0 - 64bit Production
`;

/** Waits of 100, 200, …: ela k·100 µs, ending at tim base + k·1,000,000 (one a second). */
function waits(base: number, n: number): string {
  let out = '';
  for (let k = 1; k <= n; k++) out += `WAIT #0: nam='log file sync' ela= ${k * 100} buffer#=1 sync scn=2 p3=0 obj#=-1 tim=${base + k * 1_000_000}\n`;
  return out;
}

async function dataset(...texts: string[]): Promise<Dataset> {
  const files = await Promise.all(
    texts.map((text, i) => {
      const bytes = new TextEncoder().encode(text);
      return parseTrace(chunksOf(bytes, bytes.length), { fileName: `t${i}.trc`, fileIndex: i });
    }),
  );
  return combineFiles('log file sync', files);
}

const win = (w: Partial<TimeWindow>): TimeWindow => ({ ...NO_WINDOW, ...w });
const edge = (text: string) => parseWindowEdge(text, '--from');
const kept = (d: Dataset, w: TimeWindow) => {
  const sel = selectWindow(d, w);
  return Array.from(selectSamples(d.samples, sel.keep, sel.kept).ela);
};

// 19c: the stamp 10:00:00.000000-07:00 is followed first by tim 5,000,000 (the first wait's tim is
// base + 1 s with base 4,000,000), so the k-th wait ends at 10:00:00 + (k − 1) s, local −07:00.
const T19 = `${HEAD_19C}\n*** 2024-03-01T10:00:00.000000-07:00\n${waits(4_000_000, 10)}`;
// 11g: the stamp has no offset; same times.
const T11 = `${HEAD_11G}\n*** 2024-03-01 10:00:00.000\n${waits(4_000_000, 10)}`;

describe('selectWindow', () => {
  it('keeps a wait ending exactly at from, and leaves out one ending exactly at to ([from, to))', async () => {
    const d = await dataset(T19);
    // waits 3..5 end at 10:00:02, :03, :04; the window [10:00:02, 10:00:05) holds exactly them.
    const w = win({ from: edge('2024-03-01T10:00:02-07:00'), to: edge('2024-03-01T10:00:05-07:00') });
    expect(kept(d, w)).toEqual([300, 400, 500]);
    const sel = selectWindow(d, w);
    expect([sel.kept, sel.outside, sel.unplaced]).toEqual([3, 7, 0]);
  });

  it('reads an edge without an offset on the trace stamps\' clock, and one with another offset as an instant', async () => {
    const d = await dataset(T19);
    expect(kept(d, win({ from: edge('2024-03-01T10:00:08'), to: null }))).toEqual([900, 1000]);
    // 17:00:08Z is 10:00:08-07:00.
    expect(kept(d, win({ from: edge('2024-03-01T17:00:08Z') }))).toEqual([900, 1000]);
    expect(kept(d, win({ from: edge('2024-03-01T19:00:08+02:00') }))).toEqual([900, 1000]);
  });

  it('on stamps without an offset compares the readings as written and counts those it did so for', async () => {
    const d = await dataset(T11);
    expect(kept(d, win({ to: edge('2024-03-01 10:00:01.5') }))).toEqual([100, 200]);
    const sel = selectWindow(d, win({ from: edge('2024-03-01T10:00:08+05:00') }));
    expect(sel.kept).toBe(2);
    expect(sel.offsetIgnored).toBe(10);
  });

  it('compares a tim:N edge with the raw tim, and leaves waits of a process without a stamp out of a wall window', async () => {
    const noStamp = `${HEAD_19C}\n${waits(4_000_000, 10)}`;
    const d = await dataset(noStamp);
    expect(kept(d, win({ from: edge('tim:7000000'), to: parseWindowEdge('tim:9000000', '--to') }))).toEqual([300, 400]);
    const sel = selectWindow(d, win({ from: edge('2024-03-01T10:00:00Z') }));
    expect([sel.kept, sel.unplaced]).toEqual([0, 10]);
  });

  it('skips each session\'s first and last durations from its own first and last wait', async () => {
    // Two files (two sessions) on different days: the skips follow each session's own span.
    const other = `${HEAD_19C}\n*** 2024-03-02T08:00:00.000000+00:00\n${waits(90_000_000, 5)}`;
    const d = await dataset(T19, other);
    // Session 1: waits end at 0..9 s of its span; skip 2 s first and 3 s last keeps 2..6 s: ela 300..700.
    // Session 2: 0..4 s; keeps 2..1 s: nothing.
    expect(kept(d, win({ skipFirstMicros: parseDuration('2s', '--skip-first'), skipLastMicros: parseDuration('3000ms', '--skip-last') }))).toEqual([300, 400, 500, 600, 700]);
  });

  it('keeps everything for the whole run, the columns and order unchanged', async () => {
    const d = await dataset(T19, T11);
    const sel = selectWindow(d, NO_WINDOW);
    expect(sel.kept).toBe(20);
    const s = selectSamples(d.samples, sel.keep, sel.kept);
    expect(Array.from(s.tim)).toEqual(Array.from(d.samples.tim));
    expect(Array.from(s.line)).toEqual(Array.from(d.samples.line));
  });
});

describe('window input', () => {
  it('reads ISO times with and without offset, tim:N and durations', () => {
    expect(parseWindowEdge('2024-03-01T10:00:02.5+01:30', '--from')).toMatchObject({ kind: 'wall', wallMicros: Date.UTC(2024, 2, 1, 10, 0, 2, 500) * 1000, offsetMinutes: 90 });
    expect(parseWindowEdge('2024-03-01 10:00', '--from')).toMatchObject({ kind: 'wall', wallMicros: Date.UTC(2024, 2, 1, 10, 0) * 1000, offsetMinutes: null });
    expect(parseWindowEdge('tim:123', '--to')).toMatchObject({ kind: 'tim', tim: 123 });
    expect([parseDuration('30s', 'x'), parseDuration('500ms', 'x'), parseDuration('2m', 'x'), parseDuration('1.5h', 'x'), parseDuration('250us', 'x')]).toEqual([30e6, 500e3, 120e6, 5400e6, 250]);
  });

  it('names the flag and the expected forms when it cannot read one', () => {
    expect(() => parseWindowEdge('yesterday', '--from')).toThrow(/--from takes an ISO-8601 time .* not 'yesterday'/);
    expect(() => parseWindowEdge('2024-02-30T10:00:00', '--to')).toThrow(/--to 2024-02-30T10:00:00: there is no such day/);
    expect(() => parseDuration('30', '--skip-first')).toThrow(/--skip-first takes a duration such as 30s/);
    expect(() => parseWindowEdge('2024-03-01T10:00:00+05:99', '--from')).toThrow(/\+05:99 is not a UTC offset/);
    expect(() => parseWindowEdge('2024-03-01T10:00:00-15:00', '--from')).toThrow(/is not a UTC offset/);
    expect(() => parseWindowEdge('2024-03-01T10:00:01.0000005', '--from')).toThrow(/more than 6 fraction digits/);
  });
});
