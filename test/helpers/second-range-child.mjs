// Child process of test/profile/second-range.test.ts: profiles byte ranges of a synthetic commit
// loop one after another on this one thread, as a CLI thread does when it takes a second range
// (a tail split), and prints `range N done` after each, so the test can tell which deopts V8
// (--trace-deopt, on this process) reported while each range ran.
//   node [V8 flags] second-range-child.mjs RANGES
import { importTs } from '../../scripts/import-ts.mjs';

const ranges = Number(process.argv[2] ?? 3);
const { generateCommitLoop, planRanges, startRange } = (
  await importTs(
    `export { generateCommitLoop } from './lib/synth/commit-loop'; export { planRanges } from './lib/trace/range-plan'; export { startRange } from './lib/trace/scan-range';`,
    { platform: 'node' },
  )
).module;

const text = [...generateCommitLoop({ preset: 'flash-off', seed: 'second-range', commits: 40_000 * ranges })].join('');
const bytes = new TextEncoder().encode(text);
const readAt = async (start, length) => bytes.subarray(start, start + length);
const step = Math.floor(bytes.length / ranges);
const starts = Array.from({ length: ranges - 1 }, (_, i) => (i + 1) * step);
const plan = await planRanges(readAt, bytes.length, starts, 'log file sync', 'loop.trc', 'after-top-call');
if (plan === null || plan.cuts.length !== ranges + 1) throw new Error(`no plan of ${ranges} ranges`);

const CHUNK = 1 << 20;
for (let i = 0; i < ranges; i++) {
  const start = plan.cuts[i];
  const end = plan.cuts[i + 1];
  const work = startRange({ start, end, headFacts: plan.headFacts, event: 'log file sync', fileName: 'loop.trc', fileIndex: 0, keep: 'counts', profile: {} });
  for (let at = start; at < end; at += CHUNK) {
    const piece = bytes.subarray(at, Math.min(end, at + CHUNK));
    const area = work.scanner.writableChunk() ?? new Uint8Array(piece.length);
    area.set(piece);
    work.scanner.push(area.subarray(0, piece.length));
  }
  const { profile } = work.finish();
  const calls = profile.profile.calls.reduce((n, c) => n + c.count, 0);
  process.stdout.write(`range ${i} done: ${calls} calls\n`);
}
