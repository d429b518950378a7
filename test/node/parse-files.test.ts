// parseFiles on worker threads (the bundled worker script, built by the unit project's setup):
// a file cut into many small ranges, which the threads take in turn (a worker gets its next range
// before it has answered the last one), must give exactly what one sequential range gives.
import { closeSync, openSync, writeSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseFiles } from '../../lib/node/parse-files';
import { generateCommitLoop } from '../../lib/synth/commit-loop';
import { makeTempDir, ROOT } from '../helpers/cli';
import { countValues } from '../helpers/count-values';

const temp = makeTempDir('parse-files');
const file = path.join(temp.dir, 'commit-loop.trc');
const workerUrl = new URL(`file://${path.join(ROOT, 'dist/parse-worker.cjs')}`);
afterAll(() => temp.remove());

beforeAll(() => {
  const fd = openSync(file, 'w');
  try {
    for (const chunk of generateCommitLoop({ preset: 'flash-on', seed: 'parse-files', commits: 12_000 })) writeSync(fd, chunk);
  } finally {
    closeSync(fd);
  }
});

describe('parseFiles in many ranges on worker threads', () => {
  it.each([2, 3])('with %i threads equals one sequential range, histogram included', async (workers) => {
    const input = [{ path: file, name: 'commit-loop.trc', size: (await import('node:fs')).statSync(file).size }];
    expect(input[0]?.size).toBeGreaterThan(5 << 20);
    const small = { splitBytes: 1 << 20, minBytes: 512 << 10 }; // ~12 ranges
    const sequential = await parseFiles(input, { event: 'log file sync', workers: 1, workerUrl });
    const parallel = await parseFiles(input, { event: 'log file sync', workers, workerUrl, ranges: small });
    expect(parallel.results).toEqual(sequential.results);
    expect(parallel.elaHistograms).toEqual(sequential.elaHistograms);
    expect(parallel.elaHistograms[0]?.total).toBe(12_000);
    expect(sequential.results[0]?.samples.count).toBe(12_000);
  });
});

describe("parseFiles keeping only counts (keep: 'counts', for `waitscope stats`)", () => {
  it('gives each file the histogram of the samples a normal parse keeps, in ranges and whole', async () => {
    const { statSync, readFileSync, writeFileSync } = await import('node:fs');
    // A second, small file (under 1 MiB) is parsed whole: its counts come from its file result.
    const smallFile = path.join(temp.dir, 'small.trc');
    writeFileSync(smallFile, readFileSync(file).subarray(0, 300_000));
    const input = [
      { path: file, name: 'commit-loop.trc', size: statSync(file).size },
      { path: smallFile, name: 'small.trc', size: statSync(smallFile).size },
    ];
    const kept = await parseFiles(input, { event: 'log file sync', workers: 1, workerUrl });
    for (const workers of [1, 3]) {
      const counted = await parseFiles(input, { event: 'log file sync', workers, workerUrl, keep: 'counts', ranges: { splitBytes: 1 << 20, minBytes: 512 << 10 } });
      kept.results.forEach((r, i) => {
        // The expected histogram, counted here from the kept samples.
        const expected = countValues(r.samples.ela, r.samples.count);
        const h = counted.elaHistograms[i];
        expect(h).not.toBeNull();
        expect([...(h?.values ?? [])]).toEqual(expected.values);
        expect([...(h?.counts ?? [])]).toEqual(expected.counts);
        expect(h?.total).toBe(r.samples.count);
        expect(counted.results[i]?.samples.count).toBe(0);
        expect(counted.results[i]?.profile).toEqual(r.profile);
      });
    }
    expect(kept.results[0]?.samples.count).toBe(12_000);
    expect(kept.results[1]?.samples.count).toBeGreaterThan(100);
  });
});
