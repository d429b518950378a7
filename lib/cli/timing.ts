/**
 * Phase timings on stderr when WAITSCOPE_TIMING=1: where a run's wall time goes (start-up,
 * parsing, merging, statistics, output). For the benchmark and for anyone asking "why slow?".
 */
const enabled = process.env.WAITSCOPE_TIMING === '1';
let last = performance.now();

export function mark(phase: string): void {
  if (!enabled) return;
  const now = performance.now();
  process.stderr.write(`timing: ${phase.padEnd(12)} ${(now - last).toFixed(0).padStart(6)} ms  (at ${now.toFixed(0)} ms since start)\n`);
  last = now;
}
