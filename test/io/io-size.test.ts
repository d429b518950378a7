// The size rules of lib/io/io-size.ts, one per event family, with block sizes worked out by hand.
import { describe, expect, it } from 'vitest';
import { DEFAULT_BLOCK_SIZES, ioSize } from '../../lib/io/io-size';
import { formatBytes, formatThroughput, sizeClassLabel, sizeClassOf } from '../../lib/io/size-groups';

const params = (fields: Record<string, string>) => ({ value: (name: string) => fields[name] ?? null });
const CUSTOM = { dataBlock: 16384, redoBlock: 4096, dataDefault: false, redoDefault: false };

describe('ioSize', () => {
  it.each([
    // event, parameters, bytes with 8 KiB data / 512 B redo, bytes with 16 KiB data / 4 KiB redo
    ['log file parallel write', { files: '2', blocks: '3', requests: '1' }, 3 * 512, 3 * 4096],
    ['log file sequential read', { 'log#': '1', 'block#': '2', blocks: '2048' }, 1_048_576, 8_388_608],
    ['log file single write', { 'log#': '1', 'block#': '1', blocks: '2' }, 1024, 8192],
    ['db file sequential read', { 'file#': '4', 'block#': '9', blocks: '1' }, 8192, 16384],
    ['db file scattered read', { 'file#': '4', 'block#': '9', blocks: '16' }, 131_072, 262_144],
    ['db file parallel read', { files: '1', blocks: '5', requests: '5' }, 40_960, 81_920],
    ['direct path read', { 'file number': '7', 'first dba': '1', 'block cnt': '16' }, 131_072, 262_144],
    ['direct path write', { 'file number': '7', 'first dba': '1', 'block cnt': '2' }, 16_384, 32_768],
    ['direct path read temp', { 'file number': '201', 'first dba': '1', 'block cnt': '31' }, 253_952, 507_904],
    ['direct path write temp', { 'file number': '201', 'first dba': '1', 'block cnt': '1' }, 8192, 16384],
    ['cell single block physical read', { 'cellhash#': '1', 'diskhash#': '2', bytes: '8192' }, 8192, 8192],
    ['cell multiblock physical read', { 'cellhash#': '1', 'diskhash#': '2', bytes: '1048576' }, 1_048_576, 1_048_576],
    ['cell list of blocks physical read', { 'cellhash#': '1', 'diskhash#': '2', blocks: '3' }, 24_576, 49_152],
    // Generically: a `bytes` parameter.
    ['some future read', { bytes: '4096' }, 4096, 4096],
  ])('%s', (event, fields, withDefaults, withCustom) => {
    expect(ioSize(event, params(fields), DEFAULT_BLOCK_SIZES)).toBe(withDefaults);
    expect(ioSize(event, params(fields), CUSTOM)).toBe(withCustom);
  });

  it('is null where the event and parameters give no size', () => {
    expect(ioSize('log file sync', params({ 'buffer#': '1', 'sync scn': '2', p3: '0' }), DEFAULT_BLOCK_SIZES)).toBeNull();
    // A block-counting event without its count, or with a count that is not a whole number.
    expect(ioSize('db file scattered read', params({ 'file#': '4' }), DEFAULT_BLOCK_SIZES)).toBeNull();
    expect(ioSize('direct path read', params({ 'block cnt': '-1' }), DEFAULT_BLOCK_SIZES)).toBeNull();
    // `blocks` of an event without a rule is not a size: its block size is unknown.
    expect(ioSize('control file parallel write', params({ files: '2', blocks: '1', requests: '2' }), DEFAULT_BLOCK_SIZES)).toBeNull();
  });
});

describe('size classes and units', () => {
  it.each([
    [0, 512],
    [1, 512],
    [512, 512],
    [513, 1024],
    [1024, 1024],
    [1536, 2048],
    [49_152, 65_536],
    [65_536, 65_536],
    [1_000_000, 1_048_576],
    [1_048_577, 2_097_152],
  ])('%i B falls in the class up to %i B', (size, upTo) => expect(sizeClassOf(size)).toBe(upTo));

  it('labels classes and bytes in binary units, throughput in decimal MB/s', () => {
    expect(sizeClassLabel(512)).toBe('≤ 512 B');
    expect(sizeClassLabel(1024)).toBe('≤ 1 KiB');
    expect(sizeClassLabel(1_048_576)).toBe('≤ 1 MiB');
    expect(formatBytes(180_224)).toBe('176 KiB');
    expect(formatBytes(1_000_000)).toBe('977 KiB');
    expect(formatBytes(1_572_864)).toBe('1.5 MiB');
    expect(formatThroughput(140_000_000)).toBe('140 MB/s');
    expect(formatThroughput(2_000_000)).toBe('2.0 MB/s');
    expect(formatThroughput(null)).toBe('n/a');
  });
});
