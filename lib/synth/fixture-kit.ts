import type { WarningCode } from '../trace/types';
import type { ElaUnit } from '../units';
import { Clock } from './clock';
import { DIALECTS, headerLines, type Dialect, type Family } from './dialects';
import type { Seed } from './random';
import { SessionWriter, type SessionOptions } from './session-writer';
import { TraceBuilder, type WaitTruth } from './trace-writer';
import type { PresetName } from './wait-model';

/** A generated fixture: its bytes, the ground truth of its WAITs, and what a correct parser should conclude. */
export interface FixtureCase {
  name: string;
  /** One line: what the case exercises. */
  exercises: string;
  bytes: Uint8Array;
  waits: WaitTruth[];
  event: string;
  outcome: 'parsed' | 'no-event' | 'not-a-trace';
  unit: ElaUnit;
  oracleVersion: string | null;
  /** The set of warning codes a correct parser raises (rules in test/golden/README.md). */
  warnings: WarningCode[];
}

interface FamilyStart {
  wall: string;
  /** First `tim`, in the file's unit (§1: epoch-µs-like ≤ 12.1, small from 12.2, cs in 8i). */
  tim: number;
  instance: string;
  host: string;
  module: string;
  service: string;
}

const STARTS: Record<Family, FamilyStart> = {
  '8i': { wall: '2001-08-11T16:07:56.000', tim: 40_453_210, instance: 'TEST', host: 'W2KDB', module: 'SQL*Plus', service: '' },
  '9i': { wall: '2003-12-17T15:44:06.603', tim: 1_071_675_846_603_123, instance: 'RFI', host: 'vaio', module: 'SQL*Plus', service: '' },
  '10.2': { wall: '2009-03-12T10:15:02.120', tim: 1_236_852_902_120_456, instance: 'ORCL', host: 'dbhost01', module: 'SQL*Plus', service: 'SYS$USERS' },
  '11.2': { wall: '2012-08-09T10:15:02.123', tim: 1_344_507_302_123_456, instance: 'SPOT1', host: 'exa01db01.example.com', module: 'commitloop@exa01 (TNS V1-V3)', service: 'SPOT' },
  '12.2': { wall: '2019-07-09T09:57:07.703476', tim: 664_028_734_122, instance: 'js122a1', host: 'ora122rac01.example.com', module: 'SQL*Plus', service: 'examples.example.com' },
  '19c': { wall: '2024-03-26T16:08:36.086095', tim: 7_773_030_153_511, instance: 'cdb1', host: 'ora192rac01.example.com', module: 'Größenprüfung (TNS V1-V3)', service: 'pdb1' },
  '23c': { wall: '2023-04-17T20:30:29.505342', tim: 98_778_560_909, instance: 'FREE', host: 'localhost.localdomain', module: 'SQL Developer', service: 'freepdb1' },
  'no-banner': { wall: '2024-01-16T17:52:39.428771', tim: 1_734_873_496_325, instance: 'cdb1', host: 'ora192', module: 'SQL*Plus', service: 'pdb1' },
  trcsess: { wall: '2019-07-09T09:57:07.703515', tim: 664_028_734_122, instance: 'js122a1', host: 'ora122', module: 'SQL*Plus', service: 'pdb1' },
};

export interface Started {
  b: TraceBuilder;
  s: SessionWriter;
  d: Dialect;
}

/** A builder with the family's preamble written, and a session writer on it. */
export function startTrace(
  family: Family,
  seed: Seed,
  o: Partial<Pick<SessionOptions, 'preset' | 'sid' | 'serial' | 'action' | 'clientId' | 'elaScale'>> & { pid?: number; b?: TraceBuilder; timShift?: number } = {},
): Started {
  const d = DIALECTS[family];
  const st = STARTS[family];
  const b = o.b ?? new TraceBuilder();
  const pid = o.pid ?? 3802;
  b.lines(headerLines(family, { pid, instance: st.instance, host: st.host, processNumber: 92 }, st.wall));
  if (d.stamp === 'iso' && family !== 'no-banner' && family !== 'trcsess') b.lineOf('');
  const clock = new Clock(st.wall, st.tim + (o.timShift ?? 0), d.unit === 'cs' ? 10_000 : 1);
  const s = new SessionWriter(b, d, {
    seed,
    preset: o.preset ?? 'flash-on',
    sid: o.sid ?? 35,
    serial: o.serial ?? 65385,
    module: st.module,
    action: o.action ?? 'commit loop',
    clientId: o.clientId ?? '',
    service: st.service,
    clock,
    elaScale: o.elaScale,
  });
  return { b, s, d };
}

/**
 * SQL text is free-form (§5): a parser must stay inside `PARSING IN CURSOR … END OF STMT`, so these
 * lines that look like records must NOT be counted. Multibyte characters make byte offsets differ from
 * character offsets.
 */
export function trapUpdateSql(d: Dialect): string[] {
  const lfs =
    d.waitTim
      ? `WAIT #0: nam='log file sync' ela= 99999 buffer#=1 sync scn=1 p3=0 obj#=-1 tim=1`
      : `WAIT #0: nam='log file sync' ela=99999 p1=1 p2=0 p3=0`;
  return [
    'update /* waitscope fixture — Größe €: the next lines are SQL text, not records',
    lfs,
    "WAIT #1: nam='db file sequential read' ela= 5 file#=1 block#=2 blocks=1 obj#=3 tim=4",
    d.stamp === 'iso' ? '*** 2020-01-01T00:00:00.000000+00:00' : '*** 2000-01-01 00:00:00.000',
    'EXEC #1:c=0,e=0,p=0,cr=0,cu=0,mis=0,r=0,dep=0,og=1,tim=1',
    '*/ t1 set n = n + 1 where id = :b1',
  ];
}

export const SELECT_SQL = ['select count(*) from t1 where n > :b1'];

/** A short query: EXEC, round trip, FETCH, STAT, CLOSE. */
export function query(s: SessionWriter, c: string): void {
  s.call('EXEC', c);
  s.wait(c, 'SQL*Net message to client');
  s.call('FETCH', c, { r: 1 });
  s.stat(c, [
    { id: 1, pid: 0, op: 'SORT AGGREGATE', obj: 0, cnt: 1 },
    { id: 2, pid: 1, op: 'TABLE ACCESS FULL T1', obj: s.tableObj, cnt: 14 },
  ]);
  s.wait(c, 'SQL*Net message from client');
  s.close(c);
}

export function finish(
  name: string,
  exercises: string,
  b: TraceBuilder,
  d: Dialect | null,
  outcome: FixtureCase['outcome'],
  warnings: WarningCode[],
  extra: Partial<Pick<FixtureCase, 'unit' | 'oracleVersion'>> = {},
): FixtureCase {
  return {
    name,
    exercises,
    bytes: b.toBytes(),
    waits: b.waits,
    event: 'log file sync',
    outcome,
    unit: extra.unit ?? d?.unit ?? 'us',
    oracleVersion: extra.oracleVersion !== undefined ? extra.oracleVersion : (d?.oracleVersion ?? null),
    warnings: [...warnings].sort(),
  };
}

export type { PresetName };
