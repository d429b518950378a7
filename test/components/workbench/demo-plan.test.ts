// Where the book's demo may go without losing what the user loaded or typed (issue 12 §4).
import { describe, expect, it } from 'vitest';
import { demoConflicts, spareDatasets } from '@/components/workbench/demo-plan';
import type { DatasetStatus } from '@/lib/worker/protocol';

const status = (datasetId: string, source: DatasetStatus['source'], files: number): DatasetStatus => ({
  datasetId,
  source,
  state: 'ready',
  event: 'log file sync',
  files: Array.from({ length: files }, (_, i) => ({ name: `f${i}.trc`, bytes: 1, state: 'done', waits: 1, oracleVersion: null, problems: [] })),
  waits: files,
  profile: [],
  note: null,
  error: null,
});
const fresh = [
  { id: 'd1', label: 'Flash logging on' },
  { id: 'd2', label: 'Flash logging off' },
];

describe('demo plan', () => {
  it('sees nothing to lose on a fresh page, or when datasets 1 and 2 hold the demo already', () => {
    expect(demoConflicts(fresh, {})).toEqual([]);
    expect(demoConflicts(fresh, { d1: status('d1', 'synthetic', 0), d2: status('d2', 'synthetic', 0) })).toEqual([]);
    expect(demoConflicts([...fresh, { id: 'd3', label: 'mine' }], { d3: status('d3', 'traces', 2) })).toEqual([]);
  });

  it('names loaded files and typed labels', () => {
    expect(demoConflicts([{ id: 'd1', label: 'my run' }, fresh[1]!], { d1: status('d1', 'traces', 1) })).toEqual(["Dataset 'my run' holds 1 file"]);
    expect(demoConflicts([fresh[0]!, { id: 'd2', label: 'x' }], {})).toEqual(["Dataset 2 has the label you typed, 'x'"]);
    expect(demoConflicts([{ id: 'd1', label: 'old demo' }, fresh[1]!], { d1: status('d1', 'synthetic', 0) })).toEqual(["Dataset 'old demo' holds the book's demo"]);
  });

  it('takes untouched datasets first, then new ones up to four, else none', () => {
    const held = { d1: status('d1', 'traces', 3) };
    const newId = (n: number) => `d${5 + n}`;
    expect(spareDatasets(fresh, held, newId)).toEqual({ ids: ['d2', 'd5'], add: [{ id: 'd5', label: '', labelSource: 'default' }] });
    const four = [...fresh, { id: 'd3', label: 'Dataset 3' }, { id: 'd4', label: 'Dataset 4' }];
    expect(spareDatasets(four, held, newId)).toEqual({ ids: ['d2', 'd3'], add: [] });
    expect(spareDatasets(four, { ...held, d2: status('d2', 'traces', 1), d3: status('d3', 'traces', 1) }, newId)).toBeNull();
  });
});
