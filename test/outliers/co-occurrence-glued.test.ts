// Co-occurrence sees the WAIT records the parser sees, glued ones included (issue 13 §4): a WAIT
// glued after another WAIT, and one glued after a FETCH, on one physical line each
// (trace-format.md §8.3; trctools broken_trace.trc). Expected rows are worked out by hand below.
import { describe, expect, it } from 'vitest';
import { analyzeOutliers } from '../../lib/outliers/analyze';
import { createCoOccurrence, finishCoOccurrence, scanCoOccurrence, type WindowActivity } from '../../lib/outliers/co-occurrence';
import { DatasetClock } from '../../lib/outliers/wall-clock';
import { chunksOf, gzipBytes } from '../helpers/chunks';
import { datasetOf, encode } from './load';

const HEADER = [
  'Trace file /u01/app/oracle/diag/rdbms/cdb/cdb1/trace/cdb1_ora_3802.trc',
  'Oracle Database 19c Enterprise Edition Release 19.0.0.0.0 - Production',
  'Version 19.12.0.0.0',
  'Unix process pid: 3802, image: oracle@host',
  '',
  '*** 2024-03-26T16:08:36.000000-07:00',
  '*** SESSION ID:(35.65385) 2024-03-26T16:08:36.000000-07:00',
];
const lfs = (ela: number, tim: number) => `WAIT #0: nam='log file sync' ela= ${ela} buffer#=1 sync scn=2 p3=0 obj#=-1 tim=${tim}`;
const LINES = [
  ...HEADER,
  lfs(500, 1_000_000), // line 8: the anchor's tim (16:08:36.000000 −07:00 ↔ tim 1,000,000)
  // line 9: the outlier, and a read glued after it that ends 100 ms later
  `${lfs(400_000, 2_000_000)}WAIT #0: nam='db file sequential read' ela= 300000 file#=1 block#=2 blocks=1 obj#=3 tim=2100000`,
  // line 10: a log switch glued after a FETCH
  "FETCH #1:c=1,e=1,p=0,cr=0,cu=0,mis=0,r=1,dep=0,og=1,plh=1,tim=2150000WAIT #0: nam='log file switch completion' ela= 250000 p1=0 p2=0 p3=0 obj#=-1 tim=2200000",
  lfs(500, 3_000_000), // line 11: begins at tim 2,999,500, after the window
  '',
];

describe('co-occurrence of glued records', () => {
  it('books every WAIT of a line the parser splits into several records', async () => {
    const text = LINES.join('\n');
    const ds = await datasetOf([{ name: 'glued.trc', text }]);
    expect(ds.samples.count).toBe(3); // the parser's first pass: three log file syncs
    // Threshold 100,000 µs: one outlier, the 400,000 µs wait ending at tim 2,000,000, so the window
    // is [tim 1,600,000, tim 2,000,000]. Overlapping waits [tim − ela, tim]: that wait itself (line 9),
    // the glued read [1,800,000, 2,100,000] (line 9), the glued switch [1,950,000, 2,200,000] (line 10).
    // The log file syncs of lines 8 and 11 end before / begin after it.
    const at = (tim: number) => Date.UTC(2024, 2, 26, 23, 8, 36) * 1000 + (tim - 1_000_000);
    const expected: WindowActivity = {
      events: [
        { event: 'log file sync', count: 1, maxEla: 400_000, file: 0, line: 9 },
        { event: 'db file sequential read', count: 1, maxEla: 300_000, file: 0, line: 9 },
        { event: 'log file switch completion', count: 1, maxEla: 250_000, file: 0, line: 10 },
      ],
      switches: [{ event: 'log file switch completion', ela: 250_000, micros: at(2_200_000), file: 0, line: 10 }],
    };
    const analysis = analyzeOutliers(ds, 'x', { threshold: 100_000, gap: 0, minCount: 1 });
    expect(analysis.windows.map((w) => [w.start, w.end])).toEqual([[at(1_600_000), at(2_000_000)]]);
    const clock = new DatasetClock(ds);
    for (const bytes of [encode(text), gzipBytes(encode(text))]) {
      for (const chunk of [13, 4096]) {
        const acc = createCoOccurrence(analysis.windows);
        await scanCoOccurrence(chunksOf(bytes, chunk), { fileIndex: 0, clockOf: (pid) => clock.tableFor(0, pid) }, acc);
        expect(finishCoOccurrence(acc), `chunks of ${chunk}`).toEqual([expected]);
      }
    }
  });
});
