/**
 * bench/core-speeds.mjs: the profile's pass pinned to each core, on a small synthetic trace.
 */
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { formatCoreSpeeds, parseCpuList, runCoreSpeeds } from '../../bench/core-speeds.mjs';
import { runProfileParts } from '../../bench/profile-parts.mjs';
import { generateCommitLoop } from '@/lib/synth/commit-loop';

const dir = mkdtempSync(join(tmpdir(), 'waitscope-core-speeds-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function loopTrace(): string {
  const file = join(dir, 'loop.trc');
  writeFileSync(file, [...generateCommitLoop({ preset: 'flash-off', seed: 'core-speeds', commits: 800 })].join(''));
  return file;
}

/** taskset on PATH (util-linux, in every Debian): the precondition of the pinned runs, looked up without the module under test. */
const tasksetHere = (process.env.PATH ?? '').split(delimiter).some((d) => d !== '' && existsSync(join(d, 'taskset')));
if (!tasksetHere) console.log('core-speeds.test: taskset is not on PATH, so the pinned runs are not tested here (the "not measured" path is)');

describe('runProfileParts with one part and a prefix', () => {
  it('runs only the part asked for, under the command given, and refuses a part that does not exist', async () => {
    // `env X=1 node …`: the prefix is a command that runs the child, as taskset does.
    const result = await runProfileParts({ file: loopTrace(), mb: 1, rounds: 2, only: 'profile', prefix: ['env', 'WAITSCOPE_CORE_SPEEDS_TEST=1'] });
    expect(result.times.profile).toHaveLength(2);
    expect(result.times.parse).toEqual([]);
    expect(result.times.handOver).toEqual([]);
    // The prefix runs the child: one that fails makes the run fail.
    await expect(runProfileParts({ file: loopTrace(), mb: 1, rounds: 1, only: 'profile', prefix: ['false'] })).rejects.toThrow();
    await expect(runProfileParts({ file: loopTrace(), mb: 1, rounds: 1, only: 'collector' })).rejects.toThrow("no part 'collector'");
  }, 60_000);
});

describe('parseCpuList', () => {
  it('reads Linux CPU lists as /proc/self/status gives them', () => {
    expect(parseCpuList('0-1')).toEqual([0, 1]);
    expect(parseCpuList('3')).toEqual([3]);
    expect(parseCpuList('0-3,8,10-11')).toEqual([0, 1, 2, 3, 8, 10, 11]);
  });
});

describe('runCoreSpeeds', () => {
  it.runIf(tasksetHere)('pins each run to its core (the child reports its allowed cores), and a core that cannot be used is reported, not fatal', async () => {
    // Core 0 exists on every machine; core 4095 on none of these (taskset then fails for it alone).
    const speeds = await runCoreSpeeds({ file: loopTrace(), mb: 1, rounds: 2, cores: [0, 4095] });
    expect(speeds).not.toBeNull();
    const [zero, none] = speeds?.cores ?? [];
    expect(zero).toMatchObject({ core: 0, pinnedTo: '0', error: null });
    expect(zero?.medianMs).toBeGreaterThan(0);
    expect(none?.core).toBe(4095);
    expect(none?.error).toMatch(/taskset/);
    const printed = formatCoreSpeeds(speeds).split('\n');
    expect(printed[0]).toMatch(/^ {2}core 0: +\d+ ms per \d+ MiB \(\d+ MB\/s\), 1\.00x the fastest core's time$/);
    expect(printed[1]).toMatch(/^ {2}core 4095: not measured \(.*taskset.*\)$/);
    expect(printed[2]).toContain('median of 2 rounds');
    // One core measured: nothing to run at once.
    expect(speeds?.together).toBeNull();
  }, 120_000);

  it.runIf(tasksetHere)('runs the pass on every measured core at once, each child pinned to its core', async () => {
    // Core 0 twice: two children at once, both pinned there (every machine has a core 0).
    const speeds = await runCoreSpeeds({ file: loopTrace(), mb: 1, rounds: 2, cores: [0, 0] });
    const together = speeds?.together;
    expect(Array.isArray(together)).toBe(true);
    expect((together as { core: number; medianMs: number; pinnedTo: string }[]).map((t) => [t.core, t.pinnedTo])).toEqual([
      [0, '0'],
      [0, '0'],
    ]);
    for (const t of together as { medianMs: number }[]) expect(t.medianMs).toBeGreaterThan(0);
    expect(formatCoreSpeeds(speeds).split('\n')[2]).toMatch(/^ {2}all 2 at once: core 0 \d+ ms \(\d+\.\d\dx its time alone\), core 0 \d+ ms/);
  }, 120_000);

  it('says "not measured" where taskset does not run', async () => {
    const speeds = await runCoreSpeeds({ file: loopTrace(), taskset: 'waitscope-test-no-such-taskset' });
    expect(speeds).toBeNull();
    expect(formatCoreSpeeds(speeds)).toBe('  not measured: taskset (util-linux) is not installed');
  });

  it('prints a line per core with its time, speed and ratio to the fastest, and the cores left out', () => {
    const printed = formatCoreSpeeds({
      cores: [
        { core: 0, medianMs: 200, sampleBytes: 128 * 2 ** 20, pinnedTo: '0', error: null },
        { core: 1, medianMs: 100, sampleBytes: 128 * 2 ** 20, pinnedTo: '1', error: null },
      ],
      rounds: 3,
      notTimed: 6,
    });
    // 128 MiB = 134.2 MB; in 0.2 s 671 MB/s, in 0.1 s 1342 MB/s.
    expect(printed).toContain("core 0:   200 ms per 128 MiB (671 MB/s), 2.00x the fastest core's time");
    expect(printed).toContain("core 1:   100 ms per 128 MiB (1342 MB/s), 1.00x the fastest core's time");
    expect(printed).toContain('median of 3 rounds after a warm-up; 6 more cores not timed');
    // Without a run at once (a run before it was measured, or one core), no line for it.
    expect(printed.split('\n')).toHaveLength(3);
  });

  it("prints each core's time with the others running against its time alone", () => {
    const cores = [
      { core: 0, medianMs: 200, sampleBytes: 128 * 2 ** 20, pinnedTo: '0', error: null },
      { core: 1, medianMs: 100, sampleBytes: 128 * 2 ** 20, pinnedTo: '1', error: null },
    ];
    const printed = formatCoreSpeeds({ cores, together: [{ core: 0, medianMs: 220, pinnedTo: '0' }, { core: 1, medianMs: 160, pinnedTo: '1' }], rounds: 3, notTimed: 0 }).split('\n');
    // 220 / 200 and 160 / 100.
    expect(printed[2]).toBe('  all 2 at once: core 0 220 ms (1.10x its time alone), core 1 160 ms (1.60x its time alone); waitscope profile runs a thread on each core at once');
    expect(formatCoreSpeeds({ cores, together: { error: 'Command failed: taskset' }, rounds: 3, notTimed: 0 }).split('\n')[2]).toBe('  all at once: not measured (Command failed: taskset)');
  });
});
