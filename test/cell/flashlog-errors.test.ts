// Bad CellCLI input gets a specific message naming the file, the line and the cause (issue 16 §4).
import { describe, expect, it } from 'vitest';
import { CellInputError } from '@/lib/cell/cell-input-error';
import { looksLikeCellcli, parseCellcli } from '@/lib/cell/parse-cellcli';
import { summarizeFlashLog } from '@/lib/cell/flashlog-summary';

const row = (name: string, value: string, cell = '') => `${cell ? `${cell}: ` : ''}         ${name.padEnd(30)} FLASHLOG   ${value}`;

function errorOf(run: () => unknown): CellInputError {
  try {
    run();
  } catch (error) {
    if (error instanceof CellInputError) return error;
    throw error;
  }
  throw new Error('expected a CellInputError');
}

describe('CellCLI input errors', () => {
  it('a trace is not CellCLI output: the file and line are named', () => {
    const e = errorOf(() => parseCellcli('Trace file /u01/diag/ORCL_ora_123.trc\nOracle Database 19c\n', 'x.trc'));
    expect(e.message).toMatch(/^x\.trc line 1: not CellCLI output: .*found 'Trace file/);
  });

  it('a line of garbage among metrics is named by its line', () => {
    const text = [row('FL_DISK_FIRST', '1 IO requests'), 'hello there', row('FL_FLASH_FIRST', '1 IO requests')].join('\n');
    expect(errorOf(() => parseCellcli(text, 'a.txt')).message).toMatch(/^a\.txt line 2: not CellCLI output/);
  });

  it('an unknown unit', () => {
    const e = errorOf(() => parseCellcli(`${row('FL_DISK_FIRST', '1 IO requests')}\n${row('FL_IO_DB_BY_W', '12 furlongs')}\n`, 'u.txt'));
    expect(e.message).toMatch(/^u\.txt line 2: FL_IO_DB_BY_W: unknown unit 'furlongs'/);
  });

  it('a value that is not a number as CellCLI prints one', () => {
    expect(errorOf(() => parseCellcli(row('FL_DISK_FIRST', '1,23 IO requests'), 'n.txt')).message).toMatch(/^n\.txt line 1: FL_DISK_FIRST: '1,23' is not a number/);
  });

  it('CellCLI output without FLASHLOG metrics', () => {
    const text = '         CD_IO_BY_R_LG   CD_00_abcd2x3    1.9 MB  2009-12-17T15:46:52-08:00\n';
    expect(errorOf(() => parseCellcli(text, 'cd.txt')).message).toMatch(/^cd\.txt: no FLASHLOG metrics \(FL_…\) in it \(1 other metrics\)/);
  });

  it('an empty file', () => {
    expect(errorOf(() => parseCellcli('\n\n', 'e.txt')).message).toBe('e.txt: empty: no CellCLI output in it');
  });

  it('two snapshots pasted into one file (no collectionTime) are refused', () => {
    const text = [row('FL_DISK_FIRST', '1 IO requests'), row('FL_DISK_FIRST', '2 IO requests')].join('\n');
    const e = errorOf(() => summarizeFlashLog(parseCellcli(text, 'twice.txt')));
    expect(e.message).toMatch(/^twice\.txt line 2: FL_DISK_FIRST \(FLASHLOG\) again \(first on line 1\) without a collectionTime/);
  });

  it('a negative delta: the cell restarted, and the message says so', () => {
    const before = parseCellcli([row('FL_DISK_FIRST', '500 IO requests', 'cel01'), row('FL_FLASH_FIRST', '50 IO requests', 'cel01')].join('\n'), 'before.txt');
    const after = parseCellcli([row('FL_DISK_FIRST', '20 IO requests', 'cel01'), row('FL_FLASH_FIRST', '3 IO requests', 'cel01')].join('\n'), 'after.txt');
    const e = errorOf(() => summarizeFlashLog(before, after));
    expect(e.message).toMatch(/^after\.txt line 1: FL_DISK_FIRST \(FLASHLOG\) of cel01 fell from 500 \(before\.txt line 1\) to 20: .*cell restarted \(a restart resets the counters\)/);
  });

  it('a metric in one snapshot and not the other, either way round', () => {
    const two = parseCellcli([row('FL_DISK_FIRST', '5 IO requests', 'cel01'), row('FL_FLASH_FIRST', '5 IO requests', 'cel01')].join('\n'), 'two.txt');
    const one = parseCellcli(row('FL_DISK_FIRST', '9 IO requests', 'cel01'), 'one.txt');
    expect(errorOf(() => summarizeFlashLog(two, one)).message).toBe(
      'two.txt line 2: FL_FLASH_FIRST (FLASHLOG) of cel01 is here but not in one.txt: before and after must list the same metrics of the same cells',
    );
    expect(errorOf(() => summarizeFlashLog(one, two)).message).toMatch(/^two\.txt line 2: FL_FLASH_FIRST .* is here but not in one\.txt/);
  });

  it('the same metric in different units before and after', () => {
    const before = parseCellcli(row('FL_IO_DB_BY_W', '5 MB'), 'b.txt');
    const after = parseCellcli(row('FL_IO_DB_BY_W', '5 KB'), 'a.txt');
    expect(errorOf(() => summarizeFlashLog(before, after)).message).toMatch(/^a\.txt line 1: FL_IO_DB_BY_W \(FLASHLOG\) is in KB here but in MB in b\.txt line 1/);
  });
});

describe('telling CellCLI output from a trace by content', () => {
  it('recognises METRICCURRENT, dcli and DETAIL output, and not traces or other text', () => {
    expect(looksLikeCellcli(`CellCLI> LIST METRICCURRENT WHERE objectType='FLASHLOG'\n${row('FL_DISK_FIRST', '1 IO requests')}\n`)).toBe(true);
    expect(looksLikeCellcli(`${row('FL_DISK_FIRST', '1 IO requests', 'cel01')}\n`)).toBe(true);
    expect(looksLikeCellcli('         name:                   FL_DISK_FIRST\n         metricValue:            1 IO requests\n')).toBe(true);
    expect(looksLikeCellcli('Trace file /u01/x.trc\n*** 2024-03-01 10:00:00.000\n')).toBe(false);
    expect(looksLikeCellcli('WAIT #0: nam=\'log file sync\' ela= 912 buffer#=1 p2=0 p3=0 obj#=-1 tim=1\n')).toBe(false);
    expect(looksLikeCellcli('         CD_IO_BY_R_LG   CD_00_abcd2x3    1.9 MB\n')).toBe(false);
    // A bad line after the first metric: still CellCLI output, so the parse can name that line.
    expect(looksLikeCellcli(`${row('FL_DISK_FIRST', '1 IO requests')}\n-- copied from the console --\n`)).toBe(true);
  });
});
