// The outlier pipeline on the real traces of shared/corpus/real (read in place, never copied):
// the top waits' context lines must be the WAIT lines the naive reference counter of
// test/helpers/corpus.ts finds at those line numbers, and every window's own waits must show up
// in its co-occurrence counts.
import { afterAll, describe, expect, it } from 'vitest';
import { analyzeOutliers } from '../../lib/outliers/analyze';
import { quantileOf } from '../../lib/outliers/clusters';
import { createCoOccurrence, finishCoOccurrence, scanCoOccurrence } from '../../lib/outliers/co-occurrence';
import { readContexts } from '../../lib/outliers/context';
import { DatasetClock } from '../../lib/outliers/wall-clock';
import { chunksOf } from '../helpers/chunks';
import { corpusAvailable, corpusBytes, corpusFiles, referenceCount, reportCorpusMissing } from '../helpers/corpus';
import { datasetOf } from './load';

reportCorpusMissing('test/outliers/corpus.test.ts');

describe.skipIf(!corpusAvailable)('outliers on the real corpus', () => {
  const files = corpusAvailable ? corpusFiles() : [];
  let windowsSeen = 0;
  afterAll(() => expect(windowsSeen, 'no corpus file had a window: the co-occurrence check ran on nothing').toBeGreaterThan(0));
  it.each(files.map((f) => [f.name, f] as const))('%s', async (_name, f) => {
    const bytes = corpusBytes(f);
    const ref = referenceCount(bytes);
    if (ref.waits.length === 0) return;
    // The file's most frequent event (ties: first seen), so every file has samples.
    const counts = new Map<string, number>();
    for (const w of ref.waits) counts.set(w.event, (counts.get(w.event) ?? 0) + 1);
    const event = [...counts].sort((x, y) => y[1] - x[1])[0]?.[0] as string;
    const ds = await datasetOf([{ name: f.name, text: bytes }], event);
    // A low threshold (p90), so the larger files have windows for the co-occurrence check.
    const analysis = analyzeOutliers(ds, 'corpus', { top: 10, minCount: 2, threshold: quantileOf(ds.samples.ela.subarray(0, ds.samples.count), 0.9) });
    const byLine = new Map(ref.waits.filter((w) => w.event === event).map((w) => [w.line, w]));
    const contexts = await readContexts(chunksOf(bytes, 65_536), analysis.top.rows, { before: 3, after: 1 });
    for (const [k, row] of analysis.top.rows.entries()) {
      const expected = byLine.get(row.line);
      expect(expected, `line ${row.line}`).toBeDefined();
      expect([row.ela, row.offset]).toEqual([expected?.ela, expected?.offset]);
      const own = contexts[k]!.lines.find((l) => l.isWait);
      expect(own?.line).toBe(row.line);
      expect(own?.text.startsWith('WAIT #'), own?.text).toBe(true);
      expect(own?.text).toContain(`nam='${event}'`);
    }
    const clock = new DatasetClock(ds);
    const acc = createCoOccurrence(analysis.windows);
    await scanCoOccurrence(chunksOf(bytes, 65_536), { fileIndex: 0, clockOf: (pid) => clock.tableFor(0, pid) }, acc);
    const activity = finishCoOccurrence(acc);
    expect(activity).toHaveLength(analysis.windows.length);
    windowsSeen += analysis.windows.length;
    activity.forEach((activity, k) => {
      const own = activity.events.find((e) => e.event === event);
      expect(own?.count ?? 0).toBeGreaterThanOrEqual(analysis.windows[k]!.count);
      expect(own?.maxEla ?? 0).toBeGreaterThanOrEqual(analysis.windows[k]!.worstEla);
    });
  });
});
