// `waitscope export --format parquet`, run as a child process; the files are read back with DuckDB
// (issue 17 §2): every number must equal what `waitscope stats --json` says of the same files.
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIXTURES_DIR, makeTempDir, parseJsonOutput, runCli } from '../helpers/cli';
import { CORPUS_DIR, corpusAvailable, reportCorpusMissing } from '../helpers/corpus';
import { query, sqlPath } from '../export/duckdb';
import { buildTar, buildZip, gzip } from '../archive/build-archives';
import { generateStraceLog } from '../../lib/synth/strace-log';

interface StatsJson {
  count: number;
  sum: number;
  p99: number;
  files: { file: string; count: number }[];
}

const temp = makeTempDir('export');
afterAll(() => temp.remove());
const synth = path.join(temp.dir, 'synth');
const out = path.join(temp.dir, 'out');
const table = (name: string, dir = out): string => sqlPath(path.join(dir, `${name}.parquet`));

beforeAll(async () => {
  const made = await runCli(['synth', '--preset', 'flash-off', '--sessions', '3', '--commits', '400', '--seed', '11', '--out', synth]);
  expect(made.status, made.stderr).toBe(0);
  const run = await runCli(['export', '--format', 'parquet', '--out', out, synth]);
  expect(run.status, run.stderr).toBe(0);
}, 120_000);

describe('export --format parquet of synthetic traces', () => {
  for (const event of ['log file sync', 'SQL*Net message from client']) {
    it(`count, sum, p99 and per-file counts of '${event}' equal stats --json`, async () => {
      const stats = parseJsonOutput<StatsJson>(await runCli(['stats', '--json', '--event', event, synth]));
      const e = `'${event.replaceAll("'", "''")}'`;
      const [[count, sum, p99]] = (await query(`select count(*), sum(ela_us), quantile_cont(ela_us, 0.99) from ${table('waits')} where event = ${e}`)) as [[bigint, unknown, number]];
      expect(Number(count)).toBe(stats.count);
      expect(Number(sum)).toBe(stats.sum);
      expect(p99).toBeCloseTo(stats.p99, 9);
      const perFile = await query(`select file, count(*) from ${table('waits')} where event = ${e} group by file order by file`);
      expect(perFile.map(([f, n]) => ({ file: f, count: Number(n) }))).toEqual(stats.files.map((f) => ({ file: f.file, count: f.count })).sort((a, b) => (a.file < b.file ? -1 : 1)));
    });
  }

  it('has one row per WAIT line of every event, and per call line, as profile --json counts them', async () => {
    const profile = parseJsonOutput<{ events: { event: string; count: number }[]; calls: { call: string; count: number }[] }>(await runCli(['profile', '--json', synth]));
    const events = await query(`select event, count(*) from ${table('waits')} group by event order by event`);
    const expected = new Map<string, number>();
    for (const e of profile.events) expected.set(e.event, e.count);
    expect(new Map(events.map(([e, n]) => [e as string, Number(n)]))).toEqual(expected);
    const calls = new Map<string, number>();
    for (const c of profile.calls) calls.set(c.call, (calls.get(c.call) ?? 0) + c.count);
    const rows = await query(`select call, count(*) from ${table('calls')} group by call`);
    expect(new Map(rows.map(([c, n]) => [c as string, Number(n)]))).toEqual(calls);
  });

  it('statements.parquet has the totals of statements --json, and no SQL text', async () => {
    const json = parseJsonOutput<{ statements: { key: string; total: number; executions: number }[] }>(await runCli(['statements', '--json', synth]));
    const rows = await query(`select key, total_e_us, executions, sql_text from ${table('statements')} order by total_e_us desc`);
    expect(rows.map(([key, total, executions]) => ({ key, total: Number(total), executions: Number(executions) }))).toEqual(json.statements.map((s) => ({ key: s.key, total: s.total, executions: s.executions })));
    expect(rows.every((r) => r[3] === null)).toBe(true);
  });

  it('files.parquet has one row per file with its release, instance and unit', async () => {
    const rows = await query(`select file, release, instance, unit, warning_count from ${table('files')} order by file`);
    expect(rows).toHaveLength(3);
    // lib/synth writes 11.2.0.4 traces of instance SPOT1 (see any synthetic file's header).
    for (const r of rows) expect(r.slice(1)).toEqual(['11.2.0.4.0', 'SPOT1', 'us', 0n]);
  });

  it('declares INT64, TIMESTAMP and dictionary-encoded strings', async () => {
    const types = new Map((await query(`describe select * from ${table('waits')}`)).map((r) => [r[0], r[1]]));
    expect([types.get('ela_us'), types.get('line'), types.get('byte_offset'), types.get('tim'), types.get('p2')]).toEqual(['BIGINT', 'BIGINT', 'BIGINT', 'BIGINT', 'BIGINT']);
    expect([types.get('wall_time'), types.get('wall_time_utc'), types.get('event')]).toEqual(['TIMESTAMP', 'TIMESTAMP WITH TIME ZONE', 'VARCHAR']);
    const physical = await query(`select name, type from parquet_schema(${table('waits')}) where name in ('ela_us', 'event')`);
    expect(new Map(physical.map((r) => [r[0], r[1]]))).toEqual(new Map([['ela_us', 'INT64'], ['event', 'BYTE_ARRAY']]));
    const encodings = await query(`select distinct encodings from parquet_metadata(${table('waits')}) where path_in_schema = 'event'`);
    expect(encodings.map((r) => String(r[0]))).toEqual([expect.stringContaining('RLE_DICTIONARY')]);
  });
});

// A trace small enough to work out every value by hand: a 19c header, a stamp at 16:08:36 −07:00
// whose first WAIT has tim 1,000,000, one cursor with an EXEC, a read and a FETCH.
const LINES = [
  'Trace file /u01/app/oracle/diag/rdbms/cdb/cdb1/trace/cdb1_ora_3802.trc',
  'Oracle Database 19c Enterprise Edition Release 19.0.0.0.0 - Production',
  'Version 19.12.0.0.0',
  'Node name:	db01.example.com',
  'Instance name: cdb1',
  'Unix process pid: 3802, image: oracle@db01.example.com',
  '',
  '*** 2024-03-26T16:08:36.000000-07:00',
  '*** SESSION ID:(35.65385) 2024-03-26T16:08:36.000000-07:00',
  "WAIT #0: nam='Disk file operations I/O' ela= 4 FileOperation=2 fileno=0 filetype=15 obj#=-1 tim=1000000",
  '=====================',
  "PARSING IN CURSOR #7 len=18 dep=0 uid=1 oct=3 lid=1 tim=1000010 hv=123 ad='ab' sqlid='abcdabcdabcd1'",
  'select 1 from dual',
  'END OF STMT',
  'EXEC #7:c=10,e=20,p=0,cr=1,cu=0,mis=0,r=0,dep=0,og=1,plh=0,tim=1000100',
  "WAIT #7: nam='db file sequential read' ela= 250 file#=7 block#=1234 blocks=1 obj#=5678 tim=1000400",
  'FETCH #7:c=5,e=300,p=1,cr=2,cu=0,mis=0,r=1,dep=0,og=1,plh=0,tim=1000450',
  '',
];
/** 1-based line and byte offset of a line of LINES (ASCII: a char is a byte). */
const lineOf = (prefix: string) => {
  const i = LINES.findIndex((l) => l.startsWith(prefix));
  return { line: i + 1, offset: LINES.slice(0, i).reduce((n, l) => n + l.length + 1, 0) };
};
// µs since 1970 of 2024-03-26 16:08:36 as a local reading, and of the same instant in UTC (+7 h).
const LOCAL_0 = Date.UTC(2024, 2, 26, 16, 8, 36) * 1000;
const UTC_0 = Date.UTC(2024, 2, 26, 23, 8, 36) * 1000;

describe('export --format parquet: per-execution statistics to the nearest µs', () => {
  it('rounds the median and p99 that R type 7 interpolates (an INT64 column holds whole µs)', async () => {
    // One statement executed 100 times with e = 1, 2, …, 100 µs. By hand (R type 7, h = (n − 1)·p):
    // median h = 49.5, between 50 and 51: 50.5, rounded 51 (not cut to 50); p99 h = 98.01, 99 +
    // 0.01·(100 − 99) = 99.01, rounded 99; max 100.
    const lines = ['Oracle Database 19c Enterprise Edition Release 19.0.0.0.0 - Production', 'Version 19.12.0.0.0', '=====================',
      "PARSING IN CURSOR #3 len=8 dep=0 uid=1 oct=3 lid=1 tim=1000 hv=77 ad='ab' sqlid='fffffffffff01'", 'select 1', 'END OF STMT'];
    for (let e = 1; e <= 100; e++) lines.push(`EXEC #3:c=0,e=${e},p=0,cr=0,cu=0,mis=0,r=0,dep=0,og=1,plh=0,tim=${1000 + 1000 * e}`);
    const file = path.join(temp.dir, 'hundred-execs.trc');
    const dir = path.join(temp.dir, 'hundred');
    writeFileSync(file, `${lines.join('\n')}\n`);
    const run = await runCli(['export', '--format', 'parquet', '--out', dir, file]);
    expect(run.status, run.stderr).toBe(0);
    const json = parseJsonOutput<{ statements: { perExecution: { median: number; p99: number; max: number } }[] }>(await runCli(['statements', '--json', file]));
    expect(json.statements[0]?.perExecution).toEqual({ median: 50.5, p99: 99.01, max: 100 });
    expect(await query(`select executions, e_per_execution_median_us, e_per_execution_p99_us, e_per_execution_max_us from ${table('statements', dir)}`)).toEqual([[100n, 51n, 99n, 100n]]);
  });
});

describe('export --format parquet of a hand-made trace', () => {
  const dir = path.join(temp.dir, 'hand');
  const file = path.join(temp.dir, 'cdb1_ora_3802.trc');

  beforeAll(async () => {
    writeFileSync(file, LINES.join('\n'));
    const run = await runCli(['export', '--format', 'parquet', '--dataset', 'hand', '--sql-text', '--out', dir, file]);
    expect(run.status, run.stderr).toBe(0);
  });

  it('puts each wait where it is, with its statement, parameters and wall-clock time', async () => {
    const rows = await query(
      `select dataset, line, byte_offset, pid, session, sql_id, event, ela_us, tim, epoch_us(wall_time), epoch_us(wall_time_utc), p1_name, p1, p2_name, p2, p3_name, p3, obj from ${table('waits', dir)} order by line`,
    );
    const first = lineOf('WAIT #0');
    const read = lineOf('WAIT #7');
    expect(rows).toEqual([
      ['hand', BigInt(first.line), BigInt(first.offset), '3802', '35.65385', null, 'Disk file operations I/O', 4n, 1_000_000n, BigInt(LOCAL_0), BigInt(UTC_0), 'FileOperation', 2n, 'fileno', 0n, 'filetype', 15n, -1n],
      ['hand', BigInt(read.line), BigInt(read.offset), '3802', '35.65385', 'abcdabcdabcd1', 'db file sequential read', 250n, 1_000_400n, BigInt(LOCAL_0 + 400), BigInt(UTC_0 + 400), 'file#', 7n, 'block#', 1234n, 'blocks', 1n, 5678n],
    ]);
  });

  it('puts each call in calls.parquet with its fields', async () => {
    const rows = await query(`select line, call, cursor, sql_id, c_us, e_us, p, cr, r, dep, tim, epoch_us(wall_time_utc) from ${table('calls', dir)} order by line`);
    expect(rows).toEqual([
      [BigInt(lineOf('EXEC').line), 'EXEC', '7', 'abcdabcdabcd1', 10n, 20n, 0n, 1n, 0n, 0n, 1_000_100n, BigInt(UTC_0 + 100)],
      [BigInt(lineOf('FETCH').line), 'FETCH', '7', 'abcdabcdabcd1', 5n, 300n, 1n, 2n, 1n, 0n, 1_000_450n, BigInt(UTC_0 + 450)],
    ]);
  });

  it('writes the SQL text with --sql-text, and the file header', async () => {
    expect(await query(`select key, sql_text, executions, total_e_us, wait_count, wait_us from ${table('statements', dir)}`)).toEqual([['abcdabcdabcd1', 'select 1 from dual', 1n, 320n, 1n, 250n]]);
    expect(await query(`select dataset, release, instance, host, pid, unit, waits from ${table('files', dir)}`)).toEqual([['hand', '19.12.0.0.0', 'cdb1', 'db01.example.com', '3802', 'us', 2n]]);
  });
});

reportCorpusMissing('test/cli/export.test.ts');

// Real traces: a 23c one (ISO stamps with a UTC offset) and a trcsess one (several processes).
describe.skipIf(!corpusAvailable)('export --format parquet of real traces', () => {
  const files = ['CaryMillsap_tracing-oracle__FREE_ora_39079_23c.trc', 'jkstill_oracle-trace__trace-combine__main_trcsess.trc'].map((f) => path.join(CORPUS_DIR, f));
  const dir = path.join(temp.dir, 'real');

  beforeAll(async () => {
    const run = await runCli(['export', '--format', 'parquet', '--out', dir, ...files]);
    expect(run.status, run.stderr).toBe(0);
  });

  it('equals stats --json for every event of the files', async () => {
    const events = (await query(`select distinct event from ${table('waits', dir)} order by event`)).map((r) => r[0] as string);
    expect(events.length).toBeGreaterThan(3);
    for (const event of events) {
      const stats = parseJsonOutput<StatsJson>(await runCli(['stats', '--json', '--event', event, ...files]));
      const e = `'${event.replaceAll("'", "''")}'`;
      const [[count, sum, p99]] = (await query(`select count(*), sum(ela_us), quantile_cont(ela_us, 0.99) from ${table('waits', dir)} where event = ${e}`)) as [[bigint, unknown, number]];
      expect({ event, count: Number(count), sum: Number(sum) }).toEqual({ event, count: stats.count, sum: stats.sum });
      if (stats.p99 !== null) expect(p99).toBeCloseTo(stats.p99, 6);
      const perFile = new Map((await query(`select file, count(*) from ${table('waits', dir)} where event = ${e} group by file`)).map(([f, n]) => [f, Number(n)]));
      for (const f of stats.files) expect(perFile.get(f.file) ?? 0).toBe(f.count);
    }
  });

  it('places the 23c waits in UTC (their stamps carry +00:00) and the trcsess ones by process', async () => {
    const rows = await query(`select file, count(*), count(wall_time_utc), count(distinct pid) from ${table('waits', dir)} group by file order by file`);
    const [millsap, trcsess] = rows as [unknown[], unknown[]];
    expect(millsap[1]).toBe(millsap[2]);
    expect(Number(trcsess[3])).toBeGreaterThan(1);
  });
});

describe('export --format parquet of files without waits, or not traces', () => {
  it('gives each its row in files.parquet, with no word about log file sync', async () => {
    const dir = path.join(temp.dir, 'odd');
    const inputs = ['no-log-file-sync.trc', 'readme-not-a-trace.trc'].map((f) => path.join(FIXTURES_DIR, f));
    const run = await runCli(['export', '--format', 'parquet', '--out', dir, ...inputs]);
    expect(run.status, run.stderr).toBe(0);
    expect(run.stderr).not.toContain('log file sync');
    const rows = await query(`select file, outcome, warning_count, warnings is null from ${table('files', dir)} order by file`);
    expect(rows.map((r) => [path.basename(r[0] as string), ...r.slice(1)])).toEqual([
      ['no-log-file-sync.trc', 'trace', 0n, true],
      // The parser counts one warning for a file that is not a trace: why it is not.
      ['readme-not-a-trace.trc', 'not-a-trace', 1n, false],
    ]);
    // The not-a-trace file adds no rows; the other's waits are all there (profile --json counts them).
    const profile = parseJsonOutput<{ events: { count: number }[] }>(await runCli(['profile', '--json', inputs[0] as string]));
    const [[waits]] = (await query(`select count(*) from ${table('waits', dir)}`)) as [[bigint]];
    expect(Number(waits)).toBe(profile.events.reduce((n, e) => n + e.count, 0));
  });
});

describe('export --format parquet of other inputs', () => {
  it("exports a zip's member traces (deflated) with the same rows as the plain files, named archive:member", async () => {
    const names = readdirSync(synth).filter((f) => f.endsWith('.trc')).sort();
    const zip = path.join(temp.dir, 'synth.zip');
    writeFileSync(zip, await buildZip(names.map((n) => ({ path: `s/${n}`, bytes: new Uint8Array(readFileSync(path.join(synth, n))) }))));
    const dir = path.join(temp.dir, 'zipped');
    const run = await runCli(['export', '--format', 'parquet', '--out', dir, zip]);
    expect(run.status, run.stderr).toBe(0);
    const byFile = async (d: string) => (await query(`select file, count(*), sum(ela_us) from ${table('waits', d)} group by file order by file`)).map((r) => [path.basename(String(r[0]).replace(/^.*:/, '')), r[1], r[2]]);
    expect(await byFile(dir)).toEqual(await byFile(out));
    const files = await query(`select file from ${table('files', dir)} order by file`);
    expect(files.map((r) => r[0])).toEqual(names.map((n) => `${zip}:s/${n}`));
  });

  it('reads a tar\'s members stored in place from their offsets, and gzip members and files, to the same rows, lines and offsets', async () => {
    // Three ways of reading the second pass (lib/node/visit-input.ts): a plain member straight
    // from its place in the tar, a .trc.gz member and a .gz file through the chunk source.
    const names = readdirSync(synth).filter((f) => f.endsWith('.trc')).sort();
    const bytes = names.map((n) => new Uint8Array(readFileSync(path.join(synth, n))));
    const tar = path.join(temp.dir, 'mixed.tar');
    writeFileSync(tar, await buildTar([{ path: `t/${names[0]}`, bytes: bytes[0]! }, { path: `t/${names[1]}.gz`, bytes: gzip(bytes[1]!) }]));
    const gz = path.join(temp.dir, `${names[2]}.gz`);
    writeFileSync(gz, gzip(bytes[2]!));
    const dir = path.join(temp.dir, 'mixed');
    const run = await runCli(['export', '--format', 'parquet', '--out', dir, tar, gz]);
    expect(run.status, run.stderr).toBe(0);
    const rows = async (d: string) =>
      (await query(`select file, count(*), sum(line), sum(byte_offset), sum(ela_us), sum(tim), count(sql_id) from ${table('waits', d)} group by file order by file`)).map((r) => [
        path.basename(String(r[0]).replace(/^.*:/, '')).replace(/\.gz$/, ''),
        ...r.slice(1),
      ]);
    const plain = await rows(out);
    expect(plain.map((r) => r[0])).toEqual(names);
    expect((await rows(dir)).sort((a, b) => String(a[0]).localeCompare(String(b[0])))).toEqual(plain);
    // calls.parquet, written on the worker thread through the same three ways of reading.
    const calls = async (d: string) =>
      (await query(`select file, count(*), sum(line), sum(byte_offset), sum(e_us), count(sql_id) from ${table('calls', d)} group by file order by file`)).map((r) => [
        path.basename(String(r[0]).replace(/^.*:/, '')).replace(/\.gz$/, ''),
        ...r.slice(1),
      ]);
    const plainCalls = await calls(out);
    expect(plainCalls.map((r) => r[0])).toEqual(names);
    expect((await calls(dir)).sort((a, b) => String(a[0]).localeCompare(String(b[0])))).toEqual(plainCalls);
  });

  it('skips strace output, saying why, and refuses when nothing else is left', async () => {
    const strace = path.join(temp.dir, 'sync.strace');
    writeFileSync(strace, generateStraceLog({ seed: 5, pids: [101], syncsPerPid: 3, times: 'tt', pidStyle: 'none' }).text);
    const alone = await runCli(['export', '--format', 'parquet', '--out', path.join(temp.dir, 'strace-only'), strace]);
    expect(alone.status).toBe(2);
    expect(alone.stderr).toContain(`warning: skipped ${strace}: it is strace output; the Parquet export writes Oracle traces' waits`);
    expect(alone.stderr).toContain('no Oracle trace among the inputs');
  });
});

describe('export usage errors', () => {
  it('needs --format parquet and --out', async () => {
    const noFormat = await runCli(['export', '--out', out, synth]);
    expect(noFormat.status).toBe(1);
    expect(noFormat.stderr).toContain('export needs --format parquet');
    const csv = await runCli(['export', '--format', 'csv', '--out', out, synth]);
    expect(csv.status).toBe(1);
    expect(csv.stderr).toContain("'csv' is not a format it writes");
    const noOut = await runCli(['export', '--format', 'parquet', synth]);
    expect(noOut.status).toBe(1);
    expect(noOut.stderr).toContain('export needs --out DIR');
  });

  it('names the folder it cannot write to', async () => {
    // A folder inside a regular file cannot be made.
    const blocked = path.join(temp.dir, 'hand-trace-is-a-file');
    writeFileSync(blocked, 'not a folder');
    const run = await runCli(['export', '--format', 'parquet', '--out', path.join(blocked, 'out'), synth]);
    expect(run.status).toBe(1);
    expect(run.stderr).toContain(`cannot create the output folder ${path.join(blocked, 'out')}`);
    expect(run.stderr).not.toContain('    at ');
  });

  it('names the table file it cannot write, on either thread (calls.parquet is written by a worker)', async () => {
    for (const [table, workers] of [['calls', '2'], ['calls', '1'], ['waits', '2'], ['waits', '1']] as const) {
      const dir = path.join(temp.dir, `blocked-${table}-${workers}`);
      mkdirSync(path.join(dir, `${table}.parquet`), { recursive: true }); // a folder where the file goes
      const run = await runCli(['export', '--format', 'parquet', '--workers', workers, '--out', dir, synth]);
      expect(run.status, `${table}, --workers ${workers}`).toBe(1);
      expect(run.stderr).toContain(`cannot write ${path.join(dir, `${table}.parquet`)}: is a directory`);
      expect(run.stderr).not.toContain('    at ');
      // This thread's tables are opened first: calls.parquet is not touched when one of them fails.
      if (table === 'waits') expect(existsSync(path.join(dir, 'calls.parquet'))).toBe(false);
      // Nothing half-written is left: no table but the folder in the way, and no part file.
      expect(readdirSync(dir), `${table}, --workers ${workers}`).toEqual([`${table}.parquet`]);
    }
  });

  it('names a table that could not be written to its end (a full disk: /dev/full), on either thread, and keeps nothing of the run', async () => {
    // Linux's /dev/full fails every write with ENOSPC: the part file is made a link to it.
    expect(existsSync('/dev/full'), '/dev/full is absent (not Linux): no real full disk to write to').toBe(true);
    for (const [table, workers] of [['waits', '2'], ['calls', '2'], ['calls', '1']] as const) {
      const dir = path.join(temp.dir, `full-${table}-${workers}`);
      mkdirSync(dir, { recursive: true });
      symlinkSync('/dev/full', path.join(dir, `${table}.parquet.part`));
      const run = await runCli(['export', '--format', 'parquet', '--workers', workers, '--out', dir, synth]);
      expect(run.status, `${table}, --workers ${workers}`).toBe(1);
      expect(run.stderr).toContain(`cannot write ${path.join(dir, `${table}.parquet`)}: no space left on device (ENOSPC)`);
      expect(run.stderr).not.toContain('internal error');
      expect(readdirSync(dir), `${table}, --workers ${workers}`).toEqual([]);
    }
  });

  it('leaves the tables of an earlier run as they were when a run fails, and no part files', async () => {
    for (const workers of ['2', '1']) {
      const dir = path.join(temp.dir, `earlier-run-${workers}`);
      const first = await runCli(['export', '--format', 'parquet', '--workers', workers, '--out', dir, synth]);
      expect(first.status).toBe(0);
      const earlier = Object.fromEntries(['waits', 'statements', 'files'].map((t) => [t, readFileSync(path.join(dir, `${t}.parquet`))]));
      // The second run fails on the worker's table, after this thread's three are open and being written.
      rmSync(path.join(dir, 'calls.parquet'));
      mkdirSync(path.join(dir, 'calls.parquet'));
      const second = await runCli(['export', '--format', 'parquet', '--workers', workers, '--out', dir, synth]);
      expect(second.status, `--workers ${workers}`).toBe(1);
      expect(second.stderr).toContain(`cannot write ${path.join(dir, 'calls.parquet')}: is a directory`);
      expect(readdirSync(dir).sort()).toEqual(['calls.parquet', 'files.parquet', 'statements.parquet', 'waits.parquet']);
      for (const [t, bytes] of Object.entries(earlier)) expect(readFileSync(path.join(dir, `${t}.parquet`)).equals(bytes), `${t}.parquet, --workers ${workers}`).toBe(true);
    }
  });
});
