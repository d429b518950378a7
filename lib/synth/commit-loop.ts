import type { TruthBook } from './call-truth';
import { Clock } from './clock';
import { headerLines } from './dialects';
import { createRng, deriveSeed, type Seed } from './random';
import { createElaStream, type PresetName } from './wait-model';

/**
 * A realistic 11.2 commit-loop session trace for benchmarks: the shape of Harrison's test (stats.md §1:
 * processes each doing updates and commits, every `log file sync` captured from 10046 traces).
 *
 * Streaming: a generator of ~1 MiB string chunks, so a caller can write gigabytes without holding them.
 * Speed: strings are built with template literals from precomputed pieces, `tim` is a double (≤ 2^53, so
 * epoch µs like 1.34e15 are exact) and there is no BigInt in the loop.
 *
 * The i-th `log file sync` WAIT equals `sampleWaits(preset, commits, seed, { pinExtremes })[i]`: its ela
 * stream depends only on `seed`. Give every session its own seed; `sessionIndex` only changes sid, pid,
 * cursor and timing noise.
 */

export interface CommitLoopOptions {
  preset: PresetName;
  seed: Seed;
  commits: number;
  sessionIndex?: number;
  /** Target chunk size in UTF-16 code units (= bytes, the text is ASCII). Default 1 MiB. */
  chunkChars?: number;
  /** A `***` timestamp line every this many commits. Default 4096. */
  stampEvery?: number;
  /** See wait-model.ts: pin one sample to 1 µs and one to max. */
  pinExtremes?: boolean;
  /**
   * Books every call and wait in this TruthBook as it is written (call-truth.ts), from the numbers
   * the loop writes; the text is the same with or without it.
   */
  truth?: TruthBook;
}

/** The one statement of the loop, as its PARSING IN CURSOR line names it. */
const UPDATE_STATEMENT = { key: '6gvz2cqfv3ywc', sqlId: '6gvz2cqfv3ywc', hashValue: 2611744364, dep: 0, parent: null };

const DRIVER = 'driver id=1650815232 #bytes=1 p3=0 obj#=-1 tim=';

export function* generateCommitLoop(o: CommitLoopOptions): Generator<string, void, undefined> {
  const session = o.sessionIndex ?? 0;
  const chunkChars = o.chunkChars ?? 1 << 20;
  const stampEvery = o.stampEvery ?? 4096;
  const noise = createRng(deriveSeed(`${String(o.seed)}/${session}`, 'commit-loop-noise'));
  const ela = createElaStream(o.preset, o.seed, { pinExtremes: o.pinExtremes, n: o.commits });
  const pid = 20_000 + session * 37;
  const sid = 100 + session * 3;
  const clock = new Clock('2012-08-09T10:15:02.123', 1_344_507_302_123_456 + session * 1_000_003);
  const cursor = String(140_000_000_000_000 + noise.int(0, 999_999_999) * 8);
  const tableObj = noise.int(70_000, 90_000);
  let scn = 40_218_191_431_498 + noise.int(0, 99_999_999);

  let buf = headerLines('11.2', { pid, instance: 'SPOT1', host: 'exa01db01.example.com', processNumber: 30 + session }, '2012-08-09T10:15:02.123').join('\n');
  const ts = clock.stampOld();
  buf += `\n*** ${ts}\n*** SESSION ID:(${sid}.${1000 + session}) ${ts}\n*** CLIENT ID:() ${ts}\n*** SERVICE NAME:(SPOT) ${ts}\n`;
  buf += `*** MODULE NAME:(commitloop@exa01 (TNS V1-V3)) ${ts}\n*** ACTION NAME:(session ${session}) ${ts}\n\n`;
  clock.advance(noise.int(50, 400));
  buf += `=====================\nPARSING IN CURSOR #${cursor} len=40 dep=0 uid=108 oct=6 lid=108 tim=${clock.tim} hv=2611744364 ad='9f3c1a80' sqlid='6gvz2cqfv3ywc'\n`;
  buf += `update t1 set n = n + 1 where id = :b1\nEND OF STMT\n`;
  clock.advance(noise.int(100, 900));
  const parseE = noise.int(400, 900);
  buf += `PARSE #${cursor}:c=400,e=${parseE},p=0,cr=0,cu=0,mis=1,r=0,dep=0,og=1,plh=0,tim=${clock.tim}\n`;
  // By its numbers, every WAIT of the loop lies outside the calls' spans [tim − e, tim], even the
  // rare reads written just before an EXEC (they end where the EXEC starts): all are between calls.
  const book = o.truth;
  if (book) {
    book.statement(UPDATE_STATEMENT);
    book.call({ call: 'PARSE', dep: 0, e: parseE, c: 400, p: 0, cr: 0, cu: 0, r: 0, mis: 1, timed: true, start: clock.tim - parseE, end: clock.tim, statement: UPDATE_STATEMENT.key });
  }

  const execHead = `EXEC #${cursor}:c=`;
  const stmtWait = `WAIT #${cursor}: nam='`;
  let tim = clock.tim;
  for (let i = 0; i < o.commits; i++) {
    if (i > 0 && i % stampEvery === 0) {
      clock.advance(tim - clock.tim);
      buf += `\n*** ${clock.stampOld()}\n`;
    }
    // Rare waits just before the EXEC, from the noise stream so the ela stream never moves. The EXEC's e
    // does not include them, so by the numbers they lie between calls.
    if (noise.next() < 0.002) {
      const e = 150 + Math.floor(noise.next() * 12_000);
      tim += e;
      buf += `${stmtWait}db file sequential read' ela= ${e} file#=7 block#=${19_000_000 + Math.floor(noise.next() * 9_000_000)} blocks=1 obj#=${tableObj} tim=${tim}\n`;
      book?.wait('db file sequential read', e, false, tim);
    }
    if (noise.next() < 0.0002) {
      const e = 8_000 + Math.floor(noise.next() * 170_000);
      tim += e;
      buf += `${stmtWait}log file switch completion' ela= ${e} p1=0 p2=0 p3=0 obj#=-1 tim=${tim}\n`;
      book?.wait('log file switch completion', e, false, tim);
    }
    const e = 40 + Math.floor(noise.next() * 260);
    tim += e;
    buf += `${execHead}${e - (e & 7)},e=${e},p=0,cr=${1 + (e & 3)},cu=${2 + (e & 1)},mis=0,r=1,dep=0,og=1,plh=2725028981,tim=${tim}\n`;
    book?.call({ call: 'EXEC', dep: 0, e, c: e - (e & 7), p: 0, cr: 1 + (e & 3), cu: 2 + (e & 1), r: 1, mis: 0, timed: true, start: tim - e, end: tim, statement: UPDATE_STATEMENT.key });
    tim += 3 + (e & 15);
    buf += `XCTEND rlbk=0, rd_only=0, tim=${tim}\n`;
    book?.call({ call: 'XCTEND', dep: 0, e: 0, c: 0, p: 0, cr: 0, cu: 0, r: 0, mis: 0, timed: false, start: tim, end: tim, statement: null });
    const sync = ela.next();
    tim += sync + 2;
    scn += 1 + (e & 31);
    buf += `WAIT #0: nam='log file sync' ela= ${sync} buffer#=${(i * 7 + e) % 9000 + 100} sync scn=${scn} p3=0 obj#=-1 tim=${tim}\n`;
    book?.wait('log file sync', sync, false, tim);
    const toClient = 1 + (e & 3);
    tim += toClient + 9;
    buf += `WAIT #0: nam='SQL*Net message to client' ela= ${toClient} ${DRIVER}${tim}\n`;
    book?.wait('SQL*Net message to client', toClient, false, tim);
    // Client think time: log-uniform between 60 µs and 1.8 ms (median ~330 µs), from one uniform.
    const think = Math.round(60 * Math.exp(noise.next() * 3.4));
    tim += think + 4;
    buf += `WAIT #0: nam='SQL*Net message from client' ela= ${think} ${DRIVER}${tim}\n`;
    book?.wait('SQL*Net message from client', think, false, tim);
    if (buf.length >= chunkChars) {
      yield buf;
      buf = '';
    }
  }
  tim += 20;
  buf += `CLOSE #${cursor}:c=0,e=9,dep=0,type=3,tim=${tim}\n`;
  book?.call({ call: 'CLOSE', dep: 0, e: 9, c: 0, p: 0, cr: 0, cu: 0, r: 0, mis: 0, timed: true, start: tim - 9, end: tim, statement: null });
  yield buf;
}
