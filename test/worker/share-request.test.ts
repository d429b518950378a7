// Issue 13 §5: one request for share content, which reuses the report and the outlier and
// co-occurrence passes the page already asked for, instead of making them again.
import { rmSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { createAsker } from '../../lib/worker/asker';
import { writeCompareInputs } from '../helpers/compare-inputs';
import { inputFiles, SessionHarness } from './session-harness';

const passes = vi.hoisted(() => ({ outliers: 0, coOccurrence: 0 }));
vi.mock('../../lib/worker/outlier-requests', async (actual) => {
  const m = await actual<typeof import('../../lib/worker/outlier-requests')>();
  return {
    ...m,
    outliersOf: (...args: Parameters<typeof m.outliersOf>) => (passes.outliers++, m.outliersOf(...args)),
    coOccurrenceOf: (...args: Parameters<typeof m.coOccurrenceOf>) => (passes.coOccurrence++, m.coOccurrenceOf(...args)),
  };
});

const inputs = writeCompareInputs(1500);
afterAll(() => rmSync(inputs.root, { recursive: true, force: true }));

describe('share content in one request', () => {
  it('reuses the report, the outlier pass and the co-occurrence the page already made', async () => {
    const h = new SessionHarness();
    const asker = createAsker((r) => void h.send(r));
    h.onMessage = (m) => void asker.receive(m);
    for (const side of ['on', 'off'] as const) {
      await h.send({ type: 'add-files', datasetId: side, files: inputFiles(inputs[side], path.join(inputs.root, side)), event: 'log file sync' });
    }
    const datasets = [{ datasetId: 'on', label: 'on' }, { datasetId: 'off', label: 'off' }];
    // What the page asks for: the report, then the outlier panel's pass and each dataset's co-occurrence.
    const report = await asker.ask('report', { event: 'log file sync', datasets, baseline: 1 });
    if (report.type !== 'report') throw new Error(report.message);
    const found = await asker.ask('outliers', { datasets, top: 100, thresholds: [] });
    if (found.type !== 'outliers') throw new Error(found.message);
    // Each dataset's co-occurrence, asked twice (the panel remounted): one pass over the files each.
    for (const o of found.results) await asker.ask('co-occurrence', { datasetId: o.datasetId, windows: o.analysis.windows });
    for (const o of found.results) await asker.ask('co-occurrence', { datasetId: o.datasetId, windows: o.analysis.windows });
    const before = { ...passes };
    expect(before).toEqual({ outliers: 2, coOccurrence: 2 });

    const shared = await asker.ask('share-content', { event: 'log file sync', datasets, baseline: 1, thresholds: [2500] });
    if (shared.type !== 'share-content') throw new Error(shared.message);
    expect(passes).toEqual(before);
    expect(shared.extras.report.datasets.map((d) => d.summary)).toEqual(report.report.datasets.map((d) => d.summary));
    expect(shared.extras.report.comparisons).toEqual(report.report.comparisons);
    expect(shared.extras.outliers.on!.top.length).toBe(100);
    expect(shared.extras.outliers.on!.top[0]!.ela).toBe(found.results[0]!.top.rows[0]!.ela);
    // The user's threshold travels, counted.
    const counted = shared.extras.report.datasets[0]!.distributions.thresholds.find((t) => t.threshold === 2500);
    expect(counted?.count).toBeGreaterThan(0);
    expect(shared.extras.numberedLabels).toBeUndefined();
    expect(Object.keys(shared.extras.fingerprints)).toEqual(['on', 'off']);

    // A folder-made label: the report is written again with `Dataset 1`; that one is built, nothing else.
    const again = await asker.ask('share-content', { event: 'log file sync', datasets: [{ ...datasets[0]!, labelFromFolder: true }, datasets[1]!], baseline: 1, thresholds: [] });
    if (again.type !== 'share-content') throw new Error(again.message);
    expect(again.extras.numberedLabels?.datasets[0]!.label).toBe('Dataset 1');
    expect(passes).toEqual(before);
    const last = await asker.ask('report', { event: 'log file sync', datasets, baseline: 1 });
    expect(last.type === 'report' && last.built).toBe(report.built + 1); // the page's report is still kept
  }, 60_000);
});
