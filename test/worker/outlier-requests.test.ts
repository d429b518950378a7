import { readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import Papa from 'papaparse';
import { afterAll, describe, expect, it } from 'vitest';
import type { WorkerResponse } from '../../lib/worker/protocol';
import { outlierSection } from '../../lib/worker/outlier-requests';
import { fixturePath } from '../helpers/cli';
import { writeCompareInputs } from '../helpers/compare-inputs';
import { inputFiles, SessionHarness } from './session-harness';

const inputs = writeCompareInputs(2000);
afterAll(() => rmSync(inputs.root, { recursive: true, force: true }));

/** Every 'log file sync' WAIT of the files, found with a regular expression (independent of the parser). */
function syncWaits(files: string[]): { file: string; line: number; ela: number; text: string }[] {
  return files.flatMap((f) =>
    (f.endsWith('.gz') ? gunzipSync(readFileSync(f)) : readFileSync(f))
      .toString('utf8')
      .split('\n')
      .flatMap((text, i) => {
        const m = /^WAIT #\d+: nam='log file sync' ela= ?(\d+)/.exec(text);
        return m ? [{ file: path.basename(f), line: i + 1, ela: Number(m[1]), text }] : [];
      }),
  );
}

async function ask<T extends WorkerResponse['type']>(h: SessionHarness, request: Parameters<SessionHarness['send']>[0] & { requestId: number }, type: T) {
  await h.send(request);
  const reply = h.messages.find((m) => 'requestId' in m && m.requestId === request.requestId);
  if (!reply || reply.type !== type) throw new Error(`expected ${type}, got ${JSON.stringify(reply)?.slice(0, 300)}`);
  return reply as Extract<WorkerResponse, { type: T }>;
}

describe('outlier requests in the analysis session', () => {
  const files = inputs.off; // plain text: context can be read by offset
  const waits = syncWaits(files);
  const spec = [{ datasetId: 'x', label: 'off' }];

  it('lists the top waits with their file and line, longest first, and the lines around one of them', async () => {
    const h = new SessionHarness();
    await h.send({ type: 'add-files', datasetId: 'x', files: inputFiles(files, path.dirname(files[0]!)), event: 'log file sync' });
    const reply = await ask(h, { type: 'outliers', requestId: 1, datasets: spec, top: 5, thresholds: [] }, 'outliers');
    const rows = reply.results[0]!.analysis.top.rows;
    const expected = [...waits].sort((a, b) => b.ela - a.ela).slice(0, 5);
    expect(rows.map((r) => r.ela)).toEqual(expected.map((w) => w.ela));
    const first = rows[0]!;
    expect(waits.find((w) => w.file === first.file && w.line === first.line)?.ela).toBe(first.ela);
    expect(first.time.kind).not.toBe('none');
    expect(reply.results[0]!.timeline.t.length).toBeGreaterThan(0);

    const ctx = await ask(h, { type: 'context', requestId: 2, datasetId: 'x', fileIndex: first.fileIndex, offset: first.offset, line: first.line, before: 3, after: 2 }, 'context');
    const lines = readFileSync(path.join(path.dirname(files[0]!), first.file), 'utf8').split('\n');
    const own = ctx.context.lines.find((l) => l.isWait)!;
    expect(own.line).toBe(first.line);
    expect(own.text).toBe(lines[first.line - 1]);
    expect(ctx.context.lines.map((l) => l.line)).toEqual([first.line - 3, first.line - 2, first.line - 1, first.line, first.line + 1, first.line + 2]);
    expect(ctx.context.lines.map((l) => l.text)).toEqual(lines.slice(first.line - 4, first.line + 2));
  });

  it('lists the waits in a value range (a clicked bucket), inclusive at both ends', async () => {
    const h = new SessionHarness();
    await h.send({ type: 'add-files', datasetId: 'x', files: inputFiles(files, path.dirname(files[0]!)), event: 'log file sync' });
    const reply = await ask(h, { type: 'select', requestId: 1, parts: [{ ...spec[0]!, by: { kind: 'range', lo: 1000, hi: 1999 } }], offset: 0, limit: 10_000 }, 'selection');
    const inRange = waits.filter((w) => w.ela >= 1000 && w.ela <= 1999);
    expect(reply.page.totals).toEqual([{ datasetId: 'x', label: 'off', total: inRange.length }]);
    expect(reply.page.rows).toHaveLength(inRange.length);
    expect(reply.page.rows.every((r) => r.ela >= 1000 && r.ela <= 1999)).toBe(true);
  });

  describe('a list of two datasets, paged and as CSV', () => {
    const on = inputs.on; // one of them gzipped
    const onWaits = syncWaits(on);
    const lo = 500;
    const hi = 1999;
    const hand = [
      ...waits.filter((w) => w.ela >= lo && w.ela <= hi).map((w) => ({ ...w, dataset: 'off' })),
      ...onWaits.filter((w) => w.ela >= lo && w.ela <= hi).map((w) => ({ ...w, dataset: 'on' })),
    ];
    const parts = [
      { datasetId: 'x', label: 'off', by: { kind: 'range' as const, lo, hi } },
      { datasetId: 'y', label: 'on', by: { kind: 'range' as const, lo, hi } },
    ];
    const loaded = async () => {
      const h = new SessionHarness();
      await h.send({ type: 'add-files', datasetId: 'x', files: inputFiles(files, path.dirname(files[0]!)), event: 'log file sync' });
      await h.send({ type: 'add-files', datasetId: 'y', files: inputFiles(on, path.dirname(on[0]!)), event: 'log file sync' });
      return h;
    };
    const key = (r: { dataset: string; file: string; line: number }) => `${r.dataset}/${r.file}/${r.line}`;

    it('pages through every wait of both datasets once, longest first, with per-dataset totals', async () => {
      const h = await loaded();
      const size = 700;
      const listed: { dataset: string; file: string; line: number; ela: number }[] = [];
      let totals: { datasetId: string; total: number }[] = [];
      for (let offset = 0, id = 1; offset === 0 || offset < hand.length; offset += size, id++) {
        const reply = await ask(h, { type: 'select', requestId: id, parts, offset, limit: size }, 'selection');
        expect(reply.page.offset).toBe(offset);
        expect(reply.page.rows.length).toBe(Math.min(size, hand.length - offset));
        totals = reply.page.totals;
        listed.push(...reply.page.rows.map((r) => ({ dataset: r.dataset, file: r.file, line: r.line, ela: r.ela })));
      }
      expect(totals.map((t) => [t.datasetId, t.total])).toEqual([['x', hand.filter((w) => w.dataset === 'off').length], ['y', hand.filter((w) => w.dataset === 'on').length]]);
      expect(hand.filter((w) => w.dataset === 'on').length).toBeGreaterThan(size); // a page of each, at least
      expect(listed.map((r) => r.ela)).toEqual(hand.map((w) => w.ela).sort((a, b) => b - a));
      expect(new Set(listed.map(key))).toEqual(new Set(hand.map(key)));
      expect(listed).toHaveLength(hand.length);
      const elaOf = new Map(hand.map((w) => [key(w), w.ela]));
      expect(listed.filter((r) => elaOf.get(key(r)) !== r.ela)).toEqual([]);
    });

    it('writes every listed wait to the CSV, in the order of the pages, with its dataset', async () => {
      const h = await loaded();
      const reply = await ask(h, { type: 'export-selection', requestId: 1, parts }, 'selection-csv');
      const text = await reply.blob.text();
      const lines = text.trimEnd().split('\n');
      expect(lines[0]).toBe('dataset_id,dataset,ela_us,wall_clock_time,time_kind,session,pid,file,line');
      const rows = lines.slice(1).map((l) => l.split(','));
      expect(reply.rows).toBe(hand.length);
      expect(rows).toHaveLength(hand.length);
      expect(rows.filter((r) => r[0] === 'x' && r[1] === 'off')).toHaveLength(hand.filter((w) => w.dataset === 'off').length);
      expect(rows.filter((r) => r[0] === 'y' && r[1] === 'on')).toHaveLength(hand.filter((w) => w.dataset === 'on').length);
      expect(rows.map((r) => Number(r[2]))).toEqual(hand.map((w) => w.ela).sort((a, b) => b - a));
      expect(new Set(rows.map((r) => `${r[1]}/${r[7]}/${r[8]}`))).toEqual(new Set(hand.map(key)));
      const page = await ask(h, { type: 'select', requestId: 2, parts, offset: 0, limit: 50 }, 'selection');
      expect(rows.slice(0, 50).map((r) => `${r[1]}/${r[7]}/${r[8]}`)).toEqual(page.page.rows.map(key));
    });
  });

  it('neutralises a label that a spreadsheet would run as a formula in the CSV of a list', async () => {
    const h = new SessionHarness();
    await h.send({ type: 'add-files', datasetId: 'x', files: inputFiles(files, path.dirname(files[0]!)), event: 'log file sync' });
    const hostile = '=HYPERLINK("http://x","y")';
    const reply = await ask(h, { type: 'export-selection', requestId: 1, parts: [{ datasetId: 'x', label: hostile, by: { kind: 'range' as const, lo: 0, hi: Infinity } }] }, 'selection-csv');
    const rows = Papa.parse<Record<string, string>>(await reply.blob.text(), { header: true, skipEmptyLines: true }).data;
    expect(rows.length).toBe(syncWaits(files).length);
    // OWASP: a leading apostrophe makes the cell text; the label is otherwise unchanged.
    for (const r of rows) expect(r.dataset).toBe(`'${hostile}`);
  });

  it('reads the lines around a wait of a gzip file too (streamed from the start, not held)', async () => {
    const h = new SessionHarness();
    const gz = inputs.on.filter((f) => f.endsWith('.gz'));
    await h.send({ type: 'add-files', datasetId: 'x', files: inputFiles(gz, path.dirname(gz[0]!)), event: 'log file sync' });
    const top = await ask(h, { type: 'outliers', requestId: 1, datasets: spec, top: 1, thresholds: [] }, 'outliers');
    const row = top.results[0]!.analysis.top.rows[0]!;
    const ctx = await ask(h, { type: 'context', requestId: 2, datasetId: 'x', fileIndex: row.fileIndex, offset: row.offset, line: row.line, before: 2, after: 1 }, 'context');
    const lines = gunzipSync(readFileSync(gz[0]!)).toString('utf8').split('\n');
    expect(ctx.context.lines.map((l) => l.text)).toEqual(lines.slice(row.line - 3, row.line + 1));
    expect(ctx.context.lines.find((l) => l.isWait)!.text).toContain(`ela= ${row.ela}`);
  });

  it('computes no clusters for 10 waits, too few for the p99.9 threshold, and shares none', async () => {
    const h = new SessionHarness();
    const trace = fixturePath('v11g-commit-loop.trc');
    await h.send({ type: 'add-files', datasetId: 'x', files: inputFiles([trace], path.dirname(trace)), event: 'log file sync' });
    const r = (await ask(h, { type: 'outliers', requestId: 1, datasets: spec, top: 3, thresholds: [] }, 'outliers')).results[0]!;
    expect(r.analysis.top.total).toBe(10);
    expect([r.analysis.threshold, r.analysis.outliers, r.analysis.windows]).toEqual([null, null, []]);
    expect(r.analysis.thresholdNote).toBe('Clusters need a threshold: p99.9 needs ≥ 1,000 waits (this dataset has 10)');
    const section = outlierSection(r, null);
    expect([section.threshold, section.clusters]).toEqual([null, []]);
    expect(section.top.map((w) => w.ela)).toEqual([877, 765, 658]);
  });

  it('gives the synthetic demo a simulated clock, so its timeline and clusters exist', async () => {
    const h = new SessionHarness();
    await h.send({ type: 'demo', datasetId: 'x', preset: 'flash-off', event: 'log file sync', sessions: 2, commits: 5000 });
    const reply = await ask(h, { type: 'outliers', requestId: 1, datasets: spec, top: 3, thresholds: [] }, 'outliers');
    const r = reply.results[0]!;
    expect(r.hasTraceLines).toBe(false);
    expect(r.timeline.kind).toBe('local');
    expect(r.analysis.top.rows[0]!.file).toBe('synthetic session 1');
  });
});
