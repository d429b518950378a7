// One statement opened in the Statements view, as static markup: what it runs under. A recursive
// statement (dep ≥ 1) whose parent wrote no line in the trace is not "the client's own call": the
// page said so of a dep 1 result-cache update in jkstill's 12 ms latency trace.
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { StatementDetail } from '../../../components/profile/StatementDetail';
import type { StatementRow } from '../../../lib/profile/statement-table';
import { findAll, parseMarkup, textOf } from '../markup';

const sums = { count: 0, e: 0, c: 0, p: 0, cr: 0, cu: 0, r: 0, mis: 0 };
const row = (dep: number, parents: string[]): StatementRow => ({
  key: 'abcdabcdabcd1',
  sqlId: 'abcdabcdabcd1',
  hashValue: 1,
  dep,
  maxDep: dep,
  text: 'update t set n = n + 1',
  calls: { PARSE: sums, EXEC: { ...sums, count: 1, e: 40, c: 30 }, FETCH: sums },
  total: 40,
  self: 40,
  executions: 1,
  perExecution: { median: null, p99: null, max: 40 },
  waits: [],
  children: [],
  parents,
});

const runsUnder = (r: StatementRow) => textOf(findAll(parseMarkup(renderToStaticMarkup(createElement(StatementDetail, { row: r, onJump: () => {} }))), { 'data-testid': 'statement-parents' })[0]!);

describe('StatementDetail: what a statement runs under', () => {
  it('a dep 0 statement with no parent is the client’s own call', () => {
    expect(runsUnder(row(0, []))).toBe('Runs under: none (the client’s own call)');
  });

  it('a recursive statement with no parent in the trace says its parent wrote no line, not that it is the client’s', () => {
    expect(runsUnder(row(1, []))).toBe('Runs under: no statement in the trace (its parent call wrote no line here: tracing started or ended inside it, or a call that writes none)');
  });

  it('a statement with parents links each', () => {
    expect(runsUnder(row(1, ['hv:42', 'fffffffffffff']))).toContain('hv:42');
  });
});
