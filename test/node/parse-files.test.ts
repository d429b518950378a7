// parseFiles on worker threads (the bundled worker script, built by the unit project's setup):
// a file cut into many small ranges, which the threads take in turn (a worker gets its next range
// before it has answered the last one), must give exactly what one sequential range gives.
import { closeSync, openSync, writeSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseFiles } from '../../lib/node/parse-files';
import { generateCommitLoop } from '../../lib/synth/commit-loop';
import { makeTempDir, ROOT } from '../helpers/cli';

const temp = makeTempDir('parse-files');
const file = path.join(temp.dir, 'commit-loop.trc');
const workerUrl = new URL(`file://${path.join(ROOT, 'dist/parse-worker.mjs')}`);
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
    const small = { splitBytes: 1 << 20, rangeBytes: 512 << 10 }; // ~12 ranges
    const sequential = await parseFiles(input, { event: 'log file sync', workers: 1, workerUrl });
    const parallel = await parseFiles(input, { event: 'log file sync', workers, workerUrl, ranges: small });
    expect(parallel.results).toEqual(sequential.results);
    expect(parallel.elaHistograms).toEqual(sequential.elaHistograms);
    expect(parallel.elaHistograms[0]?.total).toBe(12_000);
    expect(sequential.results[0]?.samples.count).toBe(12_000);
  });
});
