// A visited scan sees WAITs, calls and cursors in file order (issue 14 §1): attribution depends
// on it, since a line is written when its call ends (response-time.md "Ordering and attribution").
// The trace below is written by hand and so is the sequence expected from it; it must come out
// the same with and without the line kernel, in one chunk, one byte at a time, and cut in two at
// every position.
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { scanTrace } from '../../lib/trace/scan-trace';
import type { ScanResult } from '../../lib/trace/scan-result';
import { TraceScanner } from '../../lib/trace/scanner';
import { VisitingScanner, type RecordPosition, type TraceVisitor } from '../../lib/trace/trace-visitor';
import { chunksOf, toCrlf } from '../helpers/chunks';

const LINES = [
  /*  1 */ 'Oracle Database 19c Enterprise Edition Release 19.0.0.0.0 - Production',
  /*  2 */ 'Version 19.3.0.0.0',
  /*  3 */ '*** 2024-01-01T00:00:00.000000+00:00',
  /*  4 */ '=====================',
  /*  5 */ "PARSING IN CURSOR #10 len=24 dep=0 uid=0 oct=2 lid=0 tim=1000 hv=1 ad='a1' sqlid='aaaaaaaaaaaaa'",
  /*  6 */ 'insert into t values (1)',
  /*  7 */ "WAIT #10: nam='not a wait' ela= 1 p1=0 p2=0 p3=0 obj#=-1 tim=1",
  /*  8 */ 'END OF STMT',
  /*  9 */ 'PARSE #10:c=5,e=6,p=0,cr=0,cu=0,mis=1,r=0,dep=0,og=1,plh=0,tim=1010',
  /* 10 */ '=====================',
  /* 11 */ "PARSING IN CURSOR #20 len=18 dep=1 uid=0 oct=3 lid=0 tim=1020 hv=2 ad='a2' sqlid='bbbbbbbbbbbbb'",
  /* 12 */ 'select 1 from dual',
  /* 13 */ 'END OF STMT',
  /* 14 */ "WAIT #20: nam='db file sequential read' ela= 100 file#=1 block#=2 blocks=1 obj#=5 tim=1130",
  /* 15 */ 'EXEC #20:c=30,e=150,p=1,cr=2,cu=0,mis=0,r=1,dep=1,og=1,plh=1,tim=1150',
  /* 16 */ "WAIT #10: nam='log buffer space' ela= 50 p1=0 p2=0 p3=0 obj#=-1 tim=1210",
  /* 17 */ 'EXEC #10:c=40,e=250,p=1,cr=3,cu=1,mis=0,r=1,dep=0,og=1,plh=0,tim=1260',
  /* 18 */ "WAIT #10: nam='SQL*Net message to client' ela= 2 driver id=1 #bytes=1 p3=0 obj#=-1 tim=1270",
  /* 19 */ 'XCTEND rlbk=0, rd_only=0, tim=1300',
  /* 20 */ "WAIT #0: nam='log file sync' ela= 30 buffer#=1 sync scn=2 p3=0 obj#=-1 tim=1330",
  /* 21 */ 'CLOSE #10:c=1,e=1,dep=0,type=0,tim=1340',
  /* 22 */ '=====================',
  /* 23 */ "PARSING IN CURSOR #10 len=8 dep=0 uid=0 oct=3 lid=0 tim=1350 hv=3 ad='a3' sqlid='ccccccccccccc'",
  /* 24 */ 'select 2',
  /* 25 */ 'EXEC #10:c=1,e=1,p=0,cr=0,cu=0,mis=0,r=0,dep=0,og=1,plh=0,tim=1',
  /* 26 */ 'END OF STMT',
  /* 27 */ "FETCH #10:c=7,e=8,p=0,cr=1,cu=0,mis=0,r=1,dep=0,og=1,plh=0,tim=1400WAIT #10: nam='SQL*Net message from client' ela= 5000 driver id=1 #bytes=1 p3=0 obj#=-1 tim=6400",
  /* 28 */ "STAT #10 id=1 cnt=1 pid=0 pos=1 obj=0 op='FAST DUAL  (cr=0 pr=0 pw=0 str=1 time=1 us)'",
  /* 29 */ 'LOBREAD: type=PERSISTENT LOB,bytes=10,c=3,e=4,p=0,cr=1,cu=0,tim=6500',
  /* 30 */ 'EXEC #10:c=1,e=2,p=0,cr=0,cu=0,mis=0,r=0,dep=0,og=1,plh=0,ti',
  /* 31 */ "WAIT #0: nam='SQL*Net message from client' ela= 7 driver id=1 #bytes=1 p3=0 obj#=-1 tim=6600",
  /* 32 */ "PARSING IN CURSOR #30 len=8 dep=0 uid=0 oct=3 lid=0 tim=6700 hv=4 ad='a4' sqlid='ddddddddddddd'",
  /* 33 */ 'select 3',
];
const TEXT = LINES.join('\n') + '\n';
const BYTES = new TextEncoder().encode(TEXT);

/** [kind, call or event or sqlId, cursor, dep, e or ela (null: none), line]. */
type Seen = [string, string | null, string, number | null, number | null, number];

// By hand, from the lines above: the cursor of a statement comes at its header's line (visited at
// END OF STMT, before anything after it), text lines that look like records are text, the glued
// WAIT follows its FETCH on line 27, STAT is no call, line 30 is cut short, and the last statement
// never ends (visited at the end of the file).
const EXPECTED: Seen[] = [
  ['cursor', 'aaaaaaaaaaaaa', '10', 0, null, 5],
  ['call', 'PARSE', '10', 0, 6, 9],
  ['cursor', 'bbbbbbbbbbbbb', '20', 1, null, 11],
  ['wait', 'db file sequential read', '', null, 100, 14],
  ['call', 'EXEC', '20', 1, 150, 15],
  ['wait', 'log buffer space', '', null, 50, 16],
  ['call', 'EXEC', '10', 0, 250, 17],
  ['wait', 'SQL*Net message to client', '', null, 2, 18],
  ['call', 'XCTEND', '', null, null, 19],
  ['wait', 'log file sync', '', null, 30, 20],
  ['call', 'CLOSE', '10', 0, 1, 21],
  ['cursor', 'ccccccccccccc', '10', 0, null, 23],
  ['call', 'FETCH', '10', 0, 8, 27],
  ['wait', 'SQL*Net message from client', '', null, 5000, 27],
  ['call', 'LOBREAD', '', null, 4, 29],
  ['wait', 'SQL*Net message from client', '', null, 7, 31],
  ['cursor', 'ddddddddddddd', '30', 0, null, 32],
];

const orNull = (x: number) => (x === x ? x : null);

interface Visit {
  seen: Seen[];
  texts: string[];
  offsets: number[];
}

function visitor(into: Visit): TraceVisitor {
  const where = (at: RecordPosition) => into.offsets.push(at.offset);
  return {
    onWait: (w, at) => (into.seen.push(['wait', w.event, '', null, w.ela, at.line]), where(at)),
    onCall: (c, at) => (into.seen.push(['call', c.call, c.cursor, orNull(c.dep), orNull(c.e), at.line]), where(at)),
    onCursor: (c, at) => (into.seen.push(['cursor', c.sqlId, c.cursor, c.dep, null, at.line]), into.texts.push(c.text), where(at)),
  };
}

function visitChunks(chunks: Uint8Array[], noKernel: boolean): Visit & { scan: ScanResult } {
  const out: Visit = { seen: [], texts: [], offsets: [] };
  const scanner = new VisitingScanner({ event: 'log file sync', fileName: 'order.trc', fileIndex: 0, keep: 'samples', noKernel }, visitor(out));
  for (const c of chunks) scanner.push(c);
  return { ...out, scan: scanner.finish() };
}

/** Byte offset of line `n` (1-based) in TEXT, plus `column`. */
function offsetOf(n: number, column = 0): number {
  return LINES.slice(0, n - 1).reduce((sum, l) => sum + l.length + 1, 0) + column;
}

describe('a visited scan with calls and cursors', () => {
  it.each([false, true])('sees records in file order (noKernel: %s)', (noKernel) => {
    const v = visitChunks([BYTES], noKernel);
    expect(v.seen).toEqual(EXPECTED);
    expect(v.texts).toEqual(['insert into t values (1)\n' + LINES[6], 'select 1 from dual', 'select 2\n' + LINES[24], 'select 3']);
    // Each record's offset is its line's first byte, except the WAIT glued to the FETCH on line 27.
    const glued = (LINES[26] as string).indexOf('WAIT #');
    expect(v.offsets).toEqual(EXPECTED.map(([, , , , , line], i) => (i === 13 ? offsetOf(line, glued) : offsetOf(line))));
    // The cut EXEC on line 30 is reported, not visited.
    expect(v.scan.warnings.find((w) => w.code === 'truncated-record')?.lines).toEqual([30]);
    expect(v.scan.warnings.some((w) => w.code === 'malformed-call')).toBe(false);
    // CRLF line ends: the same records on the same lines.
    expect(visitChunks([toCrlf(BYTES)], noKernel).seen).toEqual(EXPECTED);
  });

  it.each([false, true])('sees the same, one byte at a time and cut in two at every position (noKernel: %s)', (noKernel) => {
    const bytewise = visitChunks(Array.from(BYTES, (b) => Uint8Array.of(b)), noKernel);
    expect(bytewise.seen).toEqual(EXPECTED);
    for (let cut = 1; cut < BYTES.length; cut++) {
      const v = visitChunks([BYTES.slice(0, cut), BYTES.slice(cut)], noKernel);
      expect(v.seen, `cut at byte ${cut}`).toEqual(EXPECTED);
      expect(v.offsets, `cut at byte ${cut}`).toEqual(bytewise.offsets);
    }
  });

  it('reports a call line that ends in a value but does not parse, and does not visit it', () => {
    const text = `${LINES[0]}\nEXEC #1:c=abc,e=2,dep=0,tim=5\nEXEC #2:c=1,e=2,dep=0,tim=6\n`;
    for (const noKernel of [false, true]) {
      const v = visitChunks([new TextEncoder().encode(text)], noKernel);
      expect(v.seen).toEqual([['call', 'EXEC', '2', 0, 2, 3]]);
      const warning = v.scan.warnings.find((w) => w.code === 'malformed-call');
      expect(warning?.lines).toEqual([2]);
      expect(warning?.message).toContain('a field with a value that is not a number');
    }
  });

  it('converts c, e and tim of an 8i trace from centiseconds', () => {
    const text = 'Oracle8i Enterprise Edition Release 8.1.7.0.0 - Production\nFETCH #1:c=1,e=2,p=0,cr=1,cu=0,mis=0,r=1,dep=0,og=4,tim=300\nXCTEND rlbk=0, rd_only=1\n';
    const calls: number[][] = [];
    const scanner = new VisitingScanner({ event: '', fileName: 'x.trc', fileIndex: 0, keep: 'counts' }, {
      onWait: () => undefined,
      onCall: (c) => calls.push([c.c, c.e, c.tim, orNull(c.rlbk) ?? -1]),
    });
    scanner.push(new TextEncoder().encode(text));
    scanner.finish();
    expect(calls).toEqual([
      [10_000, 20_000, 3_000_000, -1],
      [NaN, NaN, NaN, 0],
    ]);
  });

  it('without onCall and onCursor sees the waits alone, and gives the parser\'s result', async () => {
    const waits: Seen[] = [];
    const visited = await scanTrace(chunksOf(BYTES, 5), { event: 'log file sync', fileName: 'order.trc', fileIndex: 0, keep: 'samples', visitor: { onWait: (w, at) => waits.push(['wait', w.event, '', null, w.ela, at.line]) } });
    expect(waits).toEqual(EXPECTED.filter((s) => s[0] === 'wait'));
    const parsed = await scanTrace(chunksOf(BYTES, 5), { event: 'log file sync', fileName: 'order.trc', fileIndex: 0, keep: 'samples' });
    expect(visited.scan).toEqual(parsed.scan);
    // With calls and cursors read, the counts the parser gives are the same too.
    expect(visitChunks([BYTES], false).scan).toEqual(parsed.scan);
  });
});

describe('a visited scan of trcsess output', () => {
  it.each([false, true])('gives each call the process of the last `*** [ Unix process pid: N ]` line above it (noKernel: %s)', async (noKernel) => {
    const bytes = new Uint8Array(readFileSync(new URL('../fixtures/trcsess-two-sessions.trc', import.meta.url)));
    const lines = new TextDecoder().decode(bytes).split('\n');
    const calls: { line: number; pid: string | null; session: number }[] = [];
    await scanTrace(chunksOf(bytes, 4096), { event: '', fileName: 'trcsess.trc', fileIndex: 0, keep: 'counts', noKernel, visitor: { onWait: () => undefined, onCall: (_c, at) => calls.push({ line: at.line, pid: at.pid, session: at.session }) } });
    // Every call line of the file outside SQL text (which holds an EXEC-like line) is visited, on its own line.
    let inSql = false;
    const expected = lines.flatMap((l, i) => {
      if (inSql) inSql = !l.startsWith('END OF STMT');
      else if (l.startsWith('PARSING IN CURSOR')) inSql = true;
      else if (/^(EXEC|FETCH|PARSE|CLOSE) #\d+:.*\d$|^XCTEND .*\d$/.test(l)) return [i + 1];
      return [];
    });
    expect(expected.length).toBeGreaterThan(20);
    expect(calls.map((c) => c.line)).toEqual(expected);
    for (const c of calls) {
      const marker = lines.slice(0, c.line - 1).findLast((l) => l.startsWith('*** [ Unix process pid:'));
      expect(c.pid, `line ${c.line}`).toBe(marker ? /pid: (\d+)/.exec(marker)![1] : null);
    }
    expect(new Set(calls.map((c) => c.pid)).size).toBe(2);
    expect(new Set(calls.map((c) => c.session)).size).toBeGreaterThanOrEqual(2);
  });
});

describe('every fixture, visited with calls and cursors', () => {
  const FIXTURES = new URL('../fixtures/', import.meta.url);
  const names = readdirSync(FIXTURES).filter((f) => f.endsWith('.trc')).sort();

  /** Every visited record, copied whole with its position. */
  function everything(bytes: Uint8Array, chunk: number, noKernel: boolean): unknown[] {
    const seen: unknown[] = [];
    const scanner = new VisitingScanner({ event: 'log file sync', fileName: 'f.trc', fileIndex: 0, keep: 'samples', noKernel }, {
      // The record's bytes as text: the buffer it sits in differs with the chunks and the path.
      onWait: ({ bytes: b, start, end, ...w }, at) => seen.push(['wait', { ...w, text: new TextDecoder().decode(b.subarray(start, end)) }, { ...at }]),
      onCall: (c, at) => seen.push(['call', { ...c }, { ...at }]),
      onCursor: (c, at) => seen.push(['cursor', { ...c }, { ...at }]),
      onKeyed: (key, value, at) => seen.push(['keyed', key, value, { ...at }]),
    });
    for (let at = 0; at < bytes.length; at += chunk) scanner.push(bytes.subarray(at, Math.min(bytes.length, at + chunk)));
    seen.push(['result', scanner.finish()]);
    return seen;
  }

  it('has fixtures with calls', () => expect(names.length).toBeGreaterThan(10));

  it.each(names)('%s: the same records with and without the kernel, whole and in 7-byte chunks', (name) => {
    const bytes = new Uint8Array(readFileSync(new URL(name, FIXTURES)));
    const reference = everything(bytes, bytes.length || 1, true);
    expect(everything(bytes, bytes.length || 1, false)).toEqual(reference);
    expect(everything(bytes, 7, false)).toEqual(reference);
    expect(everything(bytes, 7, true)).toEqual(reference);
  });
});

describe('a visitor that takes WAITs in runs (onWaitRun)', () => {
  const FIXTURES = new URL('../fixtures/', import.meta.url);
  const names = readdirSync(FIXTURES).filter((f) => f.endsWith('.trc')).sort();

  /**
   * Every record in file order, WAITs as [event, ela µs, tim, pid, session] whichever way they
   * came; `runs` takes them in runs (and onWait for the rest), else one by one.
   */
  function records(bytes: Uint8Array, chunk: number, runs: boolean): { seen: unknown[]; fromRuns: number; result: ScanResult } {
    const seen: unknown[] = [];
    let fromRuns = 0;
    const v: TraceVisitor = {
      onWait: (w, at) => seen.push(['wait', w.event, w.ela, w.tim, at.pid, at.session]),
      onCall: (c, at) => seen.push(['call', c.call, c.cursor, c.e, at.line]),
      onCursor: (c, at) => seen.push(['cursor', c.sqlId, c.cursor, at.line]),
    };
    if (runs) {
      v.onWaitRun = (run, from, to, at) => {
        for (let i = from; i < to; i++) seen.push(['wait', run.names[run.id[i] as number], (run.ela[i] as number) * at.microsPerUnit, run.tim[i], at.pid, at.session]);
        fromRuns += to - from;
      };
    }
    const scanner = new VisitingScanner({ event: 'log file sync', fileName: 'f.trc', fileIndex: 0, keep: 'counts' }, v);
    for (let at = 0; at < bytes.length; at += chunk) scanner.push(bytes.subarray(at, Math.min(bytes.length, at + chunk)));
    const result = scanner.finish();
    return { seen, fromRuns, result };
  }

  it.each(names)('%s: the same WAITs among the same calls, with the same result, whole and in 7-byte chunks', (name) => {
    const bytes = new Uint8Array(readFileSync(new URL(name, FIXTURES)));
    const reference = records(bytes, bytes.length || 1, false);
    for (const chunk of [bytes.length || 1, 7]) {
      const runs = records(bytes, chunk, true);
      expect(runs.seen).toEqual(reference.seen);
      expect(runs.result).toEqual(reference.result);
    }
  });

  it('gets most WAITs of a commit loop from the kernel; none of an 8i trace, whose WAITs have no tim', () => {
    const count = (name: string) => {
      const bytes = new Uint8Array(readFileSync(new URL(name, FIXTURES)));
      const { seen, fromRuns } = records(bytes, bytes.length, true);
      return { waits: seen.filter((s) => (s as unknown[])[0] === 'wait').length, fromRuns };
    };
    // The first WAIT of each event comes one by one (it registers the event), and the next after a `***` line.
    const commits = count('v11g-commit-loop.trc');
    expect(commits.fromRuns).toBeGreaterThan(commits.waits / 2);
    const old = count('v8i-centiseconds.trc');
    expect(old.waits).toBeGreaterThan(10);
    expect(old.fromRuns).toBe(0);
  });

  it('cuts a WAIT without tim short after one with tim on every path, also where an LGWR warning started the clock (no banner)', () => {
    const lines = [
      '*** 2024-01-01 00:00:00.000',
      'Warning: log write elapsed time 600ms, size 1KB',
      "WAIT #1: nam='db file sequential read' ela= 5 file#=1 block#=2 blocks=1",
      "WAIT #1: nam='db file sequential read' ela= 6 file#=1 block#=2 blocks=1 obj#=1 tim=1000",
      "WAIT #1: nam='db file sequential read' ela= 7 file#=1 block#=2 blocks=1",
      'EXEC #1:c=5,e=500,p=0,cr=0,cu=0,mis=0,r=0,dep=0,og=1,plh=0,tim=1200',
    ];
    const bytes = new TextEncoder().encode(lines.join('\n') + '\n');
    const plain = (noKernel: boolean) => {
      const scanner = new TraceScanner({ event: 'log file sync', fileName: 'f.trc', fileIndex: 0, keep: 'counts', noKernel });
      scanner.push(bytes);
      return scanner.finish();
    };
    const expected = { waitLines: 3, warnings: ['truncated-wait'] };
    for (const result of [plain(true), plain(false), records(bytes, bytes.length, false).result, records(bytes, bytes.length, true).result]) {
      expect({ waitLines: result.waitLines, warnings: result.warnings.map((w) => w.code) }).toEqual(expected);
    }
  });
});
