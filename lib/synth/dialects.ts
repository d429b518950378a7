import type { ElaUnit } from '../units';
import type { Rng } from './random';

/**
 * How each release writes a trace, per shared/docs/trace-format.md (section numbers below refer to it).
 * `no-banner` and `trcsess` are 19c bodies without a preamble (§3 "Files without a header").
 */
export type Family = '8i' | '9i' | '10.2' | '11.2' | '12.2' | '19c' | '23c' | 'no-banner' | 'trcsess';

export interface Dialect {
  family: Family;
  /** §1: centiseconds before 9i. */
  unit: ElaUnit;
  /** What a parser should report: banner `Release`, or the 18c+ `Version` line (§3). */
  oracleVersion: string | null;
  /** §2: `ela= 13` in 10.2–21c, `ela=13` in 8i/9i and 23c. */
  elaSpace: boolean;
  /** §2: 8i/9i write generic `p1= p2= p3=`. */
  namedParams: boolean;
  /** §2: no `obj#` before 10.2; "no object" is -1, or 4294967295 in 23c. */
  obj: 'absent' | 'minus1' | 'u32';
  /** §2: `tim=` on WAIT lines from 10.2. */
  waitTim: boolean;
  /** §6: slot numbers ≤ 11.2.0.1, 15-digit addresses after. */
  largeCursors: boolean;
  /** §4: `*** 2012-08-09 10:15:02.123` ≤ 12.1, ISO-8601 µs with offset from 12.2. */
  stamp: 'old' | 'iso';
  utcOffset: string;
  /** 12.2+: `*** <ts> (PDB1(3))` on bare stamps. */
  container: string | null;
  /** §5: `XCTEND …, tim=` from 11g; `plh=`, `sqlid=`, `CLOSE` from 11g. */
  xctendTim: boolean;
  plh: boolean;
  sqlid: boolean;
  closeLines: boolean;
  statStyle: 'plain' | 'timed' | 'costed' | 'costed-dr';
  /** §4: `*** KEY:(value) ts` lines at session start, in the order the release writes them. */
  sessionKeys: readonly string[];
  /** §3: `APPNAME mod='SQL*Plus' …` (pre-10g app info). */
  appname: boolean;
}

const KEYS_10G = ['ACTION NAME', 'MODULE NAME', 'SERVICE NAME', 'SESSION ID'];
const KEYS_11G = ['SESSION ID', 'CLIENT ID', 'SERVICE NAME', 'MODULE NAME', 'ACTION NAME'];
const KEYS_19C = [...KEYS_11G, 'CLIENT DRIVER', 'CONTAINER ID'];
const KEYS_23C = [...KEYS_19C, 'CLIENT IP', 'CONNECTION ID'];

const BASE_19C: Dialect = {
  family: '19c',
  unit: 'us',
  oracleVersion: '19.12.0.0.0',
  elaSpace: true,
  namedParams: true,
  obj: 'minus1',
  waitTim: true,
  largeCursors: true,
  stamp: 'iso',
  utcOffset: '-07:00',
  container: 'PDB1(3)',
  xctendTim: true,
  plh: true,
  sqlid: true,
  closeLines: true,
  statStyle: 'costed',
  sessionKeys: KEYS_19C,
  appname: false,
};

const OLD: Omit<Dialect, 'family' | 'unit' | 'oracleVersion'> = {
  elaSpace: false,
  namedParams: false,
  obj: 'absent',
  waitTim: false,
  largeCursors: false,
  stamp: 'old',
  utcOffset: '',
  container: null,
  xctendTim: false,
  plh: false,
  sqlid: false,
  closeLines: false,
  statStyle: 'plain',
  sessionKeys: ['SESSION ID'],
  appname: true,
};

export const DIALECTS: Readonly<Record<Family, Dialect>> = {
  '8i': { ...OLD, family: '8i', unit: 'cs', oracleVersion: '8.1.7.0.0' },
  '9i': { ...OLD, family: '9i', unit: 'us', oracleVersion: '9.2.0.1.0' },
  '10.2': {
    ...BASE_19C,
    family: '10.2',
    oracleVersion: '10.2.0.4.0',
    largeCursors: false,
    stamp: 'old',
    utcOffset: '',
    container: null,
    xctendTim: false,
    plh: false,
    sqlid: false,
    closeLines: false,
    statStyle: 'timed',
    sessionKeys: KEYS_10G,
  },
  '11.2': { ...BASE_19C, family: '11.2', oracleVersion: '11.2.0.4.0', stamp: 'old', utcOffset: '', container: null, sessionKeys: KEYS_11G },
  // 12.2.0.1 as in the corpus file js122a1_ora_9850.trc: ISO stamps with a container, no `Version` line.
  '12.2': { ...BASE_19C, family: '12.2', oracleVersion: '12.2.0.1.0', container: 'EXAMPLESPDB(8)' },
  '19c': BASE_19C,
  '23c': {
    ...BASE_19C,
    family: '23c',
    oracleVersion: '23.2.0.0.0',
    elaSpace: false,
    obj: 'u32',
    utcOffset: '+00:00',
    container: 'FREEPDB1(3)',
    statStyle: 'costed-dr',
    sessionKeys: KEYS_23C,
  },
  'no-banner': { ...BASE_19C, family: 'no-banner', oracleVersion: null, utcOffset: '-08:00' },
  trcsess: { ...BASE_19C, family: 'trcsess', oracleVersion: null },
};

/** The `obj#` value for "no object" in this dialect, or null when the field is not written. */
export function noObject(d: Dialect): number | null {
  return d.obj === 'absent' ? null : d.obj === 'u32' ? 4294967295 : -1;
}

export interface HeaderInfo {
  pid: number;
  instance: string;
  host: string;
  processNumber: number;
}

const UNAME = (host: string, release: string, version: string): string[] => [
  'System name:\tLinux',
  `Node name:\t${host}`,
  `Release:\t${release}`,
  `Version:\t${version}`,
  'Machine:\tx86_64',
];

/** §3: the preamble, exactly in the shapes of the real files; [] for headerless families. */
export function headerLines(family: Family, h: HeaderInfo, wallStart: string): string[] {
  const inst = h.instance;
  const lower = inst.toLowerCase();
  const tail = (image: string): string[] => [
    `Instance name: ${inst}`,
    'Redo thread mounted by this instance: 1',
    `Oracle process number: ${h.processNumber}`,
    `Unix process pid: ${h.pid}, image: ${image}`,
    '',
  ];
  switch (family) {
    case '8i':
      return [
        `Dump file e:\\oracle\\admin\\${inst}\\udump\\ORA${String(h.pid).padStart(5, '0')}.TRC`,
        ctimeOf(wallStart),
        'ORACLE V8.1.7.0.0 - Production vsnsta=0 vsnsql=e vsnxtr=3',
        'Oracle8i Enterprise Edition Release 8.1.7.0.0 - Production',
        'With the Partitioning option',
        'JServer Release 8.1.7.0.0 - Production',
        `Windows 2000 Version 5.0 Service Pack 2, CPU type 586`,
        `Instance name: ${lower}`,
        'Redo thread mounted by this instance: 1',
        `Oracle process number: ${h.processNumber}`,
        `Windows thread id: ${h.pid}, image: ORACLE.EXE`,
        '',
      ];
    case '9i':
      return [
        `/opt/oracle/admin/${inst}/udump/${lower}_ora_${h.pid}.trc`,
        'Oracle9i Enterprise Edition Release 9.2.0.1.0 - Production',
        'With the Partitioning and Oracle Data Mining options',
        'JServer Release 9.2.0.1.0 - Production',
        'ORACLE_HOME = /opt/oracle',
        ...UNAME(h.host, '2.4.21-99-default', '#1 Wed Sep 24 13:30:51 UTC 2003').map((l) => l.replace('x86_64', 'i686')),
        ...tail(`oracle@${h.host} (TNS V1-V3)`),
      ];
    case '10.2':
      return [
        `/u01/app/oracle/admin/${lower}/udump/${lower}_ora_${h.pid}.trc`,
        'Oracle Database 10g Enterprise Edition Release 10.2.0.4.0 - 64bit Production',
        'With the Partitioning, OLAP, Data Mining and Real Application Testing options',
        'ORACLE_HOME = /u01/app/oracle/product/10.2.0/db_1',
        ...UNAME(h.host, '2.6.18-128.el5', '#1 SMP Wed Jan 21 08:45:05 EST 2009'),
        ...tail(`oracle@${h.host} (TNS V1-V3)`),
      ];
    case '11.2':
      return [
        `Trace file /u01/app/oracle/diag/rdbms/${lower}/${lower}/trace/${lower}_ora_${h.pid}.trc`,
        'Oracle Database 11g Enterprise Edition Release 11.2.0.4.0 - 64bit Production',
        'With the Partitioning, Automatic Storage Management, OLAP, Data Mining',
        'and Real Application Testing options',
        'ORACLE_HOME = /u01/app/oracle/product/11.2.0/db',
        ...UNAME(h.host, '3.8.13-16.2.1.el6uek.x86_64', '#1 SMP Thu Nov 7 17:01:44 PST 2013'),
        ...tail(`oracle@${h.host}`),
      ];
    case '12.2':
      return [
        `Trace file /u01/app/oracledb/diag/rdbms/${lower.replace(/\d+$/, '')}/${lower}/trace/${lower}_ora_${h.pid}.trc`,
        'Oracle Database 12c Enterprise Edition Release 12.2.0.1.0 - 64bit Production',
        'Build label:    RDBMS_12.2.0.1.0_LINUX.X64_170125',
        'ORACLE_HOME:    /u01/app/oracledb/product/12.2.0/db1',
        ...UNAME(h.host, '4.1.12-61.1.18.el7uek.x86_64', '#2 SMP Fri Nov 4 15:48:30 PDT 2016'),
        ...tail(`oracle@${h.host}`),
      ];
    case '19c':
      return [
        `Trace file /u01/app/oracle/diag/rdbms/cdb/${lower}/trace/${lower}_ora_${h.pid}.trc`,
        'Oracle Database 19c Enterprise Edition Release 19.0.0.0.0 - Production',
        'Version 19.12.0.0.0',
        'Build label:    RDBMS_19.12.0.0.0DBRU_LINUX.X64_210715',
        'ORACLE_HOME:    /u01/app/oracle/product/19.0.0/dbhome_1',
        ...UNAME(h.host, '4.14.35-2047.510.5.3.el7uek.x86_64', '#2 SMP Wed Jan 12 12:07:06 PST 2022'),
        ...tail(`oracle@${h.host}`),
      ];
    case '23c':
      return [
        `Trace file /opt/oracle/diag/rdbms/free/${inst}/trace/${inst}_ora_${h.pid}.trc`,
        'Oracle Database 23c Free, Release 23.0.0.0.0 - Developer-Release',
        'Version 23.2.0.0.0',
        'Build label:    RDBMS_23.2.0.0.0_LINUX.X64_230325',
        'ORACLE_HOME:    /opt/oracle/product/23c/dbhomeFree',
        ...UNAME(h.host, '5.15.0-8.91.4.1.el8uek.x86_64', '#2 SMP Tue Mar 7 18:28:34 PST 2023'),
        'VM name:\tKVM CPUID feature flags: 0x01000089',
        'CLID:\tP',
        `Instance name: ${inst}`,
        'Redo thread mounted by this instance: 1',
        `Oracle process number: ${h.processNumber}`,
        `Unix process pid: ${h.pid}, NID: 4026531836, image: oracle@${h.host}`,
        '',
      ];
    case 'no-banner':
    case 'trcsess':
      return [];
  }
}

/** `Sat Aug 11 16:07:56 2001`, the 8i dump-file date line. */
function ctimeOf(wallStart: string): string {
  const d = new Date(`${wallStart.split('.')[0]}Z`);
  const days = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
  const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
  const hms = d.toISOString().slice(11, 19);
  return `${days[d.getUTCDay()]} ${months[d.getUTCMonth()]} ${String(d.getUTCDate()).padStart(2, '0')} ${hms} ${d.getUTCFullYear()}`;
}

/**
 * The p1..p3 part of a WAIT line (§2 rule 2: names with spaces, `#`, `|`, `<<`). Generic `p1= p2= p3=`
 * before 10g; some events keep generic names in every release (§2 rule 3).
 */
export function waitParams(event: string, d: Dialect, rng: Rng, state: { scn: number }): string {
  const named = d.namedParams;
  switch (event) {
    case 'log file sync': {
      const buffer = rng.int(100, 9999);
      if (!named) return `p1=${buffer} p2=0 p3=0`;
      // §7: `sync scn=` from 11g on; 10g printed `p2=0` [unverified].
      if (d.family === '10.2') return `buffer#=${buffer} p2=0 p3=0`;
      state.scn += rng.int(1, 400); // the SCN only moves forward
      return `buffer#=${buffer} sync scn=${state.scn} p3=0`;
    }
    case 'SQL*Net message to client':
    case 'SQL*Net message from client':
    case 'SQL*Net break/reset to client':
      return named ? `driver id=1650815232 #bytes=1 p3=0` : `p1=1650815232 p2=1 p3=0`;
    case 'SQL*Net more data from client':
      return named ? `driver id=1650815232 #bytes=${rng.int(100, 8000)} p3=0` : `p1=1650815232 p2=${rng.int(100, 8000)} p3=0`;
    case 'db file sequential read':
      return named ? `file#=7 block#=${rng.int(10_000, 30_000_000)} blocks=1` : `p1=7 p2=${rng.int(10_000, 900_000)} p3=1`;
    case 'db file scattered read':
      return named ? `file#=7 block#=${rng.int(10_000, 30_000_000)} blocks=8` : `p1=7 p2=${rng.int(10_000, 900_000)} p3=8`;
    case 'direct path read':
      return named ? `file number=7 first dba=${rng.int(10_000, 30_000_000)} block cnt=1` : `p1=7 p2=${rng.int(10_000, 900_000)} p3=1`;
    case 'enq: TX - row lock contention':
      return `name|mode=1415053318 usn<<16 | slot=${rng.int(65_536, 900_000)} sequence=${rng.int(100, 9999)}`;
    case 'enqueue':
      return `p1=1415053318 p2=${rng.int(65_536, 900_000)} p3=${rng.int(100, 9999)}`;
    case 'Disk file operations I/O':
      return `FileOperation=2 fileno=0 filetype=15`;
    default:
      // `log file switch completion`, `log file sync: SCN ordering`, `PGA memory operation`, …
      return 'p1=0 p2=0 p3=0';
  }
}
