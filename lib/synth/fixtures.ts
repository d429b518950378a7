import { createRng } from './random';
import { finish, query, SELECT_SQL, startTrace, trapUpdateSql, type FixtureCase } from './fixture-kit';
import { formatWait, TraceBuilder } from './trace-writer';

/**
 * The golden fixture catalogue: one recipe per case, each a few KB. `scripts/make-fixtures.mjs` writes
 * `test/fixtures/<name>.trc` and `test/golden/<name>.json` from these; the multi-megabyte bind case is
 * built in memory by the test instead (`buildLongBindCase`).
 */

/** One version family, clean: a session with a commit loop and a short query. */
function cleanFamily(
  name: string,
  exercises: string,
  family: '8i' | '9i' | '10.2' | '11.2' | '19c' | '23c',
  seed: number,
  recipe: { commits: number; during: Record<number, string[]>; stampAt?: number; syncOnStatement?: boolean; preset?: 'flash-on' | 'flash-off'; elaScale?: number },
): FixtureCase {
  const { b, s, d } = startTrace(family, seed, { preset: recipe.preset, elaScale: recipe.elaScale });
  s.sessionStart();
  const u = s.parse(trapUpdateSql(d));
  s.binds(u, ['42']);
  for (let i = 0; i < recipe.commits; i++) {
    if (i === recipe.stampAt) {
      b.lineOf('');
      s.stamp();
    }
    s.commit(u, { during: recipe.during[i] ?? [], syncCursor: recipe.syncOnStatement ? u : '0' });
  }
  s.stat(u, [{ id: 1, pid: 0, op: 'UPDATE  T1', obj: 0, cnt: 0 }]);
  s.close(u);
  const q = s.parse(SELECT_SQL, { oct: 3 });
  query(s, q);
  return finish(name, exercises, b, d, 'parsed', []);
}

function v8i(): FixtureCase {
  return cleanFamily('v8i-centiseconds', '8i banner → ela in centiseconds (×10 000), generic p1/p2/p3, no obj#, no tim, small cursors', '8i', 801, {
    commits: 8,
    preset: 'flash-off',
    elaScale: 15,
    during: { 1: ['db file sequential read'], 3: ['enqueue'], 6: ['db file scattered read'] },
  });
}

function v9i(): FixtureCase {
  return cleanFamily('v9i-generic-params', '9i: µs, bare path first line, generic p1/p2/p3, no obj#/tim, APPNAME, c= in 10 ms steps', '9i', 902, {
    commits: 8,
    during: { 2: ['db file sequential read'], 5: ['enqueue'] },
    stampAt: 4,
  });
}

function v10g(): FixtureCase {
  return cleanFamily('v10g-named-params', "10.2: named params (driver id=, #bytes=, name|mode=, usn<<16 | slot=), `ela= N`, obj#, tim, log file sync p2=0", '10.2', 1002, {
    commits: 8,
    during: { 1: ['enq: TX - row lock contention'], 3: ['db file sequential read', 'db file sequential read'], 6: ['SQL*Net more data from client'] },
    stampAt: 5,
  });
}

function v11g(): FixtureCase {
  return cleanFamily('v11g-commit-loop', "11.2: 15-digit cursors, log file sync on #0 with buffer#/sync scn, old-style stamps, log file switch completion, trap lines in SQL text", '11.2', 1102, {
    commits: 10,
    preset: 'flash-off',
    during: { 2: ['db file sequential read'], 5: ['log file switch completion'], 8: ['enq: TX - row lock contention'] },
    stampAt: 6,
  });
}

function v19c(): FixtureCase {
  const { b, s, d } = startTrace('19c', 1902);
  s.sessionStart();
  b.lineOf(`*** TRACE CONTINUED FROM FILE /u01/app/oracle/diag/rdbms/cdb/cdb1/trace/cdb1_ora_3802.trc ***`).lineOf('');
  s.wait('0', 'Disk file operations I/O');
  const u = s.parse(trapUpdateSql(d));
  s.binds(u, ['42', 'Müller & Søn']);
  for (let i = 0; i < 9; i++) {
    if (i === 4) {
      b.lineOf('');
      s.stamp();
    }
    const during = i === 2 ? ['db file sequential read'] : i === 6 ? ['PGA memory operation'] : [];
    s.commit(u, { during, syncCursor: u });
    // `log file sync: SCN ordering` is a different event from `log file sync`: exact matching only.
    if (i === 3 || i === 7) s.wait(u, 'log file sync: SCN ordering');
  }
  s.close(u);
  const q = s.parse(SELECT_SQL, { oct: 3 });
  query(s, q);
  return finish('v19c-session', "19c: Version line, ORACLE_HOME: form, ISO stamps with offset and (PDB1(3)), TRACE CONTINUED, multibyte MODULE and SQL, log file sync: SCN ordering", b, d, 'parsed', []);
}

function v23c(): FixtureCase {
  const { b, s, d } = startTrace('23c', 2302, { sid: 302, serial: 35536 });
  s.sessionStart();
  const u = s.parse(trapUpdateSql(d));
  for (let i = 0; i < 8; i++) {
    s.commit(u, { during: i === 3 ? ['db file sequential read'] : [] });
    if (i === 5) s.wait('0', 'log file sync: SCN ordering');
  }
  s.close(u);
  const q = s.parse(SELECT_SQL, { oct: 3 });
  query(s, q);
  return finish('v23c-no-space', '23c: `ela=N` without space, obj#=4294967295, NID in pid line, costed STAT with dr=/dw=, CLIENT IP/CONNECTION ID', b, d, 'parsed', []);
}

function noBanner(): FixtureCase {
  const { b, s, d } = startTrace('no-banner', 3001);
  // Front-truncated (S10 TRUNC-TEST): a blank line, a bare ISO stamp, then records mid-session.
  b.lineOf('');
  s.stamp();
  const c = s.newCursor();
  s.wait(c, 'SQL*Net message from client');
  for (let i = 0; i < 6; i++) {
    if (i === 3) {
      b.lineOf('');
      s.stamp();
    }
    s.commit(c);
  }
  return finish('no-banner', 'no preamble: starts with a blank line and a *** ISO stamp; unit must be assumed µs', b, d, 'parsed', ['unit-assumed']);
}

function trcsess(): FixtureCase {
  const b = new TraceBuilder();
  const a = startTrace('trcsess', 4001, { b, sid: 35, serial: 101, pid: 9850 });
  const z = startTrace('trcsess', 4002, { b, sid: 61, serial: 7, pid: 9857, timShift: 2_366_265_878 });
  const cursors = new Map<object, string>();
  for (let round = 0; round < 4; round++) {
    for (const [w, pid] of [[a, 9850], [z, 9857]] as const) {
      b.lineOf(`*** [ Unix process pid: ${pid} ]`);
      let c = cursors.get(w);
      if (c === undefined) {
        w.s.sessionStart();
        c = w.s.parse(trapUpdateSql(w.d));
        cursors.set(w, c);
      } else {
        w.s.stamp();
      }
      w.s.commit(c);
      w.s.commit(c, { during: round === 2 ? ['db file sequential read'] : [] });
    }
  }
  return finish('trcsess-two-sessions', 'trcsess output: no banner, *** [ Unix process pid: N ] markers, two interleaved sessions with different tim bases', b, a.d, 'parsed', ['unit-assumed']);
}

/** Shared body for the damage cases: a clean 19c session whose commit loop calls `damage` at commit `at`. */
function damaged19c(seed: number, commits: number, damage: Record<number, (x: ReturnType<typeof startTrace>, cursor: string) => void>) {
  const x = startTrace('19c', seed);
  x.s.sessionStart();
  const u = x.s.parse(trapUpdateSql(x.d));
  for (let i = 0; i < commits; i++) {
    const hook = damage[i];
    if (hook) hook(x, u);
    else x.s.commit(u);
  }
  return { ...x, u };
}

function truncatedWait(): FixtureCase {
  const { b, d } = damaged19c(5001, 8, {
    2: ({ b: tb, s }, u) => {
      s.call('EXEC', u, { r: 1 }).xctend();
      // `... ela= 2 driver id=675562835 #byt` then newline (§8.2): no tim=, not counted.
      s.wait('0', 'log file sync');
      tb.wait({ ...s.waitSpec('0', 'SQL*Net message to client', 2), params: 'driver id=675562835 #bytes=1 p3=0' }, { cutAfter: "WAIT #0: nam='SQL*Net message to client' ela= 2 driver id=675562835 #byt".length });
      s.wait('0', 'SQL*Net message from client');
    },
    5: ({ b: tb, s }, u) => {
      s.call('EXEC', u, { r: 1 }).xctend();
      const w = s.waitSpec('0', 'log file sync');
      tb.wait(w, { cutAfter: `WAIT #0: nam='log file sync' ela= ${w.ela} buffer#=`.length + 3 });
      s.wait('0', 'SQL*Net message to client').wait('0', 'SQL*Net message from client');
    },
  });
  return finish('damage-truncated-wait', 'two WAIT lines cut mid-params (one log file sync, one SQL*Net `#byt`), each followed by a newline: not counted in a ≥10.2 file', b, d, 'parsed', ['truncated-wait']);
}

function gluedLine(): FixtureCase {
  const { b, d } = damaged19c(5002, 7, {
    3: ({ b: tb, s }, u) => {
      const q = s.parse(SELECT_SQL, { oct: 3 });
      s.call('EXEC', q);
      // trctools broken_trace.trc: `FETCH …,tim=5793511831311WAIT #…` — two records on one line.
      const fetch = s.callLine('FETCH', q, { r: 1 });
      tb.glued(fetch, s.waitSpec('0', 'log file sync'));
      s.wait('0', 'SQL*Net message to client').wait('0', 'SQL*Net message from client');
      s.commit(u);
    },
  });
  return finish('damage-glued-line', 'FETCH …tim=NWAIT #0: nam=\'log file sync\' on one physical line: the glued WAIT counts, offset = its W', b, d, 'parsed', ['glued-line']);
}

function finalIncomplete(): FixtureCase {
  const { b, s, d, u } = damaged19c(5003, 6, {});
  s.call('EXEC', u, { r: 1 }).xctend();
  const w = s.waitSpec('0', 'log file sync');
  // cut inside the `sync scn=` value
  b.wait(w, { cutAfter: formatWait(w).indexOf(' p3=') - 5, newline: false });
  return finish('damage-final-incomplete', 'last line is a log file sync WAIT cut mid-params with no newline (process died mid-write): not counted', b, d, 'parsed', ['truncated-final-line']);
}

function finalComplete(): FixtureCase {
  const { b, s, d, u } = damaged19c(5004, 6, {});
  s.call('EXEC', u, { r: 1 }).xctend();
  b.wait(s.waitSpec('0', 'log file sync'), { newline: false });
  return finish('damage-final-complete', 'last line is a complete log file sync WAIT (ends in tim=) without a trailing newline: counted', b, d, 'parsed', []);
}

function invalidUtf8(): FixtureCase {
  const x = startTrace('19c', 5005);
  const { b, s, d } = x;
  s.sessionStart();
  // latin-1 é, a bad continuation (C3 28), FF FE, and a cut 3-byte sequence (E2 82) in SQL text.
  const bad = Uint8Array.from([
    ...new TextEncoder().encode("select /* caf"), 0xe9, 0x20, 0xc3, 0x28, 0x20, 0xff, 0xfe,
    ...new TextEncoder().encode(" */ n from t1 where note = '"), 0xe2, 0x82, 0x27,
  ]);
  const q = s.parse([bad], { oct: 3 });
  s.binds(q, [Uint8Array.from([0x43, 0x61, 0x66, 0xe9, 0x20, 0x4d, 0xfc, 0x6c, 0x6c, 0x65, 0x72, 0x20, 0x80, 0x81])]);
  query(s, q);
  const u = s.parse(trapUpdateSql(d));
  for (let i = 0; i < 6; i++) s.commit(u);
  return finish('damage-invalid-utf8', 'invalid UTF-8 (latin-1 é/ü, C3 28, FF FE, cut E2 82) in SQL text and a bind value; counts and offsets must be unaffected', b, d, 'parsed', ['invalid-utf8']);
}

function empty(): FixtureCase {
  return finish('empty', 'a zero-byte file', new TraceBuilder(), null, 'not-a-trace', ['empty-file'], { oracleVersion: null });
}

function binary(): FixtureCase {
  const rng = createRng(6001);
  const bytes = new Uint8Array(3000);
  for (let i = 0; i < bytes.length; i++) bytes[i] = rng.int(0, 255);
  for (let i = 0; i < bytes.length; i += 97) bytes[i] = 0; // NULs for sure
  return finish('binary-random', 'random bytes with NULs (e.g. a core file picked by mistake)', new TraceBuilder().bytes(bytes), null, 'not-a-trace', ['binary-content']);
}

function lgwr(): FixtureCase {
  const b = new TraceBuilder();
  b.lines([
    'Trace file /u01/app/oracle/diag/rdbms/oravm/oravm1/trace/oravm1_lgwr_495.trc',
    'Oracle Database 11g Enterprise Edition Release 11.2.0.2.0 - 64bit Production',
    'With the Partitioning, Real Application Clusters, Automatic Storage Management, OLAP,',
    'Data Mining and Real Application Testing options',
    'ORACLE_HOME = /u01/app/oracle/product/11.2.0/db_1',
    'System name:\tLinux',
    'Node name:\toravm01.example.com',
    'Release:\t2.6.18-194.el5',
    'Version:\t#1 SMP Mon Mar 29 22:10:29 EDT 2010',
    'Machine:\tx86_64',
    'Instance name: oravm1',
    'Redo thread mounted by this instance: 1',
    'Oracle process number: 18',
    'Unix process pid: 495, image: oracle@oravm01.example.com (LGWR)',
    '',
    '',
    '*** 2015-02-06 20:01:26.330',
    '*** SESSION ID:(9.1) 2015-02-06 20:01:26.330',
    '*** CLIENT ID:() 2015-02-06 20:01:26.330',
    '*** SERVICE NAME:(SYS$BACKGROUND) 2015-02-06 20:01:26.330',
    '*** MODULE NAME:() 2015-02-06 20:01:26.330',
    '*** ACTION NAME:() 2015-02-06 20:01:26.330',
    ' ',
  ]);
  const rng = createRng(6002);
  let day = 6;
  // The first stamp (above) is 2015-02-06 20:01:26.330; each warning is placed at the stamp before it.
  let stamp: number | null = Date.UTC(2015, 1, 6, 20, 1, 26, 330) * 1000;
  for (let i = 0; i < 12; i++) {
    b.logWriteWarning(rng.int(500, 2000), rng.pick([0, 3, 1025, 1057]), stamp).lineOf('');
    if (i % 3 === 2) day++;
    const [h, m, sec, ms] = [rng.int(10, 23), rng.int(10, 59), rng.int(10, 59), rng.int(100, 999)];
    b.lineOf(`*** 2015-02-${String(day).padStart(2, '0')} ${String(h)}:${String(m)}:${String(sec)}.${String(ms)}`);
    stamp = Date.UTC(2015, 1, day, h, m, sec, ms) * 1000;
  }
  b.logWriteWarning(813, 1057, stamp);
  // Since issue 16 the warnings are samples of 'LGWR log write warning': a trace without 'log file sync'.
  return finish('lgwr-non10046', 'an LGWR trace without event 10046: banner, *** stamps and `Warning: log write elapsed time` lines (samples of the pseudo-event LGWR log write warning), no WAIT', b, null, 'no-event', ['no-event'], {
    unit: 'us',
    oracleVersion: '11.2.0.2.0',
  });
}

function level1(): FixtureCase {
  const { b, s, d } = startTrace('11.2', 7001);
  s.sessionStart();
  const u = s.parse(trapUpdateSql(d).filter((l) => !l.startsWith('WAIT')));
  for (let i = 0; i < 6; i++) s.call('EXEC', u, { r: 1 }).xctend();
  s.close(u);
  const q = s.parse(SELECT_SQL, { oct: 3 });
  s.call('EXEC', q).call('FETCH', q, { r: 1 });
  s.stat(q, [{ id: 1, pid: 0, op: 'SORT AGGREGATE', obj: 0, cnt: 1 }]);
  s.close(q);
  return finish('level1-no-waits', 'a level-1 10046 trace (SQL_TRACE=TRUE): PARSE/EXEC/FETCH/XCTEND/STAT/CLOSE but no WAIT lines', b, d, 'no-event', ['no-event']);
}

function readme(): FixtureCase {
  const b = new TraceBuilder().lines([
    '# orabackup',
    '',
    'Nightly RMAN wrapper. Run `./backup.sh --level 0` on Sundays and level 1 otherwise.',
    '',
    '## Notes',
    '',
    '- Logs go to /var/log/orabackup; keep 14 days.',
    '- If the catalog is down the script retries *** three times *** and then pages the DBA.',
    '- Redo: check `v$log` for status = CURRENT before switching.',
  ]);
  return finish('readme-not-a-trace', 'a plain Markdown README picked by mistake', b, null, 'not-a-trace', ['not-10046']);
}

function noLogFileSync(): FixtureCase {
  const { b, s, d } = startTrace('19c', 8001);
  s.sessionStart();
  const q = s.parse(SELECT_SQL, { oct: 3 });
  for (let i = 0; i < 6; i++) {
    s.call('EXEC', q);
    s.wait(q, 'db file sequential read');
    if (i === 2) s.wait(q, 'enq: TX - row lock contention');
    s.wait('0', 'log file sync: SCN ordering');
    s.wait(q, 'SQL*Net message to client');
    s.call('FETCH', q, { r: 1 });
    s.wait(q, 'SQL*Net message from client');
  }
  s.close(q);
  return finish('no-log-file-sync', 'WAITs of other events only, including `log file sync: SCN ordering`, which must not match `log file sync`', b, d, 'no-event', ['no-event']);
}

export function buildFixtures(): FixtureCase[] {
  return [
    v8i(), v9i(), v10g(), v11g(), v19c(), v23c(), noBanner(), trcsess(),
    truncatedWait(), gluedLine(), finalIncomplete(), finalComplete(), invalidUtf8(),
    empty(), binary(), lgwr(), level1(), readme(), noLogFileSync(),
  ];
}

/**
 * A 19c trace with one bind value line of `valueBytes` bytes (a LOB-ish varchar written inline) between
 * commits. Too big to commit as a file; the test builds it in memory.
 */
export function buildLongBindCase(valueBytes: number): FixtureCase {
  const { b, s, d } = startTrace('19c', 9001);
  s.sessionStart();
  const u = s.parse(["insert into docs (id, body) values (:b1, :b2)"], { oct: 2 });
  for (let i = 0; i < 3; i++) s.commit(u);
  s.binds(u, ['7', new Uint8Array(valueBytes).fill(0x41)]);
  for (let i = 0; i < 3; i++) s.commit(u);
  return finish('long-bind-line', `a ${valueBytes}-byte bind value on one line between commits`, b, d, 'parsed', ['long-line']);
}
