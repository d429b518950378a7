// In-process A/B of the trace scanner (line kernel + scanner JavaScript) on the first MB MiB of
// the benchmark trace: the scanner of each tree given (this checkout by default, and for example
// an older commit unpacked with `git archive REV | tar -x -C /tmp/old` and
// `ln -s $PWD/node_modules /tmp/old/`) runs on the same bytes, in alternation, REPS times. On a shared 2-core machine the wall time of whole CLI runs varies by
// ±50 % with the neighbours' load; rounds this short, alternated, and their best times and
// per-round ratios compare two kernels to a few percent.
//
//   node bench/scanner-ab.mjs [TREE...]          (MB=256 REPS=12 by default; KEEP=counts as `stats` parses)
//   node bench/scanner-ab.mjs /tmp/old .
import { closeSync, openSync, readSync } from 'node:fs';
import { homedir } from 'node:os';
import { join, resolve } from 'node:path';

const trees = (process.argv.length > 2 ? process.argv.slice(2) : ['.']).map((t) => resolve(t));
const mb = Number(process.env.MB ?? 256);
const reps = Number(process.env.REPS ?? 12);
const file = join(process.env.WAITSCOPE_BENCH_DIR || join(homedir(), '.cache', 'waitscope-bench'), 'commit-loop-1gib.trc');

const scanners = [];
for (const tree of trees) {
  const { importTs } = await import(join(tree, 'scripts/import-ts.mjs'));
  scanners.push((await importTs(`export { TraceScanner } from './lib/trace/scanner';`)).module.TraceScanner);
}

// The bytes, in the 4 MiB chunks the CLI reads (each copied into the kernel's input area, as a read would).
const CHUNK = 4 << 20;
const chunks = [];
const fd = openSync(file, 'r');
try {
  for (let at = 0; at < mb << 20; at += CHUNK) {
    const buf = Buffer.allocUnsafe(CHUNK);
    const n = readSync(fd, buf, 0, CHUNK, at);
    if (n === 0) break;
    chunks.push(buf.subarray(0, n));
  }
} finally {
  closeSync(fd);
}

function run(TraceScanner) {
  const t = performance.now();
  const scanner = new TraceScanner({ event: 'log file sync', fileName: 'bench', fileIndex: 0, keep: process.env.KEEP ?? 'samples' });
  for (const c of chunks) {
    const area = scanner.writableChunk() ?? new Uint8Array(c.length);
    area.set(c);
    scanner.push(area.subarray(0, c.length));
  }
  const result = scanner.finish({ blocks: true });
  return { ms: performance.now() - t, waits: result.waitLines, lines: result.lines };
}

const times = scanners.map(() => []);
const ratios = [];
let first = null;
for (let r = 0; r < reps; r++) {
  const round = scanners.map((s, i) => {
    const { ms, waits, lines } = run(s);
    times[i].push(ms);
    first ??= { waits, lines };
    if (waits !== first.waits || lines !== first.lines) throw new Error(`${trees[i]} counted ${waits} WAITs in ${lines} lines, not ${first.waits} in ${first.lines}`);
    return ms;
  });
  if (round.length > 1) ratios.push(round[round.length - 1] / round[0]);
}
const median = (a) => [...a].sort((x, y) => x - y)[a.length >> 1];
const bytes = chunks.reduce((n, c) => n + c.length, 0);
console.log(`${(bytes / 2 ** 20).toFixed(0)} MiB of ${file}, ${reps} rounds; ${first.waits} WAITs in ${first.lines} lines`);
trees.forEach((t, i) => {
  const best = Math.min(...times[i]);
  console.log(`  ${t.padEnd(24)} best ${best.toFixed(1)} ms (${((bytes / 1e6 / best) * 1000).toFixed(0)} MB/s)  median ${median(times[i]).toFixed(1)} ms`);
});
if (ratios.length > 0) console.log(`  last / first: median of per-round ratios ${median(ratios).toFixed(3)}, ratio of best times ${(Math.min(...times[times.length - 1]) / Math.min(...times[0])).toFixed(3)}`);
