// The real traces of shared/corpus/real (SOURCES.md) against an independent reference counter
// (test/helpers/corpus.ts) and against the hand-counted numbers of SOURCES.md. Each file is also
// re-read in small chunks, with CRLF line ends and gzipped: every run must agree.
//
// The corpus is never committed; without it these tests are skipped with a message.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseTrace } from '../../lib/trace/parse-trace';
import { TraceScanner } from '../../lib/trace/scanner';
import { LOG_WRITE_WARNING } from '../../lib/trace/log-write-warning';
import { DEFAULT_EVENT, type TraceFileResult } from '../../lib/trace/types';
import xzDecompress from 'xz-decompress';
import { chunksOf, gzipBytes, toCrlf } from '../helpers/chunks';
import {
  corpusAvailable,
  corpusBytes,
  corpusFiles,
  referenceCount,
  referenceProfile,
  reportCorpusMissing,
  unsupportedCompressedFiles,
  xzCompressedFiles,
  type CorpusFile,
  type ReferenceWait,
} from '../helpers/corpus';

reportCorpusMissing('test/trace/corpus.test.ts');

const files = corpusFiles();
const byName = (suffix: string): CorpusFile => {
  const f = files.find((x) => x.name === suffix || x.name.endsWith(`/${suffix}`));
  if (!f) throw new Error(`corpus file ${suffix} not found`);
  return f;
};

async function parseBytes(bytes: Uint8Array, fileName: string, event?: string, chunk = bytes.length || 1): Promise<TraceFileResult> {
  return parseTrace(chunksOf(bytes, chunk), { fileName, ...(event === undefined ? {} : { event }) });
}

/** The file as stored (gzip stays gzip), in one chunk. */
async function parseFile(file: CorpusFile, event?: string): Promise<TraceFileResult> {
  return parseBytes(new Uint8Array(readFileSync(file.path)), file.name, event);
}

/**
 * The profile of the WAIT records, which the reference counter reads: LGWR's log write warnings,
 * samples of a pseudo-event (issue 16), are checked against their own count in log-write-warning.test.ts.
 */
function profileOf(r: TraceFileResult) {
  const waits = r.profile.filter((row) => row.event !== LOG_WRITE_WARNING);
  return Object.fromEntries(waits.map((row) => [row.event, { count: row.count, total: row.total, min: row.min, max: row.max }]));
}

function samplesOf(r: TraceFileResult, offsetShift: (line: number) => number = () => 0) {
  const s = r.samples;
  return Array.from({ length: s.count }, (_, i) => {
    const line = s.line[i] as number;
    const tim = s.tim[i] as number;
    return { ela: s.ela[i], line, offset: (s.offset[i] as number) - offsetShift(line), tim: Number.isNaN(tim) ? null : tim, session: s.session[i] };
  });
}

function referenceSamples(waits: readonly ReferenceWait[], event: string) {
  return waits.filter((w) => w.event === event).map(({ ela, line, offset, tim }) => ({ ela, line, offset, tim }));
}

/** Everything that must not depend on how the bytes arrive. */
function project(r: TraceFileResult, offsetShift: (line: number) => number = () => 0) {
  return {
    outcome: r.outcome,
    lines: r.lines,
    facts: r.facts,
    sessions: r.sessions,
    anchors: r.anchors,
    profile: r.profile,
    samples: samplesOf(r, offsetShift),
    warnings: r.warnings.map((w) => ({ code: w.code, count: w.count, lines: w.lines })),
  };
}

describe('the reference counter (the oracle of this file)', () => {
  // Hand-made lines; the expected values are read off the text below.
  const text = [
    'Oracle Database 19c Enterprise Edition Release 19.0.0.0.0 - Production',
    'Version 19.12.0.0.0',
    "WAIT #1: nam='log file sync' ela= 12 buffer#=1 sync scn=2 p3=0 obj#=-1 tim=100",
    'PARSING IN CURSOR #1 len=10 dep=0 uid=1 oct=3 lid=1 tim=1 hv=1 ad=\'a\' sqlid=\'x\'',
    "WAIT #1: nam='log file sync' ela= 999 buffer#=1 sync scn=2 p3=0 obj#=-1 tim=101",
    'END OF STMT',
    "FETCH #1:c=1,e=1,tim=5WAIT #1: nam='enq: TX - row lock contention' ela=7 name|mode=1 usn<<16 | slot=2 sequence=3 obj#=-1 tim=102",
    "WAIT #1: nam='log file sync' ela= 13 buffer#=1 sync scn=2 p3=0 obj#=-1 ti",
    "WAIT #1: nam='log file sync' ela= 14 buffer#=1 sync scn=2 p3=0 obj#=-1 tim=103\r",
    '',
  ].join('\n');
  const ref = referenceCount(new TextEncoder().encode(text));

  it('reads the release, skips SQL text, recovers glued records and drops records without tim', () => {
    expect(ref.release).toEqual([19, 12]);
    expect(ref.requireTim).toBe(true);
    expect(ref.waits.map((w) => [w.event, w.ela, w.line, w.tim])).toEqual([
      ['log file sync', 12, 3, 100],
      ['enq: TX - row lock contention', 7, 7, 102],
      ['log file sync', 14, 9, 103],
    ]);
    // Byte offsets: the glued WAIT starts 23 bytes into line 7 (`FETCH #1:c=1,e=1,tim=5` is 22 bytes).
    expect(ref.waits[1]?.offset).toBe(text.indexOf('WAIT #1: nam=\'enq'));
    expect(ref.waits[2]?.offset).toBe(text.lastIndexOf('WAIT #1'));
  });

  it('does not require tim before 10.2', () => {
    const banner = 'Oracle9i Enterprise Edition Release 9.2.0.1.0 - Production\n';
    const old = referenceCount(new TextEncoder().encode(`${banner}WAIT #1: nam='x' ela= 5 p1=0 p2=0 p3=0\n`));
    expect(old.release).toEqual([9, 2]);
    expect(old.waits).toEqual([{ event: 'x', ela: 5, line: 2, offset: banner.length, tim: null }]);
  });
});

describe.skipIf(!corpusAvailable)('the real corpus (shared/corpus/real)', () => {
  it('has the 16 top-level files of SOURCES.md and its 13 readable trctools traces', () => {
    expect(files.filter((f) => !f.name.includes('/'))).toHaveLength(16);
    // The trctools table has 16 rows: 12 `.trc`, 1 `.trc.gz`, 1 `.trc.xz` (read: below), and 2 refused containers (.lzma, .bz2).
    expect(files.filter((f) => f.name.includes('/'))).toHaveLength(13);
    expect(xzCompressedFiles()).toHaveLength(1);
    expect(unsupportedCompressedFiles()).toHaveLength(2);
  });

  describe.each(files.map((f) => [f.name, f] as const))('%s', (_name, file) => {
    const bytes = corpusBytes(file);
    const ref = referenceCount(bytes);

    it('has the per-event profile (count, total, min, max) of the reference counter', async () => {
      const r = await parseFile(file);
      expect(profileOf(r)).toEqual(referenceProfile(ref.waits));
    });

    it("finds every 'log file sync' and every wait of its most frequent event where the reference does", async () => {
      const counts = referenceProfile(ref.waits);
      const top = Object.entries(counts).sort((a, b) => b[1].count - a[1].count)[0]?.[0];
      for (const event of ['log file sync', ...(top ? [top] : [])]) {
        const r = await parseFile(file, event);
        expect(samplesOf(r).map(({ ela, line, offset, tim }) => ({ ela, line, offset, tim })), event).toEqual(referenceSamples(ref.waits, event));
      }
    });

    it('scans the same with and without the line kernel', () => {
      const scan = (noKernel: boolean) => {
        const scanner = new TraceScanner({ event: DEFAULT_EVENT, fileName: file.name, fileIndex: 0, noKernel });
        for (let at = 0; at < bytes.length; at += 65_536) scanner.push(bytes.slice(at, at + 65_536));
        return scanner.finish();
      };
      // The kernel is in use when the scanner offers its input area (TraceScanner.writableChunk).
      expect(new TraceScanner({ event: DEFAULT_EVENT, fileName: file.name, fileIndex: 0 }).writableChunk()).not.toBeNull();
      const js = scan(true);
      expect(scan(false)).toEqual(js);
    });

    it('gives identical results in 7-byte and 64 KiB chunks (and 1-byte ones below 300 KB)', async () => {
      const whole = project(await parseBytes(bytes, file.name));
      const sizes = bytes.length < 300_000 ? [1, 7, 65_536] : [7, 65_536];
      for (const size of sizes) expect(project(await parseBytes(bytes, file.name, undefined, size)), `chunks of ${size}`).toEqual(whole);
    });

    it('gives identical results with CRLF line ends (offsets shifted by line − 1)', async () => {
      const whole = project(await parseBytes(bytes, file.name));
      const crlf = toCrlf(bytes);
      for (const size of [crlf.length, 65_536]) {
        expect(project(await parseBytes(crlf, file.name, undefined, size), (line) => line - 1), `CRLF in chunks of ${size}`).toEqual(whole);
      }
    });

    it('gives identical results gzipped', async () => {
      const whole = project(await parseBytes(bytes, file.name));
      const gz = gzipBytes(bytes);
      for (const size of [gz.length, 7]) {
        const r = await parseBytes(gz, file.name, undefined, size);
        expect(r.compression).toBe('gzip');
        expect(r.bytes).toBe(bytes.length);
        expect(project(r), `gzip in chunks of ${size}`).toEqual(whole);
      }
    });
  });

  it("counts exactly 29,249 'db file sequential read' waits in the PyLatencyMap file (SOURCES.md #9)", async () => {
    const r = await parseFile(byName('LucaCanali_PyLatencyMap__SampleData__test_10046_tracefile.trc'), 'db file sequential read');
    expect(r.outcome.kind).toBe('parsed');
    expect(r.samples.count).toBe(29_249);
    expect(r.profile.find((p) => p.event === 'db file sequential read')?.count).toBe(29_249);
  });

  // SOURCES.md table, column `log file sync` (grep of `^WAIT #` lines).
  const LOG_FILE_SYNC_PER_FILE: Record<string, number> = {
    'jkstill_oracle-trace__latency-12ms-old__cdb1_ora_26130_PF-12ms-010.trc': 6,
    'jkstill_oracle-trace__latency-6ms-old__cdb2_ora_3696_PF-6ms-010.trc': 3,
    'jkstill_oracle-trace__latency-12ms__cdb1_ora_4265_PF-12ms-020.trc': 2,
    'jkstill_oracle-trace__latency-6ms__cdb1_ora_6932_PF-6ms-500.trc': 1,
    'jkstill_oracle-trace__latency-0.2ms__cdb1_ora_3036_PF-0.2ms-200.trc': 1,
    'jkstill_oracle-trace__trace-from-shell__cdb1_ora_5390_TRUNC-TEST.trc': 1,
    'jkstill_oracle-trace__trace-combine__main_trcsess.trc': 0,
    'jkstill_oracle-trace__trace-combine__js122a1_ora_9850.trc': 0,
    'LucaCanali_PyLatencyMap__SampleData__test_10046_tracefile.trc': 0,
    'CaryMillsap_tracing-oracle__FREE_ora_39079_23c.trc': 0,
    'jkstill_sqlnet-troubleshooting__js02_ora_26239_XMLDATA_11204.trc': 0,
    'jkstill_oracle-demos__markhot__js12c1_ora_21055_12102.trc': 0,
    'jkstill_db-ping__cdb1_ora_15440_PINGTEST.trc': 0,
    'gitpan_Oracle-Trace__tracefiles__test_9201.trc': 0,
    'jkstill_lgwr-trace-parse__oravm1_lgwr_495_NON10046.trc': 0,
    'jkstill_oracle-trace__latency-12ms__cdb1_ora_3802_PF-12ms-010.trc': 4,
  };

  it("counts the 'log file sync' waits of each file as SOURCES.md does, and their 18 values", async () => {
    const all: number[] = [];
    const counts: Record<string, number> = {};
    for (const name of Object.keys(LOG_FILE_SYNC_PER_FILE)) {
      const r = await parseFile(byName(name));
      counts[name] = r.samples.count;
      all.push(...r.samples.ela.subarray(0, r.samples.count));
    }
    expect(counts).toEqual(LOG_FILE_SYNC_PER_FILE);
    // SOURCES.md, "log file sync durations in the real set".
    expect(all.sort((a, b) => a - b)).toEqual([202, 271, 340, 429, 1176, 2650, 2673, 3647, 3677, 3833, 4028, 4341, 4810, 4860, 4864, 5063, 5330, 7065]);
  });

  // SOURCES.md, "Oracle version (banner)" column (18c+ files: the `Version` line) and the trctools "Version line" column.
  const VERSIONS: Record<string, string | null> = {
    'jkstill_oracle-trace__latency-12ms-old__cdb1_ora_26130_PF-12ms-010.trc': '19.12.0.0.0',
    'jkstill_oracle-trace__latency-6ms-old__cdb2_ora_3696_PF-6ms-010.trc': '19.12.0.0.0',
    'jkstill_oracle-trace__latency-12ms__cdb1_ora_4265_PF-12ms-020.trc': '19.12.0.0.0',
    'jkstill_oracle-trace__latency-6ms__cdb1_ora_6932_PF-6ms-500.trc': '19.12.0.0.0',
    'jkstill_oracle-trace__latency-0.2ms__cdb1_ora_3036_PF-0.2ms-200.trc': '19.12.0.0.0',
    'jkstill_oracle-trace__trace-from-shell__cdb1_ora_5390_TRUNC-TEST.trc': null,
    'jkstill_oracle-trace__trace-combine__main_trcsess.trc': null,
    'jkstill_oracle-trace__trace-combine__js122a1_ora_9850.trc': '12.2.0.1.0',
    'LucaCanali_PyLatencyMap__SampleData__test_10046_tracefile.trc': '12.1.0.1.0',
    'CaryMillsap_tracing-oracle__FREE_ora_39079_23c.trc': '23.2.0.0.0',
    'jkstill_sqlnet-troubleshooting__js02_ora_26239_XMLDATA_11204.trc': '11.2.0.4.0',
    'jkstill_oracle-demos__markhot__js12c1_ora_21055_12102.trc': '12.1.0.2.0',
    'jkstill_db-ping__cdb1_ora_15440_PINGTEST.trc': '19.12.0.0.0',
    'gitpan_Oracle-Trace__tracefiles__test_9201.trc': '9.2.0.1.0',
    'jkstill_lgwr-trace-parse__oravm1_lgwr_495_NON10046.trc': '11.2.0.2.0',
    'jkstill_oracle-trace__latency-12ms__cdb1_ora_3802_PF-12ms-010.trc': '19.12.0.0.0',
    'broken_trace.trc': '19.14.2.0.0',
    'error.trc': '19.19.0.0.0',
    'lobs.trc': '19.18.0.0.0',
    'malformed_stat.trc': '19.29.0.0.0',
    'mixed_execs.trc': '19.14.2.0.0',
    'no_timezone.trc': '19.14.2.0.0',
    'parse_error.trc': '19.24.0.0.0',
    'simple_trace.trc': '19.14.2.0.0',
    'simple_trace_2x.trc': '19.14.2.0.0',
    'simple_trace_missing_parse.trc': '19.14.2.0.0',
    'stray_close.trc': '19.14.2.0.0',
    'two_statements_one_cursor.trc': '19.14.2.0.0',
    'two_statements_one_cursor.trc.gz': '19.14.2.0.0',
  };

  it('reads the Oracle version of every file as SOURCES.md lists it', async () => {
    const seen: Record<string, string | null> = {};
    for (const name of Object.keys(VERSIONS)) seen[name] = (await parseFile(byName(name))).facts.oracleVersion;
    expect(seen).toEqual(VERSIONS);
  });

  it('loads the LGWR trace (SOURCES.md #15): no 10046 records, but log write warnings (issue 16)', async () => {
    const r = await parseFile(byName('jkstill_lgwr-trace-parse__oravm1_lgwr_495_NON10046.trc'));
    expect(r.outcome).toEqual({ kind: 'no-event', event: 'log file sync', eventsPresent: [LOG_WRITE_WARNING] });
    expect(r.warnings.map((w) => w.code)).not.toContain('not-10046');
    expect(r.samples.count).toBe(0);
  });

  it('calls the 9.2 level-1 trace (SOURCES.md #14) a trace without the event and without WAIT lines', async () => {
    const file = byName('gitpan_Oracle-Trace__tracefiles__test_9201.trc');
    expect(referenceCount(corpusBytes(file)).waits).toHaveLength(0);
    const r = await parseFile(file);
    expect(r.outcome).toEqual({ kind: 'no-event', event: 'log file sync', eventsPresent: [] });
    expect(r.profile).toEqual([]);
    expect(r.warnings.map((w) => w.code)).toContain('no-event');
    expect(r.facts.unit).toBe('us');
    expect(r.facts.unitAssumed).toBe(false);
  });

  it.each(['jkstill_oracle-trace__trace-from-shell__cdb1_ora_5390_TRUNC-TEST.trc', 'jkstill_oracle-trace__trace-combine__main_trcsess.trc'])(
    '%s has no banner: the unit is assumed and a warning says so',
    async (name) => {
      const r = await parseFile(byName(name));
      expect(r.facts.banner).toBeNull();
      expect(r.facts.unit).toBe('us');
      expect(r.facts.unitAssumed).toBe(true);
      expect(r.warnings.filter((w) => w.code === 'unit-assumed')).toHaveLength(1);
    },
  );

  it('files with a banner do not assume the unit', async () => {
    for (const name of ['jkstill_oracle-trace__trace-combine__js122a1_ora_9850.trc', 'CaryMillsap_tracing-oracle__FREE_ora_39079_23c.trc']) {
      const r = await parseFile(byName(name));
      expect(r.facts.unitAssumed, name).toBe(false);
      expect(r.warnings.map((w) => w.code), name).not.toContain('unit-assumed');
    }
  });

  it('sees the trcsess output (SOURCES.md #7) as two processes, 9850 and 9854', async () => {
    const r = await parseFile(byName('jkstill_oracle-trace__trace-combine__main_trcsess.trc'));
    expect(r.facts.trcsess).toBe(true);
    expect(r.sessions.length).toBeGreaterThanOrEqual(2);
    expect(new Set(r.sessions.map((s) => s.pid))).toEqual(new Set(['9850', '9854']));
    // Every SQL*Net wait is attributed to a session of one of the two processes.
    const sqlnet = await parseFile(byName('jkstill_oracle-trace__trace-combine__main_trcsess.trc'), 'SQL*Net message from client');
    const pids = new Set(Array.from(sqlnet.samples.session.subarray(0, sqlnet.samples.count), (i) => sqlnet.sessions[i]?.pid));
    expect(pids).toEqual(new Set(['9850', '9854']));
  });

  it.each([
    ['lobread.trc.lzma', 'lzma'],
    ['mixed_execs.trc.bz2', 'bzip2'],
  ])('refuses %s as not a trace, naming the %s format', async (name, format) => {
    const file = unsupportedCompressedFiles().find((f) => f.name.endsWith(name));
    expect(file, name).toBeDefined();
    const r = await parseFile(file as CorpusFile);
    expect(r.outcome.kind).toBe('not-a-trace');
    expect(r.outcome.kind === 'not-a-trace' ? r.outcome.reason : '').toContain(`${format}-compressed`);
    expect(r.samples.count).toBe(0);
  });

  it('reads the .xz fixture, its LOB calls and waits as the reference counter finds them in what xz-decompress alone gives', async () => {
    const file = xzCompressedFiles()[0] as CorpusFile;
    const stored = new Uint8Array(readFileSync(file.path));
    // Decompressed by the library directly, not through lib/trace: the reference's bytes.
    const bytes = new Uint8Array(await new Response(new xzDecompress.XzReadableStream(new Blob([stored]).stream())).arrayBuffer());
    // SOURCES.md: 7,040 bytes decompressed, 34 WAIT lines.
    expect(bytes.length).toBe(7040);
    const ref = referenceCount(bytes);
    expect(ref.waits).toHaveLength(34);
    const r = await parseFile(file, 'direct path read');
    expect(r.compression).toBe('xz');
    expect(r.bytesRead).toBe(stored.length);
    expect(r.bytes).toBe(7040);
    expect(profileOf(r)).toEqual(referenceProfile(ref.waits));
    expect(samplesOf(r).map((w) => [w.ela, w.line, w.offset])).toEqual(ref.waits.filter((w) => w.event === 'direct path read').map((w) => [w.ela, w.line, w.offset]));
  });

  it('reads the .gz fixture like its plain twin', async () => {
    const gz = await parseFile(byName('two_statements_one_cursor.trc.gz'));
    const plain = await parseFile(byName('two_statements_one_cursor.trc'));
    expect(gz.compression).toBe('gzip');
    expect(plain.compression).toBe('none');
    expect(gz.bytes).toBe(9640); // SOURCES.md: 9,640 bytes decompressed
    expect(gz.profile).toEqual(plain.profile);
    // SOURCES.md: 30 WAIT lines, none of them glued or cut.
    expect(gz.profile.reduce((n, p) => n + p.count, 0)).toBe(30);
  });
});
