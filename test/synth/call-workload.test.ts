// The OLTP call workload (lib/synth/call-workload.ts) and its ground truth: the golden pairs in
// test/fixtures/calls are what the generator makes; the truth adds up; and it equals what an independent
// reader (call-reader.ts: regexes and the rules of response-time.md) finds in the file, for every
// release. Today's parser reads the files without warnings.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CALL_RELEASES, parseRelease } from '../../lib/synth/call-releases';
import { mergeTruths, type CallWorkloadTruth } from '../../lib/synth/call-truth';
import { buildCallGoldens, CALL_GOLDEN_DIR, callGoldenTruthText } from '../../lib/synth/call-goldens';
import { callSessionSeed, generateCallSession, generateCallWorkload } from '../../lib/synth/call-workload';
import { parseTrace } from '../../lib/trace/parse-trace';
import { chunksOf } from '../helpers/chunks';
import { callTotals, execCountsByRegex, profile, readTrace, statementTotals, truthRows } from './call-reader';

const FIXTURES = new URL(`../${CALL_GOLDEN_DIR}/`, import.meta.url);
const goldens = buildCallGoldens();
const latin1 = (b: Uint8Array) => new TextDecoder('latin1').decode(b);

/** Rows add up to R; the dep=0 e adds up to CPU + within-call waits + unaccounted-for within. */
function expectConsistent(t: CallWorkloadTruth): void {
  const rows = t.responseTime.rows;
  expect(rows.reduce((n, r) => n + r.total, 0)).toBe(t.responseTime.total);
  expect(new Set(rows.map((r) => r.component)).size).toBe(rows.length);
  const dep0E = t.calls.filter((c) => c.dep === 0).reduce((n, c) => n + c.e, 0);
  const cpu = rows.filter((r) => r.component.startsWith('CPU: ')).reduce((n, r) => n + r.total, 0);
  const dep0C = t.calls.filter((c) => c.dep === 0).reduce((n, c) => n + c.c, 0);
  expect(cpu).toBe(dep0C);
  const within = rows.filter((r) => !r.component.startsWith('CPU: ') && !r.component.includes('[') && !r.component.startsWith('unaccounted-for')).reduce((n, r) => n + r.total, 0);
  const unaccountedWithin = rows.find((r) => r.component === 'unaccounted-for within calls')?.total;
  expect(dep0E).toBe(cpu + within + (unaccountedWithin as number));
}

describe('golden call pairs (test/fixtures/calls/oltp-*.trc and .truth.json)', () => {
  it('cover every release from 8i to 23ai', () => {
    expect(goldens.map((g) => g.params.release)).toEqual(['8i', '9i', '10.2', '11.2', '12.2', '19c', '23ai']);
  });

  it.each(goldens.map((g) => [g.name, g] as const))('%s: regenerating gives byte-identical files', (name, g) => {
    expect(Buffer.compare(readFileSync(new URL(`${name}.trc`, FIXTURES)), Buffer.from(g.bytes))).toBe(0);
    expect(readFileSync(new URL(`${name}.truth.json`, FIXTURES), 'utf8')).toBe(callGoldenTruthText(g));
  });
});

describe.each(goldens.map((g) => [g.name, g] as const))('call truth of %s', (_name, g) => {
  const text = latin1(g.bytes);
  const read = readTrace(text);

  it('is internally consistent', () => expectConsistent(g.truth));

  it('has the call sums the call lines have (an independent reading)', () => {
    expect(g.truth.calls).toEqual(callTotals(read));
  });

  it('has the response-time profile that response-time.md gives for the file', () => {
    expect(truthRows(g.truth)).toEqual(profile(read));
  });

  it('has the statements the file has: keys, depths, parents, PARSE/EXEC/FETCH counts and e', () => {
    expect(g.truth.statements).toEqual(statementTotals(read));
  });

  it('counts as many EXEC lines per statement as a regex over the file finds', () => {
    const counted = execCountsByRegex(text);
    const truth = new Map(g.truth.statements.filter((s) => s.exec.count > 0).map((s) => [s.key, s.exec.count]));
    expect(truth).toEqual(counted);
    expect(counted.size).toBeGreaterThanOrEqual(4);
  });

  it('follows the ordering rules: recursive calls inside their parent, before its line; waits inside the call they precede', () => {
    const timedWaits = read.waits.some((w) => w.tim !== null);
    for (let i = 0; i < read.calls.length; i++) {
      const c = read.calls[i];
      if (!c || c.dep === 0) continue;
      // The enclosing call is the next line at a smaller depth, and the child's span lies inside its span.
      const parent = read.calls.slice(i + 1).find((p) => p.dep < c.dep && p.call !== 'XCTEND');
      expect(parent, `line ${c.at + 1}`).toBeDefined();
      const [ps, pe] = [(parent?.f.tim as number) - (parent?.f.e as number), parent?.f.tim as number];
      expect(c.f.tim as number).toBeLessThanOrEqual(pe);
      expect((c.f.tim as number) - (c.f.e as number)).toBeGreaterThanOrEqual(ps);
    }
    expect(read.calls.some((c) => c.dep === 1)).toBe(true);
    // Within-call waits are counted by span where the file has WAIT tim: some lie inside a call, some between.
    const rows = truthRows(g.truth);
    expect([...rows.keys()].some((k) => k.endsWith('[between calls]'))).toBe(true);
    expect(rows.get('db file sequential read')?.count).toBeGreaterThan(0);
    if (timedWaits) expect(rows.get('SQL*Net message to client')?.count).toBeGreaterThan(0);
  });

  it('starts in the middle of a call on a cursor the file never parses, and reuses a closed cursor number for another statement', () => {
    const body = text.slice(text.indexOf('\n*** SESSION ID'));
    const firstRecord = /^(WAIT|PARSING|PARSE|EXEC|FETCH|CLOSE|XCTEND|LOB)[^\n]*/m.exec(body)?.[0] ?? '';
    expect(firstRecord).toMatch(/^WAIT #(\d+): nam='db file sequential read'/);
    const cursor = /^WAIT #(\d+)/.exec(firstRecord)?.[1] as string;
    expect(read.parsingsByCursor.has(cursor)).toBe(false);
    const unknown = g.truth.statements.find((s) => s.key === `unknown statement (cursor #${cursor})`);
    expect(unknown?.fetch.count).toBe(2);
    // The first call starts before the first wait of the file: t0 is its start.
    const first = read.calls[0];
    const firstWait = read.waits[0];
    if (firstWait?.tim !== null && firstWait?.tim !== undefined) expect((first?.f.tim as number) - (first?.f.e as number)).toBeLessThan(firstWait.tim - firstWait.ela);
    const reused = [...read.parsingsByCursor.values()].filter((hvs) => new Set(hvs).size > 1);
    expect(reused.length).toBeGreaterThan(0);
  });

  it('has think time, a commit with log file sync, negative unaccounted-for time in some call, and c ≤ e in most calls', () => {
    const rows = truthRows(g.truth);
    expect(rows.get('SQL*Net message from client [think time]')?.count).toBeGreaterThan(0);
    expect(read.calls.filter((c) => c.call === 'XCTEND' && c.f.rlbk === 0).length).toBe(g.params.transactions);
    expect((rows.get('log file sync')?.count ?? 0) + (rows.get('log file sync [between calls]')?.count ?? 0)).toBe(g.params.transactions);
    const withC = read.calls.filter((c) => c.f.c !== undefined);
    expect(withC.filter((c) => (c.f.c as number) <= (c.f.e as number)).length / withC.length).toBeGreaterThan(0.8);
    // A FETCH whose c exceeds e minus the waits written before it since the previous call line.
    const negative = read.calls.some((c, i) => {
      if (c.f.c === undefined || c.dep !== 0) return false;
      const prev = i === 0 ? -1 : (read.calls[i - 1]?.at as number);
      const waits = read.waits.filter((w) => w.at > prev && w.at < c.at && !w.event.startsWith('SQL*Net message from')).reduce((n, w) => n + w.ela, 0);
      return (c.f.e as number) - (c.f.c as number) - waits < 0;
    });
    expect(negative).toBe(true);
  });

  it('parses with today\'s parser, without warnings, in the release\'s unit', async () => {
    const r = await parseTrace(chunksOf(g.bytes, 4096), { event: 'db file sequential read', fileName: `${g.name}.trc` });
    expect(r.outcome.kind).toBe('parsed');
    expect(r.warnings).toEqual([]);
    expect(r.facts.unit).toBe(g.params.release === '8i' ? 'cs' : 'us');
    // Every wait, by event, as the truth books it (within plus between plus think time).
    const byEvent = new Map<string, number>();
    for (const row of g.truth.responseTime.rows) {
      if (row.component.startsWith('CPU: ') || row.component.startsWith('unaccounted-for')) continue;
      const event = row.component.replace(/ \[(between calls|think time)\]$/, '');
      byEvent.set(event, (byEvent.get(event) ?? 0) + row.total);
    }
    expect(new Map(r.profile.map((p) => [p.event, p.total]))).toEqual(byEvent);
  });
});

describe('the call workload generator', () => {
  it('is deterministic per seed, and another seed gives another trace', () => {
    const a = generateCallSession({ release: '19c', seed: 'det', transactions: 4 });
    const b = generateCallSession({ release: '19c', seed: 'det', transactions: 4 });
    const c = generateCallSession({ release: '19c', seed: 'det2', transactions: 4 });
    expect(Buffer.compare(Buffer.from(a.bytes), Buffer.from(b.bytes))).toBe(0);
    expect(a.truth).toEqual(b.truth);
    expect(Buffer.compare(Buffer.from(a.bytes), Buffer.from(c.bytes))).not.toBe(0);
    expect(a.truth.responseTime.total).not.toBe(c.truth.responseTime.total);
  });

  it.each(CALL_RELEASES.map((r) => [r] as const))('%s: several longer sessions agree with the independent reading, and their total is the sum', (release) => {
    const run = generateCallWorkload({ release, seed: 7, sessions: 3, transactions: 7 });
    expect(run.sessions.map((s) => s.pid)).toEqual([4100, 4107, 4114]);
    for (const s of run.sessions) {
      const read = readTrace(latin1(s.bytes));
      expectConsistent(s.truth);
      expect(s.truth.calls).toEqual(callTotals(read));
      expect(truthRows(s.truth)).toEqual(profile(read));
      expect(s.truth.statements).toEqual(statementTotals(read));
    }
    expectConsistent(run.truth);
    expect(run.truth.sessions).toBe(3);
    expect(run.truth.responseTime.total).toBe(run.sessions.reduce((n, s) => n + s.truth.responseTime.total, 0));
    const execs = (t: CallWorkloadTruth) => t.calls.filter((c) => c.call === 'EXEC').reduce((n, c) => n + c.count, 0);
    expect(execs(run.truth)).toBe(run.sessions.reduce((n, s) => n + execs(s.truth), 0));
    expect(mergeTruths([run.truth])).toEqual(run.truth);
    // Sessions differ: each has its own seed.
    expect(callSessionSeed(release, 7, 0)).not.toBe(callSessionSeed(release, 7, 1));
    expect(run.sessions[0]?.truth.responseTime.total).not.toBe(run.sessions[1]?.truth.responseTime.total);
  });

  it('takes 23c as another name of 23ai, and nothing unknown', () => {
    expect(parseRelease('23c')).toBe('23ai');
    expect(parseRelease('12.2')).toBe('12.2');
    expect(parseRelease('12c')).toBeNull();
  });
});
