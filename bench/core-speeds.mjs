// The profile's in-process pass pinned to each core in turn (taskset), in the same minute as the
// rest of the benchmark.
//
// Why: on this 2-core VM one core ran the pass up to twice as slowly as the other for minutes at a
// time, while a loop of register arithmetic ran alike on both (2026-12-04, `taskset -c 0` against
// `-c 1`: 190-276 against 140-146 ms per 128 MiB; a spin loop 1.73 s on both; an hour later the
// other core was the slower one). `waitscope profile` runs a thread per core, unpinned, so a slow
// core alone can move it across the 1 GB/s target of issue 14; this tells a slow minute from a
// slower build. taskset pins the whole child, V8's compiler and GC threads too: the times compare
// cores with each other, not with the unpinned parts (profile-parts.mjs).
import { execFileSync } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { median } from './measure.mjs';
import { cpusAllowed, runProfileParts } from './profile-parts.mjs';

/** At most this many cores are timed (a few seconds each); the output says how many were left out. */
const MAX_CORES = 8;

/** The core numbers of a Linux CPU list such as `0-3,8,10-11`. */
export function parseCpuList(list) {
  return list.split(',').flatMap((part) => {
    const [from, to = from] = part.split('-').map(Number);
    return Array.from({ length: to - from + 1 }, (_, i) => from + i);
  });
}

/** The cores this process may run on (a container may allow others than 0 … n − 1), else 0 … n − 1. */
export function coresToTime() {
  const list = cpusAllowed();
  return list ? parseCpuList(list) : [...Array(availableParallelism()).keys()];
}

/** Whether `command` (taskset, from util-linux) runs here: asked for this process's affinity, which changes nothing. */
export function hasTaskset(command = 'taskset') {
  try {
    execFileSync(command, ['-p', String(process.pid)], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/**
 * Per core: the median ms of the profile's pass over the first `mb` MiB, pinned there, and the
 * cores the pinned child says it was allowed (Cpus_allowed_list); a core whose run failed has its
 * reason instead. Null without taskset.
 */
export async function runCoreSpeeds({ file, mb = 128, rounds = 3, taskset = 'taskset', cores = coresToTime() }) {
  if (!hasTaskset(taskset)) return null;
  const timed = cores.slice(0, MAX_CORES);
  const results = [];
  for (const core of timed) {
    try {
      const r = await runProfileParts({ file, mb, rounds, only: 'profile', prefix: [taskset, '-c', String(core)] });
      results.push({ core, medianMs: median(r.times.profile), sampleBytes: r.sampleBytes, pinnedTo: r.cpusAllowed, error: null });
    } catch (error) {
      const message = (error instanceof Error ? error.message : String(error)).split('\n')[0];
      results.push({ core, medianMs: NaN, sampleBytes: 0, pinnedTo: null, error: message });
    }
  }
  return { cores: results, together: await runTogether({ file, mb, rounds, taskset, cores: results.filter((c) => c.error === null).map((c) => c.core) }), rounds, notTimed: cores.length - timed.length };
}

/**
 * The same pass on every measured core at once, each child pinned to its core: null with fewer than
 * two. Why: `waitscope profile` runs a thread on each core at once, and in one minute of this VM
 * each core alone ran the pass at its usual speed (1,037 and 1,049 MB/s) and mawk ran 1.08x its
 * usual time, while the two-thread profile took 1.6x its usual CPU time (2.57 s against 1.56 s;
 * 2026-12-04, 23:15 and 23:45 UTC): cores that slow each other show only when both run.
 */
async function runTogether({ file, mb, rounds, taskset, cores }) {
  if (cores.length < 2) return null;
  try {
    const runs = await Promise.all(cores.map((core) => runProfileParts({ file, mb, rounds, only: 'profile', prefix: [taskset, '-c', String(core)] })));
    return runs.map((r, i) => ({ core: cores[i], medianMs: median(r.times.profile), pinnedTo: r.cpusAllowed }));
  } catch (error) {
    return { error: (error instanceof Error ? error.message : String(error)).split('\n')[0] };
  }
}

export function formatCoreSpeeds(speeds) {
  if (speeds === null) return '  not measured: taskset (util-linux) is not installed';
  const measured = speeds.cores.filter((c) => c.error === null);
  const fastest = Math.min(...measured.map((c) => c.medianMs));
  const lines = speeds.cores.map((c) =>
    c.error !== null
      ? `  core ${c.core}: not measured (${c.error})`
      : `  core ${c.core}: ${c.medianMs.toFixed(0).padStart(5)} ms per ${(c.sampleBytes / 2 ** 20).toFixed(0)} MiB (${((c.sampleBytes / 1e6 / c.medianMs) * 1000).toFixed(0)} MB/s), ${(c.medianMs / fastest).toFixed(2)}x the fastest core's time`,
  );
  const left = speeds.notTimed > 0 ? `; ${speeds.notTimed} more cores not timed` : '';
  return [...lines, ...togetherLines(speeds), `  (info) the profile's in-process pass on one thread pinned to each core (with V8's own threads), median of ${speeds.rounds} rounds after a warm-up${left}`].join('\n');
}

/** The cores at once, each against its own time alone (above it). */
function togetherLines(speeds) {
  const together = speeds.together ?? null;
  if (together === null) return [];
  if (!Array.isArray(together)) return [`  all at once: not measured (${together.error})`];
  const alone = new Map(speeds.cores.map((c) => [c.core, c.medianMs]));
  const each = together.map((t) => `core ${t.core} ${t.medianMs.toFixed(0)} ms (${(t.medianMs / alone.get(t.core)).toFixed(2)}x its time alone)`);
  return [`  all ${together.length} at once: ${each.join(', ')}; waitscope profile runs a thread on each core at once`];
}
