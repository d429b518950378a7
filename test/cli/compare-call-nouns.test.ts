// compare of a call measure between two single-session traces resamples single calls, and says so in
// calls, not waits (the review saw "bootstrap of single waits" under `compare --commit`).
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { makeTempDir, runCli } from '../helpers/cli';

const temp = makeTempDir('compare-call-nouns');
afterAll(() => temp.remove());

/** One session of 12 EXEC calls of e = k·step µs, k = 1..12. */
function callsFile(name: string, step: number): string {
  const calls = Array.from({ length: 12 }, (_, i) => `EXEC #1:c=0,e=${step * (i + 1)},p=0,cr=0,cu=0,mis=0,r=0,dep=0,og=1,plh=0,tim=${1000 * (i + 1)}`);
  const file = path.join(temp.dir, name);
  writeFileSync(file, ['Oracle Database 19c Enterprise Edition Release 19.0.0.0.0 - Production', 'Version 19.12.0.0.0', '', '*** SESSION ID:(1.1) 2024-01-01T10:00:00.000000+00:00', ...calls, ''].join('\n'));
  return file;
}

describe('compare --call between two single-session traces', () => {
  it('names the values calls in the resampling, the verdicts and the warning', async () => {
    const run = await runCli(['compare', '--call', 'EXEC', '--labels', 'slow,fast', callsFile('slow.trc', 200), '--vs', callsFile('fast.trc', 100)]);
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout).toContain('single calls resampled (Poisson bootstrap');
    expect(run.stdout).toMatch(/^ {2}mean .*bootstrap of single calls\)$/m);
    expect(run.stdout).toContain('The bootstrap resampled single calls, not sessions');
    expect(run.stdout).not.toMatch(/single waits/);
  });
});
