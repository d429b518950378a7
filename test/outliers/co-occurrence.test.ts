// The second pass: what else the traces show in each window. Expected rows are worked out by hand
// from the helper's trace (stallPair in test/helpers/outlier-traces.ts) and checked once more
// against a naive oracle over the helper's own record of every WAIT it wrote.
import { describe, expect, it } from 'vitest';
import { analyzeOutliers } from '../../lib/outliers/analyze';
import { createCoOccurrence, finishCoOccurrence, isLogSwitchEvent, scanCoOccurrence, type WindowActivity } from '../../lib/outliers/co-occurrence';
import { DatasetClock } from '../../lib/outliers/wall-clock';
import { decompress } from '../../lib/trace/compression';
import type { Dataset } from '../../lib/trace/dataset';
import { parseTrace } from '../../lib/trace/parse-trace';
import { chunksOf, gzipBytes, toCrlf } from '../helpers/chunks';
import { stallPair, type WrittenTrace } from '../helpers/outlier-traces';
import { datasetOf, encode, fixtureText } from './load';

async function activity(ds: Dataset, bytes: Uint8Array[], chunk: number, options = { threshold: 100_000, gap: 50_000, minCount: 2 }): Promise<WindowActivity[]> {
  const analysis = analyzeOutliers(ds, 'x', options);
  const clock = new DatasetClock(ds);
  const acc = createCoOccurrence(analysis.windows);
  for (const fileIndex of ds.files.keys()) {
    const file = { fileIndex, clockOf: (pid: string | null) => clock.tableFor(fileIndex, pid) };
    // Raw bytes: gzip is unwrapped inside; decompressing before must change nothing.
    const source = chunksOf(bytes[fileIndex] as Uint8Array, chunk);
    await scanCoOccurrence(fileIndex % 2 === 0 ? source : (await decompress(source)).bytes, file, acc);
  }
  return finishCoOccurrence(acc);
}

describe('co-occurrence', () => {
  it('lists every event overlapping the window with count and longest wait, and the log switches', async () => {
    const { a, b } = stallPair();
    const ds = await datasetOf([
      { name: 'a.trc', text: a.text },
      { name: 'b.trc', text: b.text },
    ]);
    // Window [27.179600, 27.469600] (−07:00). Overlapping waits [end − ela, end]:
    //   A switch completion [26.999600, 27.179600] (touches the start), B archiving needed [26.999900, 27.199900],
    //   log file sync A20 and B20, SQL*Net to client after B20 [27.449900, 27.449902] and after A20
    //   [27.469600, 27.469602], SQL*Net from client after B20 [27.449902, 27.450052]; after A20 it begins too late.
    const expected = stallWindow(a, b);
    for (const chunk of [7, 64, 1 << 20]) {
      expect(await activity(ds, [encode(a.text), encode(b.text)], chunk), `chunks of ${chunk}`).toEqual([expected]);
    }
    // gzip and CRLF give the same (CRLF shifts offsets, not lines).
    expect(await activity(ds, [gzipBytes(encode(a.text)), toCrlf(encode(b.text))], 1000)).toEqual([expected]);
    expect(oracle([a, b], expected)).toEqual(expected.events.map((e) => [e.event, e.count, e.maxEla]));
  });

  it('follows trcsess process markers and skips WAIT lines inside SQL text', async () => {
    const bytes = fixtureText('trcsess-two-sessions.trc');
    const ds = await datasetOf([{ name: 't.trc', text: bytes }]);
    // Threshold 1,000: outliers 1099 (line 23), 1036 (line 28), 1499 (line 89), 1742 (line 127). k = 1 and
    // G = 0 give one window per outlier. The window of line 28 (process 9850) is [07.706666, 07.707702]:
    // its own wait, and from process 9857 (anchor 07.703545 ↔ tim 666395001892) the SQL*Net message
    // from client of line 60, tim 666395005902 → [07.704986, 07.707555]. Process 9850's next wait (line 29)
    // begins at 07.707728, too late. The fake 99,999 µs log file sync inside the SQL text must not appear.
    const [, second] = await activity(ds, [bytes], 5, { threshold: 1000, gap: 0, minCount: 1 });
    expect(second?.events).toEqual([
      { event: 'SQL*Net message from client', count: 1, maxEla: 2569, file: 0, line: 60 },
      { event: 'log file sync', count: 1, maxEla: 1036, file: 0, line: 28 },
    ]);
  });

  it('stops quietly where a gzip file is cut, as the parser does', async () => {
    const { a, b } = stallPair();
    const ds = await datasetOf([
      { name: 'a.trc', text: a.text },
      { name: 'b.trc', text: b.text },
    ]);
    // Cut a's gzip at three quarters: after its window (commit 20 of 40), before its end.
    const gz = gzipBytes(encode(a.text));
    const cut = gz.slice(0, Math.floor(gz.length * 0.75));
    const parsed = await parseTrace(chunksOf(cut, 100), { fileName: 'a.trc.gz' });
    expect(parsed.warnings.map((w) => w.message).join('\n')).toMatch(/the gzip data ends early/);
    expect(await activity(ds, [cut, encode(b.text)], 100)).toEqual([stallWindow(a, b)]);
  });

  it('knows the log switch events', () => {
    for (const e of ['log file switch completion', 'log file switch (checkpoint incomplete)', 'log file switch (archiving needed)', 'log file switch (private strand flush incomplete)', 'switch logfile command']) {
      expect(isLogSwitchEvent(e), e).toBe(true);
    }
    expect(isLogSwitchEvent('log file sync')).toBe(false);
    expect(isLogSwitchEvent('log file parallel write')).toBe(false);
  });
});

/** The activity in stallPair's one window (threshold 100,000, G 50,000, k 2), worked out in the first test. */
function stallWindow(a: WrittenTrace, b: WrittenTrace): WindowActivity {
  const line = (t: WrittenTrace, event: string) => t.waits.find((w) => w.event === event)?.line;
  const expected: WindowActivity = {
    events: [
      { event: 'log file sync', count: 2, maxEla: 290_000, file: 0, line: t20(a) },
      // Both last 2 µs: the first one scanned (file 0) is kept.
      { event: 'SQL*Net message to client', count: 2, maxEla: 2, file: 0, line: t20(a) + 1 },
      { event: 'log file switch (archiving needed)', count: 1, maxEla: 200_000, file: 1, line: line(b, 'log file switch (archiving needed)') as number },
      { event: 'log file switch completion', count: 1, maxEla: 180_000, file: 0, line: line(a, 'log file switch completion') as number },
      { event: 'SQL*Net message from client', count: 1, maxEla: 150, file: 1, line: t20(b) + 2 },
    ],
    switches: [
      { event: 'log file switch completion', ela: 180_000, micros: Date.UTC(2019, 6, 9, 16, 57, 27) * 1000 + 179_600, file: 0, line: line(a, 'log file switch completion') as number },
      { event: 'log file switch (archiving needed)', ela: 200_000, micros: Date.UTC(2019, 6, 9, 16, 57, 27) * 1000 + 199_900, file: 1, line: line(b, 'log file switch (archiving needed)') as number },
    ],
  };
  return expected;
}

const t20 = (t: WrittenTrace) => t.waits.filter((w) => w.event === 'log file sync')[20]?.line as number;

/** Naive: every written wait whose [wall − ela, wall] meets the window of the single expected result. */
function oracle(traces: WrittenTrace[], expected: WindowActivity): [string, number, number][] {
  const start = Date.UTC(2019, 6, 9, 16, 57, 27) * 1000 + 179_600;
  const end = Date.UTC(2019, 6, 9, 16, 57, 27) * 1000 + 469_600;
  const rows = new Map<string, [string, number, number]>();
  for (const t of traces) {
    for (const w of t.waits) {
      if (w.wall < start || w.wall - w.ela > end) continue;
      const r = rows.get(w.event) ?? [w.event, 0, 0];
      rows.set(w.event, [w.event, r[1] + 1, Math.max(r[2], w.ela)]);
    }
  }
  const order = expected.events.map((e) => e.event);
  return [...rows.values()].sort((x, y) => order.indexOf(x[0]) - order.indexOf(y[0]));
}
