import { readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import type { WorkerResponse } from '../../lib/worker/protocol';
import { writeCompareInputs } from '../helpers/compare-inputs';
import { inputFiles, SessionHarness } from './session-harness';

const inputs = writeCompareInputs(2000);
afterAll(() => rmSync(inputs.root, { recursive: true, force: true }));

/** Every 'log file sync' WAIT of the files, found with a regular expression (independent of the parser). */
function syncWaits(files: string[]): { file: string; line: number; ela: number; text: string }[] {
  return files.flatMap((f) =>
    readFileSync(f, 'utf8')
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
    const reply = await ask(h, { type: 'select', requestId: 1, datasets: spec, by: { kind: 'range', lo: 1000, hi: 1999 }, limit: 10_000 }, 'selection');
    const inRange = waits.filter((w) => w.ela >= 1000 && w.ela <= 1999);
    expect(reply.lists[0]!.total).toBe(inRange.length);
    expect(reply.lists[0]!.rows.every((r) => r.ela >= 1000 && r.ela <= 1999)).toBe(true);
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
