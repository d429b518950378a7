/**
 * bench/core-speeds.mjs: the profile's pass pinned to each core, on a small synthetic trace.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { formatCoreSpeeds, hasTaskset, runCoreSpeeds } from '../../bench/core-speeds.mjs';
import { runProfileParts } from '../../bench/profile-parts.mjs';
import { generateCommitLoop } from '@/lib/synth/commit-loop';

const dir = mkdtempSync(join(tmpdir(), 'waitscope-core-speeds-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function loopTrace(): string {
  const file = join(dir, 'loop.trc');
  writeFileSync(file, [...generateCommitLoop({ preset: 'flash-off', seed: 'core-speeds', commits: 800 })].join(''));
  return file;
}

/** Whether taskset runs here, asked without the module under test. */
function tasksetRuns(): boolean {
  try {
    execFileSync('taskset', ['-c', '0', 'true'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

describe('runProfileParts with one part and a prefix', () => {
  it('runs only the part asked for, under the command given', async () => {
    // `env X=1 node …`: the prefix is a command that runs the child, as taskset does.
    const result = await runProfileParts({ file: loopTrace(), mb: 1, rounds: 2, only: 'profile', prefix: ['env', 'WAITSCOPE_CORE_SPEEDS_TEST=1'] });
    expect(result.times.profile).toHaveLength(2);
    expect(result.times.parse).toEqual([]);
    expect(result.times.handOver).toEqual([]);
    // The prefix runs the child: one that fails makes the run fail.
    await expect(runProfileParts({ file: loopTrace(), mb: 1, rounds: 1, only: 'profile', prefix: ['false'] })).rejects.toThrow();
  }, 60_000);
});

describe('runCoreSpeeds', () => {
  it('times the pass on every core when taskset runs, and says it was not measured when it does not', async () => {
    expect(hasTaskset()).toBe(tasksetRuns());
    const cores = await runCoreSpeeds({ file: loopTrace(), mb: 1, rounds: 2 });
    if (!tasksetRuns()) {
      expect(cores).toBeNull();
      expect(formatCoreSpeeds(cores)).toContain('not measured: taskset');
      return;
    }
    expect(cores?.map((c) => c.core)).toEqual([...Array(availableParallelism()).keys()]);
    for (const c of cores ?? []) expect(c.medianMs).toBeGreaterThan(0);
    const printed = formatCoreSpeeds(cores).split('\n');
    expect(printed).toHaveLength(availableParallelism() + 1);
    // The fastest core is 1.00x itself; no core is faster than the fastest.
    expect(printed.filter((l) => l.includes(", 1.00x the fastest core's time")).length).toBeGreaterThanOrEqual(1);
    for (const line of printed.slice(0, -1)) expect(Number(/, (\d+\.\d\d)x the fastest/.exec(line)?.[1])).toBeGreaterThanOrEqual(1);
  }, 120_000);

  it('prints a line per core with its time, speed and ratio to the fastest', () => {
    const printed = formatCoreSpeeds([
      { core: 0, medianMs: 200, sampleBytes: 128 * 2 ** 20 },
      { core: 1, medianMs: 100, sampleBytes: 128 * 2 ** 20 },
    ]);
    // 128 MiB = 134.2 MB; in 0.2 s 671 MB/s, in 0.1 s 1342 MB/s.
    expect(printed).toContain('core 0:   200 ms per 128 MiB (671 MB/s), 2.00x the fastest core\'s time');
    expect(printed).toContain('core 1:   100 ms per 128 MiB (1342 MB/s), 1.00x the fastest core\'s time');
  });
});
