/**
 * A strace log line by line into a SysioCollector (grammar: strace-line.ts). Each call with a -T
 * duration is one value of the event named after the syscall, at the time its line starts (-t/-tt/
 * -ttt; none without), in the session of its pid (-f's `[pid N]` or -o's pid column; one session
 * when the lines carry none).
 *
 * `<unfinished ...>` and `<... name resumed>` are paired per pid (strace(1): "if a system call is
 * being executed and meanwhile another one is being called from a different thread/process then
 * strace will try to preserve the order of those events and mark the ongoing call as being
 * unfinished. When the call returns it will be marked as resumed."). The duration is on the resumed
 * line; the call's time and line are those of its start.
 *
 * What is fatal and what is counted: a file with no call that has a duration is refused (strace was
 * run without -T, or it is not strace output), as is one whose lines are mostly not strace's (the
 * wrong file, more likely than a damaged one: the CSV importer's rule). Otherwise a bad line, a call
 * without a duration (`= ?`), a resumed call without its start and a call still unfinished at the
 * end are warnings, counted, with their first line numbers.
 */
import type { SysioCollector } from './sysio-collector';
import { parseStraceLine } from './strace-line';
import { quoteLine } from './sysio-messages';

/** µs: a time past one day is -ttt's epoch time (from 1970-01-02), not -t/-tt's time of day. */
const EPOCH_TIMES_FROM = 86_400e6;

/** An unprefixed fork, vfork or clone returning its child's pid (with or without -t/-tt/-ttt before it). */
const CHILD_MADE = /^\s*(?:[\d:.]+\s+)?(?:v?fork|clone3?)\(.*\)\s*=\s*(\d+)(?:\s|$)/;
/** strace's own note of a new process (to the log only without -o). */
const ATTACHED = /^\s*strace: Process (\d+) attached/;

/** Calls that end the process: their `= ?` is no lost duration. */
const NEVER_RETURN = new Set(['exit', 'exit_group']);

interface Pending {
  name: string;
  tim: number;
  line: number;
  offset: number;
}

export class StraceReader {
  private readonly pending = new Map<string, Pending>();
  private contentLines = 0;
  private badLines = 0;
  private firstBad: { line: number; text: string } | null = null;
  private withoutDuration = 0;
  /** -f: the first process's pid once known (followFirstProcess), the children it made, and whether it wrote lines without a pid. */
  private firstPid: string | undefined;
  private readonly children = new Set<string>();
  private unprefixed = false;

  constructor(private readonly out: SysioCollector) {}

  line(text: string, line: number, offset: number, isLast: boolean): void {
    if (text.trim() === '') return;
    this.contentLines++;
    let parsed = parseStraceLine(text);
    const out = this.out;
    // A last line without its line end that has a return but no duration was cut inside its `<…>`.
    if (isLast && parsed.kind === 'no-duration' && !parsed.unavailable) parsed = { kind: 'bad' };
    this.followFirstProcess(text, parsed);
    switch (parsed.kind) {
      case 'other':
        return;
      case 'bad':
        this.badLines++;
        this.firstBad ??= { line, text };
        // A last line without its end is a file still being written or cut short, said as such.
        if (isLast) out.warn('truncated-final-line', 'cut', line, () => `the last line is cut short: ${quoteLine(text)}; it was not counted`);
        else out.warn('unrecognised-line', 'bad', line, () => `not a strace line: ${quoteLine(text)}`);
        return;
      case 'unfinished': {
        const key = parsed.pid ?? '';
        if (this.pending.has(key)) out.warn('orphan-fragment', 'restarted', line, () => `pid ${parsed.pid ?? '(none)'} starts a second call before its unfinished one resumed; the first was dropped`);
        this.pending.set(key, { name: parsed.name, tim: parsed.tim, line, offset });
        return;
      }
      case 'no-duration': {
        if (parsed.resumed) this.pending.delete(parsed.pid ?? '');
        // exit and exit_group never return by design; any other call that did not was cut off (a kill, an exec).
        if (parsed.unavailable && NEVER_RETURN.has(parsed.name)) return;
        if (parsed.unavailable) out.warn('truncated-record', 'never-returned', line, () => `${parsed.name} never returned (= ?), so it has no duration; such calls are not counted`);
        else this.withoutDuration++;
        return;
      }
      case 'call': {
        const key = parsed.pid ?? '';
        let start: Pending = { name: parsed.name, tim: parsed.tim, line, offset };
        if (parsed.resumed) {
          const begun = this.pending.get(key);
          this.pending.delete(key);
          if (begun && begun.name === parsed.name) start = begun;
          else {
            // Its start is not in the file (the log begins mid-call, or lines were lost): the duration still counts.
            out.warn('orphan-fragment', 'orphan-resumed', line, () => `'<... ${parsed.name} resumed>' without its '<unfinished ...>' start; counted, at the time it resumed less its duration`);
            start = { ...start, tim: parsed.tim - parsed.micros };
          }
        }
        const session = out.session(parsed.pid, start.line);
        if (start.tim >= EPOCH_TIMES_FROM) out.anchorUtc(session, start.line, start.tim);
        out.add(parsed.name, parsed.micros, start.tim, start.line, start.offset, session);
        return;
      }
    }
  }

  /**
   * strace -f writes `[pid N]` only once a second process is traced, so the first process's lines
   * before that carry no pid (strace-line.ts). Its later lines do: the first pid that is not a child
   * it made (a fork/clone's return value on an unprefixed line, or `strace: Process N attached`) is
   * that process, and its unprefixed lines join its session rather than make one of their own.
   */
  private followFirstProcess(text: string, parsed: ReturnType<typeof parseStraceLine>): void {
    if (this.firstPid !== undefined) return;
    const child = CHILD_MADE.exec(text) ?? ATTACHED.exec(text);
    if (child) {
      this.children.add(child[1] as string);
      return;
    }
    if (parsed.kind === 'other' || parsed.kind === 'bad') return;
    if (parsed.pid === null) {
      this.unprefixed = true;
      return;
    }
    if (this.children.has(parsed.pid)) return;
    this.firstPid = parsed.pid;
    if (!this.unprefixed) return;
    this.out.aliasSession('', parsed.pid);
    const begun = this.pending.get('');
    if (begun && !this.pending.has(parsed.pid)) this.pending.set(parsed.pid, begun);
    this.pending.delete('');
  }

  /** After the last line: calls left unfinished, and the file-level verdicts. */
  finish(): void {
    const out = this.out;
    for (const p of this.pending.values()) {
      out.warn('truncated-record', 'unfinished-at-end', p.line, () => `${p.name} is unfinished at the end of the file (no '<... ${p.name} resumed>' line), so it has no duration; not counted`);
    }
    const name = out.ctx.fileName;
    const counted = out.profile().reduce((n, r) => n + r.count, 0);
    if (this.contentLines === 0) out.refusal = `${name} is empty`;
    else if (this.badLines * 2 > this.contentLines) {
      const bad = this.firstBad!;
      out.refusal = `${name}:${bad.line}: not a strace line: ${quoteLine(bad.text)} (${this.badLines} of ${this.contentLines} lines are not strace's): is this strace output?`;
    } else if (counted === 0 && this.withoutDuration > 0) {
      out.refusal = `${name} is strace output without durations (${this.withoutDuration} calls, none with a <seconds> at the end): run strace with -T`;
    } else if (counted === 0) out.refusal = `${name} is strace output with no completed call that has a duration`;
    else if (this.withoutDuration > 0) {
      out.warn('truncated-record', 'no-duration', 0, () => `${this.withoutDuration} calls have no -T duration and were not counted`);
    }
  }
}
