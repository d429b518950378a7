import { DOUBLE_ZERO } from '../double-zero';
import { emptyCall, parseCallLine } from './call-line';
import { ascii, decodeText, findBytes, isDigit, matchAt, parseDigits, QUOTE } from './bytes';
import { EventTable } from './event-table';
import { mayBeHeaderLine, readHeaderLine, versionWritesWaitTim } from './header-facts';
import { classifyLine, LineKind } from './line-kinds';
import { ElaTally } from './ela-tally';
import { SampleColumns } from './sample-columns';
import type { ScanOptions } from './scan-result';
import { SessionTracker } from './session-tracker';
import { PerProcess } from './per-process';
import { readStarLine } from './star-lines';
import type { TimeAnchor, TraceFacts } from './types';
import { parseWaitLine } from './wait-line';
import { LOG_WRITE_WARNING_BYTES, mayBeLogWriteWarning, readLogWriteWarning } from './log-write-warning';
import { parseStampMicros } from '../outliers/stamps';
import { MICROS_PER_ELA_UNIT } from '../units';
import { WarningCollector } from './warnings';

const WAIT = ascii('WAIT #');
const END_OF_STMT = ascii('END OF STMT');

/**
 * The state of a scan and the grammar of one line (trace-format.md): WAIT records, calls,
 * `***` stamps, SQL text, header lines and damage. This JavaScript is the reference: the line
 * kernel only takes over lines it parses exactly as this would.
 */
export class LineGrammar {
  protected readonly warnings: WarningCollector;
  protected readonly events: EventTable;
  protected readonly selectedId: number;
  /** The selected event's waits: kept (SampleColumns), or only counted by value (ElaTally). */
  protected readonly samples: SampleColumns | ElaTally;
  protected readonly sessions = new SessionTracker();
  protected readonly anchors: TimeAnchor[] = [];
  /** Read the `tim` of every WAIT, not only of those the scan itself needs (a visited scan, trace-visitor.ts). */
  protected timOfEveryWait = false;

  protected lineNo = 0; // number of the line being handled
  protected inSql = false; // inside PARSING IN CURSOR … END OF STMT
  protected freeText = false; // after BINDS / PARSE ERROR: unindented free text may follow
  protected inPreamble = true;
  protected atFinalLine = false;
  /** The file's last line was a database call line cut short (cutFinalCall), and said so: nothing reads it. */
  protected finalCallCut = false;
  protected timExpected: boolean | null = null;
  protected sawWaitTim = false;
  protected pendingAnchor: TimeAnchor | null = null;
  protected waitLines = 0;
  protected records10046 = 0;
  protected starLines = 0;
  protected firstTim: { tim: number; line: number } | null = null;
  /** Each process's clock, for timCutShort (trcsess output interleaves processes), and the current one's. */
  private readonly clocks = new PerProcess<ProcessClock>(() => new ProcessClock());
  protected clock = this.clocks.get(null);
  /** An LGWR warning is being booked as a wait (its tim is its stamp's). */
  private bookingWarning = false;
  /** Every tim so far was made from a `***` stamp for a log write warning (logWriteWarning). */
  private stampClock = false;
  /** Warnings kept as samples whose stamp still waits for its first WAIT tim: given it when it comes (acceptWait). */
  private readonly warningsAwaitingTim: { anchor: TimeAnchor; index: number }[] = [];
  /** File offset of the buffer of the line being handled (line()), for records found in otherLine. */
  private recordBase = DOUBLE_ZERO;
  /** The WAIT record being accepted: its bytes [waitStart, waitEnd), for a visitor that reads its cursor or parameters. */
  protected waitBytes: Uint8Array = new Uint8Array(0);
  protected waitStart = 0;
  protected waitEnd = 0;

  constructor(
    options: ScanOptions,
    protected readonly facts: TraceFacts,
  ) {
    this.samples = options.keep === 'counts' ? new ElaTally() : new SampleColumns(options.fileIndex, options.keep);
    this.warnings = new WarningCollector(options.fileName);
    this.events = new EventTable((buf, start, end) => this.decodeForPerson(buf, start, end, 'event name'));
    const selected = new TextEncoder().encode(options.event);
    this.selectedId = this.events.intern(selected, 0, selected.length);
  }

  /** Samples of the selected event collected so far, for progress reports ("waits found"). */
  get samplesSoFar(): number {
    return this.samples.count;
  }

  /** What record lines (EXEC, FETCH, …) and WAITs do to the state, for those the kernel only counted. */
  protected recordLinesSeen(): void {
    this.inPreamble = false;
    this.freeText = false;
  }

  /** One physical line buf[start, end) without its line end. Returns the next `WAIT #` position. */
  protected line(buf: Uint8Array, start: number, end: number, base: number, nextWait: number): number {
    this.recordBase = base;
    if (this.inSql) {
      this.sqlTextLine(buf, start, end);
      return nextWait;
    }
    if (nextWait !== -1 && nextWait < start) nextWait = findBytes(buf, WAIT, start);
    if (nextWait === start) return this.waitRun(buf, start, end, base, false);
    const recordEnd = nextWait !== -1 && nextWait < end ? nextWait : end;
    this.otherLine(buf, start, recordEnd);
    if (recordEnd < end && !this.inSql) return this.waitRun(buf, recordEnd, end, base, true);
    return nextWait;
  }

  /** The WAIT at `at` and any record glued after it on the same line (trace-format.md §8.3). */
  protected waitRun(buf: Uint8Array, at: number, end: number, base: number, glued: boolean): number {
    for (;;) {
      const next = findBytes(buf, WAIT, at + WAIT.length);
      const recordEnd = next !== -1 && next < end ? next : end;
      this.wait(buf, at, recordEnd, base + at, glued);
      if (recordEnd === end) return next;
      at = next;
      glued = true;
    }
  }

  /**
   * `WAIT #<cursor>: nam='<event>' ela=<ws?><int> <params>[ obj#=<int>][ tim=<int>]`.
   * The name runs to the first quote followed by ` ela=`; names contain spaces and punctuation.
   */
  protected wait(buf: Uint8Array, s: number, e: number, offset: number, glued: boolean): void {
    const w = parseWaitLine(buf, s, e, this.events);
    if (typeof w === 'string') return this.badWait(glued, w);
    if (w.hasTim) {
      this.sawWaitTim = true;
      if (this.atFinalLine && this.timCutShort(parseDigits(buf, w.timStart, e))) return this.badWait(glued, CUT_INSIDE_TIM);
    } else if ((this.timExpected ?? this.sawWaitTim) || !w.endsInDigit) return this.badWait(glued, 'cut short: no tim= at its end');
    if (glued) this.warnings.add('glued-line', this.lineNo, () => 'two records are glued on one line with no line end between them; the WAIT in it was recovered');
    const id = w.id >= 0 ? w.id : this.events.intern(buf, w.nameStart, w.nameEnd);
    const wantTim = w.hasTim && (id === this.selectedId || this.pendingAnchor !== null || this.firstTim === null || this.timOfEveryWait);
    this.waitBytes = buf;
    this.waitStart = s;
    this.waitEnd = e;
    this.acceptWait(id, w.ela, wantTim ? parseDigits(buf, w.timStart, e) : NaN, offset);
  }

  /** Books one complete WAIT: the profile, a pending time anchor, and the sample if selected. */
  protected acceptWait(id: number, ela: number, tim: number, offset: number): void {
    this.waitLines++;
    // A WAIT ends the preamble and any BINDS or PARSE ERROR text, as a call line does.
    this.inPreamble = false;
    this.freeText = false;
    this.events.record(id, ela);
    if (tim === tim) {
      // not NaN: the line has a tim
      this.firstTim ??= { tim, line: this.lineNo };
      if (!this.bookingWarning && !(this.clock.firstWaitTim === this.clock.firstWaitTim)) this.clock.firstWaitTim = tim;
      const anchor = this.pendingAnchor;
      if (anchor !== null) {
        anchor.tim = tim;
        anchor.timLine = this.lineNo;
        this.pendingAnchor = null;
        if (this.warningsAwaitingTim.length > 0) this.giveWarningsTheirTim(anchor, tim);
      }
    }
    if (id === this.selectedId && this.admits()) this.samples.push(ela, tim, this.lineNo, offset, this.sessions.current());
  }

  /** Whether the selected event's wait being accepted is kept: always, unless a visited scan filters (--where, trace-visitor.ts). */
  protected admits(): boolean {
    return true;
  }

  /**
   * Whether a tim (in the trace's unit) on the file's last line, which has no line end, was cut
   * inside its digits: tim only grows, so it has at least as many digits as its process's tims before.
   * Kept, such a tim moved t0, and so R, back by weeks (a WAIT cut to `tim=579351`: R of 67 days).
   * Against the process's first WAIT's own tim (not one made from a *** stamp, as an LGWR trace's
   * warnings get: another clock) and its latest call's: per process, since trcsess output may
   * interleave processes on different clocks (RAC instances).
   */
  protected timCutShort(tim: number): boolean {
    const { firstWaitTim, lastCallTim } = this.clock;
    // The larger of the two (NaN when neither): after a tim gained a digit, the later one has it.
    const before = firstWaitTim === firstWaitTim ? (lastCallTim > firstWaitTim ? lastCallTim : firstWaitTim) : lastCallTim;
    return before === before && digitCount(tim) < digitCount(before);
  }

  protected badWait(glued: boolean, why: string): void {
    if (glued) return; // `WAIT #` inside other text that does not parse as a record is just text
    if (this.atFinalLine) {
      this.warnings.add('truncated-final-line', this.lineNo, () => `the file ends inside a WAIT line (${why}); it was not counted (was the trace still being written?)`);
    } else {
      this.warnings.add('truncated-wait', this.lineNo, () => `an incomplete WAIT line (${why}) was not counted`);
    }
  }

  protected sqlTextLine(buf: Uint8Array, start: number, end: number): void {
    if (matchAt(buf, start, end, END_OF_STMT)) {
      this.inSql = false;
      return;
    }
    this.checkText(buf, start, end, 'SQL text');
  }

  protected otherLine(buf: Uint8Array, start: number, end: number): void {
    const kind = classifyLine(buf, start, end);
    switch (kind) {
      case LineKind.Blank:
      case LineKind.Separator:
        return;
      case LineKind.Star:
        return this.starLine(buf, start, end);
      case LineKind.Indented:
        return this.checkText(buf, start, end, 'bind or header text');
      case LineKind.ParsingInCursor:
        this.inSql = true;
        return this.record(buf, start, end, true);
      case LineKind.FreeTextRecord:
        this.record(buf, start, end, false);
        this.freeText = true;
        return;
      case LineKind.Record:
        return this.record(buf, start, end, true);
      case LineKind.LooseRecord:
        return this.record(buf, start, end, false);
      case LineKind.Other:
        return this.unknownLine(buf, start, end);
    }
  }

  /** A 10046 record other than WAIT. Its last field is a number (or a quoted sqlid), so a line that ends otherwise was cut. */
  protected record(buf: Uint8Array, start: number, end: number, checkEnd: boolean): void {
    this.records10046++;
    this.inPreamble = false;
    this.freeText = false;
    if (!checkEnd) return;
    const last = buf[end - 1] as number;
    if (isDigit(last)) {
      if (this.atFinalLine) this.finalCallCut = this.cutFinalCall(buf, start, end);
      return;
    }
    if (last === QUOTE || last === 0x3a /* `BINDS #1:` */) return;
    const code = this.atFinalLine ? 'truncated-final-line' : 'truncated-record';
    this.warnings.add(code, this.lineNo, () =>
      code === 'truncated-final-line'
        ? 'the file ends inside a record (was the trace still being written?)'
        : 'a record is cut short (it does not end in a value)',
    );
  }

  /**
   * Whether the file's last line, which has no line end and ends in a digit, is a database call line
   * cut short (`FETCH #1:c=0,e=4` cut from `e=45,…,tim=…`), said as such: every call line but
   * XCTEND ends in its tim from 8i on (trace-format.md §5; XCTEND has one from 11g), so one without
   * tim was cut; and so was one whose tim has fewer digits than its process's tims before it (cut
   * inside it; tim only grows: timCutShort). Read, such a line would be a call with a wrong e, or a
   * tim that moves t0 back by years. Here, not only where calls are read: a `stats` of a wait event
   * said nothing of a trace cut inside its last call line, which `profile` called truncated.
   */
  private cutFinalCall(buf: Uint8Array, start: number, end: number): boolean {
    const call = emptyCall();
    if (parseCallLine(buf, start, end, 1, call) !== true) return false;
    const tim = call.tim; // in the trace's unit (scale 1)
    const why = tim !== tim ? (call.call === 'XCTEND' ? null : 'no tim= at its end') : this.timCutShort(tim) ? CUT_INSIDE_TIM : null;
    if (why === null) return false;
    this.warnings.add('truncated-final-line', this.lineNo, () => `the file ends inside a database call line (${why}); it was not read (was the trace still being written?)`);
    return true;
  }

  protected starLine(buf: Uint8Array, start: number, end: number): void {
    this.starLines++;
    this.inPreamble = false;
    this.freeText = false;
    const star = readStarLine(this.decodeForPerson(buf, start, end, '*** line'));
    switch (star.kind) {
      case 'process':
        this.facts.trcsess = true;
        this.sessions.process(star.pid, this.lineNo);
        this.clock = this.clocks.get(star.pid);
        return;
      case 'session':
        this.sessions.session(star.sid, star.serial, this.lineNo);
        return this.anchor(star.wall, star.utcOffsetMinutes, star.text);
      case 'stamp':
      case 'keyed':
        return this.anchor(star.wall, star.utcOffsetMinutes, star.text);
      case 'other':
        return;
    }
  }

  /** Consecutive stamps with no WAIT between them: the latest is the closest to the next `tim`. */
  protected anchor(wall: string, utcOffsetMinutes: number | null, text: string): void {
    const anchor: TimeAnchor = { line: this.lineNo, text, wall, utcOffsetMinutes, tim: null, timLine: null, session: this.sessions.stampSession() };
    if (this.pendingAnchor !== null && this.pendingAnchor.session === anchor.session) this.anchors[this.anchors.length - 1] = anchor;
    else this.anchors.push(anchor);
    this.pendingAnchor = anchor;
  }

  protected unknownLine(buf: Uint8Array, start: number, end: number): void {
    if (this.inPreamble && mayBeHeaderLine(buf[start] as number)) {
      const text = this.decodeForPerson(buf, start, Math.min(end, start + 512), 'header line');
      if (readHeaderLine(text, this.facts)) {
        if (this.facts.pid !== null) this.sessions.setHeaderPid(this.facts.pid);
        this.timExpected = versionWritesWaitTim(this.facts.oracleVersion);
        return;
      }
    }
    // Before the preamble test: LGWR may warn before its first *** stamp, and no header line reads so.
    if (mayBeLogWriteWarning(buf, start, end) && this.logWriteWarning(buf, start, end)) return;
    if (this.inPreamble || this.freeText) return this.checkText(buf, start, end, 'text');
    this.warnings.add('unrecognised-line', this.lineNo, () => 'lines that are not 10046 records were ignored (they come from other diagnostic events, dumps or damage)');
  }

  /**
   * Books an LGWR log write warning (log-write-warning.ts) as a wait of its pseudo-event, at the
   * time of the `***` stamp before it. The line has no tim: where the stamp's anchor has one (a
   * WAIT followed it), that is the warning's; in a trace with no WAIT tim at all (a plain LGWR
   * trace), the stamp's own wall time in µs becomes its anchor's tim, so the clock
   * (lib/outliers/wall-clock.ts) gives back exactly the stamp. Else the warning has no time.
   */
  private logWriteWarning(buf: Uint8Array, start: number, end: number): boolean {
    const warning = readLogWriteWarning(this.decodeForPerson(buf, start, end, 'LGWR warning'));
    if (!warning) return false;
    const perUnit = MICROS_PER_ELA_UNIT[this.facts.unit];
    const session = this.sessions.current();
    let anchor: TimeAnchor | undefined;
    for (let i = this.anchors.length - 1; i >= 0 && !anchor; i--) if (this.anchors[i]?.session === session) anchor = this.anchors[i];
    if (anchor && anchor.tim === null && (this.firstTim === null || this.stampClock)) {
      anchor.tim = parseStampMicros(anchor.wall) / perUnit;
      anchor.timLine = this.lineNo;
      anchor.stampTim = true;
      if (this.pendingAnchor === anchor) this.pendingAnchor = null;
      this.stampClock = true;
    }
    const id = this.events.intern(LOG_WRITE_WARNING_BYTES, 0, LOG_WRITE_WARNING_BYTES.length);
    // A visitor reading the record's bytes gets the warning's own line (it has no cursor or parameters).
    this.waitBytes = buf;
    this.waitStart = start;
    this.waitEnd = end;
    // In a trace with WAIT tims, the stamp before the warning gets its tim from the next WAIT: the warning waits for it.
    const awaiting = anchor !== undefined && anchor.tim === null && anchor === this.pendingAnchor && this.samples instanceof SampleColumns;
    const before = this.samples.count;
    this.bookingWarning = true;
    this.acceptWait(id, warning.elapsedMicros / perUnit, anchor?.tim ?? NaN, this.recordBase + start);
    this.bookingWarning = false;
    if (awaiting && anchor && this.samples.count > before) this.warningsAwaitingTim.push({ anchor, index: before });
    return true;
  }

  /** The warnings waiting for `anchor`'s tim get it (a stamp replaced before any WAIT leaves its warnings without a time). */
  private giveWarningsTheirTim(anchor: TimeAnchor, tim: number): void {
    const samples = this.samples;
    for (let i = this.warningsAwaitingTim.length - 1; i >= 0; i--) {
      const w = this.warningsAwaitingTim[i] as { anchor: TimeAnchor; index: number };
      if (w.anchor !== anchor) continue;
      if (samples instanceof SampleColumns) samples.patchTim(w.index, tim);
      this.warningsAwaitingTim.splice(i, 1);
    }
  }

  /** Free text (SQL, binds) is never decoded for speed, but invalid UTF-8 in it is reported. */
  protected checkText(buf: Uint8Array, start: number, end: number, what: string): void {
    for (let i = start; i < end; i++) {
      if ((buf[i] as number) >= 0x80) {
        this.decodeForPerson(buf, start, end, what);
        return;
      }
    }
  }

  protected decodeForPerson(buf: Uint8Array, start: number, end: number, what: string): string {
    const { text, valid } = decodeText(buf, start, end);
    if (!valid) this.warnings.add('invalid-utf8', this.lineNo, () => `bytes that are not UTF-8 (in ${what}) were kept as bytes and are shown as �`);
    return text;
  }
}

/** Why a last line was cut though it ends in a digit (timCutShort). */
export const CUT_INSIDE_TIM = 'cut inside its tim: fewer digits than the tims before it';

/** Digits of a whole number ≥ 1 (a tim). */
export const digitCount = (n: number): number => String(Math.trunc(n)).length;

/**
 * What a process's records said of its clock so far, in the trace's unit (NaN before any): the tim of
 * its first WAIT and the latest tim of its call lines. A class, so its fields stay doubles.
 */
export class ProcessClock {
  firstWaitTim = NaN;
  lastCallTim = NaN;

  /**
   * A call line's tim (not NaN). The largest is kept, not the last: a process's tims only grow, and
   * XCTENDs logged by the kernel (onCommitRun) reach the scanner after call lines that followed them.
   */
  callTim(tim: number): void {
    if (!(tim <= this.lastCallTim)) this.lastCallTim = tim;
  }
}
