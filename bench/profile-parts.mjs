// Where a profile's pass spends its time, in three parts measured on the same bytes in the same
// rounds (issue 14: "a full profile of the 1 GiB benchmark trace runs at 1 GB/s or more"):
//   1. parse only       the parser's own pass, as `stats` makes it (no visitor);
//   2. hand-over        the pass a profile makes, with a visitor that takes every call, cursor,
//                       run of WAITs and run of commits and does nothing with them: the kernel's
//                       call parsing, its wait and commit logs, and the JavaScript that hands each
//                       record over;
//   3. profile          the same pass with the profile's collector (lib/profile/profile-collector.ts),
//                       as `waitscope profile` runs it (no statement totals).
// So 3 − 2 is the collector's own work and 2 − 1 the hand-over's. Why in-process and one thread: the
// CLI's wall time moves with the machine (this shared VM's cores change speed for minutes at a
// time, and on 2026-12-03 awk ran 1.9x slower at 13:10 than at 10:40 the same day, on another VM),
// while parts measured in alternation move together; and if part 2 alone cannot reach the target at
// this machine's speed, no change to the collector can.
//
// It runs in a child Node process under the profile's own V8 flags (lib/node/v8-flags.ts), on the
// first MB MiB of the benchmark trace in the 4 MiB chunks the CLI reads, after one warm-up round.
//
//   node bench/profile-parts.mjs            (MB=256 ROUNDS=7)
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { closeSync, openSync, readFileSync, readSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { importTs } from '../scripts/import-ts.mjs';

const execFileAsync = promisify(execFile);

export const PARTS = [
  { key: 'parse', name: 'parse only (as stats)' },
  { key: 'handOver', name: '+ calls and WAIT runs handed over' },
  { key: 'profile', name: '+ the profile collector' },
];

const CHUNK = 4 << 20;

/**
 * Each part's share of the profile's pass in one round (ms): the parse, the hand-over (part 2 −
 * part 1) and the collector (part 3 − part 2), as fractions of part 3; and the time two threads at
 * these speeds would need for `bytes` with no collector at all (part 2 alone, shared evenly, boot
 * and cold start left out): a floor no collector change can go below.
 */
export function profileShares(round, { sampleBytes, bytes }) {
  const whole = round.profile;
  return {
    parse: round.parse / whole,
    handOver: (round.handOver - round.parse) / whole,
    collector: (round.profile - round.handOver) / whole,
    floorSeconds: ((round.handOver / 1000) * (bytes / sampleBytes)) / 2,
  };
}

/**
 * Runs the parts in a child process under the profile's V8 flags, and returns their times.
 * `only`: one part's key (the others are not run); `prefix`: a command the child runs under
 * (core-speeds.mjs pins it to one core with taskset).
 * @param {{ file: string, mb?: number, rounds?: number, only?: string | null, prefix?: string[] }} options
 */
export async function runProfileParts({ file, mb = Number(process.env.MB ?? 256), rounds = Number(process.env.ROUNDS ?? 7), only = null, prefix = [] }) {
  const { commandV8Flags } = (await importTs("export { commandV8Flags } from './lib/node/v8-flags';", { platform: 'node' })).module;
  const flags = commandV8Flags('profile').split(' ').filter(Boolean);
  if (only !== null && !PARTS.some(({ key }) => key === only)) throw new Error(`no part '${only}': the parts are ${PARTS.map(({ key }) => key).join(', ')}`);
  const argv = [process.execPath, ...flags, fileURLToPath(import.meta.url), '--child', file, String(mb), String(rounds), ...(only ? [only] : [])];
  const [command, ...args] = [...prefix, ...argv];
  // Not execFileSync: core-speeds.mjs runs a child per core at once.
  const { stdout, stderr } = await execFileAsync(command, args, { encoding: 'utf8', maxBuffer: 1 << 20 });
  if (stderr) process.stderr.write(stderr);
  return { ...JSON.parse(stdout), flags: flags.join(' ') };
}

export function formatProfileParts(r, { bytes }) {
  const mb = (ms) => ((r.sampleBytes / 1e6 / ms) * 1000).toFixed(0);
  const median = (a) => [...a].sort((x, y) => x - y)[a.length >> 1];
  const best = Object.fromEntries(PARTS.map(({ key }) => [key, Math.min(...r.times[key])]));
  // Shares within each round, whose three parts ran one after another: this VM's speed drifts from
  // minute to minute, and parts' best times from different rounds gave shares 10-20 points apart
  // in two runs of the same build.
  const rounds = r.times.profile.map((_, i) => profileShares(Object.fromEntries(PARTS.map(({ key }) => [key, r.times[key][i]])), { sampleBytes: r.sampleBytes, bytes }));
  const share = { parse: median(rounds.map((x) => x.parse)), handOver: median(rounds.map((x) => x.handOver)), profile: median(rounds.map((x) => x.collector)) };
  const floorSeconds = profileShares(best, { sampleBytes: r.sampleBytes, bytes }).floorSeconds;
  const pct = (x) => `${(100 * x).toFixed(0)} %`;
  const lines = [
    `  first ${(r.sampleBytes / 2 ** 20).toFixed(0)} MiB, one thread, ${r.rounds} rounds after a warm-up, parts alternating; V8 flags: ${r.flags || 'none'}`,
    `  ${'part'.padEnd(36)} ${'best ms'.padStart(8)} ${'MB/s'.padStart(6)} ${'median ms'.padStart(10)}  share of the profile's pass (median of rounds)`,
    ...PARTS.map(({ key, name }) => `  ${name.padEnd(36)} ${best[key].toFixed(0).padStart(8)} ${mb(best[key]).padStart(6)} ${median(r.times[key]).toFixed(0).padStart(10)}  ${pct(share[key])}`),
    `  ${r.calls.toLocaleString('en-US')} calls and ${r.waits.toLocaleString('en-US')} WAITs reached both visitors`,
    `  (info) two threads with no collector at all would need >= ${floorSeconds.toFixed(3)} s for the whole trace at these speeds (boot and cold start left out; the target needs <= ${(bytes / 1e9).toFixed(3)} s)`,
  ];
  return lines.join('\n');
}

async function child(file, mb, rounds, only) {
  const { TraceScanner, VisitingScanner, ProfileCollector } = (
    await importTs(
      `export { TraceScanner } from './lib/trace/scanner'; export { VisitingScanner } from './lib/trace/trace-visitor'; export { ProfileCollector } from './lib/profile/profile-collector';`,
      { platform: 'node' },
    )
  ).module;
  const chunks = readChunks(file, mb);
  const options = { event: 'log file sync', fileName: 'bench', fileIndex: 0, keep: 'counts' };
  const seen = { calls: -1, waits: -1 };
  const parts = {
    parse: () => pass(new TraceScanner(options)),
    handOver: () => {
      const visitor = new HandOver();
      pass(new VisitingScanner(options, visitor));
      agree(seen, visitor.calls, visitor.waits, 'the hand-over');
    },
    profile: () => {
      // As `waitscope profile` asks for it (lib/cli/profile-command.ts): no statement totals.
      const collector = new ProfileCollector({ statements: false });
      pass(new VisitingScanner(options, collector));
      const profile = collector.finish();
      const calls = profile.calls.reduce((n, c) => n + c.count, 0);
      const waits = profile.components.filter((c) => c.kind === 'wait-within' || c.kind === 'wait-between' || c.kind === 'think-time').reduce((n, c) => n + c.count, 0);
      agree(seen, calls, waits, 'the profile');
    },
  };
  function pass(scanner) {
    for (const c of chunks) {
      const area = scanner.writableChunk() ?? new Uint8Array(c.length);
      area.set(c);
      scanner.push(area.subarray(0, c.length));
    }
    scanner.finish();
  }
  const times = Object.fromEntries(PARTS.map(({ key }) => [key, []]));
  for (let round = 0; round <= rounds; round++) {
    for (const { key } of PARTS) {
      if (only && key !== only) continue;
      const t = performance.now();
      parts[key]();
      if (round > 0) times[key].push(performance.now() - t);
    }
  }
  const sampleBytes = chunks.reduce((n, c) => n + c.length, 0);
  process.stdout.write(JSON.stringify({ sampleBytes, rounds, times, calls: seen.calls, waits: seen.waits, cpusAllowed: cpusAllowed() }));
}

/** The cores this process may run on, as Linux lists them (`0-1`, `3`); null where /proc does not say. */
export function cpusAllowed() {
  try {
    return /^Cpus_allowed_list:\s*(\S+)/m.exec(readFileSync('/proc/self/status', 'utf8'))?.[1] ?? null;
  } catch {
    return null;
  }
}

/** A visitor that takes what a profile takes and only counts it (part 2). */
class HandOver {
  calls = 0;
  waits = 0;
  onWait() {
    this.waits++;
  }
  onWaitRun(_run, from, to) {
    this.waits += to - from;
  }
  onCall() {
    this.calls++;
  }
  onCommitRun(_run, from, to) {
    this.calls += to - from;
  }
  onCursor() {}
}

/** Both visitors must have been handed the same records, or the parts measure different work. */
function agree(seen, calls, waits, who) {
  if (seen.calls === -1) {
    seen.calls = calls;
    seen.waits = waits;
  } else if (seen.calls !== calls || seen.waits !== waits) {
    throw new Error(`${who} saw ${calls} calls and ${waits} WAITs, not ${seen.calls} and ${seen.waits}`);
  }
}

function readChunks(file, mb) {
  const chunks = [];
  const fd = openSync(file, 'r');
  try {
    const limit = mb * 2 ** 20;
    for (let at = 0; at < limit; at += CHUNK) {
      const buf = Buffer.allocUnsafe(CHUNK);
      const n = readSync(fd, buf, 0, Math.min(CHUNK, limit - at), at);
      if (n === 0) break;
      chunks.push(buf.subarray(0, n));
    }
  } finally {
    closeSync(fd);
  }
  return chunks;
}

if (process.argv[2] === '--child') {
  await child(process.argv[3], Number(process.argv[4]), Number(process.argv[5]), process.argv[6]);
} else if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { benchDir, TRACE_NAME } = await import('./generate-trace.mjs');
  const { statSync } = await import('node:fs');
  const { join } = await import('node:path');
  const file = join(benchDir(), TRACE_NAME);
  console.log(`profile pass in parts (bench/profile-parts.mjs) on ${file}:`);
  console.log(formatProfileParts(await runProfileParts({ file }), { bytes: statSync(file).size }));
}
