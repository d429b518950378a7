import { DOUBLE_ZERO } from '../double-zero';
import { MICROS_PER_ELA_UNIT, type ElaUnit } from '../units';
import { decodeText, isDigit, QUOTE } from './bytes';
import { readAppNameLine } from './appname-line';
import { cursorText, emptyCall, parseCallLine, parseErrorDepth } from './call-line';
import { emptyCursor, parseCursorHeader, SqlText } from './cursor-line';
import { CALL_NAMES, CallFields, CallRecord, KernelEmit, KernelRecord, type LineKernel } from './kernel/line-kernel';
import type { KernelCommitLog, KernelWaitLog } from './kernel/kernel-columns';
import type { ScanOptions, ScanResult } from './scan-result';
import { TraceScanner, type KernelCallPlace } from './scanner';
import { KernelWaitRun } from './kernel-wait-run';
import { readStarLine } from './star-lines';

import type { RecordPosition, TraceVisitor, VisitedWait } from './visited-records';

// The records' types live beside the scanner's (visited-records.ts); visitors import them from here too.
export type { CommitRun, RecordPosition, TraceVisitor, VisitedCall, VisitedCursor, VisitedWait, WaitRun } from './visited-records';

const COLON = 0x3a;
const APPNAME_A = 0x41;

/** XCTEND's code in the kernel's call records (CALL_NAMES). */
const XCTEND_CODE = CALL_NAMES.indexOf('XCTEND');

/**
 * The scanner with a visitor. The line kernel books the WAITs of the events registered with it
 * without JavaScript; a visited scan registers none, so the kernel still splits and parses the
 * lines, and hands every WAIT back to be booked, and visited, one by one; unless the visitor
 * takes WAITs in runs (onWaitRun): then the kernel books them as in the parser's own pass, and
 * logs each with its tim for the visitor (KernelEmit.WaitLog). A subclass, so the
 * parser's own pass (no visitor) runs the scanner's code with one flag test per JavaScript-parsed WAIT
 * (timOfEveryWait) and none per kernel-booked one.
 *
 * Calls and cursors: with `onCall` the kernel also hands back the record lines it would only
 * count (KernelEmit.Records), with `onCursor` the SQL text lines (KernelEmit.SqlText), so every
 * record reaches this class in file order through the same grammar as without the kernel (a
 * call's waits and recursive calls come before its own line, since a line is written when its
 * call ends: Millsap & Holt, Optimizing Oracle Performance, ch. 5; response-time.md).
 */
export class VisitingScanner extends TraceScanner {
  private readonly visited: VisitedWait = { event: '', id: 0, ela: DOUBLE_ZERO, tim: NaN, bytes: new Uint8Array(0), start: 0, end: 0 };
  /** The kernel's wait log with the event names (onWaitRun), made at the first run. */
  private run: KernelWaitRun | null = null;
  /** The unit perUnit is for; '' before the first lookup (a string, as after: a null here made the lookup's optimized code deopt in the next scanner on the thread). */
  private unit: ElaUnit | '' = '';
  private perUnit = 1;
  /** Offset of the last record handed to the visitor one by one (a run's position). */
  private lastOffset = DOUBLE_ZERO;
  /** Offset of the WAIT being accepted, for admits(). */
  private waitOffset = DOUBLE_ZERO;
  private readonly position: RecordPosition = { line: 0, offset: DOUBLE_ZERO, pid: null, session: 0, microsPerUnit: 1, callsNestInTime: false };
  private readonly call = emptyCall();
  private readonly cursor = emptyCursor();
  private readonly cursorPosition: RecordPosition = { line: 0, offset: DOUBLE_ZERO, pid: null, session: 0, microsPerUnit: 1, callsNestInTime: false };
  private readonly sqlText = new SqlText();
  /** A PARSING IN CURSOR was read; its text is being collected up to END OF STMT. */
  private collecting = false;
  /** File offset of the buffer of the line being handled (`line`'s base). */
  private lineBase = DOUBLE_ZERO;

  constructor(
    options: ScanOptions,
    private readonly visitor: TraceVisitor,
  ) {
    super(options);
    // Kernel-booked WAITs skip admits() and the per-wait `measured` test: only a visitor without them takes runs.
    const runs = visitor.onWaitRun !== undefined && visitor.sample === undefined && visitor.measured === undefined;
    this.kernelMayBook = runs;
    this.timOfEveryWait = true;
    this.kernelEmit = (visitor.onCall ? KernelEmit.Records : 0) | (visitor.onCursor ? KernelEmit.SqlText : 0) | (runs ? KernelEmit.WaitLog : 0);
  }

  protected override waitLogRun(log: KernelWaitLog, from: number, to: number, where: KernelCallPlace): void {
    const run = (this.run ??= new KernelWaitRun(log, this.events.names)).placeAt(where);
    (this.visitor as Required<TraceVisitor>).onWaitRun(run, from, to, this.at(this.position, this.lastOffset));
  }

  protected override acceptWait(id: number, ela: number, tim: number, offset: number): void {
    const record = this.visited;
    record.event = this.events.names[id] as string;
    record.id = id;
    record.ela = ela * this.microsPerUnit();
    record.tim = tim;
    record.bytes = this.waitBytes;
    record.start = this.waitStart;
    record.end = this.waitEnd;
    this.waitOffset = offset;
    super.acceptWait(id, ela, tim, offset);
    this.visitor.onWait(record, this.at(this.position, offset));
  }

  protected override admits(): boolean {
    return this.visitor.sample === undefined || this.visitor.sample(this.visited, this.at(this.position, this.waitOffset));
  }

  protected override starLine(buf: Uint8Array, start: number, end: number): void {
    super.starLine(buf, start, end);
    if (this.visitor.onKeyed === undefined) return;
    const star = readStarLine(decodeText(buf, start, end).text);
    if (star.kind === 'keyed') this.visitor.onKeyed(star.key, star.value, this.at(this.position, this.lineBase + start));
    else if (star.kind === 'session') this.visitor.onKeyed('SESSION ID', `${star.sid}.${star.serial}`, this.at(this.position, this.lineBase + start));
  }

  protected override line(buf: Uint8Array, start: number, end: number, base: number, nextWait: number): number {
    this.lineBase = base;
    return super.line(buf, start, end, base, nextWait);
  }

  /** Every record line but WAIT comes here (glued to a WAIT, only its part before the WAIT). */
  protected override record(buf: Uint8Array, start: number, end: number, checkEnd: boolean): void {
    super.record(buf, start, end, checkEnd);
    if (this.inSql) return this.cursorHeader(buf, start, end);
    if (buf[start] === APPNAME_A && this.visitor.onKeyed !== undefined) this.appName(buf, start, end);
    // Called as a method: a visitor's onCall may use `this` (a class instance).
    if (this.visitor.onCall === undefined) return;
    const read = parseCallLine(buf, start, end, this.microsPerUnit(), this.call);
    if (read === false) return this.parseError(buf, start, end);
    const last = buf[end - 1] as number;
    if (read === true && isDigit(last)) {
      if (this.atFinalLine && this.finalCallCut) return; // said by the grammar (cutFinalCall)
      if (this.call.tim === this.call.tim) this.clock.callTim(this.call.tim / this.microsPerUnit());
      return this.visitor.onCall(this.call, this.at(this.position, this.lineBase + start));
    }
    // A line that does not end in a value was reported by record() as cut short.
    if (isDigit(last) || last === QUOTE || last === COLON) {
      const why = read === true ? 'it does not end in a number' : read;
      this.warnings.add('malformed-call', this.lineNo, () => `a database call line that does not parse (${why}) was not read`);
    }
  }

  /** A call line the kernel parsed: booked as record() books it, and read from the kernel's fields. */
  protected override kernelCall(kernel: LineKernel, input: Uint8Array, start: number, _end: number, base: number, r: number, done: number): void {
    // What record() does for a line ending in a value (the kernel parsed it to its last digit).
    this.records10046++;
    this.recordLinesSeen();
    const f = kernel.calls;
    const at = r * CallFields.per;
    const o = r * KernelRecord.int32s;
    const int32 = kernel.int32;
    const code = int32[o + CallRecord.code] as number;
    const call = this.call;
    const scale = this.microsPerUnit();
    call.call = CALL_NAMES[code] as string;
    const length = int32[o + CallRecord.cursorLength] as number;
    if (length > 0) {
      const from = (int32[o + CallRecord.cursorStart] as number) + done;
      call.cursor = cursorText(input, from, from + length, f[at + CallFields.cursor] as number);
    } else call.cursor = '';
    call.c = (f[at + CallFields.c] as number) * scale;
    call.e = (f[at + CallFields.e] as number) * scale;
    call.p = f[at + CallFields.p] as number;
    call.cr = f[at + CallFields.cr] as number;
    call.cu = f[at + CallFields.cu] as number;
    call.mis = f[at + CallFields.mis] as number;
    call.r = f[at + CallFields.r] as number;
    call.dep = f[at + CallFields.dep] as number;
    call.og = f[at + CallFields.og] as number;
    call.plh = f[at + CallFields.plh] as number;
    const tim = f[at + CallFields.tim] as number;
    call.tim = tim * scale;
    if (tim === tim) this.clock.callTim(tim);
    call.type = f[at + CallFields.type] as number;
    call.rlbk = f[at + CallFields.rlbk] as number;
    call.rdOnly = f[at + CallFields.rdOnly] as number;
    call.bytes = f[at + CallFields.bytes] as number;
    // The kernel parses calls only for a visitor with onCall.
    (this.visitor as Required<TraceVisitor>).onCall(call, this.at(this.position, base + start));
    // The first XCTEND came one by one; the kernel logs the rest for a visitor that takes them in runs.
    if (code === XCTEND_CODE && this.visitor.onCommitRun !== undefined) this.kernelEmit |= KernelEmit.CommitLog;
  }

  protected override commitLogRun(log: KernelCommitLog, from: number, to: number): void {
    const tim = log.tim;
    for (let i = from; i < to; i++) {
      const t = tim[i] as number;
      if (t === t) this.clock.callTim(t);
    }
    (this.visitor as Required<TraceVisitor>).onCommitRun(log, from, to, this.at(this.position, this.lastOffset));
  }

  private parseError(buf: Uint8Array, start: number, end: number): void {
    if (this.visitor.onParseError === undefined) return;
    const dep = parseErrorDepth(buf, start, end);
    if (dep !== null) this.visitor.onParseError(dep, this.at(this.position, this.lineBase + start));
  }

  private appName(buf: Uint8Array, start: number, end: number): void {
    const app = readAppNameLine(decodeText(buf, start, end).text);
    if (app === null) return;
    const at = this.at(this.position, this.lineBase + start);
    this.visitor.onKeyed?.('MODULE NAME', app.module, at);
    this.visitor.onKeyed?.('ACTION NAME', app.action, at);
  }

  private cursorHeader(buf: Uint8Array, start: number, end: number): void {
    if (this.visitor.onCursor === undefined) return;
    const read = parseCursorHeader(buf, start, end, this.microsPerUnit(), this.cursor);
    if (read === false) return;
    if (read !== true) {
      const last = buf[end - 1] as number;
      // A line that does not end in a value was reported by record() as cut short.
      if (isDigit(last) || last === QUOTE) this.warnings.add('malformed-cursor', this.lineNo, () => `a PARSING IN CURSOR line that does not parse (${read}): only its fields before that were read`);
      // Without its cursor number it names no statement.
      if (this.cursor.cursor === '') return;
    }
    this.at(this.cursorPosition, this.lineBase + start);
    this.sqlText.reset();
    this.collecting = true;
  }

  protected override sqlTextLine(buf: Uint8Array, start: number, end: number): void {
    super.sqlTextLine(buf, start, end);
    if (!this.collecting) return;
    if (this.inSql) this.sqlText.add(buf, start, end);
    else this.endCursor();
  }

  /** At END OF STMT, or at the end of the file when the text never ended. */
  private endCursor(): void {
    this.collecting = false;
    const cursor = this.cursor;
    cursor.text = this.sqlText.text();
    cursor.textCut = this.sqlText.cut;
    this.visitor.onCursor?.(cursor, this.cursorPosition);
  }

  override finish(options: { blocks?: boolean } = {}): ScanResult {
    const result = super.finish(options);
    if (this.collecting) this.endCursor();
    return result;
  }

  /** µs per unit of the trace's clock, looked up again only when the unit changes (a keyed lookup per record showed in profiles). */
  private microsPerUnit(): number {
    const unit = this.facts.unit;
    if (unit !== this.unit) {
      this.unit = unit;
      this.perUnit = MICROS_PER_ELA_UNIT[unit];
    }
    return this.perUnit;
  }

  private at(position: RecordPosition, offset: number): RecordPosition {
    this.lastOffset = offset;
    position.line = this.lineNo;
    position.offset = offset;
    position.pid = this.sessions.currentPid;
    position.session = this.sessions.current();
    position.microsPerUnit = this.microsPerUnit();
    // The banner's release (a range has its file's head facts), never the tims seen so far: a range
    // must place a call as one pass over the whole file does. trcsess output has no banner, but the
    // tool came with 10g (Oracle Database Performance Tuning Guide 10g, "Using the trcsess Utility"),
    // and its output is read in one pass (range-plan.ts), its process marker first.
    position.callsNestInTime = this.timExpected ?? this.facts.trcsess;
    return position;
  }
}
