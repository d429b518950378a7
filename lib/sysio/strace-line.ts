/**
 * The grammar of one line of `strace -T` output, as strace(1) documents it (man page, "DESCRIPTION"
 * and the options -f, -ff, -o, -t, -tt, -ttt, -T; https://man7.org/linux/man-pages/man1/strace.1.html):
 *
 *   [PREFIX] [TIME] BODY
 *   PREFIX  `[pid  1234] `  with -f, once more than one process is traced (the first process's lines
 *                           before that have none); or `1234 ` (a bare pid column) when -f writes to a
 *                           file with -o. -ff -o writes one file per process and no prefix.
 *   TIME    `10:15:02 ` (-t), `10:15:02.123456 ` (-tt), `1700000000.123456 ` (-ttt); nine fraction
 *           digits with --timestamps=ns. None without those options. -r's `     0.000123 ` (seconds
 *           since the previous line) is read and dropped: it is no time.
 *   BODY    `name(args) = ret <0.000123>`        a call, its duration in seconds from -T at the end
 *                                                (`= -1 EAGAIN (Resource temporarily unavailable)`: a
 *                                                failed call is still a call that took that long)
 *           `name(args <unfinished ...>`         a call interrupted by another process's line (-f) ...
 *           `<... name resumed>rest = ret <d>`   ... and its end; -T's duration is on this line
 *           `name(args) = ?` [`<unavailable>`]   a call that never returned (exit, exec): no duration
 *           `--- SIGCHLD {si_signo=…} ---`       a signal delivered
 *           `+++ exited with 0 +++`              the process ended (`+++ killed by SIGKILL +++`)
 *           `strace: Process 1234 attached`      strace's own messages
 *
 * Parsed as text with regular expressions: strace output is read once per file, and its lines are
 * short; the hot byte-level parser is lib/trace's, for traces of gigabytes.
 */
import { secondsToMicros, timeOfDayMicros } from './decimal-micros';

export type StraceLine =
  /** A call with its duration: complete, or the end of an unfinished one. */
  | { kind: 'call'; pid: string | null; tim: number; name: string; micros: number; resumed: boolean }
  /** The start of a call that another line finishes. */
  | { kind: 'unfinished'; pid: string | null; tim: number; name: string }
  /** A call without a duration: `= ?` (it never returned), or strace run without -T. */
  | { kind: 'no-duration'; pid: string | null; name: string; resumed: boolean; unavailable: boolean }
  /** Signals, exits, strace's messages: valid lines that are no call. */
  | { kind: 'other' }
  | { kind: 'bad' };

const PREFIX = /^\s*(?:\[pid\s+(\d+)\]\s+|(\d+)\s+(?=\S))?/;
// -t/-tt (time of day) or -ttt (seconds since the epoch); -r's relative seconds look like the latter.
const TIME = /^(?:(\d\d):(\d\d):(\d\d)(?:\.(\d{1,9}))?\s+|(\d+)\.(\d{1,9})\s+)?/;
const CALL_START = /^([A-Za-z_][A-Za-z0-9_]*)\(/;
const RESUMED = /^<\.\.\. ([A-Za-z_][A-Za-z0-9_]*) resumed>/;
const DURATION = /\s<(\d+)\.(\d{1,9})>\s*$/;
const UNFINISHED = /<unfinished \.\.\.>\s*$/;
const RETURN = /\)\s*=\s+\S/;
const NO_RETURN = /\s=\s+\?(?:\s+<unavailable>)?\s*$/;
const OTHER = /^(?:---\s.*---|\+\+\+\s.*\+\+\+|strace: .*|\[ Process PID=\d+ runs in .* mode\. \])\s*$/;

/** One line of strace output, classified; `bad` when it follows none of the forms above. */
export function parseStraceLine(text: string): StraceLine {
  const prefix = PREFIX.exec(text) as RegExpExecArray;
  const pid = prefix[1] ?? prefix[2] ?? null;
  let rest = text.slice(prefix[0].length);
  const time = TIME.exec(rest) as RegExpExecArray;
  let tim = NaN;
  if (time[1] !== undefined) tim = timeOfDayMicros(time[1], time[2]!, time[3]!, time[4] ?? '');
  // -ttt's epoch seconds have 10 digits; fewer are -r's seconds since the previous line, no time.
  else if (time[5] !== undefined && time[5].length >= 9) tim = secondsToMicros(time[5], time[6]!);
  rest = time[0].length > 0 ? rest.slice(time[0].length) : rest;
  if (OTHER.test(rest)) return { kind: 'other' };
  const resumed = RESUMED.exec(rest);
  const start = resumed ? null : CALL_START.exec(rest);
  const name = resumed?.[1] ?? start?.[1];
  if (name === undefined) return { kind: 'bad' };
  if (!resumed && UNFINISHED.test(rest)) return { kind: 'unfinished', pid, tim, name };
  const duration = DURATION.exec(rest);
  // A resumed line's own `)` may follow the marker at once: `<... read resumed>) = 0`.
  const returned = resumed ? /=\s+\S/.test(rest.slice(resumed[0].length)) : RETURN.test(rest);
  if (duration && returned) return { kind: 'call', pid, tim, name, micros: secondsToMicros(duration[1]!, duration[2]!), resumed: resumed !== null };
  if (NO_RETURN.test(rest)) return { kind: 'no-duration', pid, name, resumed: resumed !== null, unavailable: true };
  if (returned) return { kind: 'no-duration', pid, name, resumed: resumed !== null, unavailable: false };
  return { kind: 'bad' };
}
