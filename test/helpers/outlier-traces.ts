// Small commit-loop traces with known outliers and log switches, written line by line. Every WAIT
// the helper writes is recorded with its line number, byte offset, tim and wall-clock time, all
// computed here by plain counting and arithmetic: tests compare the code under test with these
// records, never with its own output.

export interface WrittenWait {
  event: string;
  ela: number;
  tim: number;
  line: number;
  offset: number;
  cursor: string;
  /** µs since the Unix epoch (the stamps carry a UTC offset), or local µs when `offset` is null. */
  wall: number;
}

export interface CommitSpec {
  /** `log file sync` ela, µs. */
  lfs: number;
  /** A wait written just before the commit's `log file sync` (a log switch, for example), on the statement's cursor. */
  before?: { event: string; ela: number };
}

export interface TraceSpec {
  /** Wall time of the first stamp, `YYYY-MM-DDTHH:MM:SS.ffffff`. */
  wall: string;
  /** Minutes east of UTC written in the stamps, or null for old-style stamps without one. */
  offset: number | null;
  timBase: number;
  sid: number;
  serial: number;
  pid: number;
  cursor: string;
  commits: CommitSpec[];
  /** tim between commit starts, µs. */
  period: number;
  /** A `***` stamp every this many commits (and before the first). */
  stampEvery: number;
}

export interface WrittenTrace {
  text: string;
  waits: WrittenWait[];
  /** Line of `PARSING IN CURSOR` and of `END OF STMT`. */
  parseLine: number;
  endOfStmtLine: number;
  /** All lines, index 0 = line 1. */
  lines: string[];
}

/** µs of `YYYY-MM-DDTHH:MM:SS.ffffff` read as UTC, minus the offset. */
export function wallMicros(wall: string, offsetMinutes: number | null): number {
  const [date, time] = wall.split('T') as [string, string];
  const [y, mo, d] = date.split('-').map(Number) as [number, number, number];
  const [hms, frac = '0'] = time.split('.') as [string, string?];
  const [h, mi, s] = hms.split(':').map(Number) as [number, number, number];
  return Date.UTC(y, mo - 1, d, h, mi, s) * 1000 + Number(frac.padEnd(6, '0')) - (offsetMinutes ?? 0) * 60_000_000;
}

function stampText(micros: number, offsetMinutes: number | null): string {
  const local = micros + (offsetMinutes ?? 0) * 60_000_000;
  const iso = new Date(Math.floor(local / 1000)).toISOString().slice(0, 19);
  const frac = String(local % 1_000_000).padStart(6, '0');
  if (offsetMinutes === null) return `${iso.replace('T', ' ')}.${frac.slice(0, 3)}`;
  const sign = offsetMinutes < 0 ? '-' : '+';
  const a = Math.abs(offsetMinutes);
  return `${iso}.${frac}${sign}${String(Math.floor(a / 60)).padStart(2, '0')}:${String(a % 60).padStart(2, '0')}`;
}

/**
 * A 19c-style trace (ISO stamps) when `offset` is a number, an 11.2-style one (`2012-08-09
 * 10:15:02.123`) when it is null. Stamps are written so that every one agrees with the first:
 * stamp k = first stamp + (tim of the next WAIT − tim of the first WAIT). Old-style stamps have
 * ms only: give them a whole-ms `wall` and one stamp (stampEvery ≥ commits), or later stamps are
 * cut to the ms.
 */
export function writeCommitLoop(spec: TraceSpec): WrittenTrace {
  const lines: string[] = [];
  const waits: WrittenWait[] = [];
  let offset = 0;
  const push = (text: string) => {
    lines.push(text);
    const at = offset;
    offset += text.length + 1;
    return { line: lines.length, offset: at };
  };
  const banner = spec.offset === null ? ['Oracle Database 11g Enterprise Edition Release 11.2.0.4.0 - 64bit Production'] : ['Oracle Database 19c Enterprise Edition Release 19.0.0.0.0 - Production', 'Version 19.12.0.0.0'];
  push(`Trace file /u01/diag/rdbms/x/x1/trace/x1_ora_${spec.pid}.trc`);
  for (const b of banner) push(b);
  push(`Unix process pid: ${spec.pid}, image: oracle@host`);
  push('');
  const first = wallMicros(spec.wall, spec.offset);
  let firstWaitTim: number | null = null;
  const parse = { parseLine: 0, endOfStmtLine: 0 };
  const wait = (cursor: string, event: string, ela: number, tim: number, params: string) => {
    const at = push(`WAIT #${cursor}: nam='${event}' ela= ${ela} ${params} obj#=-1 tim=${tim}`);
    firstWaitTim ??= tim;
    waits.push({ event, ela, tim, cursor, ...at, wall: first + (tim - firstWaitTim) });
  };
  spec.commits.forEach((c, i) => {
    const t0 = spec.timBase + i * spec.period;
    if (i % spec.stampEvery === 0) {
      // The next WAIT is the first of this commit: its tim decides the stamp.
      const nextTim = t0 + 5 + (c.before?.ela ?? c.lfs);
      const stampMicros = first + (nextTim - (firstWaitTim ?? nextTim));
      push(`*** ${stampText(stampMicros, spec.offset)}`);
      if (i === 0) {
        push(`*** SESSION ID:(${spec.sid}.${spec.serial}) ${stampText(stampMicros, spec.offset)}`);
        push('=====================');
        parse.parseLine = push(`PARSING IN CURSOR #${spec.cursor} len=38 dep=0 uid=108 oct=6 lid=108 tim=${t0 - 50} hv=1 ad='1' sqlid='6gvz2cqfv3ywc'`).line;
        push('update t1 set n = n + 1 where id = :b1');
        parse.endOfStmtLine = push('END OF STMT').line;
      }
    }
    push(`EXEC #${spec.cursor}:c=100,e=100,p=0,cr=1,cu=2,mis=0,r=1,dep=0,og=1,plh=1,tim=${t0}`);
    push(`XCTEND rlbk=0, rd_only=0, tim=${t0 + 5}`);
    let t = t0 + 5;
    // A wait inside the EXEC, on the statement's cursor (as the synth's rare waits are).
    if (c.before) wait(spec.cursor, c.before.event, c.before.ela, (t += c.before.ela), 'p1=0 p2=0 p3=0');
    wait('0', 'log file sync', c.lfs, (t += c.lfs), `buffer#=${100 + i} sync scn=${4000 + i} p3=0`);
    wait('0', 'SQL*Net message to client', 2, (t += 2), 'driver id=1650815232 #bytes=1 p3=0');
    wait('0', 'SQL*Net message from client', 150, (t += 150), 'driver id=1650815232 #bytes=1 p3=0');
  });
  return { text: `${lines.join('\n')}\n`, waits, lines, ...parse };
}

/** Plain commits with small, varied `log file sync` waits (400–599 µs). */
export function plainCommits(n: number): CommitSpec[] {
  return Array.from({ length: n }, (_, i) => ({ lfs: 400 + ((i * 37) % 200) }));
}

/**
 * Two sessions (two files, 19c ISO stamps at −07:00) whose commit 20 hit a log switch at the
 * same moment, and one lone slow commit in A. Worked out by hand (first WAIT of each file is
 * commit 0's `log file sync`, tim = base + 5 + 400, at the first stamp's wall time):
 * - A commit 20: `log file switch completion` 180,000 µs ends at wall A + 20,179,600 µs
 *   = 09:57:27.179600; its `log file sync` 290,000 µs ends at 09:57:27.469600-07:00.
 * - B commit 20: `log file switch (archiving needed)` 200,000 µs ends at B + 20,199,600
 *   = 09:57:27.199900; its `log file sync` 250,000 µs ends at 09:57:27.449900-07:00.
 * - A commit 35: `log file sync` 120,000 µs ends at A + 35,119,600 = 09:57:42.119600-07:00.
 */
export function stallPair(): { a: WrittenTrace; b: WrittenTrace } {
  const common = { offset: -420, period: 1_000_000, stampEvery: 10 } as const;
  const aCommits = plainCommits(40);
  aCommits[20] = { lfs: 290_000, before: { event: 'log file switch completion', ela: 180_000 } };
  aCommits[35] = { lfs: 120_000 };
  const bCommits = plainCommits(40);
  bCommits[20] = { lfs: 250_000, before: { event: 'log file switch (archiving needed)', ela: 200_000 } };
  const a = writeCommitLoop({ ...common, wall: '2019-07-09T09:57:07.000000', timBase: 5_000_000_000, sid: 35, serial: 101, pid: 1111, cursor: '140005298813064', commits: aCommits });
  const b = writeCommitLoop({ ...common, wall: '2019-07-09T09:57:07.000300', timBase: 9_000_000_000, sid: 61, serial: 7, pid: 2222, cursor: '140007604836768', commits: bCommits });
  return { a, b };
}

/** The helper's record of the `log file sync` of commit `i` (0-based). */
export function lfsOf(t: WrittenTrace, i: number): WrittenWait {
  const w = t.waits.filter((x) => x.event === 'log file sync')[i];
  if (!w) throw new Error(`no commit ${i}`);
  return w;
}
