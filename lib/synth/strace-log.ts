/**
 * Synthetic `strace -T` logs with known calls, for the strace importer's tests (lib/sysio): the
 * storage experiment the tool is used for, e.g. `strace -f -tt -T -e trace=pwrite64,fdatasync` of a
 * database writing its redo, several processes each writing and syncing in turn.
 *
 * The text follows strace(1)'s forms (lib/sysio/strace-line.ts): prefixes of -f (`[pid N] `) or
 * -o (`N `), times of -tt (time of day) or -ttt (epoch seconds), -T's `<seconds>`, and, where two
 * processes' calls overlap, `<unfinished ...>` / `<... name resumed>` as strace prints them: a call
 * whose line is open when another process's line must be printed is cut off there and resumed when
 * it ends. Signals, exits, strace's attach messages and calls that never return (`= ?`) are mixed
 * in, as in real logs. `calls` is the truth: every call with a duration, in order of start.
 */
import { createRng, deriveSeed, type Seed } from './random';

export interface StraceCallTruth {
  pid: number;
  name: string;
  /** Its -T duration, whole µs. */
  micros: number;
  /** When it started: µs since midnight (-tt) or since the epoch (-ttt); NaN without times. */
  start: number;
  /** The error it returned (`-1 EIO (…)`), if any: still a call with a duration. */
  failed: boolean;
}

export interface StraceLogSpec {
  seed: Seed;
  pids: readonly number[];
  /** fdatasync calls per process (each after a pwrite64). */
  syncsPerPid: number;
  times: 'none' | 'tt' | 'ttt';
  /** How the pid is written: -f to the terminal, -f -o FILE, or one process without pids. */
  pidStyle: 'bracket' | 'column' | 'none';
}

/** 2025-12-01T09:00:00Z: the -ttt clock's start; the -tt clock starts at 09:00:00. */
const EPOCH_START_S = 1_764_579_600;
const DAY_START_S = 9 * 3600;

interface Call extends StraceCallTruth {
  end: number;
  args: string;
  ret: string;
}

/** Seconds with six digits, as -T and -ttt write them. */
const seconds = (micros: number) => `${Math.floor(micros / 1e6)}.${String(micros % 1e6).padStart(6, '0')}`;

function timeText(times: StraceLogSpec['times'], micros: number): string {
  if (times === 'none') return '';
  if (times === 'ttt') return `${seconds(micros)} `;
  const s = Math.floor(micros / 1e6);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${two(Math.floor(s / 3600) % 24)}:${two(Math.floor(s / 60) % 60)}:${two(s % 60)}.${String(micros % 1e6).padStart(6, '0')} `;
}

export function generateStraceLog(spec: StraceLogSpec): { text: string; calls: StraceCallTruth[] } {
  const rng = createRng(deriveSeed(spec.seed, 'strace'));
  const base = (spec.times === 'ttt' ? EPOCH_START_S : DAY_START_S) * 1e6;
  const calls: Call[] = [];
  for (const pid of spec.pids) {
    let t = base + rng.int(0, 2000);
    for (let i = 0; i < spec.syncsPerPid; i++) {
      const write = rng.int(8, 60);
      calls.push({ pid, name: 'pwrite64', micros: write, start: t, end: t + write, failed: false, args: `5, "\\x00\\x01"..., 8192, ${i * 8192}`, ret: '8192' });
      t += write + rng.int(1, 30);
      // fdatasync: a few hundred µs with a tail, as on a disk with its write cache off.
      const sync = Math.max(1, Math.round(Math.exp(Math.log(600) + 0.7 * rng.normal())));
      const failed = rng.chance(0.02);
      calls.push({ pid, name: 'fdatasync', micros: sync, start: t, end: t + sync, failed, args: '5', ret: failed ? '-1 EIO (Input/output error)' : '0' });
      t += sync + rng.int(50, 400);
    }
  }
  calls.sort((a, b) => a.start - b.start || a.pid - b.pid);
  const lines = printed(calls, spec);
  const truth = calls.map(({ pid, name, micros, start, failed }) => ({ pid, name, micros, start: spec.times === 'none' ? NaN : start, failed }));
  return { text: `${lines.join('\n')}\n`, calls: truth };
}

/** The lines strace prints for the calls: enters and exits in time order, cutting an open line when another process prints. */
function printed(calls: readonly Call[], spec: StraceLogSpec): string[] {
  const prefix = (pid: number) => (spec.pidStyle === 'bracket' ? `[pid ${String(pid).padStart(5)}] ` : spec.pidStyle === 'column' ? `${pid} ` : '');
  const at = (pid: number, micros: number) => `${prefix(pid)}${timeText(spec.times, micros)}`;
  type Step = { time: number; enter: boolean; call: Call };
  const steps: Step[] = calls.flatMap((call) => [
    { time: call.start, enter: true, call },
    { time: call.end, enter: false, call },
  ]);
  steps.sort((a, b) => a.time - b.time || Number(a.enter) - Number(b.enter));
  const lines: string[] = [];
  if (spec.pidStyle !== 'none') for (const pid of spec.pids.slice(1)) lines.push(`strace: Process ${pid} attached`);
  let open: Call | null = null;
  const interrupted = new Set<Call>();
  for (const { enter, call } of steps) {
    if (enter) {
      if (open) {
        lines[lines.length - 1] += ' <unfinished ...>';
        interrupted.add(open);
      }
      lines.push(`${at(call.pid, call.start)}${call.name}(${call.args}`);
      open = call;
      continue;
    }
    const end = `= ${call.ret} <${seconds(call.micros)}>`;
    if (open === call) {
      lines[lines.length - 1] += `) ${end}`;
      open = null;
    } else {
      if (open) {
        lines[lines.length - 1] += ' <unfinished ...>';
        interrupted.add(open);
        open = null;
      }
      lines.push(`${at(call.pid, call.end)}<... ${call.name} resumed>) ${end}`);
    }
  }
  const last = calls[calls.length - 1];
  const t = last ? last.end + 100 : 0;
  lines.push(`${at(spec.pids[0] ?? 0, t)}--- SIGCHLD {si_signo=SIGCHLD, si_code=CLD_EXITED, si_pid=${spec.pids[1] ?? 1}, si_uid=0, si_status=0} ---`);
  for (const pid of spec.pids) lines.push(`${at(pid, t + 10)}exit_group(0)                     = ?`, `${at(pid, t + 20)}+++ exited with 0 +++`);
  return lines;
}
