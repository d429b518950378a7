// Contexts of many waits in a gzip file come from one decompression (issue 12: `outliers --context
// 5` on a gzipped 3.7 MB trace decompressed it again for every read and took 24-30 s). The trace is
// a synthetic commit loop of about 3.7 MB (4.9 MB for 10,000 commits), gzipped.
import { describe, expect, it } from 'vitest';
import { analyzeOutliers } from '../../lib/outliers/analyze';
import { streamedRangeReader } from '../../lib/outliers/streamed-reader';
import { readContext } from '../../lib/outliers/context';
import { generateCommitLoop } from '../../lib/synth/commit-loop';
import { chunksOf, gzipBytes } from '../helpers/chunks';
import { datasetOf, encode, memoryReader } from './load';

const text = [...generateCommitLoop({ preset: 'flash-off', seed: 12, commits: 7_500, sessionIndex: 0, pinExtremes: false })].join('');
const plain = encode(text);
const gz = gzipBytes(plain);

/** The reader with a count of how often the file was opened (each opening is one decompression). */
function countingReader(keepBytes?: number) {
  let opens = 0;
  const reader = streamedRangeReader(() => {
    opens++;
    return chunksOf(gz, 64 << 10);
  }, keepBytes);
  return { ...reader, opens: () => opens };
}

describe('streamedRangeReader', () => {
  it('reads the contexts of the top 100 waits, in offset order, with one decompression', async () => {
    expect(plain.length).toBeGreaterThan(3.5e6);
    const dataset = await datasetOf([{ name: 'loop.trc', text }]);
    const rows = analyzeOutliers(dataset, 'loop').top.rows;
    expect(rows).toHaveLength(100);
    const byOffset = [...rows].sort((x, y) => x.offset - y.offset);
    const reader = countingReader();
    const truth = memoryReader(plain).read;
    for (const row of byOffset) {
      const options = { offset: row.offset, line: row.line, before: 5, after: 2 };
      expect(await readContext(reader.read, options)).toEqual(await readContext(truth, options));
    }
    await reader.close();
    expect(reader.opens()).toBe(1);
    expect(reader.passes()).toBe(1);
  });

  it('keeps only a window: a read before it starts a new pass, and the bytes are still right', async () => {
    const reader = countingReader(100_000);
    expect(await reader.read(3_000_000, 3_000_100)).toEqual(plain.slice(3_000_000, 3_000_100));
    // Within the window behind the furthest byte read: no new pass.
    expect(await reader.read(2_950_000, 2_950_010)).toEqual(plain.slice(2_950_000, 2_950_010));
    expect(reader.opens()).toBe(1);
    // Before it: read again from the start.
    expect(await reader.read(10, 20)).toEqual(plain.slice(10, 20));
    expect(reader.opens()).toBe(2);
    // Past the end: what there is.
    expect(await reader.read(plain.length - 5, plain.length + 100)).toEqual(plain.slice(plain.length - 5));
    await reader.close();
  });
});
