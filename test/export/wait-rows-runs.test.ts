// The waits table from WAITs the line kernel booked and handed over in runs (WaitRows.onWaitRun,
// each read from its line by the kernel's start, end and line index) is the table from the same
// WAITs taken one by one (onWait), byte for byte: for every fixture (9i's p1= names, 8i's
// centiseconds, trcsess processes, glued and damaged lines, CRLF) in one chunk and in small ones,
// and for a generated trace with what sends WAITs one way or the other and what makes the
// parameters' fast path (WaitParams.readKnown) give way to read(): an event whose records name
// their fields differently, values that are not decimal, no obj#, WAITs on a parsed cursor.
// With `from`, WaitRows writes exactly the rows at or past that offset.
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
function waitsTable(bytes: Uint8Array, first: TraceFileResult, chunk: number, runs: boolean, from = 0, rowGroup = 1000) {
  const parts: Uint8Array[] = [];
  const table = new ExportTable(WAITS, { write: (b) => parts.push(b.slice()) }, rowGroup);
  const rows = new WaitRows('d', first, table, from);
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
function generated(): { bytes: Uint8Array; offsets: number[] } {
  const lines: string[] = ['Oracle Database 19c Enterprise Edition Release 19.0.0.0.0 - Production', 'Version 19.3.0.0.0'];
  const offsets: number[] = [];
  let at = lines.reduce((n, l) => n + l.length + 1, 0);
  const push = (line: string) => {
    lines.push(line);
    at += line.length + 1;
  };
  let tim = 1_000_000;
  const wait = (cursor: number, name: string, ela: number, params: string) => {
    tim += ela + 3;
    offsets.push(at);
    push(`WAIT #${cursor}: nam='${name}' ela= ${ela} ${params} tim=${tim}`);
  };
  for (let pid = 0; pid < 2; pid++) {
    push(`*** [ Unix process pid: ${100 + pid} ]`);
    push(`*** SESSION ID:(${10 + pid}.1) 2024-01-01T00:00:00.000000+00:00`);
    push(`PARSING IN CURSOR #7 len=8 dep=0 uid=0 oct=3 lid=0 tim=${tim} hv=3 ad='a3' sqlid='ccccccccccccc'`);
    push('select 2');
    push('END OF STMT');
    for (let k = 0; k < 9000; k++) {
      wait(0, 'log file sync', 600 + (k % 50), `buffer#=${k % 300} sync scn=${40218191666446 + k} p3=0 obj#=-1`);
      wait(0, 'SQL*Net message to client', 3, 'driver id=1650815232 #bytes=1 p3=0 obj#=-1');
      wait(7, 'db file sequential read', 90 + k, `file#=${k % 9} block#=${k * 13} blocks=1 obj#=${k % 4 === 0 ? 12345 : -1}`);
      if (k % 97 === 5) wait(0, 'log file sync', 7, 'buffer#=0x1f sync scn=-3 p3= obj#=9007199254740993');
      if (k % 89 === 11) wait(0, 'log file sync', 8, 'p1=1 p2=2 p3=3 obj#=4');
      if (k % 83 === 17) wait(7, 'db file sequential read', 9, 'file#=1 block#=2 blocks=1');
      if (k % 61 === 23) wait(0, 'SQL*Net message to client', 2, 'driver id=1650815232 #bytes=1 p3=0 tim=1 obj#=5');
      if (k % 500 === 7) push(`*** 2024-01-01T00:0${k % 10}:00.000000+00:00`);
      if (k % 40 === 3) push(`EXEC #7:c=10,e=20,p=0,cr=0,cu=0,mis=0,r=0,dep=0,og=1,plh=0,tim=${tim}`);
    }
  }
  return { bytes: new TextEncoder().encode(lines.join('\n') + '\n'), offsets };
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

  it('with `from`, the rows at or past that offset: the whole table\'s rows from there on (read back by DuckDB), whatever the chunks', async () => {
    const { bytes, offsets } = generated();
    const first = await firstPass(bytes);
    const dir = mkdtempSync(join(tmpdir(), 'wait-rows-from-'));
    try {
      const whole = join(dir, 'whole.parquet');
      writeFileSync(whole, waitsTable(bytes, first, bytes.length, true).bytes);
      for (const k of [1, 20_000, offsets.length - 3]) {
        const from = offsets[k] as number;
        for (const [chunk, runs] of [[bytes.length, true], [4099, true], [bytes.length, false]] as const) {
          const tail = waitsTable(bytes, first, chunk, runs, from);
          expect(tail.rows).toBe(offsets.length - k);
          const file = join(dir, `tail-${k}-${chunk}-${runs}.parquet`);
          writeFileSync(file, tail.bytes);
          // Rows in file order (DuckDB keeps a file's order), every column.
          const columns = ['line', 'byte_offset', 'pid', 'session', 'sql_id', 'event', 'ela_us', 'tim', 'wall_time', 'p1_name', 'p1', 'p2_name', 'p2', 'p3_name', 'p3', 'obj'];
          const differ = await query(
            `select count(*) from (select row_number() over () as n, * from ${sqlPath(whole)}) w full join (select row_number() over () + ${k} as n, * from ${sqlPath(file)}) t on w.n = t.n
             where coalesce(w.n, t.n) > ${k} and (${columns.map((c) => `w.${c} is distinct from t.${c}`).join(' or ')})`,
          );
          expect(differ).toEqual([[0n]]);
        }
        // One byte later, that WAIT is before it.
        expect(waitsTable(bytes, first, 4099, true, from + 1).rows).toBe(offsets.length - k - 1);
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
