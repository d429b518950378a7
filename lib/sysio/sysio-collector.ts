/**
 * What a strace or fio file gives, gathered as the trace parser gathers a trace's (lib/trace): the
 * chosen event's samples in columns (ela µs, tim µs or NaN, line, byte offset, session), every
 * event's count/total/min/max for the picker and for "no such event, it has …", one session per
 * process or job, and warnings counted by kind with their first line numbers (style.md §4, §11).
 * `finish` turns them into the same TraceFileResult a trace gives, so the CLI and the page read a
 * syscall's or an I/O's latencies exactly as they read a wait event's.
 */
import { emptyFacts } from '../trace/header-facts';
import { describeSysioMissingEvent } from './sysio-messages';
import { emptySamples, SampleColumns } from '../trace/sample-columns';
import type { EventProfileRow, ParseOutcome, ParseWarning, SessionMarker, TimeAnchor, TraceFileResult, WarningCode } from '../trace/types';
import { formatMicrosIso, isIsoWritable } from '../outliers/stamps';
import { SYSIO_BANNER, type SysioFormat } from './sysio-format';

/** As lib/trace/warnings.ts keeps: the first few line numbers, the count goes on. */
const MAX_LINES_PER_WARNING = 10;

export interface SysioContext {
  fileName: string;
  /** The event whose samples are kept (a syscall's name, or `clat write`, …). */
  event: string;
  fileIndex: number;
}

export class SysioCollector {
  private readonly columns: SampleColumns;
  private readonly sessionOf = new Map<string, number>();
  readonly sessions: SessionMarker[] = [];
  private readonly rows = new Map<string, EventProfileRow>();
  /** By kind (several kinds may share a code): one entry each, counted, with its first lines. */
  private readonly warnings = new Map<string, ParseWarning>();
  /** Lines read, and bytes (after decompression). */
  lines = 0;
  bytes = 0;
  /** A refusal of the whole file (not what it is, or mostly bad lines); null while it reads. */
  refusal: string | null = null;

  constructor(
    readonly format: SysioFormat,
    readonly ctx: SysioContext,
  ) {
    this.columns = new SampleColumns(ctx.fileIndex);
  }

  /** The session of a process or job (null: the one process of a file without pids), numbered in order of first sight. */
  session(pid: string | null, line: number): number {
    const key = pid ?? '';
    let id = this.sessionOf.get(key);
    if (id === undefined) {
      id = this.sessions.length;
      this.sessions.push({ sid: null, serial: null, pid, line });
      this.sessionOf.set(key, id);
    }
    return id;
  }

  /** Lines of pid `to` join the session of the lines written as `from` (strace-reader.ts: the first process before -f's prefixes), unless `to` has one already. */
  aliasSession(from: string, to: string): void {
    const id = this.sessionOf.get(from);
    if (id === undefined || this.sessionOf.has(to)) return;
    this.sessionOf.set(to, id);
    (this.sessions[id] as { pid: string | null }).pid = to;
  }

  /** Per session, the anchor of its clock when its times are epoch times (see anchorUtc). */
  private readonly anchors: TimeAnchor[] = [];
  private readonly anchored = new Set<number>();

  /**
   * Places a session's times on the UTC clock: `tim` is µs since the Unix epoch (strace -ttt), so
   * the first such value anchors it, as a trace's first `***` stamp anchors its tim, and the outlier
   * lists and the timeline show ISO 8601 UTC times (lib/outliers/wall-clock.ts).
   */
  anchorUtc(session: number, line: number, tim: number): void {
    if (this.anchored.has(session) || !isIsoWritable(tim)) return;
    this.anchored.add(session);
    this.anchors.push({ line, text: formatMicrosIso(tim, 0), wall: formatMicrosIso(tim, null), utcOffsetMinutes: 0, tim, timLine: line, session, stampTim: true });
  }

  /** One value of `event`, µs; `count` > 1 for a histogram bin's values (fio json+). */
  add(event: string, micros: number, tim: number, line: number, offset: number, session: number, count = 1): void {
    const row = this.rows.get(event);
    if (row) {
      row.count += count;
      row.total += micros * count;
      if (micros < row.min) row.min = micros;
      if (micros > row.max) row.max = micros;
    } else this.rows.set(event, { event, count, total: micros * count, min: micros, max: micros });
    if (event !== this.ctx.event) return;
    for (let k = 0; k < count; k++) this.columns.push(micros, tim, line, offset, session);
  }

  /** A counted warning of `kind`; the message ("file: …", as trace warnings have it, its lines listed beside it) is made once. */
  warn(code: WarningCode, kind: string, line: number, describe: () => string): void {
    const seen = this.warnings.get(kind);
    if (seen) {
      seen.count++;
      if (seen.lines.length < MAX_LINES_PER_WARNING && line > 0) seen.lines.push(line);
      return;
    }
    this.warnings.set(kind, { code, message: `${this.ctx.fileName}: ${describe()}`, count: 1, lines: line > 0 ? [line] : [] });
  }

  /** Every event, by total time descending (the trace parser's profile order). */
  profile(): EventProfileRow[] {
    return [...this.rows.values()].sort((a, b) => b.total - a.total || a.event.localeCompare(b.event));
  }

  finish(compression: TraceFileResult['compression'], bytesRead: number): TraceFileResult {
    const profile = this.profile();
    const { fileName, event } = this.ctx;
    let outcome: ParseOutcome;
    const warnings = [...this.warnings.values()];
    if (this.refusal !== null) {
      outcome = { kind: 'not-a-trace', reason: this.refusal };
      warnings.push({ code: 'not-10046', message: this.refusal, count: 1, lines: [] });
    } else if (!profile.some((r) => r.event === event)) {
      outcome = { kind: 'no-event', event, eventsPresent: profile.map((r) => r.event) };
      warnings.push({ code: 'no-event', message: describeSysioMissingEvent(fileName, this.format, event, profile), count: 1, lines: [] });
    } else outcome = { kind: 'parsed' };
    const samples = this.refusal === null ? this.columns.finish() : emptySamples();
    return {
      fileName,
      event,
      outcome,
      compression,
      bytesRead,
      bytes: this.bytes,
      lines: this.lines,
      facts: { ...emptyFacts(), banner: SYSIO_BANNER[this.format], unitAssumed: false },
      sessions: this.sessions,
      anchors: this.anchors,
      profile,
      samples,
      warnings,
    };
  }
}
