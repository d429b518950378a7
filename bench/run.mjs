// `npm run bench`: throughput and peak RSS of `waitscope stats` on a 1 GiB 11.2 commit-loop trace,
// next to `grep -c` and an awk extraction of ela on the same file in the same run.
//
//   npm run bench                      (builds dist/ first, then runs this file)
//   WAITSCOPE_BENCH_DIR=/big/disk npm run bench
//
// The trace is cached in $WAITSCOPE_BENCH_DIR or ~/.cache/waitscope-bench (see generate-trace.mjs).
// A benchmark reports, it does not assert: missed targets print MISS and the exit status stays 0.
// The exit status is 1 only when the numbers cannot be trusted (a tool failed, or the counts disagree).
//
// Files: generate-trace.mjs makes/caches the input; measure.mjs times one child and reads its peak
// RSS; compare-bench.mjs times `waitscope compare --json` on the book's 40 files against `stats --json` on them
// (book-folders.mjs makes them); profile-parts.mjs splits a profile's pass into the parse, the hand-over
// of calls and WAITs, and the collector, and core-speeds.mjs times that pass pinned to each core, then on all at once; stats-bench.mjs times the statistics of `waitscope compare` (run last); this file
// warms the cache, runs every tool RUNS times (round-robin, so drift such as thermal or
// a noisy neighbour hits all tools alike) and prints the table and the targets.
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { cpus, release, totalmem } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { benchDir, ensureTrace } from './generate-trace.mjs';
import { findPython, measureOnce, median, requireTool, rssFloorBytes, warmPageCache } from './measure.mjs';
import { formatCompareBench, runCompareBench } from './compare-bench.mjs';
import { formatStatsBench, runStatsBench } from './stats-bench.mjs';
import { runScopeBench } from './scope-bench.mjs';
import { formatExportBench, runExportBench } from './export-bench.mjs';
import { formatProfileParts, runProfileParts } from './profile-parts.mjs';
import { formatCoreSpeeds, runCoreSpeeds } from './core-speeds.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
// Timed rounds (each tool once per round), 7 by default: this shared 2-core machine swings by up to
// 2x from minute to minute, and with 3 rounds one slow minute moved a median; BENCH_RUNS=N to change.
const RUNS = Math.max(1, Number(process.env.BENCH_RUNS) || 7);
const NEEDLE = "nam='log file sync'";
const MB = 1e6; // decimal megabytes throughout (MB/s and RSS), the stricter reading of "300 MB"
const TARGETS = { wsOverGrep: 2.0, awkOverWs: 3.0, rssBaseBytes: 300 * MB, rssBytesPerSample: 20, profileBytesPerSecond: 1e9 };

const sh = (cmd) => execFileSync('sh', ['-c', cmd], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }).trim();
const trySh = (cmd) => {
  try {
    return sh(cmd);
  } catch {
    return '?';
  }
};

function machineFacts(awkPath) {
  const cpuinfo = readFileSync('/proc/cpuinfo', 'utf8');
  const model = /^model name\s*:\s*(.+)$/m.exec(cpuinfo)?.[1] ?? cpus()[0]?.model ?? '?';
  const memAvailable = Number(/^MemAvailable:\s+(\d+) kB/m.exec(readFileSync('/proc/meminfo', 'utf8'))?.[1] ?? 0) * 1024;
  return {
    nproc: trySh('nproc'),
    node: process.version,
    cpu: model,
    memTotal: totalmem(),
    memAvailable,
    kernel: release(),
    grep: trySh('grep --version | head -n 1'),
    awk: `${awkPath} (${trySh('awk -W version 2>/dev/null | head -n 1') || trySh('awk --version | head -n 1')})`,
    python: findPython(),
  };
}

const fmt = (x, digits = 2) => (x === undefined || Number.isNaN(x) ? '-' : x.toFixed(digits));
function table(rows, rightAligned) {
  const widths = rows[0].map((_, c) => Math.max(...rows.map((r) => String(r[c]).length)));
  return rows
    .map((r, i) => {
      const line = r.map((cell, c) => (rightAligned[c] ? String(cell).padStart(widths[c]) : String(cell).padEnd(widths[c]))).join('  ');
      return i === 0 ? `${line}\n${widths.map((w) => '-'.repeat(w)).join('  ')}` : line;
    })
    .join('\n');
}

async function main() {
  findPython();
  requireTool('grep', "the baseline `grep -c`");
  const awkOnPath = requireTool('awk', 'the awk extraction baseline');
  const awkPath = trySh(`readlink -f "${awkOnPath}"`);
  const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
  const bin = join(root, typeof pkg.bin === 'string' ? pkg.bin : pkg.bin.waitscope);

  const facts = machineFacts(awkPath);
  console.log('waitscope benchmark');
  console.log(`  nproc ${facts.nproc}; node ${facts.node}; CPU ${facts.cpu}`);
  if (process.env.NODE_EXTRA_CA_CERTS) console.log(`  NODE_EXTRA_CA_CERTS=${process.env.NODE_EXTRA_CA_CERTS} (each plain \`node\` start parses it; the waitscope bin drops it before starting Node)`);
  console.log(`  memory ${fmt(facts.memTotal / 2 ** 30, 1)} GiB (available ${fmt(facts.memAvailable / 2 ** 30, 1)} GiB); kernel ${facts.kernel}`);
  console.log(`  ${facts.grep}; awk = ${facts.awk}`);
  console.log(`  peak RSS via getrusage(RUSAGE_CHILDREN) in ${facts.python}`);
  // A rejected or missing code cache (lib/node/code-cache.ts) costs every run ~10 ms of start-up.
  const cacheLine = trySh(`WAITSCOPE_TIMING=1 "${bin}" help 2>&1 >/dev/null | grep 'code cache'`);
  console.log(`  ${cacheLine.replace(/^timing: /, '')}`);

  const dir = benchDir();
  const trace = await ensureTrace({ dir, log: (s) => console.log(s) });
  const file = trace.path;

  if (facts.memAvailable > 0 && facts.memAvailable < trace.bytes * 1.5) {
    console.log(`warning: only ${fmt(facts.memAvailable / 2 ** 30, 1)} GiB available; the trace may not stay in the page cache`);
  }
  const warm = warmPageCache(file);
  console.log(`page cache: read the trace once (${fmt(warm.seconds)} s, ${fmt(warm.bytes / MB / warm.seconds, 0)} MB/s) so every tool reads the same cached file`);

  const awkProgram = `awk -F"ela= " '/nam=.log file sync./ { split($2, a, " "); print a[1] }' "$1" > /dev/null`;
  const binRel = typeof pkg.bin === 'string' ? pkg.bin : pkg.bin.waitscope;
  // grep's and waitscope's stdout go to a pipe read by the wrapper, not /dev/null: GNU grep with a
  // /dev/null stdout stops at the first match (see measure.mjs), and reading the few bytes lets every
  // run's count be checked. awk's 2 M output lines go to /dev/null inside `sh -c`.
  const tools = [
    { key: 'grep', label: 'grep -c', shown: `grep -c "${NEEDLE}" FILE | (pipe)`, argv: ['grep', '-c', NEEDLE, file], count: (out) => Number(out.trim()) },
    { key: 'awk', label: `awk ela (${awkPath.split('/').pop()})`, shown: `sh -c '${awkProgram.replace('"$1"', 'FILE')}'`, argv: ['sh', '-c', awkProgram, 'sh', file], stdout: 'devnull' },
    // The bin file is started directly, as a user or npx would: through its first lines (which drop
    // NODE_EXTRA_CA_CERTS, see bin/waitscope.mjs), not as `node bin/waitscope.mjs`.
    { key: 'ws', label: 'waitscope stats --json', shown: `${binRel} stats --json FILE | (pipe)`, argv: [bin, 'stats', '--json', file], count: (out) => JSON.parse(out).count },
    { key: 'ws1', label: 'waitscope … --workers 1', shown: `${binRel} stats --json --workers 1 FILE | (pipe)`, argv: [bin, 'stats', '--json', '--workers', '1', file], count: (out) => JSON.parse(out).count },
    // issue 14: the full response-time profile (every WAIT, call and cursor visited) of the same file.
    {
      key: 'prof',
      label: 'waitscope profile --json',
      shown: `${binRel} profile --json FILE | (pipe)`,
      argv: [bin, 'profile', '--json', file],
      count: (out) => JSON.parse(out).events.find((e) => e.event === 'log file sync').count,
    },
  ];
  console.log(`\nFILE = ${file} (${trace.bytes} bytes = ${fmt(trace.bytes / 2 ** 30, 3)} GiB)`);
  for (const t of tools) console.log(`  ${t.label.padEnd(24)} ${t.shown}`);

  // Round 0 is a warm-up (not in the statistics); rounds 1..RUNS are timed, round-robin.
  let trustworthy = true;
  const counts = new Map();
  const loadavg = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
  const loadBefore = loadavg();
  console.log(`\nruns (warm-up round 0, then ${RUNS} timed rounds, round-robin; load average before: ${loadBefore}):`);
  if (Number(loadBefore.split(' ')[0]) > 0.5) console.log('  note: the machine is not idle (load average > 0.5); other processes compete for the 2 cores and the numbers will be noisy');
  const results = Object.fromEntries(tools.map((t) => [t.key, []]));
  for (let round = 0; round <= RUNS; round++) {
    for (const t of tools) {
      let r;
      try {
        r = measureOnce(t.argv, { stdout: t.stdout ?? 'pipe' });
      } catch (error) {
        console.log(`  round ${round}  ${t.label}: FAILED: ${error.message}`);
        trustworthy = false;
        continue;
      }
      let note = '';
      if (t.count) {
        let c;
        try {
          c = t.count(r.stdout);
        } catch {
          c = NaN;
        }
        counts.set(t.key, c);
        if (c !== trace.logFileSyncWaits) {
          note = `  COUNT ${c} != generator's ${trace.logFileSyncWaits}`;
          trustworthy = false;
        }
      }
      if (round > 0) results[t.key].push(r);
      console.log(`  round ${round}${round === 0 ? ' (warm-up)' : '          '}  ${t.label.padEnd(24)} ${fmt(r.seconds, 3).padStart(8)} s  ${fmt(r.rssBytes / MB, 1).padStart(7)} MB peak RSS  ${fmt(r.cpuSeconds).padStart(6)} s CPU${note}`);
    }
  }
  const samples = counts.get('ws');
  console.log(`load average after: ${loadavg()}`);
  console.log(`counts: generator ${trace.logFileSyncWaits}, grep -c ${counts.get('grep')}, waitscope ${samples} 'log file sync' samples${trustworthy ? ' (all equal, every run)' : ' MISMATCH or failure: the timings may compare different work'}`);

  const summary = {};
  for (const t of tools) {
    const rs = results[t.key];
    if (rs.length === 0) continue;
    const times = rs.map((r) => r.seconds);
    summary[t.key] = {
      median: median(times),
      best: Math.min(...times),
      cpuMedian: median(rs.map((r) => r.cpuSeconds)),
      rssPeak: Math.max(...rs.map((r) => r.rssBytes)),
    };
  }
  const floor = rssFloorBytes();
  const rows = [['tool', 'median s', 'best s', 'MB/s', 'CPU s', 'peak RSS MB']];
  for (const t of tools) {
    const s = summary[t.key];
    if (!s) continue;
    rows.push([t.label, fmt(s.median, 3), fmt(s.best, 3), fmt(trace.bytes / MB / s.median, 0), fmt(s.cpuMedian), fmt(s.rssPeak / MB, 1)]);
  }
  console.log(`\n${table(rows, [false, true, true, true, true, true])}`);
  console.log(`MB/s = file bytes / median wall time; MB = 10^6 bytes; CPU s = median user+sys time; peak RSS = max over runs`);
  console.log(`(the RSS wrapper has a floor of ${fmt(floor / MB, 1)} MB: a command never reports less, see bench/measure.mjs)`);

  const { grep, awk, ws, ws1, prof } = summary;
  const verdict = (ok) => (ok === undefined ? 'n/a' : ok ? 'PASS' : 'MISS');
  const targets = [];
  if (ws && grep) {
    const ratio = ws.median / grep.median;
    targets.push([`waitscope / grep time`, `${fmt(ratio)} (best-of-${RUNS}: ${fmt(ws.best / grep.best)})`, `<= ${fmt(TARGETS.wsOverGrep, 1)}`, verdict(ratio <= TARGETS.wsOverGrep)]);
  }
  if (ws && awk) {
    const ratio = awk.median / ws.median;
    targets.push([`awk / waitscope time`, `${fmt(ratio)} (best-of-${RUNS}: ${fmt(awk.best / ws.best)})`, `>= ${fmt(TARGETS.awkOverWs, 1)}`, verdict(ratio >= TARGETS.awkOverWs)]);
  }
  const budget = TARGETS.rssBaseBytes + TARGETS.rssBytesPerSample * samples;
  if (ws) {
    targets.push([`waitscope peak RSS`, `${fmt(ws.rssPeak / MB, 1)} MB`, `< ${fmt(budget / MB, 1)} MB = 300 MB + 20 B x ${samples} samples`, verdict(ws.rssPeak < budget)]);
  }
  if (ws1) {
    targets.push([`(info) --workers 1`, `${fmt(trace.bytes / MB / ws1.median, 0)} MB/s single-thread, ${fmt(ws1.rssPeak / MB, 1)} MB peak RSS`, `-`, '']);
  }
  if (prof) {
    const rate = trace.bytes / prof.median;
    targets.push([`profile throughput`, `${fmt(rate / MB, 0)} MB/s, ${fmt(prof.rssPeak / MB, 1)} MB peak RSS`, `>= ${fmt(TARGETS.profileBytesPerSecond / MB, 0)} MB/s (issue 14)`, verdict(rate >= TARGETS.profileBytesPerSecond)]);
  }
  if (prof && ws) {
    // Not a target: the profile against `stats` in the same rounds, both on every core. On this shared
    // 2-core VM one core at times runs 1.5-1.8x slower for minutes, which moves both alike (a ratio of
    // 1.91-2.22 over nine runs of 2026-12-03), so this says more about the code than MB/s alone.
    targets.push([`(info) profile / stats`, `${fmt(prof.median / ws.median)} (best-of-${RUNS}: ${fmt(prof.best / ws.best)})`, `-`, '']);
  }
  console.log(`\ntargets (medians of ${RUNS} runs):\n${table([['target', 'measured', 'goal', 'result'], ...targets], [false, false, false, false])}`);
  const passed = targets.filter((t) => t[3] === 'PASS').length;
  const goals = targets.filter((t) => t[3] !== '').length;
  console.log(`\n${passed === goals ? `all ${goals} targets met` : `${goals - passed} of ${goals} targets missed or not measured`}${trustworthy ? '' : '; WARNING: counts disagree or a run failed, see above'}`);

  // The last run's numbers, for comparing before/after an optimisation without scrolling back.
  const record = { at: new Date().toISOString(), facts, file, bytes: trace.bytes, samples, grepCount: counts.get('grep'), generatorCount: trace.logFileSyncWaits, loadBefore, rssFloorBytes: floor, results: Object.fromEntries(Object.entries(results).map(([k, rs]) => [k, rs.map((r) => ({ seconds: r.seconds, rssBytes: r.rssBytes, cpuSeconds: r.cpuSeconds }))])), summary, targets };
  writeFileSync(join(dir, 'last-run.json'), `${JSON.stringify(record, null, 2)}\n`);
  console.log(`numbers saved to ${join(dir, 'last-run.json')}`);
  if (!trustworthy) process.exitCode = 1;

  // issue 14: the profile's pass in parts (parse, hand-over, collector), one thread, in the same minute.
  console.log('\nthe profile\'s pass in parts (bench/profile-parts.mjs):');
  console.log(formatProfileParts(await runProfileParts({ file }), { bytes: trace.bytes }));
  console.log('\nthe same pass pinned to each core, then on all at once (bench/core-speeds.mjs):');
  console.log(formatCoreSpeeds(await runCoreSpeeds({ file })));

  // issue 13: compare --json on the book's 40 files against stats --json over the same folders.
  console.log(`\n\`waitscope compare --json\` on the book's two full datasets (bench/compare-bench.mjs, ${RUNS} rounds):`);
  const book = runCompareBench({ bin, runs: RUNS, log: (s) => console.log(s) });
  if (!book.sameWaits) process.exitCode = 1;
  console.log(formatCompareBench(book));

  // issue 3 §6: the time to compute everything `waitscope compare` reports for 2 x 4,000,000 waits.
  console.log('\nstatistics of `waitscope compare` (bench/stats-bench.mjs):');
  console.log(formatStatsBench(await runStatsBench({ log: (s) => console.log(`  ${s}`) })));

  // issue 15: a window, a heat map and a group over 4,000,000 waits, beside one plain pass over them.
  console.log('\nscope and group (bench/scope-bench.mjs):');
  await runScopeBench({ log: (s) => console.log(`  ${s}`) });

  // issue 17 §2: export --format parquet of the same 1 GiB trace, beside the plain stats pass.
  console.log('\nParquet export (bench/export-bench.mjs):');
  console.log(formatExportBench(await runExportBench({ bin, runs: Math.min(RUNS, 3), log: (s) => console.log(`  ${s}`) })));
}

main().catch((error) => {
  console.error(`bench: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
});
