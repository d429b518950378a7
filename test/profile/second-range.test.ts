/**
 * A thread that profiles a second byte range (the CLI splits a range's tail off for an idle
 * thread) must keep the optimized code of the first: on 2026-12-03 the second range threw away the
 * optimized takeWaitLog, onWaitRun, onCall, call, execution and endExecution ("code dependencies"),
 * because the collector's per-process waits, its open statements and the scanner's wait run were
 * object literals whose hidden classes other literals widened. Recompiling them cost a range of
 * 64 MiB of the 1 GiB bench trace 80-130 ms more on one thread (228-281 ms against 150-200 ms for
 * the same range after the fix, three alternating runs each).
 *
 * The test runs three ranges in one child process under the profile's V8 flags with
 * --trace-deopt, and reads which functions V8 marked for deoptimization while each range ran.
 * TurboFan compiles on the main thread here (--no-concurrent-recompilation), so what is optimized
 * by the end of the first range does not depend on how busy the machine is.
 */
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { commandV8Flags } from '@/lib/node/v8-flags';

const CHILD = join(__dirname, '..', 'helpers', 'second-range-child.mjs');
/** The profile's hot functions (profile-collector.ts, statement-book.ts, trace-visitor.ts, scanner.ts). */
const HOT = ['takeWaitLog', 'waitLogRun', 'onWaitRun', 'onCall', 'kernelCall', 'kernelLines', 'call', 'execution', 'endExecution'];

/** Per range, the functions TurboFan compiled, and those marked for deoptimization because a map they depend on changed. */
function perRange(output: string): { optimized: string[]; deopted: string[] }[] {
  const ranges = [{ optimized: [] as string[], deopted: [] as string[] }];
  for (const line of output.split('\n')) {
    if (/^range \d+ done/.test(line)) ranges.push({ optimized: [], deopted: [] });
    const range = ranges[ranges.length - 1]!;
    const opt = /^\[completed compiling 0x[0-9a-f]+ <JSFunction ([\w$]+) .*\(target TURBOFAN\)/.exec(line);
    if (opt) range.optimized.push(opt[1]!);
    const deopt = /SharedFunctionInfo ([\w$]+)>.*reason: code dependencies/.exec(line);
    if (deopt) range.deopted.push(deopt[1]!);
  }
  return ranges;
}

describe('a thread profiling its second range', () => {
  it('keeps the first range\'s optimized code of the hot functions (no "code dependencies" deopts)', () => {
    const flags = commandV8Flags('profile').split(' ');
    const output = execFileSync(process.execPath, [...flags, '--no-concurrent-recompilation', '--trace-opt', '--trace-deopt', CHILD, '3'], { encoding: 'utf8', maxBuffer: 64 << 20, env: { ...process.env, NODE_OPTIONS: '' } });
    const done = output.split('\n').filter((l) => /^range \d+ done: \d+ calls$/.test(l));
    expect(done).toHaveLength(3);
    const ranges = perRange(output);
    // The first range optimizes them (else the check below would pass for nothing).
    expect(ranges[0]!.optimized).toEqual(expect.arrayContaining(['onCall', 'onWaitRun', 'takeWaitLog', 'kernelLines', 'kernelCall']));
    // Before the fix, range 1 here: onWaitRun, onCall, execution, endExecution, kernelLines, takeWaitLog.
    for (const later of ranges.slice(1, 3)) expect(later.deopted.filter((f) => HOT.includes(f))).toEqual([]);
  }, 120_000);
});
