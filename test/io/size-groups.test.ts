// `--group size` on the hand-written test/fixtures/io/sizes.trc, every answer worked out by reading it:
//   db file scattered read   blocks 8 (1000 µs), 8 (3000), 16 (4000), 6 (2000)   → 64 KiB ×2, 128 KiB, 48 KiB
//   direct path read         block cnt 16 (2000 µs), 4 (500)                      → 128 KiB, 32 KiB
//   cell multiblock ...      bytes 1048576 (1000 µs), 1000000 (600)               → 1 MiB, 1,000,000 B
//   log file sync            (700 µs), no size
//   log file parallel write  blocks 1 (250 µs), 2 (500), 3 (1500)                 → 512 B, 1 KiB, 1.5 KiB
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { BlockSizes } from '../../lib/io/io-size';
import { sizeReport } from '../../lib/io/size-groups';
import { datasetBlockSizes, datasetGroupCounts, datasetGroupRows } from '../../lib/scope/dataset-groups';
import { GroupCollector, type GroupSpec } from '../../lib/scope/group-collector';
import { parseGroupKey } from '../../lib/scope/group-key';
import { combineFiles } from '../../lib/trace/dataset';
import { parseTrace } from '../../lib/trace/parse-trace';

const BYTES = new Uint8Array(readFileSync(new URL('../fixtures/io/sizes.trc', import.meta.url)));

async function bySize(event: string, sizes?: Partial<BlockSizes>, bytes: Uint8Array = BYTES) {
  const key = parseGroupKey('size');
  if (typeof key === 'string' || key.kind !== 'size') throw new Error('size is a key');
  const spec: GroupSpec = { key: { ...key, ...sizes }, where: null };
  const collector = new GroupCollector(spec, 'sizes.trc');
  const result = await parseTrace(
    (async function* () {
      yield bytes;
    })(),
    { event, fileName: 'sizes.trc', visitor: collector },
  );
  const dataset = { ...combineFiles(event, [result]), groupTallies: [collector.finish()] };
  const rows = datasetGroupRows(dataset, spec) ?? [];
  const report = sizeReport(datasetGroupCounts(dataset, spec) ?? new Map(), datasetBlockSizes(dataset, spec.key as BlockSizes));
  return { rows, report };
}

describe('--group size on a hand-written trace', () => {
  it('db file scattered read: sizes ascending with bytes and throughput, two log2 classes, the total', async () => {
    const { rows, report } = await bySize('db file scattered read');
    expect(rows.map((r) => [r.key, r.count, r.sum, r.bytes])).toEqual([
      ['49152', 1, 2000, 49_152],
      ['65536', 2, 4000, 131_072],
      ['131072', 1, 4000, 131_072],
    ]);
    // 49,152 B in 2 ms = 24,576,000 B/s; 131,072 B in 4 ms = 32,768,000 B/s.
    expect(rows.map((r) => r.throughput)).toEqual([24_576_000, 32_768_000, 32_768_000]);
    // 48 KiB and 64 KiB fold into ≤ 64 KiB: {2000, 1000, 3000} µs, 180,224 B in 6 ms.
    expect(report.sizeClasses.map((c) => [c.key, c.upTo, c.count, c.min, c.median, c.mean, c.max, c.sum, c.bytes])).toEqual([
      ['≤ 64 KiB', 65_536, 3, 1000, 2000, 2000, 3000, 6000, 180_224],
      ['≤ 128 KiB', 131_072, 1, 4000, null, 4000, 4000, 4000, 131_072],
    ]);
    expect(report.sizeClasses[0]?.throughput).toBeCloseTo(180_224 / 0.006, 6);
    // All: 311,296 B in 10 ms.
    expect(report.throughput).toEqual({ waits: 4, bytes: 311_296, micros: 10_000, bytesPerSecond: 31_129_600 });
    expect(report.blockSizes).toEqual({ dataBlock: 8192, redoBlock: 512, dataDefault: true, redoDefault: true });
  });

  it('--block-size 16384 doubles every data size', async () => {
    const { rows, report } = await bySize('db file scattered read', { dataBlock: 16384, dataDefault: false });
    expect(rows.map((r) => [r.key, r.count])).toEqual([['98304', 1], ['131072', 2], ['262144', 1]]);
    expect(report.throughput.bytes).toBe(622_592);
    expect(report.blockSizes.dataDefault).toBe(false);
  });

  it('direct path read sizes from block cnt; cell multiblock physical read from bytes', async () => {
    const direct = await bySize('direct path read');
    expect(direct.rows.map((r) => [r.key, r.count, r.bytes, r.throughput])).toEqual([
      ['32768', 1, 32_768, 65_536_000],
      ['131072', 1, 131_072, 65_536_000],
    ]);
    const cell = await bySize('cell multiblock physical read');
    expect(cell.rows.map((r) => [r.key, r.bytes])).toEqual([['1000000', 1_000_000], ['1048576', 1_048_576]]);
    // Both in ≤ 1 MiB: 2,048,576 B in 1.6 ms = 1,280,360,000 B/s.
    expect(cell.report.sizeClasses.map((c) => [c.key, c.count, c.bytes, c.throughput])).toEqual([['≤ 1 MiB', 2, 2_048_576, 1_280_360_000]]);
  });

  it('log file parallel write: redo blocks of 512 B, or --redo-block-size', async () => {
    const lgwr = await bySize('log file parallel write');
    expect(lgwr.rows.map((r) => [r.key, r.sum])).toEqual([['512', 250], ['1024', 500], ['1536', 1500]]);
    expect(lgwr.report.sizeClasses.map((c) => c.key)).toEqual(['≤ 512 B', '≤ 1 KiB', '≤ 2 KiB']);
    // 3,072 B in 2.25 ms.
    expect(lgwr.report.throughput.bytesPerSecond).toBeCloseTo(3072 / 0.00225, 6);
    const big = await bySize('log file parallel write', { redoBlock: 4096, redoDefault: false });
    expect(big.rows.map((r) => r.key)).toEqual(['4096', '8192', '12288']);
    expect(big.report.sizeClasses.map((c) => c.key)).toEqual(['≤ 4 KiB', '≤ 8 KiB', '≤ 16 KiB']);
  });

  it("log file sync has no size: one '(no size)' group, no classes, no throughput", async () => {
    const { rows, report } = await bySize('log file sync');
    expect(rows).toEqual([{ key: '(no size)', count: 1, min: 700, median: null, mean: 700, p99: null, max: 700, sum: 700, bytes: null, throughput: null }]);
    expect(report.sizeClasses).toEqual([]);
    expect(report.throughput).toEqual({ waits: 0, bytes: 0, micros: 0, bytesPerSecond: null });
  });

  // The data block from the trace (issue 16 §3): an Exadata single-block read's bytes are its one block.
  const withSingleBlocks = (...sizes: number[]) => {
    const extra = sizes.map((b, i) => `WAIT #5: nam='cell single block physical read' ela= 300 cellhash#=3 diskhash#=4 bytes=${b} obj#=73 tim=${1020000 + i * 1000}\n`).join('');
    return new Uint8Array([...BYTES, ...new TextEncoder().encode(extra)]);
  };

  it('a trace whose single-block reads are all 16 KiB: data blocks of 16 KiB, not the default, and it says where from', async () => {
    const { rows, report } = await bySize('db file scattered read', undefined, withSingleBlocks(16384, 16384));
    // blocks 8, 8, 16, 6 × 16,384 B: 131,072 ×2, 262,144, 98,304.
    expect(rows.map((r) => [r.key, r.count])).toEqual([['98304', 1], ['131072', 2], ['262144', 1]]);
    expect(report.blockSizes).toEqual({ dataBlock: 16384, redoBlock: 512, dataDefault: false, redoDefault: true, dataSeen: { event: 'cell single block physical read', sizes: [16384] } });
  });

  it('single-block reads of two sizes (tablespaces of two block sizes): the default stays, and both are shown', async () => {
    const { rows, report } = await bySize('db file scattered read', undefined, withSingleBlocks(8192, 16384, 8192));
    expect(rows.map((r) => [r.key, r.count])).toEqual([['49152', 1], ['65536', 2], ['131072', 1]]);
    expect(report.blockSizes).toEqual({ dataBlock: 8192, redoBlock: 512, dataDefault: true, redoDefault: true, dataSeen: { event: 'cell single block physical read', sizes: [8192, 16384] } });
  });

  it('--block-size wins over what the trace shows', async () => {
    const { rows, report } = await bySize('db file scattered read', { dataBlock: 4096, dataDefault: false }, withSingleBlocks(16384));
    expect(rows.map((r) => r.key)).toEqual(['24576', '32768', '65536']);
    expect(report.blockSizes).toEqual({ dataBlock: 4096, redoBlock: 512, dataDefault: false, redoDefault: true });
  });

  it('the single-block reads themselves are sized by their bytes, whatever the block', async () => {
    const { rows, report } = await bySize('cell single block physical read', undefined, withSingleBlocks(16384, 16384));
    expect(rows.map((r) => [r.key, r.count, r.sum])).toEqual([['16384', 2, 600]]);
    expect(report.blockSizes.dataBlock).toBe(16384);
  });
});
