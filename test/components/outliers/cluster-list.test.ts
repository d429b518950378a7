// The clusters of outliers, as static markup: they are clusters of what is measured. With FETCH
// elapsed chosen the page said "0 clusters of waits above 211 µs" and "3 or more of the 11 waits"
// (found by a review helper); what co-occurred in a window is waits either way.
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ClusterList, type DatasetClusters } from '../../../components/outliers/ClusterList';
import { ValuesNounContext } from '../../../components/values-noun';
import type { WindowSummary } from '../../../lib/outliers/analyze';
import type { ValuesNoun } from '../../../lib/trace/measure';
import { findAll, parseMarkup, textOf } from '../markup';

const window1 = { kind: 'tim', start: 1_000, end: 2_000, startIso: null, endIso: null, count: 3, worstEla: 900, worstRow: { file: 'a.trc', line: 12 } } as unknown as WindowSummary;
const clusters: DatasetClusters[] = [
  { datasetId: 'd1', threshold: 211, thresholdNote: null, minCount: 3, outliers: 11, windows: [window1], activity: [{ switches: [], events: [{ event: 'db file sequential read', count: 2, maxEla: 40 }] }] as unknown as DatasetClusters['activity'], activityProblem: null, hasTraceLines: true },
];

function texts(noun: ValuesNoun): { head: string; hint: string; item: string } {
  const list = createElement(ClusterList, { clusters, unit: 'us', onWindow: () => {}, labelOf: () => 'A' });
  const root = parseMarkup(renderToStaticMarkup(createElement(ValuesNounContext.Provider, { value: noun }, list)));
  return { head: textOf(findAll(root, {}, 'h3')[0]!), hint: textOf(findAll(root, { class: 'hint' })[0]!), item: textOf(findAll(root, {}, 'li')[0]!) };
}

describe('ClusterList: the nouns of the measured values', () => {
  it('speaks of calls when a call type is measured, and of waits for what co-occurred', () => {
    const t = texts('calls');
    expect(t.head).toMatch(/^A: 1 cluster of calls above 211/);
    expect(t.hint).toBe('A cluster is 3 or more of the 11 calls above the threshold, each ending close to the previous one.');
    expect(t.item).toMatch(/: 3 calls, worst /);
    expect(t.item).toContain('db file sequential read: 2 waits, longest');
  });

  it('speaks of waits for an event, and of commits for the commit', () => {
    expect(texts('waits').head).toMatch(/^A: 1 cluster of waits above 211/);
    expect(texts('commits').hint).toBe('A cluster is 3 or more of the 11 commits above the threshold, each ending close to the previous one.');
  });
});
