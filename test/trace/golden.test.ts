// Golden pairs: test/fixtures/<case>.trc + test/golden/<case>.json (style.md §9, PEV2-style: a new case is
// two new files). The JSON comes from the synthetic generator's ground truth and was checked by hand
// (test/golden/README.md); regenerate with `node scripts/make-fixtures.mjs`.
//
// Each pair is parsed whole, then in 1-, 7- and 64-byte chunks, with CRLF line ends and gzipped; every run
// must agree with the golden file and with the others.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { buildLongBindCase } from '../../lib/synth/fixtures';
import type { Golden } from '../../lib/synth/golden';
import { parseTrace } from '../../lib/trace/parse-trace';
import type { TraceFileResult } from '../../lib/trace/types';
import { chunksOf, gzipBytes, toCrlf } from '../helpers/chunks';

const FIXTURES = new URL('../fixtures/', import.meta.url);
const GOLDEN = new URL('../golden/', import.meta.url);

const pairs = readdirSync(FIXTURES)
  .filter((f) => f.endsWith('.trc'))
  .map((f) => f.slice(0, -'.trc'.length))
  .filter((name) => existsSync(new URL(`${name}.json`, GOLDEN)))
  .sort();

/** What every run of one file must agree on; `offsetShift(line)` models CRLF. */
function project(r: TraceFileResult, offsetShift: (line: number) => number = () => 0) {
  const s = r.samples;
  const samples = [];
  for (let i = 0; i < s.count; i++) {
    const line = s.line[i] ?? 0;
    const tim = s.tim[i] ?? NaN;
    samples.push({ ela: s.ela[i], line, offset: (s.offset[i] ?? 0) - offsetShift(line), tim: Number.isNaN(tim) ? null : tim });
  }
  const profile: Golden['profile'] = {};
  for (const row of [...r.profile].sort((a, b) => (a.event < b.event ? -1 : 1))) {
    profile[row.event] = { count: row.count, total: row.total, min: row.min, max: row.max };
  }
  return {
    outcome: r.outcome.kind,
    eventsPresent: r.outcome.kind === 'no-event' ? [...r.outcome.eventsPresent].sort() : null,
    unit: r.facts.unit,
    oracleVersion: r.facts.oracleVersion,
    count: s.count,
    profile,
    samples,
    warnings: r.warnings.map((w) => ({ code: w.code, count: w.count, lines: w.lines })).sort((a, b) => (a.code < b.code ? -1 : 1)),
  };
}

async function parseBytes(bytes: Uint8Array, name: string, chunk = bytes.length || 1): Promise<TraceFileResult> {
  return parseTrace(chunksOf(bytes, chunk), { fileName: `${name}.trc` });
}

describe.each(pairs)('golden %s', (name) => {
  const bytes = new Uint8Array(readFileSync(new URL(`${name}.trc`, FIXTURES)));
  const golden = JSON.parse(readFileSync(new URL(`${name}.json`, GOLDEN), 'utf8')) as Golden;

  it('matches the golden file when parsed as one chunk', async () => {
    const r = await parseBytes(bytes, name);
    const p = project(r);
    expect(r.event).toBe(golden.event);
    expect(p.outcome).toBe(golden.outcome);
    if (golden.outcome !== 'not-a-trace') {
      // The facts of something that is not a trace mean nothing, and the parser may stop reading it early.
      expect(p.unit).toBe(golden.unit);
      expect(p.oracleVersion).toBe(golden.oracleVersion);
      expect(r.bytes).toBe(bytes.length);
    }
    if (p.eventsPresent) expect(p.eventsPresent).toEqual(Object.keys(golden.profile).sort());
    expect(p.count).toBe(golden.count);
    expect(p.profile).toEqual(golden.profile);
    expect(p.samples).toEqual(golden.samples);
    expect(p.warnings.map((w) => w.code)).toEqual([...golden.warnings].sort());
    expect(r.compression).toBe('none');
  });

  it('gives identical results in 1-, 7- and 64-byte chunks', async () => {
    const whole = project(await parseBytes(bytes, name));
    for (const size of [1, 7, 64]) {
      expect(project(await parseBytes(bytes, name, size)), `chunks of ${size}`).toEqual(whole);
    }
  });

  it('gives the same result with CRLF line ends (offsets shifted by line − 1)', async () => {
    const whole = project(await parseBytes(bytes, name));
    const crlf = toCrlf(bytes);
    for (const size of [crlf.length || 1, 7]) {
      const r = await parseBytes(crlf, name, size);
      const p = project(r, (line) => line - 1);
      // Expected from the golden file, not from the parser: offset + (line − 1).
      expect(p.samples.map((s) => s.offset + s.line - 1)).toEqual(golden.samples.map((s) => s.offset + s.line - 1));
      expect(p, `CRLF in chunks of ${size}`).toEqual(whole);
    }
  });

  it('gives the same result gzipped (offsets in decompressed bytes)', async () => {
    const whole = project(await parseBytes(bytes, name));
    const gz = gzipBytes(bytes);
    for (const size of [gz.length, 7]) {
      const r = await parseBytes(gz, name, size);
      expect(r.compression).toBe('gzip');
      if (golden.outcome !== 'not-a-trace') expect(r.bytes).toBe(bytes.length);
      expect(project(r), `gzip in chunks of ${size}`).toEqual(whole);
    }
  });
});

describe('a multi-megabyte bind value on one line (built in memory, never committed)', () => {
  const c = buildLongBindCase(3 * 1024 * 1024);
  const expected = c.waits.filter((w) => w.complete && w.event === c.event);

  it.each([c.bytes.length, 65_536, 1000])('counts the waits around it, in chunks of %i bytes', async (size) => {
    expect(c.bytes.length).toBeGreaterThan(3 * 1024 * 1024);
    const r = await parseBytes(c.bytes, c.name, size);
    expect(r.outcome.kind).toBe('parsed');
    expect(r.samples.count).toBe(expected.length);
    expect([...r.samples.ela.subarray(0, r.samples.count)]).toEqual(expected.map((w) => w.elaMicros));
    expect([...r.samples.line.subarray(0, r.samples.count)]).toEqual(expected.map((w) => w.line));
    expect([...r.samples.offset.subarray(0, r.samples.count)]).toEqual(expected.map((w) => w.offset));
  });
});
