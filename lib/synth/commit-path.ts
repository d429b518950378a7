import { formatMicrosIso } from '../outliers/stamps';
import { LGWR_WARNING_MICROS, simulateCommitPath, TO_CLIENT_MICROS, type CommitPathTimeline } from './commit-path-timeline';
import { TraceBuilder } from './trace-writer';

/**
 * `waitscope synth --workload commit-path`: foreground sessions that commit and the LGWR trace of
 * the same instance, written from ONE simulated timeline (commit-path-timeline.ts), with their
 * ground truth: per `log file sync`, the write that carried its redo, every LGWR write that
 * overlaps it in time, the time those writes cover and the remainder (post, wake-up, CPU).
 *
 * - Foreground (`cpath1_ora_<pid>.trc`): per commit an XCTEND, its `log file sync`, the round trip
 *   (`SQL*Net message to client`) and the think time (`SQL*Net message from client`).
 * - LGWR (`cpath1_lgwr_<pid>.trc`, `(LGWR)` on its process line): with `lgwrTrace: 'waits'` (10046
 *   level 8 on LGWR) its idle `rdbms ipc message` waits (timeout=300: 3 s) and every
 *   `log file parallel write` with files, blocks and requests, and after a write over 500 ms the
 *   warning line; with `'warnings'` (no 10046) only a `***` stamp and the warning per slow write,
 *   as in the real 11.2 LGWR trace of the corpus.
 * - Same `Node name` and `Instance name` in every header. `tim` is the true clock in µs (as 11.2's
 *   gettimeofday-based tim) for every file, plus `lgwrTimOffset` in LGWR's: a non-zero offset makes
 *   a trace whose tim the pairing must not trust, so it falls back to the `***` stamps.
 * - A `***` stamp is written before a WAIT line, at that WAIT's end (a WAIT line is written when its
 *   wait ends), truncated to the stamp's precision: ms (`2026-03-02 10:00:01.234`, ≤ 12.1) or µs
 *   (`2026-03-02T10:00:01.234567+00:00`, 12.2+). So a stamp is at most one unit of its precision
 *   early, and nothing else: the wall-clock pairing's error is exactly that.
 */

export interface CommitPathOptions {
  seed: number;
  sessions: number;
  commits: number;
  lgwrTrace: 'waits' | 'warnings';
  stamps: 'ms' | 'us';
  /** µs added to every tim of LGWR's trace (0: a shared clock). */
  lgwrTimOffset: number;
}

export const COMMIT_PATH_DEFAULTS: CommitPathOptions = { seed: 1, sessions: 4, commits: 400, lgwrTrace: 'waits', stamps: 'ms', lgwrTimOffset: 0 };
export const COMMIT_PATH_HOST = 'cpath-db01';
export const COMMIT_PATH_INSTANCE = 'cpath1';
export const COMMIT_PATH_LGWR_PID = 4242;
/** Redo block size the generator writes with (blocks × 512 B = the warning's KB × 1024). */
export const COMMIT_PATH_REDO_BLOCK = 512;
/** 2026-03-02T10:00:00 as local wall µs since 1970. */
const START = Date.UTC(2026, 2, 2, 10, 0, 0) * 1000;
/** A stamp at least this often (µs of trace time), as Oracle writes one after a pause. */
const STAMP_EVERY = 2_000_000;
const IDLE_TIMEOUT = 3_000_000;

export function commitPathPid(session: number): number {
  return 21_000 + session * 13;
}
export function commitPathFileName(session: number): string {
  return `${COMMIT_PATH_INSTANCE}_ora_${commitPathPid(session)}.trc`;
}
export const COMMIT_PATH_LGWR_FILE = `${COMMIT_PATH_INSTANCE}_lgwr_${COMMIT_PATH_LGWR_PID}.trc`;

export interface CommitPathSyncTruth {
  file: string;
  /** 1-based line of its WAIT. */
  line: number;
  /** Start and end on the true clock (µs), and ela. */
  start: number;
  end: number;
  ela: number;
  postDelay: number;
  wakeDelay: number;
  /** The write that carried its redo (index into writes). */
  servedBy: number;
  /** Every write overlapping [start, end] by more than 0 µs, in time order. */
  overlapping: number[];
  /** µs of [start, end] during which LGWR was writing. */
  covered: number;
  remainder: number;
}

export interface CommitPathWriteTruth {
  /** Line of its `log file parallel write` WAIT ('waits'), or of its warning ('warnings'; null when fast). */
  line: number | null;
  start: number;
  end: number;
  ela: number;
  blocks: number;
  sizeBytes: number;
  /** Over LGWR's 500 ms warning threshold: a warning line follows it. */
  warned: boolean;
  /** Line of its warning, or null. */
  warningLine: number | null;
}

export interface CommitPathTruth {
  params: CommitPathOptions & { host: string; instance: string; redoBlockBytes: number };
  syncs: CommitPathSyncTruth[];
  writes: CommitPathWriteTruth[];
}

export interface CommitPathFiles {
  files: { name: string; bytes: Uint8Array }[];
  truth: CommitPathTruth;
}

function stampText(micros: number, stamps: 'ms' | 'us'): string {
  const iso = formatMicrosIso(micros, null);
  return stamps === 'us' ? `${iso}+00:00` : `${iso.slice(0, 23).replace('T', ' ')}`;
}

function header(b: TraceBuilder, pid: number, processNumber: number, image: string, o: CommitPathOptions): void {
  const release = o.stamps === 'us' ? '12.2.0.1.0' : '11.2.0.4.0';
  const family = o.stamps === 'us' ? '12c' : '11g';
  b.lines([
    `Trace file /u01/app/oracle/diag/rdbms/cpath/${COMMIT_PATH_INSTANCE}/trace/${COMMIT_PATH_INSTANCE}_${image.includes('LGWR') ? 'lgwr' : 'ora'}_${pid}.trc`,
    `Oracle Database ${family} Enterprise Edition Release ${release} - 64bit Production`,
    'ORACLE_HOME = /u01/app/oracle/product/db_1',
    'System name:\tLinux',
    `Node name:\t${COMMIT_PATH_HOST}`,
    'Machine:\tx86_64',
    `Instance name: ${COMMIT_PATH_INSTANCE}`,
    'Redo thread mounted by this instance: 1',
    `Oracle process number: ${processNumber}`,
    `Unix process pid: ${pid}, image: ${image}`,
    '',
  ]);
}

/** Writes `***` stamps: the first with the SESSION ID line, then one before a WAIT after a pause. */
class Stamper {
  private last = -Infinity;
  constructor(
    private readonly b: TraceBuilder,
    private readonly o: CommitPathOptions,
    private readonly sid: string,
  ) {}
  /** Before a line written at `at` (µs, true clock). */
  before(at: number): void {
    if (at - this.last < STAMP_EVERY) return;
    const text = stampText(at, this.o.stamps);
    this.b.lineOf(`*** ${text}`);
    if (this.last === -Infinity) this.b.lineOf(`*** SESSION ID:(${this.sid}) ${text}`);
    this.last = at;
  }
}

const wait = (b: TraceBuilder, event: string, ela: number, params: string, tim: number): void => {
  b.wait({ cursor: '0', event, ela, params, obj: -1, tim, unit: 'us', elaSpace: true });
};

function foreground(t: CommitPathTimeline, session: number, o: CommitPathOptions, syncs: CommitPathSyncTruth[]): Uint8Array {
  const b = new TraceBuilder();
  header(b, commitPathPid(session), 30 + session, `oracle@${COMMIT_PATH_HOST}`, o);
  const stamp = new Stamper(b, o, `${100 + session}.${7 + session}`);
  let thinkStart = START;
  let scn = 9_000_000 + session * 100_000;
  t.commits.forEach((c, i) => {
    if (c.session !== session) return;
    stamp.before(c.commitAt);
    wait(b, 'SQL*Net message from client', c.commitAt - thinkStart, 'driver id=1650815232 #bytes=1 p3=0', c.commitAt);
    b.lineOf(`XCTEND rlbk=0, rd_only=0, tim=${c.commitAt}`);
    stamp.before(c.syncEnd);
    (syncs[i] as CommitPathSyncTruth).line = b.line;
    wait(b, 'log file sync', c.syncEnd - c.commitAt, `buffer#=${1000 + (scn % 7000)} sync scn=${(scn += 3)} p3=0`, c.syncEnd);
    const toClient = c.syncEnd + TO_CLIENT_MICROS;
    stamp.before(toClient);
    wait(b, 'SQL*Net message to client', TO_CLIENT_MICROS, 'driver id=1650815232 #bytes=1 p3=0', toClient);
    thinkStart = toClient;
  });
  return b.toBytes();
}

function lgwr(t: CommitPathTimeline, o: CommitPathOptions, writes: CommitPathWriteTruth[]): Uint8Array {
  const b = new TraceBuilder();
  header(b, COMMIT_PATH_LGWR_PID, 20, `oracle@${COMMIT_PATH_HOST} (LGWR)`, o);
  const stamp = new Stamper(b, o, '2.1');
  const tim = (at: number): number => at + o.lgwrTimOffset;
  let idleFrom = START;
  if (o.lgwrTrace === 'warnings') stamp.before(START);
  t.writes.forEach((w, i) => {
    const truth = writes[i] as CommitPathWriteTruth;
    const kb = Math.floor((w.blocks * COMMIT_PATH_REDO_BLOCK) / 1024);
    if (o.lgwrTrace === 'warnings') {
      if (!truth.warned) return;
      // Forced: the trace is silent between warnings, so each one comes after a stamp (the real trace).
      b.lineOf(`*** ${stampText(w.end, o.stamps)}`);
      truth.warningLine = truth.line = b.line;
      b.lineOf(`Warning: log write elapsed time ${Math.floor((w.end - w.start) / 1000)}ms, size ${kb}KB`);
      return;
    }
    // Idle until the write starts: `rdbms ipc message` times out every 3 s.
    while (w.start - idleFrom > 0) {
      const to = Math.min(w.start, idleFrom + IDLE_TIMEOUT);
      stamp.before(to);
      wait(b, 'rdbms ipc message', to - idleFrom, 'timeout=300 p2=0 p3=0', tim(to));
      idleFrom = to;
    }
    stamp.before(w.end);
    truth.line = b.line;
    wait(b, 'log file parallel write', w.end - w.start, `files=2 blocks=${w.blocks} requests=${1 + Math.floor(w.blocks / 2048)}`, tim(w.end));
    if (truth.warned) {
      truth.warningLine = b.line;
      b.lineOf(`Warning: log write elapsed time ${Math.floor((w.end - w.start) / 1000)}ms, size ${kb}KB`);
    }
    idleFrom = w.end;
  });
  return b.toBytes();
}

/** The truth, computed from the timeline alone (writes are sequential: LGWR is one process). */
function truthOf(t: CommitPathTimeline): { syncs: CommitPathSyncTruth[]; writes: CommitPathWriteTruth[] } {
  const writes = t.writes.map((w) => ({
    line: null,
    start: w.start,
    end: w.end,
    ela: w.end - w.start,
    blocks: w.blocks,
    sizeBytes: w.blocks * COMMIT_PATH_REDO_BLOCK,
    warned: w.end - w.start > LGWR_WARNING_MICROS,
    warningLine: null,
  }));
  const syncs = t.commits.map((c) => {
    const overlapping: number[] = [];
    let covered = 0;
    // LGWR's writes follow one another: from the first that ends after the commit, while they start before the sync ends.
    let lo = 0;
    let hi = t.writes.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if ((t.writes[mid] as { end: number }).end <= c.commitAt) lo = mid + 1;
      else hi = mid;
    }
    for (let i = lo; i < t.writes.length && (t.writes[i] as { start: number }).start < c.syncEnd; i++) {
      const w = t.writes[i] as { start: number; end: number };
      const overlap = Math.min(w.end, c.syncEnd) - Math.max(w.start, c.commitAt);
      if (overlap > 0) {
        overlapping.push(i);
        covered += overlap;
      }
    }
    const ela = c.syncEnd - c.commitAt;
    return { file: commitPathFileName(c.session), line: 0, start: c.commitAt, end: c.syncEnd, ela, postDelay: c.postDelay, wakeDelay: c.wakeDelay, servedBy: c.write, overlapping, covered, remainder: ela - covered };
  });
  return { syncs, writes };
}

export function generateCommitPath(options: Partial<CommitPathOptions> = {}): CommitPathFiles {
  const o = { ...COMMIT_PATH_DEFAULTS, ...options };
  const t = simulateCommitPath({ seed: o.seed, sessions: o.sessions, commits: o.commits, startMicros: START });
  const { syncs, writes } = truthOf(t);
  const files = Array.from({ length: o.sessions }, (_, s) => ({ name: commitPathFileName(s), bytes: foreground(t, s, o, syncs) }));
  files.push({ name: COMMIT_PATH_LGWR_FILE, bytes: lgwr(t, o, writes) });
  return { files, truth: { params: { ...o, host: COMMIT_PATH_HOST, instance: COMMIT_PATH_INSTANCE, redoBlockBytes: COMMIT_PATH_REDO_BLOCK }, syncs, writes } };
}
