// A second pass through scanTrace's visitor sees exactly the WAIT records the parser booked
// (issue 13 §4): for every golden fixture, the visited waits of the golden event are the golden
// samples (the generator's ground truth, test/golden/README.md), and the visited waits of every
// event add up to the golden profile. Read gzipped, in 7-byte chunks, with CRLF, and without the
// line kernel: every way of reading gives the same records.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { LOG_WRITE_WARNING } from '../../lib/trace/log-write-warning';
import { describe, expect, it } from 'vitest';
import type { Golden } from '../../lib/synth/golden';
import { scanTrace } from '../../lib/trace/scan-trace';
import type { RecordPosition, VisitedWait } from '../../lib/trace/trace-visitor';
import { chunksOf, gzipBytes, toCrlf } from '../helpers/chunks';

const FIXTURES = new URL('../fixtures/', import.meta.url);
const GOLDEN = new URL('../golden/', import.meta.url);
const pairs = readdirSync(FIXTURES)
  .filter((f) => f.endsWith('.trc') && existsSync(new URL(`${f.slice(0, -4)}.json`, GOLDEN)))
  .map((f) => f.slice(0, -4))
  .sort();

/** A visited wait with its record's bytes as text: the buffer they sit in differs with the chunks and the path. */
type SeenWait = Omit<VisitedWait, 'bytes' | 'start' | 'end'> & RecordPosition & { text: string };

async function visit(bytes: Uint8Array, chunk: number, noKernel = false): Promise<SeenWait[]> {
  const seen: SeenWait[] = [];
  const decoder = new TextDecoder();
  await scanTrace(chunksOf(bytes, chunk), {
    event: '',
    fileName: 'x.trc',
    fileIndex: 0,
    keep: 'counts',
    noKernel,
    visitor: { onWait: ({ bytes: b, start, end, ...w }, at) => seen.push({ ...w, ...at, text: decoder.decode(b.subarray(start, end)) }) },
  });
  return seen;
}

describe('scanTrace with a visitor', () => {
  it('has golden pairs to check', () => expect(pairs.length).toBeGreaterThan(10));

  it.each(pairs)('%s: the golden samples and profile', async (name) => {
    const golden = JSON.parse(readFileSync(new URL(`${name}.json`, GOLDEN), 'utf8')) as Golden;
    const bytes = new Uint8Array(readFileSync(new URL(`${name}.trc`, FIXTURES)));
    const seen = await visit(gzipBytes(bytes), 7);
    // Each wait's bytes are its own record: `WAIT #…: nam='<its event>' ela=…`, or LGWR's warning line for its pseudo-event.
    for (const w of seen) {
      const own = w.event === LOG_WRITE_WARNING ? w.text.startsWith('Warning: log write ') : w.text.startsWith('WAIT #') && w.text.includes(`nam='${w.event}' ela=`);
      expect(own, w.text).toBe(true);
    }
    const ofEvent = seen.filter((w) => w.event === golden.event);
    expect(ofEvent.map((w) => ({ ela: w.ela, line: w.line, offset: w.offset, tim: w.tim === w.tim ? w.tim : null }))).toEqual(golden.samples);
    const profile: Record<string, { count: number; total: number }> = {};
    for (const w of seen) {
      const row = (profile[w.event] ??= { count: 0, total: 0 });
      row.count++;
      row.total += w.ela;
    }
    const expected = Object.fromEntries(Object.entries(golden.profile).map(([event, r]) => [event, { count: r.count, total: r.total }]));
    expect(profile).toEqual(expected);
    // The kernel hands every WAIT back to a visited scan; the JavaScript grammar alone sees the same.
    expect(await visit(bytes, 4096, true)).toEqual(seen);
    // CRLF: the same records on the same lines.
    const crlf = await visit(toCrlf(bytes), 64);
    expect(crlf.map((w) => [w.event, w.ela, w.line])).toEqual(seen.map((w) => [w.event, w.ela, w.line]));
  });

  it('tells the process of each wait in trcsess output', async () => {
    const bytes = new Uint8Array(readFileSync(new URL('trcsess-two-sessions.trc', FIXTURES)));
    const text = new TextDecoder().decode(bytes).split('\n');
    const seen = await visit(bytes, 4096);
    // Each wait's pid is that of the last `*** [ Unix process pid: N ]` line above it.
    for (const w of seen) {
      const marker = text.slice(0, w.line - 1).findLast((l) => l.startsWith('*** [ Unix process pid:'));
      expect(w.pid, `line ${w.line}`).toBe(marker ? /pid: (\d+)/.exec(marker)![1] : null);
    }
    expect(new Set(seen.map((w) => w.pid)).size).toBe(2);
  });
});
