// The contexts of many waits in a gzip file come from one pass over it (issue 12: `outliers
// --context 5` on a gzipped 3.7 MB trace decompressed it again for every read and took 24-30 s).
// The trace is a synthetic commit loop of about 3.7 MB, gzipped; the truth for each wait is a pass
// of its own over the plain bytes.
import { describe, expect, it } from 'vitest';
import { analyzeOutliers } from '../../lib/outliers/analyze';
import { readContexts } from '../../lib/outliers/context';
import { generateCommitLoop } from '../../lib/synth/commit-loop';
import { chunksOf, gzipBytes } from '../helpers/chunks';
import { datasetOf, encode } from './load';

const text = [...generateCommitLoop({ preset: 'flash-off', seed: 12, commits: 7_500, sessionIndex: 0, pinExtremes: false })].join('');
const plain = encode(text);
const gz = gzipBytes(plain);

describe('readContexts', () => {
  it('reads the contexts of the top 100 waits, in rank order, from one pass over the gzip file', async () => {
    expect(plain.length).toBeGreaterThan(3.5e6);
    const dataset = await datasetOf([{ name: 'loop.trc', text }]);
    const rows = analyzeOutliers(dataset, 'loop').top.rows;
    expect(rows).toHaveLength(100);
    let opened = 0;
    const once = (async function* () {
      opened++;
      yield* chunksOf(gz, 64 << 10);
    })();
    const options = { before: 5, after: 2 };
    const contexts = await readContexts(once, rows, options);
    expect(opened).toBe(1);
    expect(contexts).toHaveLength(100);
    for (const [k, row] of rows.entries()) {
      const [truth] = await readContexts(chunksOf(plain, 1 << 20), [row], options);
      expect(contexts[k], `rank ${k + 1}`).toEqual(truth);
      expect(contexts[k]!.lines.find((l) => l.isWait)?.line).toBe(row.line);
    }
  });
});
