// The parallel path: a plain trace of at least 64 MiB (SPLIT_BYTES in lib/node/parse-files.ts) is
// cut into one byte range per worker and the range scans are merged. The result must be exactly
// that of one sequential pass (--workers 1), and its count must equal grep's.
import { execFile } from 'node:child_process';
import { closeSync, openSync, statSync, writeSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateCommitLoop } from '../../lib/synth/commit-loop';
import { sampleWaits } from '../../lib/synth/wait-model';
import { makeTempDir, parseJsonOutput, runCli } from '../helpers/cli';

const SPLIT_BYTES = 64 << 20;
// About 530 bytes per commit (EXEC, XCTEND and three WAIT lines), so 140,000 commits are ~71 MiB.
const COMMITS = 140_000;

const temp = makeTempDir('cli-parallel');
const file = path.join(temp.dir, 'commit-loop-big.trc');
// The same trace cut in front of its first `***` line, like a trace truncated from the shell (SOURCES.md #6): no banner.
const noBanner = path.join(temp.dir, 'commit-loop-big-no-banner.trc');
afterAll(() => temp.remove());

beforeAll(() => {
  const fd = openSync(file, 'w');
  const fdNoBanner = openSync(noBanner, 'w');
  try {
    let first = true;
    for (const chunk of generateCommitLoop({ preset: 'flash-off', seed: 'cli-parallel', commits: COMMITS })) {
      writeSync(fd, chunk);
      writeSync(fdNoBanner, first ? chunk.slice(chunk.indexOf('\n*** ') + 1) : chunk);
      first = false;
    }
  } finally {
    closeSync(fd);
    closeSync(fdNoBanner);
  }
});

function grepCount(pattern: string, target: string): Promise<number> {
  return new Promise((resolve, reject) => {
    execFile('grep', ['-c', pattern, target], (error, stdout) => {
      if (error && error.code !== 1) return reject(error); // 1 = no match, still a count
      resolve(Number(stdout.trim()));
    });
  });
}

describe('a trace large enough to be split across workers', () => {
  it('is larger than the split threshold', () => {
    expect(statSync(file).size).toBeGreaterThan(SPLIT_BYTES);
    expect(statSync(noBanner).size).toBeGreaterThan(SPLIT_BYTES);
  });

  it('gives exactly the same stats --json with 2 workers as with 1, and grep’s count', async () => {
    const [one, two, grep] = await Promise.all([
      runCli(['stats', '--json', '--workers', '1', file]),
      runCli(['stats', '--json', '--workers', '2', file]),
      grepCount("nam='log file sync'", file),
    ]);
    expect(one.status).toBe(0);
    expect(two.status).toBe(0);
    expect(one.stderr).toBe('');
    expect(two.stderr).toBe('');
    const a = parseJsonOutput<{ count: number; sum: number; min: number; max: number; median: number }>(one);
    const b = parseJsonOutput(two);
    expect(b).toEqual(a);
    // One log file sync per commit (lib/synth/commit-loop.ts), counted by grep, not by waitscope.
    expect(grep).toBe(COMMITS);
    expect(a.count).toBe(grep);
    // The generator's ground truth: its i-th log file sync has ela sampleWaits(…)[i] (commit-loop.ts).
    const truth = sampleWaits('flash-off', COMMITS, 'cli-parallel').sort();
    const n = truth.length;
    expect(a).toMatchObject({
      sum: truth.reduce((t, x) => t + x, 0),
      min: truth[0],
      max: truth[n - 1],
      median: ((truth[n / 2 - 1] as number) + (truth[n / 2] as number)) / 2, // n is even
    });
  });

  it('gives the same profile with 2 workers as with 1', async () => {
    const [one, two] = await Promise.all([runCli(['profile', '--json', '--workers', '1', file]), runCli(['profile', '--json', '--workers', '2', file])]);
    expect(two.status).toBe(0);
    expect(parseJsonOutput(two)).toEqual(parseJsonOutput(one));
  });

  it('gives the same stats --json with 2 workers as with 1 when the trace has no banner', async () => {
    const [one, two] = await Promise.all([runCli(['stats', '--json', '--workers', '1', noBanner]), runCli(['stats', '--json', '--workers', '2', noBanner])]);
    expect(one.status).toBe(0);
    expect(two.status).toBe(0);
    const a = parseJsonOutput<{ count: number; files: { elaUnitAssumed: boolean; warnings: { code: string; count: number }[] }[] }>(one);
    expect(a.count).toBe(COMMITS);
    expect(a.files[0]?.elaUnitAssumed).toBe(true);
    // One file, one unknown release: the unit-assumed warning is given once.
    expect(a.files[0]?.warnings.map((w) => [w.code, w.count])).toEqual([['unit-assumed', 1]]);
    expect(parseJsonOutput(two)).toEqual(a);
    expect(two.stderr).toBe(one.stderr);
  });
});
