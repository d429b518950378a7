// The page's warning for a likely copy (lib/worker/likely-copy-notes.ts): two files of one dataset with
// the same size and ends, under other names, count twice; the later one says so, once read, and the
// warning goes when the copy is removed. A file that only shares the size says nothing.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fixturePath } from '../helpers/cli';
import { SessionHarness } from './session-harness';

const EVENT = 'log file sync';
const bytes = readFileSync(fixturePath('v11g-commit-loop.trc'));
const file = (name: string, content: Uint8Array = bytes) => ({ file: new File([new Uint8Array(content)], name), path: name });
const warnings = (h: SessionHarness, id: string) => h.lastStatus(id).files.map((f) => [f.name, f.problems.filter((p) => p.kind === 'warning').map((p) => p.message)]);

describe('a likely copy in a dataset', () => {
  it('is named on the later file, with the file it may copy; removing it takes the warning away', async () => {
    const h = new SessionHarness();
    await h.send({ type: 'add-files', datasetId: 'd', files: [file('x.trc'), file('x (1).trc')], event: EVENT });
    expect(h.lastStatus('d').state).toBe('ready');
    // Sorted by name as the CLI sorts a folder: 'x (1).trc' first, so 'x.trc' is the later one.
    expect(warnings(h, 'd')).toEqual([
      ['x (1).trc', []],
      ['x.trc', ['x.trc has the same size and the same first and last 64 KiB as x (1).trc: if one is a copy of the other, its records count twice']],
    ]);
    // Both are still read: the warning qualifies the numbers, it does not drop a file.
    const one = new SessionHarness();
    await one.send({ type: 'add-files', datasetId: 'd', files: [file('x.trc')], event: EVENT });
    expect(h.lastStatus('d').waits).toBe(2 * one.lastStatus('d').waits);
    await h.send({ type: 'remove-file', datasetId: 'd', name: 'x (1).trc' });
    expect(warnings(h, 'd')).toEqual([['x.trc', []]]);
  });

  it('a file added later to a dataset already read is compared with those there', async () => {
    const h = new SessionHarness();
    await h.send({ type: 'add-files', datasetId: 'd', files: [file('a.trc')], event: EVENT });
    await h.send({ type: 'add-files', datasetId: 'd', files: [file('b.trc')], event: EVENT });
    expect(warnings(h, 'd')).toEqual([
      ['a.trc', []],
      ['b.trc', ['b.trc has the same size and the same first and last 64 KiB as a.trc: if one is a copy of the other, its records count twice']],
    ]);
  });

  it('of two dropped one after the other, the one dropped later is the likely copy, whatever the names', async () => {
    const h = new SessionHarness();
    await h.send({ type: 'add-files', datasetId: 'd', files: [file('x.trc')], event: EVENT });
    await h.send({ type: 'add-files', datasetId: 'd', files: [file('x (1).trc')], event: EVENT });
    expect(warnings(h, 'd')).toEqual([
      ['x (1).trc', ['x (1).trc has the same size and the same first and last 64 KiB as x.trc: if one is a copy of the other, its records count twice']],
      ['x.trc', []],
    ]);
  });

  it('gives no likely-copy note to a file of the same size with other ends (its shared stamps get their own note)', async () => {
    const other = Uint8Array.from(bytes);
    other[other.length - 2] = other[other.length - 2] === 0x31 ? 0x32 : 0x31; // a digit of the last line's tim
    const h = new SessionHarness();
    await h.send({ type: 'add-files', datasetId: 'd', files: [file('a.trc'), file('b.trc', other)], event: EVENT });
    expect(h.lastStatus('d').state).toBe('ready');
    // The same trace but for one digit: the check of shared *** stamps (shared-stamp-notes.ts) names it instead.
    expect(warnings(h, 'd')).toEqual([
      ['a.trc', []],
      ['b.trc', [expect.stringMatching(/^b\.trc holds the same \*\*\* stamps as a\.trc \(/)]],
    ]);
  });

  it('a copy added while the first file is still being read gets the warning all the same', async () => {
    const h = new SessionHarness();
    const first = h.send({ type: 'add-files', datasetId: 'd', files: [file('a.trc')], event: EVENT });
    const second = h.send({ type: 'add-files', datasetId: 'd', files: [file('b.trc')], event: EVENT });
    await Promise.all([first, second]);
    expect(h.lastStatus('d').state).toBe('ready');
    expect(warnings(h, 'd')).toEqual([
      ['a.trc', []],
      ['b.trc', ['b.trc has the same size and the same first and last 64 KiB as a.trc: if one is a copy of the other, its records count twice']],
    ]);
  });

  it('a Clear sent right after a removal stays cleared (the second look at the copies posts nothing then)', async () => {
    const h = new SessionHarness();
    await h.send({ type: 'add-files', datasetId: 'd', files: [file('a.trc'), file('b.trc'), file('c.trc', Uint8Array.from(bytes.subarray(0, 1000)))], event: EVENT });
    const removed = h.send({ type: 'remove-file', datasetId: 'd', name: 'c.trc' });
    const cleared = h.send({ type: 'clear', datasetId: 'd' });
    await Promise.all([removed, cleared]);
    expect(h.lastStatus('d')).toMatchObject({ source: 'empty', files: [], cleared: { files: 2 } });
  });
});
