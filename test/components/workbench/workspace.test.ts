// Issue 13 §5: the page's state in one reducer, with the URL derived from it, and where dropped
// folders go. Plain functions: no React, no browser.
import { describe, expect, it } from 'vitest';
import { planDrop } from '../../../components/workbench/drop-plan';
import { parseViewState } from '../../../components/workbench/url-state';
import { INITIAL_WORKSPACE, urlOf, workspaceReducer, type Workspace, type WorkspaceAction } from '../../../components/workbench/workspace';
import type { InputFile } from '../../../lib/worker/protocol';

const run = (actions: WorkspaceAction[], from: Workspace = INITIAL_WORKSPACE) => actions.reduce(workspaceReducer, from);
const files = (...paths: string[]): InputFile[] => paths.map((p) => ({ file: new File([''], p), path: p }));

describe('the workspace reducer', () => {
  it('starts with the two default datasets and a URL with nothing in it', () => {
    expect(INITIAL_WORKSPACE.slots.map((s) => [s.id, s.label, s.labelSource])).toEqual([['d1', 'Flash logging on', 'default'], ['d2', 'Flash logging off', 'default']]);
    expect(urlOf(INITIAL_WORKSPACE)).toBe('');
  });

  it('reads a URL and writes the same one back', () => {
    const search = '?event=db+file+sequential+read&unit=ms&thr=2500&baseline=0&label=zzhost&label=mine&label=Dataset+3&folderlabels=1';
    const ws = run([{ type: 'url', view: parseViewState(search) }]);
    expect(ws.slots.map((s) => [s.id, s.label, s.labelSource])).toEqual([['d1', 'zzhost', 'folder'], ['d2', 'mine', 'typed'], ['d3', 'Dataset 3', 'default']]);
    expect(ws.nextId).toBe(4);
    expect(urlOf(ws)).toBe(search);
  });

  it('renames, adds and removes datasets; the baseline follows the dataset it was', () => {
    const ws = run([{ type: 'add-dataset' }, { type: 'add-dataset' }, { type: 'view', change: { baseline: 3 } }, { type: 'rename', id: 'd3', label: 'x' }, { type: 'remove-dataset', id: 'd2' }]);
    expect(ws.slots.map((s) => [s.id, s.label, s.labelSource])).toEqual([['d1', 'Flash logging on', 'default'], ['d3', 'x', 'typed'], ['d4', 'Dataset 4', 'default']]);
    expect(ws.view.baseline).toBe(2); // d4 moved from place 3 to 2
    expect(run([{ type: 'remove-dataset', id: 'd4' }], ws).view.baseline).toBe(0); // the baseline removed: the first
    // Never more than four, and ids are never reused.
    expect(run([{ type: 'add-dataset' }, { type: 'add-dataset' }, { type: 'add-dataset' }], ws).slots.map((s) => s.id)).toEqual(['d1', 'd3', 'd4', 'd5']);
  });

  it('the demo labels its two datasets as the book does, and files added by hand end "demo only"', () => {
    const ws = run([{ type: 'rename', id: 'd1', label: 'mine' }, { type: 'demo', ids: ['d3', 'd4'], added: [{ id: 'd3', label: '', labelSource: 'default' }, { id: 'd4', label: '', labelSource: 'default' }], alone: true, event: 'log file sync' }]);
    expect(ws.slots.map((s) => s.label)).toEqual(['mine', 'Flash logging off', 'Flash logging on', 'Flash logging off']);
    expect([ws.view.demo, ws.nextId]).toEqual([true, 5]);
    expect(urlOf(ws)).toContain('demo=book');
    expect(run([{ type: 'files-added' }], ws).view.demo).toBe(false);
  });
});

describe('planDrop', () => {
  it('puts one folder into the first empty dataset, unnamed', () => {
    const plan = planDrop(INITIAL_WORKSPACE, new Map([['run1', files('run1/a.trc')]]), (id) => id === 'd2');
    expect(plan.loads.map((l) => l.id)).toEqual(['d2']);
    expect(plan.naming).toBeNull();
  });

  it('puts several folders into empty datasets then new ones, named after them, and names those left over', () => {
    const groups = new Map([['e', files('e/1.trc')], ['a', files('a/1.trc')], ['c', files('c/1.trc')], ['b', files('b/1.trc')]]);
    const plan = planDrop(INITIAL_WORKSPACE, groups, (id) => id === 'd2'); // d1 holds data
    expect(plan.loads.map((l) => [l.id, l.files[0]!.path])).toEqual([['d2', 'a/1.trc'], ['d3', 'b/1.trc'], ['d4', 'c/1.trc']]);
    expect(plan.left).toEqual(['e']);
    const ws = workspaceReducer(INITIAL_WORKSPACE, plan.naming!);
    expect(ws.slots.map((s) => [s.id, s.label, s.labelSource])).toEqual([['d1', 'Flash logging on', 'default'], ['d2', 'a', 'folder'], ['d3', 'b', 'folder'], ['d4', 'c', 'folder']]);
    expect(urlOf(ws)).toBe('?label=Flash+logging+on&label=a&label=b&label=c&folderlabels=2%2C3%2C4');
  });
});
