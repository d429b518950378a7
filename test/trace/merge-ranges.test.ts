// A large plain file is scanned in parallel as byte ranges cut at line starts, and the range scans
// are merged (lib/node/parse-files.ts). The merge must equal one sequential scan of the same bytes,
// except where `needsSequentialRescan` says the caller has to rescan (a cut inside SQL text).
//
// The expectation is always a sequential TraceScanner pass over the same bytes, so these tests hold
// for any input; the ranges are built exactly as planRanges builds them: head facts from a scan of
// the first 64 KiB, every range (the first included) scanned with `range: { startOffset, headFacts }`,
// and cuts only where planRanges may cut: before a line that starts a WAIT or call record.
import { readdirSync, readFileSync } from 'node:fs';
import { isDeepStrictEqual } from 'node:util';
import { describe, expect, it } from 'vitest';
import { generateCommitLoop } from '../../lib/synth/commit-loop';
import { buildFileResult } from '../../lib/trace/file-result';
import { mergeRanges, needsSequentialRescan } from '../../lib/trace/merge-ranges';
import { TraceScanner, type ScanResult } from '../../lib/trace/scanner';
import { DEFAULT_EVENT, type TraceFacts } from '../../lib/trace/types';
import { corpusAvailable, corpusBytes, corpusFiles, reportCorpusMissing } from '../helpers/corpus';

reportCorpusMissing('test/trace/merge-ranges.test.ts');

const HEAD_BYTES = 64 << 10; // as lib/node/parse-files.ts
const FIXTURES = new URL('../fixtures/', import.meta.url);
const fixtureBytes = (name: string) => new Uint8Array(readFileSync(new URL(name, FIXTURES)));

function scanSequential(bytes: Uint8Array, event: string): ScanResult {
  const scanner = new TraceScanner({ event, fileName: 'f.trc', fileIndex: 0 });
  scanner.push(bytes);
  return scanner.finish();
}

function headFactsOf(bytes: Uint8Array, event: string): TraceFacts {
  return scanSequential(bytes.subarray(0, HEAD_BYTES), event).facts;
}

/** One scan per range [cuts[i], cuts[i+1]); each range is pushed in `chunk`-byte pieces. */
function scanRanges(bytes: Uint8Array, cuts: readonly number[], event: string, chunk = 1 << 20): ScanResult[] {
  const headFacts = headFactsOf(bytes, event);
  const scans: ScanResult[] = [];
  for (let i = 0; i + 1 < cuts.length; i++) {
    const start = cuts[i] as number;
    const end = cuts[i + 1] as number;
    const scanner = new TraceScanner({ event, fileName: 'f.trc', fileIndex: 0, range: { startOffset: start, headFacts } });
    for (let at = start; at < end; at += chunk) scanner.push(bytes.slice(at, Math.min(end, at + chunk)));
    scans.push(scanner.finish());
  }
  return scans;
}

// lib/node/parse-files.ts findCut: a range starts at a WAIT or call line (such a line ends BINDS
// and PARSE ERROR text, the state a range cannot see).
const CUT_BEFORE = ['\nWAIT #', '\nEXEC #', '\nFETCH #', '\nPARSE #', '\nCLOSE #'].map((m) => new TextEncoder().encode(m));

/** The first offset at or after `from` where planRanges may cut (just after a `\n` + marker), or -1. */
function nextCut(bytes: Uint8Array, from: number): number {
  let best = -1;
  for (const marker of CUT_BEFORE) {
    for (let i = bytes.indexOf(0x0a, from); i >= 0 && (best < 0 || i < best); i = bytes.indexOf(0x0a, i + 1)) {
      if (marker.every((b, k) => bytes[i + k] === b)) {
        best = i;
        break;
      }
    }
  }
  return best < 0 ? -1 : best + 1;
}

/** Cut points as planRanges picks them: the first possible cut after size·k/parts. */
function evenCuts(bytes: Uint8Array, parts: number): number[] {
  const cuts = [0];
  for (let k = 1; k < parts; k++) {
    const cut = nextCut(bytes, Math.floor((bytes.length * k) / parts));
    if (cut > (cuts[cuts.length - 1] as number) && cut < bytes.length) cuts.push(cut);
  }
  cuts.push(bytes.length);
  return cuts;
}

/** Every offset where planRanges may cut. */
function allCuts(bytes: Uint8Array): number[] {
  const out: number[] = [];
  for (let cut = nextCut(bytes, 0); cut > 0; cut = nextCut(bytes, cut)) out.push(cut);
  return out;
}

/** What a merged scan must share with the sequential one. */
function project(r: ScanResult) {
  const s = r.samples;
  return {
    bytes: r.bytes,
    lines: r.lines,
    facts: r.facts,
    waitLines: r.waitLines,
    records10046: r.records10046,
    starLines: r.starLines,
    sessions: r.sessions,
    anchors: r.anchors.map((a) => ({ line: a.line, wall: a.wall, tim: a.tim, timLine: a.timLine, session: a.session })),
    profile: r.profile,
    samples: Array.from({ length: s.count }, (_, i) => ({
      ela: s.ela[i],
      tim: s.tim[i],
      line: s.line[i],
      offset: s.offset[i],
      session: s.session[i],
    })),
    warnings: r.warnings.map((w) => ({ code: w.code, count: w.count, lines: w.lines })),
  };
}

type Projection = ReturnType<typeof project>;

function differingFields(a: Projection, b: Projection): string[] {
  return (Object.keys(a) as (keyof Projection)[]).filter((k) => !isDeepStrictEqual(a[k], b[k]));
}

/**
 * Whether byte `offset` lies inside SQL text (after a PARSING IN CURSOR line, before its END OF STMT),
 * read off the bytes, not the scanner: the one place, besides trcsess output, where a range must ask
 * for a sequential rescan (merge-ranges.ts needsSequentialRescan).
 */
function insideSqlText(bytes: Uint8Array, offset: number): boolean {
  const before = new TextDecoder('latin1').decode(bytes.subarray(0, offset));
  return before.lastIndexOf('\nPARSING IN CURSOR') > before.lastIndexOf('\nEND OF STMT');
}

/**
 * Whether a rescan of `name` cut at `cuts` has a reason the bytes show: trcsess output (the fixture
 * and the corpus file say so in their names) or a cut inside SQL text. Else a rescan would hide a merge.
 */
function rescanJustified(name: string, bytes: Uint8Array, cuts: readonly number[]): boolean {
  return name.includes('trcsess') || cuts.some((c) => c > 0 && c < bytes.length && insideSqlText(bytes, c));
}

/** 1-based line number of the line that starts at byte `offset`. */
function lineAt(bytes: Uint8Array, offset: number): number {
  let n = 1;
  for (let i = 0; i < offset; i++) if (bytes[i] === 0x0a) n++;
  return n;
}

/**
 * Cuts the file once at every place planRanges may cut. Cuts inside SQL text must ask for a rescan; every other
 * cut must merge to the sequential scan. Returns the cuts that broke a rule, as readable strings.
 */
function checkEveryCut(bytes: Uint8Array, event: string, name: string): { mismatches: string[]; rescans: number; cuts: number } {
  const expected = project(scanSequential(bytes, event));
  const mismatches: string[] = [];
  let rescans = 0;
  const cuts = allCuts(bytes);
  for (const cut of cuts) {
    const scans = scanRanges(bytes, [0, cut, bytes.length], event);
    if (needsSequentialRescan(scans)) {
      rescans++;
      if (!rescanJustified(name, bytes, [cut])) mismatches.push(`cut before line ${lineAt(bytes, cut)} (byte ${cut}): a rescan outside SQL text`);
      continue;
    }
    const diff = differingFields(project(mergeRanges(scans)), expected);
    if (diff.length > 0) mismatches.push(`cut before line ${lineAt(bytes, cut)} (byte ${cut}): ${diff.join(', ')}`);
  }
  return { mismatches, rescans, cuts: cuts.length };
}

function parsingFixtures(): string[] {
  return readdirSync(FIXTURES)
    .filter((f) => f.endsWith('.trc'))
    .filter((f) => {
      const scan = scanSequential(new Uint8Array(readFileSync(new URL(f, FIXTURES))), DEFAULT_EVENT);
      // A trace that can be cut: not empty, binary or a README, and with a cut point (a record line;
      // the LGWR trace has only log write warnings, so planRanges never splits it).
      return scan.bytes > 0 && scan.binaryAt === null && scan.records10046 > 0 && nextCut(new Uint8Array(readFileSync(new URL(f, FIXTURES))), 0) > 0;
    })
    .sort();
}

const fixtures = parsingFixtures();

describe('merging range scans of the test fixtures', () => {
  it('uses every fixture that parses as a trace', () => {
    // 19 fixtures, minus empty, binary-random, readme-not-a-trace (test/golden/*.json: not-a-trace) and lgwr-non10046 (no cut point).
    expect(fixtures).toHaveLength(15);
  });

  describe.each(fixtures)('%s', (name) => {
    const bytes = fixtureBytes(name);

    it.each([1, 2, 3, 7])('equals a sequential scan when cut into %i ranges', (parts) => {
      const cuts = evenCuts(bytes, parts);
      // A small fixture may offer fewer cut points than 7 ranges need; two ranges at least.
      expect(cuts.length).toBeGreaterThanOrEqual(Math.min(parts, 2) + 1);
      const scans = scanRanges(bytes, cuts, DEFAULT_EVENT);
      if (needsSequentialRescan(scans)) {
        // A rescan is right only for trcsess output or a cut inside SQL text; else it hides a merge.
        expect(rescanJustified(name, bytes, cuts), 'a rescan without a reason').toBe(true);
      } else {
        expect(project(mergeRanges(scans))).toEqual(project(scanSequential(bytes, DEFAULT_EVENT)));
      }
    });

    it('equals a sequential scan for every cut point outside SQL text', () => {
      const { mismatches, cuts } = checkEveryCut(bytes, DEFAULT_EVENT, name);
      expect(cuts).toBeGreaterThan(5);
      expect(mismatches).toEqual([]);
    });
  });
});


// Each case isolates one way a merge could differ from a single pass; the sweeps above look for all.
describe('merging across session and timestamp boundaries', () => {
  it('keeps only the last of consecutive *** stamps of one session when no tim falls between them', () => {
    // v9i-generic-params.trc has no WAIT with tim (9i), so a single pass keeps one anchor per run of
    // stamps of a session; the stamps on lines 17 and 56 belong to session 35.65385 (SESSION ID line 17).
    const bytes = fixtureBytes('v9i-generic-params.trc');
    const seq = scanSequential(bytes, DEFAULT_EVENT);
    for (const parts of [2, 3]) {
      const scans = scanRanges(bytes, evenCuts(bytes, parts), DEFAULT_EVENT);
      expect(needsSequentialRescan(scans)).toBe(false);
      expect(project(mergeRanges(scans)).anchors, `${parts} ranges`).toEqual(project(seq).anchors);
    }
  });

  it('gives a file without banner one unit-assumed warning, however many ranges it is cut into', () => {
    const bytes = fixtureBytes('no-banner.trc');
    const ctx = { fileName: 'no-banner.trc', event: DEFAULT_EVENT, compression: 'none' as const, bytesRead: bytes.length };
    const whole = buildFileResult(scanSequential(bytes, DEFAULT_EVENT), ctx);
    expect(whole.warnings.map((w) => [w.code, w.count])).toEqual([['unit-assumed', 1]]); // test/golden/no-banner.json
    for (const parts of [2, 3, 7]) {
      const merged = buildFileResult(mergeRanges(scanRanges(bytes, evenCuts(bytes, parts), DEFAULT_EVENT)), ctx);
      expect(merged.warnings, `${parts} ranges`).toEqual(whole.warnings);
      expect(merged.outcome, `${parts} ranges`).toEqual(whole.outcome);
    }
  });

  it('never cuts inside BINDS text: the first cut after it is the WAIT that ends it', () => {
    // The unindented `toid ptr value=` and hex lines inside BINDS are copied in shape from the real
    // jkstill_db-ping PINGTEST trace (lines 38–39); a single pass accepts them as bind text.
    const text = [
      'Trace file /u01/diag/cdb1_ora_1.trc',
      'Oracle Database 19c Enterprise Edition Release 19.0.0.0.0 - Production',
      'Version 19.12.0.0.0',
      'Unix process pid: 1, image: oracle@h',
      '',
      '*** 2024-01-01T00:00:00.000000+00:00',
      'PARSE #1:c=1,e=1,p=0,cr=0,cu=0,mis=0,r=0,dep=0,og=1,plh=0,tim=10',
      'BINDS #1:',
      '',
      ' Bind#0',
      '  oacdty=123 mxl=656(656) mxlc=00 mal=00 scl=00 pre=00',
      'toid ptr value=E5A24040 length=16',
      '86B64B66F23D012EE053F706E80A06',
      "WAIT #1: nam='SQL*Net message to client' ela= 2 driver id=1413697536 #bytes=1 p3=0 obj#=774 tim=20",
      'EXEC #1:c=1,e=1,p=0,cr=0,cu=0,mis=0,r=1,dep=0,og=1,plh=0,tim=30',
      '',
    ].join('\n');
    const bytes = new TextEncoder().encode(text);
    const seq = scanSequential(bytes, DEFAULT_EVENT);
    expect(seq.warnings).toEqual([]);
    const cut = nextCut(bytes, text.indexOf('BINDS #1'));
    expect(cut).toBe(text.indexOf("WAIT #1: nam='SQL*Net"));
    const scans = scanRanges(bytes, [0, cut, bytes.length], DEFAULT_EVENT);
    expect(needsSequentialRescan(scans)).toBe(false);
    expect(project(mergeRanges(scans))).toEqual(project(seq));
  });

  it('keeps the header session (line 0) when the first range has no wait and no *** stamp', () => {
    // The first range ends before EXEC (a planRanges cut point) having seen only the header and a
    // parse: no session was in use yet. The session the waits belong to is still the header's.
    const text = [
      'Oracle Database 19c Enterprise Edition Release 19.0.0.0.0 - Production',
      'Version 19.12.0.0.0',
      'Unix process pid: 4242, image: oracle@h',
      '',
      '=====================',
      "PARSING IN CURSOR #1 len=18 dep=0 uid=1 oct=3 lid=1 tim=1 hv=1 ad='a' sqlid='b'",
      'select 1 from dual',
      'END OF STMT',
      'PARSE #1:c=1,e=1,p=0,cr=0,cu=0,mis=0,r=0,dep=0,og=1,plh=0,tim=1',
      'EXEC #1:c=1,e=1,p=0,cr=0,cu=0,mis=0,r=0,dep=0,og=1,plh=0,tim=2',
      "WAIT #0: nam='log file sync' ela= 5 buffer#=1 sync scn=2 p3=0 obj#=-1 tim=3",
      '',
    ].join('\n');
    const bytes = new TextEncoder().encode(text);
    const cut = nextCut(bytes, text.indexOf('PARSE #1'));
    expect(cut).toBe(text.indexOf('EXEC #1'));
    const seq = scanSequential(bytes, DEFAULT_EVENT);
    expect(seq.sessions).toEqual([{ sid: null, serial: null, pid: '4242', line: 0 }]);
    expect(mergeRanges(scanRanges(bytes, [0, cut, bytes.length], DEFAULT_EVENT)).sessions).toEqual(seq.sessions);
  });

  it('trcsess output always asks for a sequential rescan (process markers switch sessions a range cannot see)', () => {
    // trcsess-two-sessions.trc: pid markers alternate between 9850 and 9857 (test/golden/README.md).
    const bytes = fixtureBytes('trcsess-two-sessions.trc');
    const cuts = allCuts(bytes);
    expect(cuts.length).toBeGreaterThan(20);
    for (const cut of cuts) expect(needsSequentialRescan(scanRanges(bytes, [0, cut, bytes.length], DEFAULT_EVENT)), `cut at byte ${cut}`).toBe(true);
  });
});

describe('a cut inside PARSING IN CURSOR … END OF STMT', () => {
  const bytes = new Uint8Array(readFileSync(new URL('v11g-commit-loop.trc', FIXTURES)));
  const text = Buffer.from(bytes).toString('latin1');
  const parsing = text.indexOf('\nPARSING IN CURSOR') + 1;
  const sqlLine = text.indexOf('\n', parsing) + 1; // first line of SQL text
  const endOfStmt = text.indexOf('\nEND OF STMT', parsing) + 1;

  it('asks for a rescan when planRanges cuts before a WAIT-looking line inside SQL text', () => {
    // v11g-commit-loop.trc lines 26–29 are trap lines inside the SQL text (test/golden/README.md):
    // `WAIT #0: nam='log file sync' ela= 99999 …` starts like a record, so planRanges may cut before it.
    const cut = nextCut(bytes, parsing);
    expect(cut).toBe(text.indexOf("WAIT #0: nam='log file sync' ela= 99999"));
    expect(cut).toBeLessThan(endOfStmt);
    const scans = scanRanges(bytes, [0, cut, bytes.length], DEFAULT_EVENT);
    expect(scans[0]?.endsInSql).toBe(true);
    expect(needsSequentialRescan(scans)).toBe(true);
    // The second range, scanned out of state, counts the trap line as a wait: that is why it must be rescanned.
    expect(scans[1]?.samples.ela.subarray(0, scans[1]?.samples.count)).toContain(99_999);
  });

  it('asks for a sequential rescan when the cut is on any line of SQL text or on END OF STMT', () => {
    expect(parsing).toBeGreaterThan(0);
    expect(endOfStmt).toBeGreaterThan(sqlLine);
    for (const cut of [sqlLine, endOfStmt]) {
      const scans = scanRanges(bytes, [0, cut, bytes.length], DEFAULT_EVENT);
      expect(scans[0]?.endsInSql, `cut at byte ${cut}`).toBe(true);
      expect(needsSequentialRescan(scans), `cut at byte ${cut}`).toBe(true);
    }
  });

  it('does not ask for one when the cut is on the PARSING IN CURSOR line or after END OF STMT', () => {
    const afterEnd = text.indexOf('\n', endOfStmt) + 1;
    for (const cut of [parsing, afterEnd]) {
      const scans = scanRanges(bytes, [0, cut, bytes.length], DEFAULT_EVENT);
      expect(needsSequentialRescan(scans), `cut at byte ${cut}`).toBe(false);
      expect(project(mergeRanges(scans))).toEqual(project(scanSequential(bytes, DEFAULT_EVENT)));
    }
  });

  it('only the last range may end in SQL text without a rescan', () => {
    const scans = scanRanges(bytes, [0, sqlLine], DEFAULT_EVENT);
    expect(scans[0]?.endsInSql).toBe(true);
    expect(needsSequentialRescan(scans)).toBe(false);
  });
});

describe('merging range scans of a generated commit-loop trace', () => {
  // 3000 commits with a `***` stamp every 500: several anchors, rare db file sequential read waits.
  const text = [...generateCommitLoop({ preset: 'flash-off', seed: 'merge-ranges', commits: 3000, stampEvery: 500, chunkChars: 64 << 10 })].join('');
  const bytes = new TextEncoder().encode(text);
  // Independent count: the generator writes exactly one `log file sync` WAIT per commit.
  const expectedCount = text.split("nam='log file sync'").length - 1;

  it.each([2, 3, 7])('equals a sequential scan when cut into %i ranges (in 4 KiB chunks)', (parts) => {
    expect(expectedCount).toBe(3000);
    const cuts = evenCuts(bytes, parts);
    expect(cuts).toHaveLength(parts + 1);
    const scans = scanRanges(bytes, cuts, DEFAULT_EVENT, 4096);
    expect(needsSequentialRescan(scans)).toBe(false);
    const merged = mergeRanges(scans);
    expect(merged.samples.count).toBe(expectedCount);
    expect(project(merged)).toEqual(project(scanSequential(bytes, DEFAULT_EVENT)));
  });
});

describe.skipIf(!corpusAvailable)('merging range scans of real traces', () => {
  const real = corpusAvailable ? corpusFiles() : [];
  const pick = (suffix: string) => {
    const f = real.find((x) => x.name.endsWith(suffix));
    if (!f) throw new Error(`corpus file ${suffix} not found`);
    return corpusBytes(f);
  };
  const SEVERAL = [
    ['trcsess output (2 processes)', 'jkstill_oracle-trace__trace-combine__main_trcsess.trc', 'SQL*Net message from client'],
    ['19c, 6 log file sync', 'jkstill_oracle-trace__latency-12ms-old__cdb1_ora_26130_PF-12ms-010.trc', DEFAULT_EVENT],
    ['12.1 PyLatencyMap', 'LucaCanali_PyLatencyMap__SampleData__test_10046_tracefile.trc', 'db file sequential read'],
    ['11.2.0.4 with non-10046 dumps', 'jkstill_sqlnet-troubleshooting__js02_ora_26239_XMLDATA_11204.trc', 'SQL*Net message from client'],
    ['front-truncated, no banner', 'jkstill_oracle-trace__trace-from-shell__cdb1_ora_5390_TRUNC-TEST.trc', DEFAULT_EVENT],
    ['trctools broken_trace (glued and cut lines)', 'broken_trace.trc', 'SQL*Net message from client'],
  ] as const;

  describe.each(SEVERAL)('%s', (_label, name, event) => {
    it.each([2, 3, 7])('equals a sequential scan when cut into %i ranges', (parts) => {
      const bytes = pick(name);
      const cuts = evenCuts(bytes, parts);
      const scans = scanRanges(bytes, cuts, event, 65_536);
      // A cut inside SQL text, or trcsess output: the caller rescans and there is nothing to merge.
      if (needsSequentialRescan(scans)) return expect(rescanJustified(name, bytes, cuts), 'a rescan without a reason').toBe(true);
      expect(project(mergeRanges(scans))).toEqual(project(scanSequential(bytes, event)));
    });
  });

  it('asks for a sequential rescan of the real trcsess output', () => {
    const bytes = pick('jkstill_oracle-trace__trace-combine__main_trcsess.trc');
    for (const parts of [2, 3, 7]) expect(needsSequentialRescan(scanRanges(bytes, evenCuts(bytes, parts), DEFAULT_EVENT, 65_536)), `${parts} ranges`).toBe(true);
  });

  it.each([
    ['jkstill_oracle-trace__trace-from-shell__cdb1_ora_5390_TRUNC-TEST.trc', DEFAULT_EVENT],
    ['jkstill_db-ping__cdb1_ora_15440_PINGTEST.trc', 'SQL*Net message from client'],
    ['CaryMillsap_tracing-oracle__FREE_ora_39079_23c.trc', 'SQL*Net message from client'],
    ['fixtures/priitp2_trctools/broken_trace.trc', 'SQL*Net message from client'],
    ['fixtures/priitp2_trctools/mixed_execs.trc', 'SQL*Net message from client'],
  ])('%s equals a sequential scan for every cut point outside SQL text', (name, event) => {
    const { mismatches, cuts } = checkEveryCut(pick(name), event, name);
    expect(cuts).toBeGreaterThan(10);
    expect(mismatches).toEqual([]);
  });
});
