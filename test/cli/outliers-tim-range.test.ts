// A WAIT line whose tim has 20 digits made `outliers` exit 70 with "RangeError: Invalid time
// value" and a stack (issue 12). Now that wait has no wall-clock time and a named warning says so.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { makeTempDir, parseJsonOutput, runCli } from '../helpers/cli';

const temp = makeTempDir('tim-range');
afterAll(() => temp.remove());
const lfs = (ela: number, tim: string) => `WAIT #0: nam='log file sync' ela= ${ela} buffer#=1 sync scn=1 p3=0 obj#=-1 tim=${tim}`;
// Lines: 1 banner, 2 Version, 3 blank, 4 stamp, 5 anchor wait, 6 the 20-digit tim, 7 one second later.
const text = [
  'Oracle Database 19c Enterprise Edition Release 19.0.0.0.0 - Production',
  'Version 19.12.0.0.0',
  '',
  '*** 2019-07-09T09:57:07.703476-07:00',
  lfs(900, '5000'),
  lfs(800, '123456789012345678901'),
  lfs(700, '1005000'),
  '',
].join('\n');
const file = path.join(temp.dir, 'big-tim.trc');
writeFileSync(file, text);

describe('outliers with a tim out of range', () => {
  it('text: exit 0, one warning naming file and line, the wait shown without a time', async () => {
    const run = await runCli(['outliers', '--context', '2', file]);
    expect(run.status, run.stderr).toBe(0);
    expect(run.stderr).not.toMatch(/RangeError|Invalid time value|\n\s+at /);
    expect(run.stderr).toMatch(/^warning: 1 wait has a tim out of range .*big-tim\.trc:6$/m);
    expect(run.stdout).toMatch(/^2 +800 +\(tim out of range\) .*big-tim\.trc +6 /m);
    expect(run.stdout).toMatch(/^1 +900 +2019-07-09T09:57:07\.703476-07:00 /m);
  });

  it('--json: the warning by code, the wait of kind none', async () => {
    const run = await runCli(['outliers', '--json', file]);
    expect(run.status, run.stderr).toBe(0);
    const json = parseJsonOutput<{ warnings: { code: string; count: number }[]; top: { rows: { line: number; time: { kind: string; iso: string | null } }[] } }>(run);
    expect(json.warnings.map((w) => [w.code, w.count])).toEqual([['tim-out-of-range', 1]]);
    expect(json.top.rows.map((r) => [r.line, r.time.kind, r.time.iso])).toEqual([
      [5, 'utc', '2019-07-09T09:57:07.703476-07:00'],
      [6, 'none', null],
      [7, 'utc', '2019-07-09T09:57:08.703476-07:00'],
    ]);
  });
});
