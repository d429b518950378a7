// The statistics half of `waitscope compare` on the book's scale (issue 3 §6): 2 × 4,000,000 waits,
// 20 sessions each, drawn exactly as `waitscope synth` draws them (same per-session seeds and pinning),
// then `buildReport` as `waitscope compare` and the page call it: each dataset's Sample built once, compare()
// with its default bootstrap (whole sessions, since both sides have 20) plus every distribution of both
// datasets. Goal: under 2 s.
//
//   node bench/stats-bench.mjs        (standalone; `npm run bench` runs it at the end)
//
// Parsing is not in this number (the trace benchmark in run.mjs measures it). Like generate-trace.mjs,
// lib/ is TypeScript: scripts/import-ts.mjs bundles what we need in memory.
// Per-part times come from the report's own onPhase callback, so the parts add up to the total.
import { importTs } from '../scripts/import-ts.mjs';
import { pathToFileURL } from 'node:url';

export const STATS_BENCH = { sessions: 20, commitsPerSession: 200_000, runs: 3, goalSeconds: 2, seed: 1 };

async function loadLib() {
  const source = [
    `export { sampleWaits } from './lib/synth/wait-model';`,
    `export { sessionSeed, pinsExtremes } from './lib/cli/synth-command';`,
    `export { buildReport } from './lib/report/build-report';`,
  ].join('\n');
  return (await importTs(source, { platform: 'node' })).module;
}

/** One preset's dataset as `waitscope synth --preset P` would write it with the default seed, plus session ids. */
function draw(lib, preset) {
  const { sessions, commitsPerSession: n, seed } = STATS_BENCH;
  const values = new Float64Array(sessions * n);
  const ids = new Uint32Array(sessions * n);
  for (let i = 0; i < sessions; i++) {
    values.set(lib.sampleWaits(preset, n, lib.sessionSeed(preset, seed, i), { pinExtremes: lib.pinsExtremes(i) }), i * n);
    ids.fill(i, i * n, (i + 1) * n);
  }
  return { id: preset, label: preset, source: 'synthetic', values, sessions: ids, files: [] };
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};

/** Runs the benchmark; returns { total, parts, runs, pass, lines } (times in ms, medians of `runs`). */
export async function runStatsBench({ log = () => {} } = {}) {
  const lib = await loadLib();
  const t0 = performance.now();
  const a = draw(lib, 'flash-on');
  const b = draw(lib, 'flash-off');
  log(`stats: drew 2 x ${a.values.length.toLocaleString('en-US')} waits (${STATS_BENCH.sessions} sessions each) in ${((performance.now() - t0) / 1000).toFixed(1)} s`);

  const totals = [];
  const partRuns = [];
  let report;
  for (let run = 0; run < STATS_BENCH.runs; run++) {
    const parts = new Map();
    let last = performance.now();
    const start = last;
    report = lib.buildReport([a, b], {
      event: 'log file sync',
      baseline: 1,
      generatorVersion: 'bench',
      createdAt: new Date(0).toISOString(),
      onPhase: (phase) => {
        const now = performance.now();
        parts.set(phase, (parts.get(phase) ?? 0) + (now - last)); // distributions report once per dataset: summed
        last = now;
      },
    });
    const total = performance.now() - start;
    totals.push(total);
    partRuns.push(parts);
    log(`stats: run ${run + 1}  ${total.toFixed(0).padStart(6)} ms  (${[...parts].map(([k, v]) => `${k} ${v.toFixed(0)}`).join(', ')})`);
  }
  const total = median(totals);
  const parts = Object.fromEntries([...partRuns[0].keys()].map((k) => [k, median(partRuns.map((p) => p.get(k) ?? 0))]));
  const bs = report.comparisons[0].bootstrap;
  return {
    total,
    /** The first run alone: a cold JIT, as in one `waitscope compare` process. */
    firstRun: totals[0],
    parts,
    runs: STATS_BENCH.runs,
    samples: a.values.length + b.values.length,
    bootstrap: bs && { method: bs.method, replicates: bs.replicates, sessions: bs.sessionCounts },
    pass: total < STATS_BENCH.goalSeconds * 1000,
  };
}

/** The result as the lines `npm run bench` and the standalone run print. */
export function formatStatsBench(r) {
  const width = Math.max(...Object.keys(r.parts).map((k) => k.length));
  const bs = r.bootstrap ? `${r.bootstrap.method} bootstrap, ${r.bootstrap.replicates} replicates${r.bootstrap.sessions ? `, ${r.bootstrap.sessions.a} + ${r.bootstrap.sessions.b} sessions` : ''}` : 'no bootstrap';
  return [
    `compare statistics on 2 x ${(r.samples / 2).toLocaleString('en-US')} waits (median of ${r.runs} runs; ${bs}; both datasets' distributions):`,
    ...Object.entries(r.parts).map(([k, v]) => `  ${k.padEnd(width)}  ${v.toFixed(0).padStart(6)} ms`),
    `  ${'total'.padEnd(width)}  ${r.total.toFixed(0).padStart(6)} ms   goal < ${STATS_BENCH.goalSeconds * 1000} ms  ${r.pass ? 'PASS' : 'MISS'}`,
    `  (info) first run, cold JIT as in one CLI process: ${r.firstRun.toFixed(0)} ms`,
  ].join('\n');
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  runStatsBench({ log: (s) => console.log(s) })
    .then((r) => console.log(`\n${formatStatsBench(r)}`))
    .catch((error) => {
      console.error(`stats bench: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
      process.exitCode = 1;
    });
}
