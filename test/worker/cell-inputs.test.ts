// A dataset carries CellCLI FLASHLOG snapshots, dropped (recognised by content) or pasted; the worker
// parses them (lib/cell) and the status carries the panel's data (issue 16 §4).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { FIXTURES_DIR } from '../helpers/cli';
import { SessionHarness } from './session-harness';

const fixture = (name: string) => readFileSync(path.join(FIXTURES_DIR, name), 'latin1');
const asFile = (name: string, text: string) => ({ file: new File([Buffer.from(text, 'latin1')], name), path: name });

describe('cell metrics in a dataset', () => {
  it('dropped CellCLI files (named like traces) become the cell metrics, not "not a trace"', async () => {
    const h = new SessionHarness();
    const files = [asFile('x_ora_1.trc', fixture('v11g-commit-loop.trc')), asFile('snap-a.trc', fixture('cell/book-off.txt')), asFile('snap-b.log', fixture('cell/book-on.txt'))];
    await h.send({ type: 'add-files', datasetId: 'd1', files, event: 'log file sync' });
    const s = h.lastStatus('d1');
    expect(s.state).toBe('ready');
    expect(s.files.map((f) => f.name)).toEqual(['x_ora_1.trc']);
    expect(s.files.flatMap((f) => f.problems)).toEqual([]);
    expect(s.cell!.error).toBeNull();
    expect(s.cell!.snapshots).toEqual(['snap-a.trc', 'snap-b.log']);
    // 7,337,931 − 7,318,741 and 33,201,462 − 32,669,310 (the book's figures).
    expect(s.cell!.summary!.races.interval).toMatchObject({ flashFirst: 19190, diskFirst: 532152 });
  });

  it('a file that is neither a trace nor CellCLI output is still "not a trace"', async () => {
    const h = new SessionHarness();
    await h.send({ type: 'add-files', datasetId: 'd1', files: [asFile('notes.trc', 'hello\nworld\n')], event: 'log file sync' });
    const s = h.lastStatus('d1');
    expect(s.cell).toBeUndefined();
    expect(s.files[0]!.problems[0]!.kind).toBe('not-a-trace');
  });

  it('pasted snapshots: one gives the totals, two the deltas; bad text an error naming its line; null removes them', async () => {
    const h = new SessionHarness();
    await h.send({ type: 'cell-text', datasetId: 'd1', text: fixture('cell/book-off.txt') });
    let s = h.lastStatus('d1');
    expect(s.cell!.snapshots).toEqual(['pasted snapshot 1']);
    expect(s.cell!.summary!.after).toBeNull();
    expect(s.cell!.summary!.races.before).toMatchObject({ flashFirst: 7318741, diskFirst: 32669310 });
    await h.send({ type: 'cell-text', datasetId: 'd1', text: fixture('cell/book-on.txt') });
    s = h.lastStatus('d1');
    expect(s.cell!.snapshots).toEqual(['pasted snapshot 1', 'pasted snapshot 2']);
    expect(s.cell!.summary!.races.interval!.share).toBeCloseTo(0.034806, 6);
    await h.send({ type: 'cell-text', datasetId: 'd1', text: 'FL_DISK_FIRST FLASHLOG 1 IO requests\n' });
    s = h.lastStatus('d1');
    expect(s.cell!.summary).toBeNull();
    expect(s.cell!.error).toMatch(/^3 CellCLI snapshots .*a dataset takes one, or a before and an after/);
    await h.send({ type: 'cell-text', datasetId: 'd1', text: null });
    expect(h.lastStatus('d1').cell).toBeUndefined();
    await h.send({ type: 'cell-text', datasetId: 'd1', text: '         FL_DISK_FIRST   FLASHLOG   12 parsecs\n' });
    expect(h.lastStatus('d1').cell!.error).toBe("pasted snapshot 1 line 1: FL_DISK_FIRST: unknown unit 'parsecs' (CellCLI's units: IO requests, IO/sec, IO requests/sec, requests, requests/sec, MB, MB/sec, KB, KB/sec, GB, bytes, %, us, us/request, ms, ms/request, C, F, number)");
  });

  it('two snapshots with collection times go in time order, whichever came first', async () => {
    const h = new SessionHarness();
    const at = (time: string, df: string, ff: string) => `         FL_DISK_FIRST   FLASHLOG   ${df} IO requests   ${time}\n         FL_FLASH_FIRST   FLASHLOG   ${ff} IO requests   ${time}\n`;
    await h.send({ type: 'cell-text', datasetId: 'd1', text: at('2026-11-30T11:00:00+01:00', '33,201,462', '7,337,931') });
    await h.send({ type: 'cell-text', datasetId: 'd1', text: at('2026-11-30T10:00:00+01:00', '32,669,310', '7,318,741') });
    const s = h.lastStatus('d1');
    expect(s.cell!.snapshots).toEqual(['pasted snapshot 2', 'pasted snapshot 1']);
    expect(s.cell!.summary!.races.interval).toMatchObject({ flashFirst: 19190, diskFirst: 532152 });
  });
});

describe('a dropped CellCLI file with a bad line', () => {
  it('is taken as cell metrics, and the error names its line', async () => {
    const h = new SessionHarness();
    const text = `${fixture('cell/book-off.txt')}-- copied from the console --\n`;
    await h.send({ type: 'add-files', datasetId: 'd1', files: [asFile('cells.txt', text)], event: 'log file sync' });
    const s = h.lastStatus('d1');
    expect(s.files).toEqual([]);
    expect(s.cell!.error).toMatch(/^cells\.txt line 17: not CellCLI output: .*found '-- copied from the console --'$/);
  });
});
