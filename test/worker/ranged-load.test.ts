// A large plain trace dropped in the page is read in byte ranges on both cores (lib/worker/
// parallel-parse.ts; here the range worker runs in this process, over the same message protocol).
// What the page then holds must be what one pass gives: the same samples, and the same progress
// histogram, which a ranged read takes from the ranges' exact histograms instead of binning
// every wait again on the analysis worker.
import { describe, expect, it, vi } from 'vitest';
import { generateCommitLoop } from '../../lib/synth/commit-loop';
import { DatasetLoader } from '../../lib/worker/dataset-loader';
import { DatasetState } from '../../lib/worker/dataset-state';
import type { WorkerResponse } from '../../lib/worker/protocol';
import { ProgressHistogram } from '../../lib/worker/progress-histogram';
import type { RangeHelper } from '../../lib/worker/range-port';
import { inProcessHelper } from '../helpers/range-helper';

const SIZES = { splitBytes: 1 << 20, minBytes: 256 << 10 };
const text = [0, 1].map((i) => [...generateCommitLoop({ preset: 'flash-off', seed: 'ranged-load', commits: 6000, sessionIndex: i })].join('')).join('');

async function load(helpers: readonly RangeHelper[]) {
  const messages: WorkerResponse[] = [];
  const d = new DatasetState('d1', { event: 'log file sync' });
  const loader = new DatasetLoader(d, (m) => messages.push(m), { now: () => performance.now(), samplesHeldElsewhere: () => 0, rangeHelpers: async () => helpers, rangeSizes: SIZES });
  await loader.addFiles([{ file: new File([text], 'big.trc'), path: 'big.trc' }], { event: 'log file sync' }, 1 << 30);
  const histograms = messages.flatMap((m) => (m.type === 'progress' && m.progress.histogram ? [m.progress.histogram] : []));
  return { d, histogram: histograms.at(-1) };
}

describe('a large trace loaded in the page', () => {
  it('is read in ranges, and gives the samples and the progress histogram of one pass', async () => {
    expect(text.length, 'large enough to be cut into several ranges').toBeGreaterThan(4 * SIZES.minBytes);
    const { helper, close } = inProcessHelper();
    await helper.ready;
    const scans = vi.spyOn(helper, 'scan');
    const binned = vi.spyOn(ProgressHistogram.prototype, 'addValues');
    try {
      const ranged = await load([helper]);
      expect(scans.mock.calls.length, 'the range worker scanned ranges of the file').toBeGreaterThan(0);
      expect(binned, 'no wait binned one by one: the ranges counted them').not.toHaveBeenCalled();
      const once = await load([]);
      expect(binned).toHaveBeenCalledTimes(1);
      const r = ranged.d.traces[0]!.result!;
      const o = once.d.traces[0]!.result!;
      expect(r.samples.count).toBe(12_000);
      expect([...r.samples.ela]).toEqual([...o.samples.ela]);
      expect([...r.samples.line]).toEqual([...o.samples.line]);
      expect(ranged.histogram).toBeDefined();
      expect(ranged.histogram).toEqual(once.histogram);
      expect(ranged.histogram!.reduce((a, b) => a + b, 0)).toBe(12_000);
    } finally {
      binned.mockRestore();
      close();
    }
  });
});
