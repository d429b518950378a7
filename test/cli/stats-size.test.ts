// `waitscope stats --group size` and `compare --group size`, run as a child process on the
// hand-written test/fixtures/io/sizes.trc (its sizes worked out in test/io/size-groups.test.ts).
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { fixturePath, makeTempDir, parseJsonOutput, runCli } from '../helpers/cli';

const TRACE = fixturePath('io/sizes.trc');
const SCATTERED = 'db file scattered read';

interface SizeRow {
  key: string;
  count: number;
  sum: number;
  bytes: number | null;
  throughput: number | null;
}
interface SizeJson {
  count: number;
  groups: SizeRow[];
  sizeClasses: (SizeRow & { upTo: number })[];
  throughput: { waits: number; bytes: number; micros: number; bytesPerSecond: number | null };
  blockSizes: { dataBlock: number; redoBlock: number; dataDefault: boolean; redoDefault: boolean };
}

const temp = makeTempDir('stats-size');
afterAll(() => temp.remove());

const stats = async (...args: string[]) => parseJsonOutput<SizeJson>(await runCli(['stats', '--json', ...args, TRACE]));

describe('stats --group size', () => {
  it('JSON: groups keep the issue 15 fields and add bytes and throughput; sizeClasses, the total throughput and the block sizes', async () => {
    const json = await stats('--event', SCATTERED, '--group', 'size');
    expect(json.groups.map((g) => Object.keys(g))).toEqual(Array(3).fill(['key', 'count', 'min', 'median', 'mean', 'p99', 'max', 'sum', 'bytes', 'throughput']));
    expect(json.groups.map((g) => [g.key, g.count, g.bytes, g.throughput])).toEqual([
      ['49152', 1, 49_152, 24_576_000],
      ['65536', 2, 131_072, 32_768_000],
      ['131072', 1, 131_072, 32_768_000],
    ]);
    expect(json.sizeClasses.map((c) => [c.key, c.upTo, c.count, c.sum, c.bytes])).toEqual([
      ['≤ 64 KiB', 65_536, 3, 6000, 180_224],
      ['≤ 128 KiB', 131_072, 1, 4000, 131_072],
    ]);
    expect(json.throughput).toEqual({ waits: 4, bytes: 311_296, micros: 10_000, bytesPerSecond: 31_129_600 });
    expect(json.blockSizes).toEqual({ dataBlock: 8192, redoBlock: 512, dataDefault: true, redoDefault: true });
  });

  it('--block-size and --redo-block-size change the sizes and are no longer labelled defaults', async () => {
    const data = await stats('--event', SCATTERED, '--group', 'size', '--block-size', '16384');
    expect(data.groups.map((g) => g.key)).toEqual(['98304', '131072', '262144']);
    expect(data.blockSizes).toEqual({ dataBlock: 16384, redoBlock: 512, dataDefault: false, redoDefault: true });
    const redo = await stats('--event', 'log file parallel write', '--group', 'size', '--redo-block-size', '4096');
    expect(redo.groups.map((g) => [g.key, g.bytes])).toEqual([['4096', 4096], ['8192', 8192], ['12288', 12_288]]);
    expect(redo.blockSizes.redoDefault).toBe(false);
  });

  it("log file sync: one '(no size)' group, no classes", async () => {
    const json = await stats('--event', 'log file sync', '--group', 'size');
    expect(json.groups.map((g) => [g.key, g.count, g.bytes, g.throughput])).toEqual([['(no size)', 1, null, null]]);
    expect(json.sizeClasses).toEqual([]);
  });

  it('prints the size distribution, the size classes and the throughput in labelled units, the default block sizes said to be defaults', async () => {
    const run = await runCli(['stats', '--event', SCATTERED, '--group', 'size', TRACE]);
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout).toContain('by size: 3 sizes, smallest first (the size distribution)');
    expect(run.stdout).toContain('block sizes: data 8 KiB (default; --block-size BYTES to change), redo 512 B (default; --redo-block-size BYTES to change)');
    expect(run.stdout).toMatch(/\n64 KiB +65,536 +2 +1,000\.0 +2,000\.0 +2,000\.0 +n\/a +3,000\.0 +4,000\.0 +128 KiB +32\.8\n/);
    expect(run.stdout).toMatch(/\n≤ 64 KiB +3 +1,000\.0 +2,000\.0 +2,000\.0 +n\/a +3,000\.0 +6,000\.0 +176 KiB +30\.0\n/);
    expect(run.stdout).toContain('throughput: 304 KiB in 4 waits with a size, 10,000.0 µs of wait time: 31.1 MB/s');
  });

  it("--where takes the size too: 'size >= 65536' keeps the 64 KiB and 128 KiB reads (1000, 3000, 4000 µs)", async () => {
    const json = await stats('--event', SCATTERED, '--where', 'size >= 65536');
    expect([json.count, (json as unknown as { sum: number }).sum]).toEqual([3, 8000]);
  });

  it('refuses a bad block size, and a block size without --group size', async () => {
    const bad = await runCli(['stats', '--event', SCATTERED, '--group', 'size', '--block-size', '8000', TRACE]);
    expect(bad.status).toBe(1);
    expect(bad.stderr).toContain("--block-size takes a block size in bytes, a power of two from 512 to 65536 (e.g. 8192), not '8000'");
    const alone = await runCli(['stats', '--event', SCATTERED, '--redo-block-size', '4096', TRACE]);
    expect(alone.status).toBe(1);
    expect(alone.stderr).toContain('--redo-block-size sets the block size of --group size; give --group size');
  });
});

describe('stats --group size: the data block from the trace (issue 16 §3)', () => {
  it("an Exadata trace's single-block reads of 16 KiB make its data blocks 16 KiB, and the output says so", async () => {
    // sizes.trc plus two cell single block physical reads of 16,384 bytes: blocks 8, 8, 16, 6 × 16 KiB.
    const exadata = path.join(temp.dir, 'exadata.trc');
    const extra = [1, 2].map((i) => `WAIT #5: nam='cell single block physical read' ela= 300 cellhash#=3 diskhash#=4 bytes=16384 obj#=73 tim=${1020000 + i * 1000}\n`).join('');
    writeFileSync(exadata, readFileSync(TRACE, 'latin1') + extra, 'latin1');
    const json = parseJsonOutput<SizeJson>(await runCli(['stats', '--json', '--event', SCATTERED, '--group', 'size', exadata]));
    expect(json.groups.map((g) => [g.key, g.count])).toEqual([['98304', 1], ['131072', 2], ['262144', 1]]);
    expect(json.blockSizes).toMatchObject({ dataBlock: 16384, dataDefault: false });
    const text = await runCli(['stats', '--event', SCATTERED, '--group', 'size', exadata]);
    expect(text.stdout).toContain('block sizes: data 16 KiB (from the trace: its cell single block physical read waits read 16 KiB), redo 512 B (default; --redo-block-size BYTES to change)');
    // With a --where on size (decided while reading, with 8 KiB), the groups use 8 KiB too: one size means one thing.
    const where = parseJsonOutput<SizeJson>(await runCli(['stats', '--json', '--event', SCATTERED, '--group', 'size', '--where', 'size >= 65536', exadata]));
    expect(where.groups.map((g) => [g.key, g.count])).toEqual([['65536', 2], ['131072', 1]]);
    expect(where.blockSizes).toEqual({ dataBlock: 8192, redoBlock: 512, dataDefault: true, redoDefault: true });
  });
});

describe('compare --group size', () => {
  it('gives both sides their sizes, size classes and throughput: every wait twice as slow halves the throughput', async () => {
    // Side B: the same trace with every ela doubled.
    const slow = path.join(temp.dir, 'slow.trc');
    writeFileSync(slow, readFileSync(TRACE, 'latin1').replace(/ela= (\d+)/g, (_, n: string) => `ela= ${2 * Number(n)}`), 'latin1');
    const run = await runCli(['compare', '--json', '--event', SCATTERED, '--group', 'size', '--labels', 'fast,slow', TRACE, '--vs', slow]);
    const json = parseJsonOutput<{ groups: { key: string; pairs: { key: string; a: SizeRow | null; b: SizeRow | null }[]; sizes: { a: SizeJson; b: SizeJson } } }>(run);
    expect(json.groups.key).toBe('size');
    expect(json.groups.pairs.map((p) => [p.key, p.a?.throughput, p.b?.throughput])).toEqual([
      ['49152', 24_576_000, 12_288_000],
      ['65536', 32_768_000, 16_384_000],
      ['131072', 32_768_000, 16_384_000],
    ]);
    expect(json.groups.sizes.a.throughput.bytesPerSecond).toBe(31_129_600);
    expect(json.groups.sizes.b.throughput.bytesPerSecond).toBe(15_564_800);
    const text = await runCli(['compare', '--event', SCATTERED, '--group', 'size', '--labels', 'fast,slow', TRACE, '--vs', slow]);
    expect(text.status, text.stderr).toBe(0);
    expect(text.stdout).toMatch(/\n≤ 64 KiB +3 +3 +2,000\.0 +4,000\.0 +30\.0 +15\.0\n/);
    expect(text.stdout).toContain('slow throughput: 304 KiB in 4 waits with a size, 20,000.0 µs of wait time: 15.6 MB/s');
  });

  it("groups LGWR's log write warnings by the size each line wrote (issue 16 §1)", async () => {
    // lgwr-non10046.trc: 3 warnings of 0KB, 1 of 3KB, 2 of 1025KB, 7 of 1057KB (KB × 1024 bytes).
    const run = parseJsonOutput<SizeJson>(await runCli(['stats', '--json', '--event', 'LGWR log write warning', '--group', 'size', fixturePath('lgwr-non10046.trc')]));
    expect(run.groups.map((g) => [g.key, g.count])).toEqual([
      ['0', 3],
      ['3072', 1],
      ['1049600', 2],
      ['1082368', 7],
    ]);
  });
});

