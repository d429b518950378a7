// The profile's pass pinned to each core in turn (taskset), in the same minute as the benchmark.
//
// Why: on this 2-core VM one core ran the profile's in-process pass up to twice as slowly as the
// other for minutes at a time, while a loop of register arithmetic ran alike on both (2026-12-04,
// `taskset -c 0` against `-c 1`: 190-276 against 140-146 ms per 128 MiB; a spin loop 1.73 against
// 1.75 s). The CLI's two threads land on both cores, so a slow core alone can move `waitscope
// profile` across the 1 GB/s target of issue 14. This says which minute the target was measured in.
import { execFileSync } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { runProfileParts } from './profile-parts.mjs';

/** Whether taskset (util-linux) can pin a process here. */
export function hasTaskset() {
  try {
    execFileSync('taskset', ['-c', '0', 'true'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/** Per core: the median ms of the profile's pass over the first `mb` MiB, pinned there; null without taskset. */
export async function runCoreSpeeds({ file, mb = 128, rounds = 3 }) {
  if (!hasTaskset()) return null;
  const cores = [];
  for (let core = 0; core < availableParallelism(); core++) {
    const r = await runProfileParts({ file, mb, rounds, only: 'profile', prefix: ['taskset', '-c', String(core)] });
    const times = [...r.times.profile].sort((a, b) => a - b);
    cores.push({ core, medianMs: times[times.length >> 1], sampleBytes: r.sampleBytes });
  }
  return cores;
}

export function formatCoreSpeeds(cores) {
  if (cores === null) return '  not measured: taskset (util-linux) is not installed';
  const fastest = Math.min(...cores.map((c) => c.medianMs));
  const lines = cores.map((c) => `  core ${c.core}: ${c.medianMs.toFixed(0).padStart(5)} ms per ${(c.sampleBytes / 2 ** 20).toFixed(0)} MiB (${((c.sampleBytes / 1e6 / c.medianMs) * 1000).toFixed(0)} MB/s), ${(c.medianMs / fastest).toFixed(2)}x the fastest core's time`);
  return [...lines, '  (info) the profile\'s in-process pass on one thread pinned to each core, median of 3 rounds after a warm-up; the CLI runs a thread on each'].join('\n');
}
