// The waits table from WAITs the line kernel booked and handed over in runs (WaitRows.onWaitRun,
// each read from its line by the kernel's start, end and line index) is the table from the same
// WAITs taken one by one (onWait), byte for byte: for every fixture (9i's p1= names, 8i's
// centiseconds, trcsess processes, glued and damaged lines, CRLF) in one chunk and in small ones,
// and for a generated trace with what sends WAITs one way or the other and what makes the
// parameters' fast path (WaitParams.readKnown) give way to read(): an event whose records name
// their fields differently, values that are not decimal, no obj#, WAITs on a parsed cursor; and
// DuckDB reads that trace's parameters back as the generator wrote them (names and values by hand,
// not by the code under test).
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ExportTable } from '../../lib/export/export-table';
import { WaitRows } from '../../lib/export/export-visitor';
import { WAITS } from '../../lib/export/parquet-tables';
import { parseTrace } from '../../lib/trace/parse-trace';
import { VisitingScanner, type TraceVisitor } from '../../lib/trace/trace-visitor';
import type { TraceFileResult } from '../../lib/trace/types';
import { chunksOf, toCrlf } from '../helpers/chunks';
import { query, sqlPath } from './duckdb';

const firstPass = (bytes: Uint8Array): Promise<TraceFileResult> => parseTrace(chunksOf(bytes, bytes.length || 1), { fileName: 'f.trc', keep: 'counts' });

/** waits.parquet's bytes from one pass with WaitRows (runs on or off), and how many WAITs came in runs. */
function waitsTable(bytes: Uint8Array, first: TraceFileResult, chunk: number, runs: boolean, rowGroup = 1000) {
  const parts: Uint8Array[] = [];
  const table = new ExportTable(WAITS, { write: (b) => parts.push(b.slice()) }, rowGroup);
  const rows = new WaitRows('d', first, table);
  let fromRuns = 0;
  const v: TraceVisitor = { onWait: (w, at) => rows.onWait(w, at), onCursor: (c, at) => rows.onCursor(c, at) };
  if (runs) {
    v.onWaitRun = (run, a, b, at) => {
      fromRuns += b - a;
      rows.onWaitRun(run, a, b, at);
    };
  }
  const scanner = new VisitingScanner({ event: 'log file sync', fileName: 'f.trc', fileIndex: 0, keep: 'counts' }, v);
  for (let at = 0; at < bytes.length; at += chunk) scanner.push(bytes.subarray(at, Math.min(bytes.length, at + chunk)));
  scanner.finish();
  table.finish();
  return { bytes: Buffer.concat(parts), rows: table.rows, fromRuns };
}

/** Two processes of WAITs in every shape the parameters come in, on cursor #0 and on a parsed cursor. */
/** A WAIT's parameters as waits.parquet has them: p1_name, p1, p2_name, p2, p3_name, p3, obj (null: none). */
type Params = [string | null, bigint | null, string | null, bigint | null, string | null, bigint | null, bigint | null];

function generated(): { bytes: Uint8Array; offsets: number[]; params: Params[] } {
  const lines: string[] = ['Oracle Database 19c Enterprise Edition Release 19.0.0.0.0 - Production', 'Version 19.3.0.0.0'];
  const offsets: number[] = [];
  const params: Params[] = [];
  let at = lines.reduce((n, l) => n + l.length + 1, 0);
  const push = (line: string) => {
    lines.push(line);
    at += line.length + 1;
  };
  let tim = 1_000_000;
  const wait = (cursor: number, name: string, ela: number, fields: string, expected: (number | string | null)[]) => {
    tim += ela + 3;
    offsets.push(at);
    params.push(expected.map((v) => (typeof v === 'number' ? BigInt(v) : v)) as Params);
    push(`WAIT #${cursor}: nam='${name}' ela= ${ela} ${fields} tim=${tim}`);
  };
  for (let pid = 0; pid < 2; pid++) {
    push(`*** [ Unix process pid: ${100 + pid} ]`);
    push(`*** SESSION ID:(${10 + pid}.1) 2024-01-01T00:00:00.000000+00:00`);
    push(`PARSING IN CURSOR #7 len=8 dep=0 uid=0 oct=3 lid=0 tim=${tim} hv=3 ad='a3' sqlid='ccccccccccccc'`);
    push('select 2');
    push('END OF STMT');
    for (let k = 0; k < 9000; k++) {
      wait(0, 'log file sync', 600 + (k % 50), `buffer#=${k % 300} sync scn=${40218191666446 + k} p3=0 obj#=-1`, ['buffer#', k % 300, 'sync scn', 40218191666446 + k, 'p3', 0, -1]);
      wait(0, 'SQL*Net message to client', 3, 'driver id=1650815232 #bytes=1 p3=0 obj#=-1', ['driver id', 1650815232, '#bytes', 1, 'p3', 0, -1]);
      const obj = k % 4 === 0 ? 12345 : -1;
      wait(7, 'db file sequential read', 90 + k, `file#=${k % 9} block#=${k * 13} blocks=1 obj#=${obj}`, ['file#', k % 9, 'block#', k * 13, 'blocks', 1, obj]);
      // Not decimal (0x1f), empty, past 2^53: no value.
      if (k % 97 === 5) wait(0, 'log file sync', 7, 'buffer#=0x1f sync scn=-3 p3= obj#=9007199254740993', ['buffer#', null, 'sync scn', -3, 'p3', null, null]);
      if (k % 89 === 11) wait(0, 'log file sync', 8, 'p1=1 p2=2 p3=3 obj#=4', ['p1', 1, 'p2', 2, 'p3', 3, 4]);
      if (k % 83 === 17) wait(7, 'db file sequential read', 9, 'file#=1 block#=2 blocks=1', ['file#', 1, 'block#', 2, 'blocks', 1, null]);
      // obj# is the first field so named, wherever it is.
      if (k % 61 === 23) wait(0, 'SQL*Net message to client', 2, 'driver id=1650815232 #bytes=1 p3=0 tim=1 obj#=5', ['driver id', 1650815232, '#bytes', 1, 'p3', 0, 5]);
      if (k % 500 === 7) push(`*** 2024-01-01T00:0${k % 10}:00.000000+00:00`);
      if (k % 40 === 3) push(`EXEC #7:c=10,e=20,p=0,cr=0,cu=0,mis=0,r=0,dep=0,og=1,plh=0,tim=${tim}`);
    }
  }
  return { bytes: new TextEncoder().encode(lines.join('\n') + '\n'), offsets, params };
}

describe('the waits table from WAITs in runs', () => {
  const FIXTURES = new URL('../fixtures/', import.meta.url);
  const names = readdirSync(FIXTURES).filter((f) => f.endsWith('.trc')).sort();

  it.each(names)('%s: the same waits.parquet as one by one, as it is and with CRLF, in one chunk and in 4 KiB ones', async (name) => {
    for (const bytes of [new Uint8Array(readFileSync(new URL(name, FIXTURES))), toCrlf(new Uint8Array(readFileSync(new URL(name, FIXTURES))))]) {
      const first = await firstPass(bytes);
      if (first.outcome.kind === 'not-a-trace') continue;
      const reference = waitsTable(bytes, first, bytes.length || 1, false);
      for (const chunk of [bytes.length || 1, 4096]) expect(waitsTable(bytes, first, chunk, true).bytes.equals(reference.bytes)).toBe(true);
    }
  });

  it('a generated trace: the same waits.parquet as one by one, most WAITs from runs, every parameter shape', async () => {
    const { bytes, offsets } = generated();
    const first = await firstPass(bytes);
    const reference = waitsTable(bytes, first, bytes.length, false);
    expect(reference.rows).toBe(offsets.length);
    for (const chunk of [bytes.length, 65536, 4099]) {
      const runs = waitsTable(bytes, first, chunk, true);
      expect(runs.bytes.equals(reference.bytes)).toBe(true);
      expect(runs.fromRuns).toBeGreaterThan(50_000);
    }
  });

  it('a generated trace: DuckDB reads every WAIT\'s parameters back as the generator wrote them', async () => {
    const { bytes, params } = generated();
    const first = await firstPass(bytes);
    const dir = mkdtempSync(join(tmpdir(), 'wait-rows-params-'));
    try {
      const file = join(dir, 'waits.parquet');
      writeFileSync(file, waitsTable(bytes, first, 65536, true).bytes);
      // DuckDB keeps a file's row order.
      const rows = await query(`select p1_name, p1, p2_name, p2, p3_name, p3, obj from ${sqlPath(file)}`);
      expect(rows.length).toBe(params.length);
      expect(rows).toEqual(params);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
