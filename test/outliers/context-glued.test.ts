// The context of an outlier that is a GLUED WAIT (trace-format.md §8.3): a record that shares its
// physical line with the record before it. The scanner finds it at the offset the parser booked
// (mid-line); the line shown is the whole physical line, and the cursor is the glued record's own,
// not that of the record at the line's start. Plain and gzip, in chunks cut anywhere. Every
// expected line, number, cursor and statement below is written out by hand.
import { describe, expect, it } from 'vitest';
import { analyzeOutliers } from '../../lib/outliers/analyze';
import { readContexts, type TraceContext } from '../../lib/outliers/context';
import { chunksOf, gzipBytes } from '../helpers/chunks';
import { datasetOf, encode } from './load';

const lfs = (cursor: string, ela: number, tim: number) => `WAIT #${cursor}: nam='log file sync' ela= ${ela} buffer#=1 sync scn=2 p3=0 obj#=-1 tim=${tim}`;
const L = [
  'Trace file /u01/app/oracle/diag/rdbms/cdb/cdb1/trace/cdb1_ora_3802.trc', // 1
  'Oracle Database 19c Enterprise Edition Release 19.0.0.0.0 - Production', // 2
  'Version 19.12.0.0.0', // 3
  'Unix process pid: 3802, image: oracle@host', // 4
  '', // 5
  '*** 2024-03-26T16:08:36.000000-07:00', // 6
  '*** SESSION ID:(35.65385) 2024-03-26T16:08:36.000000-07:00', // 7
  "PARSING IN CURSOR #140 len=24 dep=0 uid=0 oct=2 lid=0 tim=900000 hv=1 ad='a' sqlid='x'", // 8
  'insert into t values (1)', // 9
  'END OF STMT', // 10
  'EXEC #140:c=1,e=1,p=0,cr=0,cu=1,mis=0,r=1,dep=0,og=1,plh=0,tim=950000', // 11
  lfs('0', 500, 1_000_000), // 12
  // 13: two records on one line: an outlier on cursor #0, and glued after it one on cursor #140
  `${lfs('0', 400_000, 2_000_000)}${lfs('140', 300_000, 2_100_000)}`,
  // 14: an outlier glued after a FETCH
  `FETCH #140:c=1,e=1,p=0,cr=0,cu=0,mis=0,r=1,dep=0,og=1,plh=0,tim=2150000${lfs('140', 250_000, 2_200_000)}`,
  lfs('0', 500, 3_000_000), // 15
  'XCTEND rlbk=0, rd_only=0, tim=3000100', // 16
];
const TEXT = `${L.join('\n')}\n`;
/** Byte offset of line n (1-based): every line above it and its LF (the text is ASCII). */
const lineAt = (n: number) => L.slice(0, n - 1).reduce((sum, l) => sum + l.length + 1, 0);
const line = (n: number, isWait: boolean, inStatement = false) => ({ line: n, offset: lineAt(n), text: L[n - 1] as string, isWait, inStatement, cut: false });
const STATEMENT = { cursor: '140', line: 8, endLine: 10, offset: lineAt(8), lines: L.slice(7, 10) };

// The three outliers (ela ≥ 100,000 µs), longest first, as the parser must book them.
const OUTLIERS = [
  { ela: 400_000, line: 13, offset: lineAt(13) },
  { ela: 300_000, line: 13, offset: lineAt(13) + lfs('0', 400_000, 2_000_000).length },
  { ela: 250_000, line: 14, offset: lineAt(14) + L[13]!.indexOf('WAIT #140') },
];
// Their contexts with 3 lines before and 1 after.
const EXPECTED: TraceContext[] = [
  // Cursor #0 has no statement, so END OF STMT on line 10 is not flagged as the wait's.
  { lines: [line(10, false), line(11, false), line(12, false), line(13, true), line(14, false)], cursor: '0', statement: null, statementNote: 'cursor #0: the wait belongs to no statement' },
  { lines: [line(10, false, true), line(11, false), line(12, false), line(13, true), line(14, false)], cursor: '140', statement: STATEMENT, statementNote: null },
  { lines: [line(11, false), line(12, false), line(13, false), line(14, true), line(15, false)], cursor: '140', statement: STATEMENT, statementNote: null },
];

describe('context of a glued WAIT', () => {
  it('is found where the parser booked it, in plain and gzip files, chunks cut anywhere', async () => {
    const ds = await datasetOf([{ name: 'glued.trc', text: TEXT }]);
    const rows = analyzeOutliers(ds, 'glued', { threshold: 100_000, gap: 0, minCount: 1 }).top.rows;
    expect(rows.slice(0, 3).map((r) => ({ ela: r.ela, line: r.line, offset: r.offset }))).toEqual(OUTLIERS);
    for (const bytes of [encode(TEXT), gzipBytes(encode(TEXT))]) {
      for (const size of [7, 100, 1 << 16]) {
        const contexts = await readContexts(chunksOf(bytes, size), rows.slice(0, 3), { before: 3, after: 1 });
        expect(contexts, `${bytes[0] === 0x1f ? 'gzip' : 'plain'}, chunks of ${size}`).toEqual(EXPECTED);
      }
    }
  });

  it('finds no record where the parser booked none: 3 bytes into the FETCH of line 14', async () => {
    const [ctx] = await readContexts(chunksOf(gzipBytes(encode(TEXT)), 50), [{ line: 14, offset: lineAt(14) + 3 }], { before: 1, after: 0 });
    expect(ctx).toEqual({
      lines: [line(13, false), line(14, false)],
      cursor: null,
      statement: null,
      statementNote: 'the parser finds no WAIT or call record at this line and offset (has the file changed since it was read?)',
    });
  });

  it('finds the FETCH at the start of line 14 as a call record (a call measure’s value), with its statement', async () => {
    const [ctx] = await readContexts(chunksOf(gzipBytes(encode(TEXT)), 50), [{ line: 14, offset: lineAt(14) }], { before: 0, after: 0 });
    expect(ctx?.lines.map((l) => [l.line, l.isWait])).toEqual([[14, true]]);
    expect(ctx?.cursor).toBe(TEXT.split('\n')[13]?.match(/^FETCH #(\d+)/)?.[1]);
  });
});
