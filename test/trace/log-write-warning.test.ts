// LGWR log write warnings (issue 16 §1, §5, §6) as samples of the pseudo-event
// 'LGWR log write warning': ela = the written ms × 1000, time = the preceding *** stamp.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseTrace } from '../../lib/trace/parse-trace';
import { LOG_WRITE_WARNING } from '../../lib/trace/log-write-warning';
import { DatasetClock } from '../../lib/outliers/wall-clock';
import { combineFiles } from '../../lib/trace/dataset';
import { chunksOf } from '../helpers/chunks';
import { CORPUS_DIR, corpusAvailable, reportCorpusMissing } from '../helpers/corpus';

const LGWR_FILE = path.join(CORPUS_DIR, 'jkstill_lgwr-trace-parse__oravm1_lgwr_495_NON10046.trc');
reportCorpusMissing('log-write-warning.test.ts');

async function parse(text: string | Uint8Array, options: { event?: string; noKernel?: boolean; chunk?: number } = {}) {
  const bytes = typeof text === 'string' ? new TextEncoder().encode(text) : text;
  return parseTrace(chunksOf(bytes, options.chunk ?? bytes.length), { fileName: 'x_lgwr_1.trc', event: options.event ?? LOG_WRITE_WARNING, ...(options.noKernel && { noKernel: true }) } as never);
}

const HEAD_11G = 'Trace file /u01/diag/rdbms/db/DB1/trace/DB1_lgwr_7.trc\nOracle Database 11g Enterprise Edition Release 11.2.0.4.0 - 64bit Production\nUnix process pid: 7, image: oracle@h (LGWR)\n\n';

describe.skipIf(!corpusAvailable)('the real 11.2.0.2 LGWR trace', () => {
  it('counts every warning line, with sum and max from the written ms', async () => {
    const text = readFileSync(LGWR_FILE, 'latin1');
    // Independent count: every line of the form, its ms read by a plain split.
    const ms = text.split('\n').filter((l) => l.startsWith('Warning: log write elapsed time ')).map((l) => Number(l.split(' ')[5]?.replace('ms,', '')));
    expect(ms.length).toBe(29);
    const r = await parse(readFileSync(LGWR_FILE));
    expect(r.outcome.kind).toBe('parsed');
    expect(r.samples.count).toBe(ms.length);
    const ela = Array.from(r.samples.ela);
    expect(ela.reduce((a, b) => a + b, 0)).toBe(ms.reduce((a, b) => a + b, 0) * 1000);
    expect(Math.max(...ela)).toBe(Math.max(...ms) * 1000);
    expect(r.warnings.filter((w) => w.code === 'unrecognised-line')).toEqual([]);
  });

  it('is no longer "not a trace": for log file sync it names the event it has', async () => {
    const r = await parse(readFileSync(LGWR_FILE), { event: 'log file sync' });
    expect(r.outcome).toEqual({ kind: 'no-event', event: 'log file sync', eventsPresent: [LOG_WRITE_WARNING] });
  });
});

describe('log write warnings', () => {
  const text = `${HEAD_11G}*** 2015-02-06 20:01:26.330\nWarning: log write elapsed time 740ms, size 0KB\n\n*** 2015-02-07 16:24:54.997\nWarning: log write time 511ms, size 3KB\n`;

  it('reads both forms, and places each at its stamp', async () => {
    for (const noKernel of [false, true]) {
      const r = await parse(text, { noKernel, chunk: 17 });
      expect(Array.from(r.samples.ela)).toEqual([740_000, 511_000]);
      expect(Array.from(r.samples.line)).toEqual([6, 9]);
      const clock = new DatasetClock(combineFiles(LOG_WRITE_WARNING, [r]));
      expect([clock.timeOf(0).iso, clock.timeOf(1).iso]).toEqual(['2015-02-06T20:01:26.330000', '2015-02-07T16:24:54.997000']);
    }
  });

  it('takes a real tim where a WAIT anchored the stamp, and no time without a stamp', async () => {
    const mixed = `${HEAD_11G}Warning: log write elapsed time 600ms, size 1KB\n*** 2015-02-06 20:01:26.330\nWAIT #0: nam='log file parallel write' ela= 500 files=1 blocks=2 requests=1 obj#=-1 tim=1000000\nWarning: log write elapsed time 900ms, size 2KB\n`;
    const r = await parse(mixed);
    expect(Array.from(r.samples.ela)).toEqual([600_000, 900_000]);
    expect(Number.isNaN(r.samples.tim[0])).toBe(true);
    expect(r.samples.tim[1]).toBe(1_000_000);
  });

  it('waits for the stamp\'s first WAIT tim when the warning comes between them', async () => {
    // A WAIT with tim earlier, then a stamp, the warning, and the WAIT that gives the stamp its tim (1,000,000):
    // the warning is at the stamp, so at that tim.
    const text = `${HEAD_11G}WAIT #0: nam='log file parallel write' ela= 400 files=1 blocks=2 requests=1 obj#=-1 tim=500000\n*** 2015-02-06 20:01:26.330\nWarning: log write elapsed time 700ms, size 1KB\nWAIT #0: nam='log file parallel write' ela= 500 files=1 blocks=2 requests=1 obj#=-1 tim=1000000\n`;
    for (const noKernel of [false, true]) {
      const r = await parse(text, { noKernel, chunk: 11 });
      expect(Array.from(r.samples.tim)).toEqual([1_000_000]);
      const clock = new DatasetClock(combineFiles(LOG_WRITE_WARNING, [r]));
      expect(clock.timeOf(0).iso).toBe('2015-02-06T20:01:26.330000');
    }
  });

  it('leaves other Warning lines to the unrecognised-line warning', async () => {
    const r = await parse(`${HEAD_11G}*** 2015-02-06 20:01:26.330\nWarning: log write broadcast wait time 1850ms (SCN 0xad1.9e2386e6)\nWarning: log write elapsed time 740ms, size 0KB\n`);
    expect(r.samples.count).toBe(1);
    expect(r.warnings.find((w) => w.code === 'unrecognised-line')?.lines).toEqual([6]);
  });
});
