import { ascii, CR, decodeText, findBytes, isDigit, LF, matchAt, QUOTE, DQUOTE, SPACE } from './bytes';
import { EventTable } from './event-table';
import { emptyFacts, mayBeHeaderLine, readHeaderLine, versionWritesWaitTim } from './header-facts';
import { classifyLine, LineKind } from './line-kinds';
import { emptySamples, SampleColumns } from './sample-columns';
import { SessionTracker } from './session-tracker';
import { BinarySniffer } from './binary-sniffer';
import { readStarLine } from './star-lines';
import type { TimeAnchor, TraceFacts, WaitSamples, EventProfileRow, ParseWarning, SessionMarker } from './types';
import { MICROS_PER_ELA_UNIT } from '../units';
import { WarningCollector } from './warnings';
import { AREA_BYTES, KernelFlag, KernelKind, KernelRecord, LineKernel, MAX_RECORDS as MAX_KERNEL_RECORDS } from './kernel/line-kernel';

const WAIT = ascii('WAIT #');
const SPACE_ELA = ascii(' ela=');
const END_OF_STMT = ascii('END OF STMT');

/**
 * A line longer than this that spans chunks keeps only its head: the carry buffer must not
 * grow with a multi-megabyte bind value. WAIT lines are a few hundred bytes.
 */
const LONG_LINE_CAP = 1 << 20;

export interface ScanOptions {
  event: string;
  fileName: string;
  fileIndex: number;
  /**
   * For one byte range of a file scanned in parallel: where the range starts (at a line start),
   * and the facts read from the file's head, since only the first range sees the banner.
   */
  range?: { startOffset: number; headFacts: TraceFacts };
  /** Scan lines in JavaScript only (the reference path; tests compare both). */
  noKernel?: boolean;
}

/** Everything one pass over a file's bytes yields; parse-trace adds the outcome. */
export interface ScanResult {
  bytes: number;
  lines: number;
  facts: TraceFacts;
  sessions: SessionMarker[];
  anchors: TimeAnchor[];
  profile: EventProfileRow[];
  samples: WaitSamples;
  warnings: ParseWarning[];
  waitLines: number;
  records10046: number;
  starLines: number;
  binaryAt: number | null;
  /** Ranges: the scan ended inside SQL text, so the next range started in the wrong state. */
  endsInSql: boolean;
  /** Ranges: the session current when the range began (-1 if unused), and when it ended. */
  openingSession: number;
  closingSession: number;
  /** Ranges: the first WAIT `tim` in the range, to complete the previous range's last anchor. */
  firstTim: { tim: number; line: number } | null;
  /**
   * With `finish({ blocks: true })`: the samples as the scanner's blocks, uncopied, and
   * `samples` empty. A range's samples are copied once, when the ranges are merged.
   */
  sampleBlocks?: WaitSamples[];
}

/**
 * The streaming 10046 scanner. `push` takes chunks cut anywhere, even inside a line or a
 * multi-byte character; only the partial last line of a chunk is carried over. The hot path
 * finds line ends and `WAIT #` with indexOf (native memchr on Node Buffers) and parses numbers
 * digit by digit. Only rare lines (header, `***`, new event names) are decoded.
 */
export class TraceScanner {
  private readonly warnings: WarningCollector;
  private readonly events: EventTable;
  private readonly selectedId: number;
  private readonly samples: SampleColumns;
  private readonly sessions = new SessionTracker();
  private readonly sniffer = new BinarySniffer();
  private readonly facts: TraceFacts;
  private readonly anchors: TimeAnchor[] = [];
  private readonly kernel: LineKernel | null;
  /** Per event id: whether the kernel books its WAITs itself (set once per event). */
  private readonly kernelBooks: boolean[] = [];

  private base = 0; // file offset of the current chunk's first byte
  private lineNo = 0; // number of the line being handled
  private carry = new Uint8Array(256);
  private carryLen = 0;
  private carryOffset = 0;
  private carryDropped = 0;

  private inSql = false; // inside PARSING IN CURSOR … END OF STMT
  private freeText = false; // after BINDS / PARSE ERROR: unindented free text may follow
  private inPreamble = true;
  private atFinalLine = false;
  private timExpected: boolean | null = null;
  private sawWaitTim = false;
  private pendingAnchor: TimeAnchor | null = null;
  private waitLines = 0;
  private records10046 = 0;
  private starLines = 0;
  private stopped = false;
  private openingSession = -1;
  private firstTim: { tim: number; line: number } | null = null;

  constructor(options: ScanOptions) {
    this.samples = new SampleColumns(options.fileIndex);
    this.kernel = options.noKernel ? null : LineKernel.create();
    const range = options.range;
    this.facts = range ? { ...range.headFacts } : emptyFacts();
    if (range) {
      this.base = range.startOffset;
      this.inPreamble = range.startOffset === 0;
      this.sniffer.done = range.startOffset > 0;
      this.timExpected = versionWritesWaitTim(this.facts.oracleVersion);
      if (this.facts.pid !== null) this.sessions.setHeaderPid(this.facts.pid);
      this.openingSession = range.startOffset > 0 ? this.sessions.current() : -1;
    }
    this.warnings = new WarningCollector(options.fileName);
    this.events = new EventTable((buf, start, end) => this.decodeForPerson(buf, start, end, 'event name'));
    const selected = new TextEncoder().encode(options.event);
    this.selectedId = this.events.intern(selected, 0, selected.length);
  }

  push(chunk: Uint8Array): void {
    if (this.stopped) {
      this.base += chunk.length; // keep counting, so the size reported is the file's
      return;
    }
    if (chunk.length === 0) return;
    if (!this.sniffer.done) {
      this.sniffer.feed(chunk, this.base);
      if (this.sniffer.binaryAt !== null) {
        this.stopped = true; // not text: nothing below would mean anything
        this.base += chunk.length;
        return;
      }
    }
    const kernel = this.kernel;
    if (kernel === null || kernel.owns(chunk)) return this.pushSlice(chunk);
    for (let at = 0; at < chunk.length; at += AREA_BYTES) {
      this.pushSlice(kernel.load(chunk, at, Math.min(chunk.length, at + AREA_BYTES)));
    }
  }

  /**
   * Where a reader may put the next chunk so it is scanned in place: an input area of the line
   * kernel (two alternate, so one can be filled while the other is scanned), or null.
   */
  writableChunk(): Uint8Array | null {
    return this.kernel?.area() ?? null;
  }

  private pushSlice(chunk: Uint8Array): void {
    const n = chunk.length;
    let pos = 0;
    if (this.carryLen > 0 || this.carryDropped > 0) {
      const nl = chunk.indexOf(LF, 0);
      if (nl < 0) {
        this.appendCarry(chunk, 0, n);
        this.base += n;
        return;
      }
      this.appendCarry(chunk, 0, nl);
      this.flushCarry();
      pos = nl + 1;
    }
    if (this.kernel !== null) return this.kernelLines(this.kernel, chunk, pos);
    let nextWait = findBytes(chunk, WAIT, pos);
    const base = this.base;
    for (;;) {
      const nl = chunk.indexOf(LF, pos);
      if (nl < 0) break;
      this.lineNo++;
      const end = nl > pos && chunk[nl - 1] === CR ? nl - 1 : nl;
      nextWait = this.line(chunk, pos, end, base, nextWait);
      pos = nl + 1;
    }
    if (pos < n) {
      this.carryOffset = base + pos;
      this.appendCarry(chunk, pos, n);
    }
    this.base += n;
  }

  /**
   * The complete lines of chunk[from, end) through the line kernel. Lines it parses fully (the
   * common WAIT shape, record lines ending in a value) are booked from its records; every other
   * line goes through the same JavaScript as without the kernel, so both paths agree.
   */
  private kernelLines(kernel: LineKernel, chunk: Uint8Array, from: number): void {
    const n = chunk.length;
    const input = chunk;
    const length = n;
    const base = this.base; // file offset of input[0]
    let done = from;
    for (;;) {
      const scan = kernel.scan(input, done, length, this.inSql, this.pendingAnchor !== null || this.firstTim === null);
      const { records } = scan;
      const int32 = kernel.int32;
      const float64 = kernel.float64;
      const firstLine = this.lineNo + 1;
      for (let r = 0; r < records; r++) {
        const o = r * KernelRecord.int32s;
        const kindFlags = int32[o] as number;
        const kind = kindFlags & 0xff;
        const flags = kindFlags >> 8;
        const start = (int32[o + KernelRecord.start] as number) + done;
        const end = (int32[o + KernelRecord.end] as number) + done;
        this.lineNo = firstLine + (int32[o + KernelRecord.lineIndex] as number);
        if (flags & KernelFlag.RecordsBefore) this.recordLinesSeen();
        if (this.inSql) {
          // Only END OF STMT and text to check for UTF-8 matter inside SQL text.
          if (input[start] === 0x45 || flags & KernelFlag.HighByte) this.sqlTextLine(input, start, end);
        } else if (kind === KernelKind.SampledWait) {
          // A complete WAIT of the selected event, already booked in the profile by the kernel.
          this.waitLines++;
          this.inPreamble = false;
          this.freeText = false;
          const f = r * KernelRecord.float64s;
          this.samples.push(float64[f + KernelRecord.ela] as number, float64[f + KernelRecord.tim] as number, this.lineNo, base + start, this.sessions.current());
        } else if (kind === KernelKind.Wait) {
          this.kernelWait(input, int32, float64, o, r, done, base + start, flags & KernelFlag.EndsInDigit);
        } else {
          const mayGlue = flags & KernelFlag.InnerW || kind === KernelKind.WaitUnparsed;
          this.line(input, start, end, base, mayGlue ? findBytes(input, WAIT, start) : -1);
        }
      }
      if (scan.recordsAfterLast) this.recordLinesSeen();
      this.records10046 += scan.skippedRecords;
      this.waitLines += scan.waitsCounted;
      this.lineNo = firstLine - 1 + scan.lines;
      done += scan.consumed;
      if (records < MAX_KERNEL_RECORDS) break;
    }
    if (done < length) {
      this.carryOffset = base + done;
      this.appendCarry(input, done, length);
    }
    this.base += n;
  }

  /** What record lines (EXEC, FETCH, …) and WAITs do to the state, for those the kernel only counted. */
  private recordLinesSeen(): void {
    this.inPreamble = false;
    this.freeText = false;
  }

  private kernelWait(
    input: Uint8Array,
    int32: Int32Array,
    float64: Float64Array,
    o: number,
    r: number,
    done: number,
    offset: number,
    endsInDigit: number,
  ): void {
    const tim = float64[r * KernelRecord.float64s + KernelRecord.tim] as number;
    if (tim === tim) this.sawWaitTim = true;
    else if ((this.timExpected ?? this.sawWaitTim) || !endsInDigit) return this.badWait(false, 'cut short: no tim= at its end');
    const nameStart = (int32[o + KernelRecord.nameStart] as number) + done;
    const nameLength = int32[o + KernelRecord.nameLength] as number;
    const hash1 = int32[o + KernelRecord.hash1] as number;
    const hash2 = int32[o + KernelRecord.hash2] as number;
    const id = this.events.idForHash(hash1, hash2, nameLength, input, nameStart);
    if (this.kernelBooks[id] === undefined) this.kernelBooks[id] = (this.kernel as LineKernel).register(hash1, hash2, nameLength, id, id === this.selectedId);
    this.acceptWait(id, float64[r * KernelRecord.float64s + KernelRecord.ela] as number, tim, offset);
  }

  finish(options: { blocks?: boolean } = {}): ScanResult {
    if (!this.stopped && (this.carryLen > 0 || this.carryDropped > 0)) {
      this.atFinalLine = true;
      this.flushCarry();
    }
    for (const c of this.kernel?.counted() ?? []) this.events.addCounts(c.id, c.count, c.total, c.min, c.max);
    const unit = this.facts.unit;
    const scale = MICROS_PER_ELA_UNIT[unit];
    const blocks = options.blocks ? this.samples.takeBlocks() : null;
    const samples = blocks ? emptySamples() : this.samples.finish();
    for (const part of blocks ?? [samples]) {
      if (scale !== 1) for (let i = 0; i < part.count; i++) part.ela[i] = (part.ela[i] as number) * scale;
    }
    const closingSession = this.sessions.current(); // may add the session, so before the list
    return {
      bytes: this.base,
      lines: this.lineNo,
      facts: { ...this.facts },
      sessions: this.sessions.list(),
      anchors: this.anchors,
      profile: this.events.profile(scale),
      samples,
      warnings: this.warnings.list(),
      waitLines: this.waitLines,
      records10046: this.records10046 + this.waitLines,
      starLines: this.starLines,
      binaryAt: this.sniffer.finish(),
      endsInSql: this.inSql,
      openingSession: this.openingSession,
      closingSession,
      firstTim: this.firstTim,
      ...(blocks ? { sampleBlocks: blocks } : {}),
    };
  }

  private appendCarry(chunk: Uint8Array, start: number, end: number): void {
    let len = end - start;
    const room = LONG_LINE_CAP - this.carryLen;
    if (len > room) {
      this.carryDropped += len - room;
      len = room;
    }
    if (len <= 0) return;
    if (this.carryLen + len > this.carry.length) {
      const bigger = new Uint8Array(Math.max(this.carry.length * 2, this.carryLen + len));
      bigger.set(this.carry.subarray(0, this.carryLen));
      this.carry = bigger;
    }
    this.carry.set(chunk.subarray(start, start + len), this.carryLen);
    this.carryLen += len;
  }

  /** Handles the carried line (now complete, or the file's last line). */
  private flushCarry(): void {
    this.lineNo++;
    const buf = this.carry;
    let end = this.carryLen;
    if (end > 0 && buf[end - 1] === CR) end--;
    if (this.carryDropped > 0) {
      const kept = this.carryLen;
      const dropped = this.carryDropped;
      this.warnings.add('long-line', this.lineNo, () => `a line is ${kept + dropped} bytes long; only its first ${kept} bytes were examined`);
    }
    this.line(buf, 0, end, this.carryOffset, findBytes(buf.subarray(0, end), WAIT, 0));
    this.carryLen = 0;
    this.carryDropped = 0;
  }

  /** One physical line buf[start, end) without its line end. Returns the next `WAIT #` position. */
  private line(buf: Uint8Array, start: number, end: number, base: number, nextWait: number): number {
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
  private waitRun(buf: Uint8Array, at: number, end: number, base: number, glued: boolean): number {
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
  private wait(buf: Uint8Array, s: number, e: number, offset: number, glued: boolean): void {
    // Hand-inlined loops: this runs once per WAIT line, millions of times, and helper calls
    // with array arguments measured several times slower here than local loops.
    let p = s + 6; // after `WAIT #`
    let b = 0;
    while (p < e && (b = buf[p] as number) >= 0x30 && b <= 0x39) p++;
    // `: nam=` then a quote
    if (
      p === s + 6 || p + 7 >= e || buf[p] !== 0x3a || buf[p + 1] !== 0x20 || buf[p + 2] !== 0x6e ||
      buf[p + 3] !== 0x61 || buf[p + 4] !== 0x6d || buf[p + 5] !== 0x3d
    ) {
      return this.badWait(glued, 'no cursor and event name');
    }
    const quote = buf[p + 6] as number;
    if (quote !== QUOTE && quote !== DQUOTE) return this.badWait(glued, 'no quoted event name');
    const nameStart = p + 7;
    let id = this.events.matchRecent(buf, nameStart, e, quote);
    const nameEnd = id >= 0 ? nameStart + this.events.nameLength(id) : findNameEnd(buf, nameStart, e, quote);
    if (nameEnd < 0) return this.badWait(glued, 'cut off before ela=');
    p = nameEnd + 6; // after `' ela=`
    while (p < e && buf[p] === SPACE) p++;
    const elaStart = p;
    let ela = 0;
    while (p < e && (b = buf[p] as number) >= 0x30 && b <= 0x39) {
      ela = ela * 10 + (b - 0x30);
      p++;
    }
    if (p === elaStart) return this.badWait(glued, 'cut off before the ela value');
    const elaEnd = p;

    let t = e;
    while (t > elaEnd && (b = buf[t - 1] as number) >= 0x30 && b <= 0x39) t--;
    const hasTim =
      t < e && t - 5 >= elaEnd && buf[t - 1] === 0x3d && buf[t - 2] === 0x6d && buf[t - 3] === 0x69 && buf[t - 4] === 0x74 && buf[t - 5] === SPACE;
    if (hasTim) this.sawWaitTim = true;
    else if ((this.timExpected ?? this.sawWaitTim) || t === e) {
      return this.badWait(glued, 'cut short: no tim= at its end');
    }
    if (glued) this.warnings.add('glued-line', this.lineNo, () => 'two records are glued on one line with no line end between them; the WAIT in it was recovered');

    if (id < 0) id = this.events.intern(buf, nameStart, nameEnd);
    let tim = NaN;
    if (hasTim && (id === this.selectedId || this.pendingAnchor !== null || this.firstTim === null)) {
      tim = 0;
      for (let k = t; k < e; k++) tim = tim * 10 + ((buf[k] as number) - 0x30);
    }
    this.acceptWait(id, ela, tim, offset);
  }

  /** Books one complete WAIT: the profile, a pending time anchor, and the sample if selected. */
  private acceptWait(id: number, ela: number, tim: number, offset: number): void {
    this.waitLines++;
    // A WAIT ends the preamble and any BINDS or PARSE ERROR text, as a call line does.
    this.inPreamble = false;
    this.freeText = false;
    this.events.record(id, ela);
    if (tim === tim) {
      // not NaN: the line has a tim
      this.firstTim ??= { tim, line: this.lineNo };
      const anchor = this.pendingAnchor;
      if (anchor !== null) {
        anchor.tim = tim;
        anchor.timLine = this.lineNo;
        this.pendingAnchor = null;
      }
    }
    if (id === this.selectedId) this.samples.push(ela, tim, this.lineNo, offset, this.sessions.current());
  }

  private badWait(glued: boolean, why: string): void {
    if (glued) return; // `WAIT #` inside other text that does not parse as a record is just text
    if (this.atFinalLine) {
      this.warnings.add('truncated-final-line', this.lineNo, () => `the file ends inside a WAIT line (${why}); it was not counted (was the trace still being written?)`);
    } else {
      this.warnings.add('truncated-wait', this.lineNo, () => `an incomplete WAIT line (${why}) was not counted`);
    }
  }

  private sqlTextLine(buf: Uint8Array, start: number, end: number): void {
    if (matchAt(buf, start, end, END_OF_STMT)) {
      this.inSql = false;
      return;
    }
    this.checkText(buf, start, end, 'SQL text');
  }

  private otherLine(buf: Uint8Array, start: number, end: number): void {
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
  private record(buf: Uint8Array, start: number, end: number, checkEnd: boolean): void {
    this.records10046++;
    this.inPreamble = false;
    this.freeText = false;
    if (!checkEnd) return;
    const last = buf[end - 1] as number;
    if (isDigit(last) || last === QUOTE || last === 0x3a /* `BINDS #1:` */) return;
    const code = this.atFinalLine ? 'truncated-final-line' : 'truncated-record';
    this.warnings.add(code, this.lineNo, () =>
      code === 'truncated-final-line'
        ? 'the file ends inside a record (was the trace still being written?)'
        : 'a record is cut short (it does not end in a value)',
    );
  }

  private starLine(buf: Uint8Array, start: number, end: number): void {
    this.starLines++;
    this.inPreamble = false;
    this.freeText = false;
    const star = readStarLine(this.decodeForPerson(buf, start, end, '*** line'));
    switch (star.kind) {
      case 'process':
        this.facts.trcsess = true;
        this.sessions.process(star.pid, this.lineNo);
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
  private anchor(wall: string, utcOffsetMinutes: number | null, text: string): void {
    const anchor: TimeAnchor = { line: this.lineNo, text, wall, utcOffsetMinutes, tim: null, timLine: null, session: this.sessions.current() };
    if (this.pendingAnchor !== null && this.pendingAnchor.session === anchor.session) this.anchors[this.anchors.length - 1] = anchor;
    else this.anchors.push(anchor);
    this.pendingAnchor = anchor;
  }

  private unknownLine(buf: Uint8Array, start: number, end: number): void {
    if (this.inPreamble && mayBeHeaderLine(buf[start] as number)) {
      const text = this.decodeForPerson(buf, start, Math.min(end, start + 512), 'header line');
      if (readHeaderLine(text, this.facts)) {
        if (this.facts.pid !== null) this.sessions.setHeaderPid(this.facts.pid);
        this.timExpected = versionWritesWaitTim(this.facts.oracleVersion);
        return;
      }
    }
    if (this.inPreamble || this.freeText) return this.checkText(buf, start, end, 'text');
    this.warnings.add('unrecognised-line', this.lineNo, () => 'lines that are not 10046 records were ignored (they come from other diagnostic events, dumps or damage)');
  }

  /** Free text (SQL, binds) is never decoded for speed, but invalid UTF-8 in it is reported. */
  private checkText(buf: Uint8Array, start: number, end: number, what: string): void {
    for (let i = start; i < end; i++) {
      if ((buf[i] as number) >= 0x80) {
        this.decodeForPerson(buf, start, end, what);
        return;
      }
    }
  }

  private decodeForPerson(buf: Uint8Array, start: number, end: number, what: string): string {
    const { text, valid } = decodeText(buf, start, end);
    if (!valid) this.warnings.add('invalid-utf8', this.lineNo, () => `bytes that are not UTF-8 (in ${what}) were kept as bytes and are shown as �`);
    return text;
  }
}

/** End of an event name not seen recently: the first quote followed by ` ela=`. -1 when cut off. */
function findNameEnd(buf: Uint8Array, start: number, end: number, quote: number): number {
  for (let p = start; p < end; p++) if (buf[p] === quote && matchAt(buf, p + 1, end, SPACE_ELA)) return p;
  return -1;
}
