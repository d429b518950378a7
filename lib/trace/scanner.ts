import { DOUBLE_ZERO } from '../double-zero';
import { ascii, findBytes, LF } from './bytes';
import { forEachLine, lineEnd } from './lines';
import { LineGrammar } from './line-grammar';
import type { ScanOptions, ScanResult } from './scan-result';
export type { ScanOptions, ScanResult } from './scan-result';
import { emptyFacts, versionWritesWaitTim } from './header-facts';
import { emptySamples, SampleColumns } from './sample-columns';
import { ElaTally } from './ela-tally';
import { BinarySniffer } from './binary-sniffer';
import { MICROS_PER_ELA_UNIT } from '../units';
import { AREA_BYTES, KernelEmit, KernelFlag, KernelKeep, KernelKind, KernelRecord, LineKernel, MAX_RECORDS as MAX_KERNEL_RECORDS } from './kernel/line-kernel';
import type { KernelCommitLog, KernelWaitLog } from './kernel/kernel-columns';
import { countSessions } from './session-counts';

const WAIT = ascii('WAIT #');

/**
 * A line longer than this that spans chunks keeps only its head: the carry buffer must not
 * grow with a multi-megabyte bind value. WAIT lines are a few hundred bytes.
 */
const LONG_LINE_CAP = 1 << 20;

/** Where one kernel call's input is: input[done …] at file offset base + done, its first line firstLine. */
export interface KernelCallPlace {
  input: Uint8Array;
  done: number;
  base: number;
  firstLine: number;
}

/**
 * The streaming 10046 scanner. `push` takes chunks cut anywhere, even inside a line or a
 * multi-byte character; only the partial last line of a chunk is carried over. Complete lines
 * go through the line kernel (WebAssembly SIMD) where it is available, and every line it does
 * not fully handle, like every line without it, through LineGrammar's JavaScript.
 */
export class TraceScanner extends LineGrammar {
  private readonly sniffer = new BinarySniffer();
  private kernel: LineKernel | null;
  /** The current kernel call's input, for a run of its wait log (one object: the line loop allocates nothing). */
  private readonly place: KernelCallPlace = { input: new Uint8Array(0), done: 0, base: DOUBLE_ZERO, firstLine: 0 };
  /** Per event id: whether the kernel books its WAITs itself (set once per event). */
  private readonly kernelBooks: boolean[] = [];
  /**
   * False: no event is registered with the kernel, so it hands every WAIT back as a record it
   * parsed (name, ela, tim) and JavaScript books each one (a visited scan, trace-visitor.ts).
   */
  protected kernelMayBook = true;
  /** Lines the kernel hands back besides the usual (KernelEmit bits): a visited scan that reads calls or SQL text. */
  protected kernelEmit: number = KernelEmit.Usual;

  private base = DOUBLE_ZERO; // file offset of the current chunk's first byte; offsets pass 2^30, so all start as doubles (lib/double-zero.ts)
  private carry = new Uint8Array(256);
  private carryLen = 0;
  private carryOffset = DOUBLE_ZERO;
  private carryDropped = 0;
  private stopped = false;
  private openingSession = -1;
  /** keep: 'session-counts': the kept ela and session columns become each session's counts at the end. */
  private readonly countsPerSession: boolean;

  constructor(options: ScanOptions) {
    const range = options.range;
    super(options, range ? { ...range.headFacts } : emptyFacts());
    this.kernel = options.noKernel ? null : LineKernel.create();
    this.countsPerSession = options.keep === 'session-counts';
    if (range) {
      this.base = range.startOffset;
      this.inPreamble = range.startOffset === 0;
      this.sniffer.done = range.startOffset > 0;
      this.timExpected = versionWritesWaitTim(this.facts.oracleVersion);
      if (this.facts.pid !== null) this.sessions.setHeaderPid(this.facts.pid);
      this.openingSession = range.startOffset > 0 ? this.sessions.current() : -1;
    }
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

  /** Samples of the selected event so far, with those the kernel only counted. */
  override get samplesSoFar(): number {
    return this.samples.count + (this.kernel?.tallied ?? 0);
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
    pos = forEachLine(chunk, pos, (start, end) => {
      this.lineNo++;
      nextWait = this.line(chunk, start, end, base, nextWait);
    });
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
      const firstLine = this.lineNo + 1;
      // Also until a WAIT with tim was seen (sawWaitTim): an LGWR warning's stamp may start the
      // clock (firstTim) before any, and a WAIT the kernel books would not tell the scanner that
      // one without tim is now cut short.
      const wantTim = this.pendingAnchor !== null || this.firstTim === null || !this.sawWaitTim;
      const scan = kernel.scan(input, done, length, this.inSql, wantTim, firstLine, base + done, this.kernelEmit);
      const place = this.place;
      place.input = input;
      place.done = done;
      place.base = base;
      place.firstLine = firstLine;
      const { records } = scan;
      const int32 = kernel.int32;
      const float64 = kernel.float64;
      let sample = 0; // kernel samples handed over so far
      let logged = 0; // wait log entries handed over so far
      let committed = 0; // commit log entries handed over so far
      for (let r = 0; r < records; r++) {
        // Samples that came before this record belong to the session current up to it.
        if (sample < scan.samples) sample = this.takeKernelSamples(kernel, sample, r, scan.samples);
        if (logged < scan.logged) logged = this.takeWaitLog(kernel.waitLog, logged, r, scan.logged, place);
        const o = r * KernelRecord.int32s;
        const kindFlags = int32[o] as number;
        const kind = kindFlags & 0xff;
        const flags = kindFlags >> 8;
        const start = (int32[o + KernelRecord.start] as number) + done;
        const end = (int32[o + KernelRecord.end] as number) + done;
        this.lineNo = firstLine + (int32[o + KernelRecord.lineIndex] as number);
        // Kept-event WAITs the kernel only counted belong to the session current before this record.
        if (flags & KernelFlag.TalliedBefore) this.sessions.current();
        if (flags & KernelFlag.RecordsBefore) this.recordLinesSeen();
        if (this.inSql) {
          // Only END OF STMT and text to check for UTF-8 matter inside SQL text, unless the text is read (KernelEmit.SqlText).
          if (input[start] === 0x45 || flags & KernelFlag.HighByte || kind === KernelKind.SqlText) this.sqlTextLine(input, start, end);
        } else if (kind === KernelKind.Wait) {
          this.kernelWait(input, int32, float64, o, r, done, base + start, flags & KernelFlag.EndsInDigit);
        } else if (kind === KernelKind.Call) {
          this.kernelCall(kernel, input, start, end, base, r, done);
        } else {
          // Commits go before any line that may change the process or session (onCommitRun).
          if (committed < scan.commits) committed = this.takeCommitLog(kernel.commitLog, committed, r, scan.commits);
          const mayGlue = flags & KernelFlag.InnerW || kind === KernelKind.WaitUnparsed;
          this.line(input, start, end, base, mayGlue ? findBytes(input, WAIT, start) : -1);
        }
      }
      this.takeKernelSamples(kernel, sample, records, scan.samples);
      if (logged < scan.logged) this.takeWaitLog(kernel.waitLog, logged, records, scan.logged, place);
      if (committed < scan.commits) this.commitLogRun(kernel.commitLog, committed, scan.commits);
      if (scan.talliedAfterLast) this.sessions.current();
      this.waitLines += scan.samples;
      if (scan.recordsAfterLast) this.recordLinesSeen();
      this.records10046 += scan.skippedRecords;
      this.waitLines += scan.waitsCounted;
      this.lineNo = firstLine - 1 + scan.lines;
      done += scan.consumed;
      // The kernel stops early when its records, its sample columns or its wait log are full, or
      // after a WAIT of an event it does not know yet (now registered); then go on.
      if (records < MAX_KERNEL_RECORDS && scan.samples < MAX_KERNEL_RECORDS && scan.logged < MAX_KERNEL_RECORDS && scan.commits < MAX_KERNEL_RECORDS && !scan.stopped) break;
    }
    if (done < length) {
      this.carryOffset = base + done;
      this.appendCarry(input, done, length);
    }
    this.base += n;
  }

  /** Kernel samples [from, …) emitted before record `beforeRecord`, in bulk; returns where it stopped. */
  private takeKernelSamples(kernel: LineKernel, from: number, beforeRecord: number, total: number): number {
    const to = entriesBefore(kernel.samples.seq, from, total, beforeRecord);
    if (to > from) this.samples.pushRun(kernel.samples, from, to, this.sessions.current());
    return to;
  }

  /** Wait log entries [from, …) written before record `beforeRecord`, as one run; returns where it stopped. */
  private takeWaitLog(log: KernelWaitLog, from: number, beforeRecord: number, total: number, where: KernelCallPlace): number {
    const to = entriesBefore(log.seq, from, total, beforeRecord);
    if (to > from) this.waitLogRun(log, from, to, where);
    return to;
  }

  /** Commit log entries [from, …) written before record `beforeRecord`, as one run; returns where it stopped. */
  private takeCommitLog(log: KernelCommitLog, from: number, beforeRecord: number, total: number): number {
    const to = entriesBefore(log.seq, from, total, beforeRecord);
    if (to > from) this.commitLogRun(log, from, to);
    return to;
  }

  /** XCTENDs the kernel logged (log[from, to), all of the session current here), for a visited scan that asked for them (KernelEmit.CommitLog). */
  protected commitLogRun(_log: KernelCommitLog, _from: number, _to: number): void {}

  /**
   * WAITs the kernel booked and logged (log[from, to), all of the session current here), for a
   * visited scan that asked for the log (KernelEmit.WaitLog); nothing else asks for it.
   */
  protected waitLogRun(_log: KernelWaitLog, _from: number, _to: number, _where: KernelCallPlace): void {}

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
    this.waitBytes = input;
    this.waitStart = (int32[o + KernelRecord.start] as number) + done;
    this.waitEnd = (int32[o + KernelRecord.end] as number) + done;
    const nameStart = (int32[o + KernelRecord.nameStart] as number) + done;
    const nameLength = int32[o + KernelRecord.nameLength] as number;
    const id = this.events.intern(input, nameStart, nameStart + nameLength);
    if (this.kernelBooks[id] === undefined) {
      const keep = id !== this.selectedId ? KernelKeep.Nothing : this.samples instanceof ElaTally ? KernelKeep.Counts : KernelKeep.Samples;
      this.kernelBooks[id] = this.kernelMayBook && (this.kernel as LineKernel).register(input, nameStart, nameLength, id, keep);
    }
    this.acceptWait(id, float64[r * KernelRecord.float64s + KernelRecord.ela] as number, tim, offset);
  }

  /**
   * A call line the kernel parsed (only when kernelEmit asks for records: a visited scan, which
   * reads its fields; see trace-visitor.ts). Here it is an ordinary record line.
   */
  protected kernelCall(_kernel: LineKernel, input: Uint8Array, start: number, end: number, base: number, _r: number, _done: number): void {
    this.line(input, start, end, base, -1);
  }

  finish(options: { blocks?: boolean } = {}): ScanResult {
    if (!this.stopped && (this.carryLen > 0 || this.carryDropped > 0)) {
      this.atFinalLine = true;
      this.flushCarry();
    }
    for (const c of this.kernel?.counted() ?? []) this.events.addCounts(c.id, c.count, c.total, c.min, c.max);
    const tally = this.samples instanceof ElaTally ? this.samples : null;
    if (tally) this.kernel?.drainTally((values, counts, n, waits) => tally.addCounts(values, counts, n, waits));
    this.kernel?.release(); // nothing reads its memory after this
    this.kernel = null;
    const unit = this.facts.unit;
    const scale = MICROS_PER_ELA_UNIT[unit];
    const kept = this.samples instanceof SampleColumns ? this.samples : null;
    const elaCounts = this.samples instanceof ElaTally ? this.samples.finish(scale) : null;
    const blocks = kept && options.blocks ? kept.takeBlocks() : null;
    const samples = kept && !blocks ? kept.finish() : emptySamples();
    for (const part of blocks ?? [samples]) {
      if (scale !== 1) for (let i = 0; i < part.count; i++) part.ela[i] = (part.ela[i] as number) * scale;
    }
    // Counted here, on the thread that scanned: only the counts leave it (session-counts.ts).
    const sessionCounts = this.countsPerSession ? countSessions(blocks ?? [samples]) : null;
    const closingSession = this.sessions.current(); // may add the session, so before the list
    return {
      bytes: this.base,
      lines: this.lineNo,
      facts: { ...this.facts },
      sessions: this.sessions.list(),
      anchors: this.anchors,
      profile: this.events.profile(scale),
      samples: sessionCounts ? emptySamples() : samples,
      warnings: this.warnings.list(),
      waitLines: this.waitLines,
      records10046: this.records10046 + this.waitLines,
      starLines: this.starLines,
      binaryAt: this.sniffer.finish(),
      endsInSql: this.inSql,
      openingSession: this.openingSession,
      closingSession,
      firstTim: this.firstTim,
      ...(blocks && !sessionCounts ? { sampleBlocks: blocks } : {}),
      ...(elaCounts ? { elaCounts } : {}),
      ...(sessionCounts ? { sessionCounts } : {}),
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
    const end = lineEnd(buf, 0, this.carryLen);
    if (this.carryDropped > 0) {
      const kept = this.carryLen;
      const dropped = this.carryDropped;
      this.warnings.add('long-line', this.lineNo, () => `a line is ${kept + dropped} bytes long; only its first ${kept} bytes were examined`);
    }
    this.line(buf, 0, end, this.carryOffset, findBytes(buf.subarray(0, end), WAIT, 0));
    this.carryLen = 0;
    this.carryDropped = 0;
  }
}

/**
 * The end of the entries [from, total) whose seq (records emitted before them; it never decreases)
 * is at most `beforeRecord`. A few entries one by one, then galloping and binary: a run between
 * two records is mostly a few entries (the wait log: the WAITs between two calls), sometimes
 * thousands (samples).
 */
function entriesBefore(seq: Int32Array, from: number, total: number, beforeRecord: number): number {
  let to = from;
  // Most runs end within a few entries: a look at each first.
  const near = Math.min(total, from + 8);
  while (to < near && (seq[to] as number) <= beforeRecord) to++;
  if (to < near || to === total) return to;
  let step = 1;
  while (to + step <= total && (seq[to + step - 1] as number) <= beforeRecord) {
    to += step;
    step *= 2;
  }
  let hi = Math.min(total, to + step);
  while (to < hi) {
    const mid = (to + hi) >>> 1;
    if ((seq[mid] as number) <= beforeRecord) to = mid + 1;
    else hi = mid;
  }
  return to;
}
