// The cells' FLASHLOG metrics on the book's own figures (issue 16 §6), every expected value worked
// out by hand from the figures in the fixtures (hand-written in CellCLI's format):
//   off: FL_DISK_FIRST 32,669,310  FL_FLASH_FIRST 7,318,741  FL_PREVENTED_OUTLIERS 774,146
//   on:  FL_DISK_FIRST 33,201,462  FL_FLASH_FIRST 7,337,931  FL_PREVENTED_OUTLIERS 774,146
//   deltas: 33,201,462 − 32,669,310 = 532,152; 7,337,931 − 7,318,741 = 19,190; 0 prevented outliers
//   interval share 19,190 / (19,190 + 532,152) = 19,190 / 551,342 = 0.034806 (3.5 %)
//   interval ratio 19,190 / 532,152 = 0.036061 (3.6 %)
//   off totals: ratio 7,318,741 / 32,669,310 = 0.224025 (22.4 %), share 7,318,741 / 39,988,051 = 0.183023 (18.3 %)
// The book says 3.8 %, which neither definition gives; we do not tune to it.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseCellcli } from '@/lib/cell/parse-cellcli';
import { summarizeFlashLog } from '@/lib/cell/flashlog-summary';
import { FIXTURES_DIR } from '../helpers/cli';

const read = (name: string) => parseCellcli(readFileSync(path.join(FIXTURES_DIR, 'cell', name), 'utf8'), name);
const total = (s: ReturnType<typeof summarizeFlashLog>, name: string) => s.totals.find((t) => t.name === name);

describe('the book flash-log snapshots (LIST METRICCURRENT, one cell)', () => {
  it('reads names, objects, values with thousands separators and decimals, and units', () => {
    const off = read('book-off.txt');
    const byName = new Map(off.readings.map((r) => [r.name, r]));
    expect(off.readings).toHaveLength(15);
    expect(byName.get('FL_DISK_FIRST')).toMatchObject({ cell: '', object: 'FLASHLOG', value: 32669310, unit: 'IO requests', line: 4 });
    expect(byName.get('FL_FLASH_FIRST')).toMatchObject({ value: 7318741, unit: 'IO requests' });
    expect(byName.get('FL_PREVENTED_OUTLIERS')).toMatchObject({ value: 774146 });
    expect(byName.get('FL_IO_DB_BY_W')).toMatchObject({ value: 1536112.4, unit: 'MB' });
    expect(byName.get('FL_IO_DB_BY_W_SEC')).toMatchObject({ value: 0, unit: 'MB/sec' });
    expect(byName.get('FL_EFFICIENCY_PERCENTAGE')).toMatchObject({ value: 100, unit: '%' });
    expect(byName.get('FL_BY_KEEP')).toMatchObject({ value: 0, unit: '' });
  });

  it('gives the deltas, the interval share 3.5 % and the ratio of the deltas 3.6 %', () => {
    const s = summarizeFlashLog(read('book-off.txt'), read('book-on.txt'));
    expect(total(s, 'FL_FLASH_FIRST')).toMatchObject({ before: 7318741, after: 7337931, delta: 19190 });
    expect(total(s, 'FL_DISK_FIRST')).toMatchObject({ before: 32669310, after: 33201462, delta: 532152 });
    expect(s.preventedOutliers).toEqual({ before: 774146, after: 774146, delta: 0 });
    expect(s.races.interval).toMatchObject({ flashFirst: 19190, diskFirst: 532152 });
    expect(s.races.interval!.share).toBeCloseTo(0.034806, 6);
    expect(s.races.interval!.ratio).toBeCloseTo(0.036061, 6);
    expect(s.races.before!.ratio).toBeCloseTo(0.224025, 6);
    expect(s.races.before!.share).toBeCloseTo(0.183023, 6);
    expect(s.definitions.share).toContain('FL_FLASH_FIRST / (FL_FLASH_FIRST + FL_DISK_FIRST)');
  });

  it('gives no delta for rates and percentages, only for cumulative counters', () => {
    const s = summarizeFlashLog(read('book-off.txt'), read('book-on.txt'));
    const row = (name: string) => s.rows.find((r) => r.name === name)!;
    expect(row('FL_IO_DB_BY_W_SEC')).toMatchObject({ kind: 'rate', before: 0, after: 1.843, delta: null });
    expect(row('FL_EFFICIENCY_PERCENTAGE')).toMatchObject({ kind: 'instantaneous', delta: null });
    expect(row('FL_IO_DB_BY_W').delta).toBeCloseTo(1557311.0 - 1536112.4, 6);
    expect(s.totals.map((t) => t.name)).not.toContain('FL_IO_DB_BY_W_SEC');
    expect(s.totals.map((t) => t.name)).not.toContain('FL_EFFICIENCY_PERCENTAGE');
  });
});

describe('other forms of the same figures', () => {
  it('dcli output of two cells: per-cell deltas, and sums over the cells equal to the book', () => {
    const s = summarizeFlashLog(read('dcli-off.txt'), read('dcli-on.txt'));
    expect(s.cells).toEqual(['cel01', 'cel02']);
    const cell = (c: string, name: string) => s.rows.find((r) => r.cell === c && r.name === name)!;
    // cel01: 16,300,000 − 16,000,000 and 3,610,000 − 3,600,000; cel02: 16,901,462 − 16,669,310 and 3,727,931 − 3,718,741.
    expect(cell('cel01', 'FL_DISK_FIRST').delta).toBe(300000);
    expect(cell('cel01', 'FL_FLASH_FIRST').delta).toBe(10000);
    expect(cell('cel02', 'FL_DISK_FIRST').delta).toBe(232152);
    expect(cell('cel02', 'FL_FLASH_FIRST').delta).toBe(9190);
    expect(total(s, 'FL_DISK_FIRST')).toMatchObject({ cells: 2, before: 32669310, after: 33201462, delta: 532152 });
    expect(total(s, 'FL_FLASH_FIRST')).toMatchObject({ cells: 2, delta: 19190 });
    expect(s.races.interval!.share).toBeCloseTo(0.034806, 6);
  });

  it('keeps an FL_ name the guide does not list, flagged, with no delta', () => {
    const s = summarizeFlashLog(read('dcli-off.txt'), read('dcli-on.txt'));
    expect(s.unknownNames).toEqual(['FL_NEW_COUNTER']);
    expect(s.rows.find((r) => r.cell === 'cel01' && r.name === 'FL_NEW_COUNTER')).toMatchObject({ known: false, kind: 'unknown', before: 5, after: 9, delta: null });
  });

  it('one METRICHISTORY file: its first and last collectionTime are before and after', () => {
    const s = summarizeFlashLog(read('history.txt'));
    expect(s.before.collectionTime).toBe('2026-11-30T10:00:00+01:00');
    expect(s.after!.collectionTime).toBe('2026-11-30T11:00:00+01:00');
    expect(total(s, 'FL_FLASH_FIRST')!.delta).toBe(19190);
    expect(total(s, 'FL_DISK_FIRST')!.delta).toBe(532152);
  });

  it('the DETAIL form: metricType decides what gets a delta', () => {
    const detail = read('detail-off.txt');
    expect(detail.readings.map((r) => [r.name, r.value, r.metricType])).toEqual([
      ['FL_DISK_FIRST', 32669310, 'cumulative'],
      ['FL_EFFICIENCY_PERCENTAGE', 100, 'instantaneous'],
      ['FL_FLASH_FIRST', 7318741, 'cumulative'],
      ['FL_PREVENTED_OUTLIERS', 774146, 'cumulative'],
    ]);
    expect(detail.readings[0]!.collectionTime).toBe('2026-11-30T10:00:00+01:00');
    const s = summarizeFlashLog(detail);
    expect(s.after).toBeNull();
    expect(s.races.before!.share).toBeCloseTo(0.183023, 6);
    expect(s.races.interval).toBeNull();
  });
});
