import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { DisplayUnit } from '@/components/display-units';
import { formatRate, formatThreshold, parseThresholdInput, ThresholdTable, userThresholds } from '@/components/ThresholdTable';
import { buildReport } from '@/lib/report/build-report';
import { findAll, findOne, parseMarkup, textOf } from './markup';

// a: 4 waits; b: 8 waits; the user added 2.5 ms. Counts strictly above each threshold, by hand:
//   > 2,500 µs:   a 20k, 600k, 5k → 3 (750,000 per M)   b 50k, 150k, 700k, 800k → 4 (500,000)   all 7/12
//   > 10 ms:      a 20k, 600k → 2 (500,000)            b 4 (500,000)                           all 6/12
//   > 100 ms:     a 600k → 1 (250,000)                  b 150k, 700k, 800k → 3 (375,000)        all 4/12
//   > 500 ms:     a 1 (250,000)                         b 700k, 800k → 2 (250,000)              all 3/12
const report = buildReport(
  [
    { id: 'a', label: 'on', source: 'csv', values: Float64Array.of(100, 20_000, 600_000, 5_000), sessions: null, files: [] },
    { id: 'b', label: 'off', source: 'csv', values: Float64Array.of(50_000, 150_000, 700_000, 800_000, 1, 2, 3, 4), sessions: null, files: [] },
  ],
  { event: 'log file sync', baseline: 1, thresholds: [2500], bootstrap: false, generatorVersion: 'test', createdAt: '2026-01-01T00:00:00Z' },
);
const noop = () => {};
const render = (unit: DisplayUnit, r = report) => parseMarkup(renderToStaticMarkup(createElement(ThresholdTable, { report: r, unit, onThresholdsChange: noop })));

describe('ThresholdTable', () => {
  const root = render('ms');
  const value = (attrs: Record<string, string>) => Number(findOne(root, attrs).attrs['data-value']);

  it('has a row per threshold, ascending, with 500 ms always there', () => {
    expect(findAll(root, { 'data-testid': 'threshold-table' })).toHaveLength(1);
    const rows = findAll(root, { 'data-threshold': true }, 'tr');
    expect(rows.map((r) => r.attrs['data-threshold'])).toEqual(['2500', '10000', '100000', '500000']);
    expect(rows.map((r) => textOf(findAll(r, {}, 'th')[0]!))).toEqual(['> 2.5 ms', '> 10 ms', '> 100 ms', '> 500 ms']);
  });

  it('counts per dataset and per million waits', () => {
    const expected = {
      a: [[2500, 3, 750_000], [10_000, 2, 500_000], [100_000, 1, 250_000], [500_000, 1, 250_000]],
      b: [[2500, 4, 500_000], [10_000, 4, 500_000], [100_000, 3, 375_000], [500_000, 2, 250_000]],
    };
    for (const [id, rows] of Object.entries(expected)) {
      for (const [t, count, rate] of rows) {
        expect(value({ 'data-threshold': String(t), 'data-dataset': id, 'data-kind': 'count' })).toBe(count);
        expect(value({ 'data-threshold': String(t), 'data-dataset': id, 'data-kind': 'rate' })).toBe(rate);
      }
    }
    expect(textOf(findOne(root, { 'data-threshold': '2500', 'data-dataset': 'a', 'data-kind': 'rate' }))).toBe('750,000');
  });

  it('counts across all datasets', () => {
    for (const [t, count] of [[2500, 7], [10_000, 6], [100_000, 4], [500_000, 3]] as const) {
      const at = { 'data-threshold': String(t), 'data-across': 'datasets' };
      expect(value({ ...at, 'data-kind': 'count' })).toBe(count);
      expect(value({ ...at, 'data-kind': 'rate' })).toBeCloseTo((count / 12) * 1e6, 6);
    }
  });

  it('offers removal only for the user’s thresholds, and an input in the current unit', () => {
    const buttons = findAll(root, { type: 'button' }, 'button');
    expect(buttons.map((b) => b.attrs['aria-label'])).toEqual(['remove 2.5 ms']);
    expect(findAll(root, { name: 'threshold' }, 'input')).toHaveLength(1);
    expect(textOf(findAll(root, {}, 'label')[0]!)).toContain('(ms)');
    expect(textOf(findAll(render('us'), {}, 'label')[0]!)).toContain('(µs)');
  });

  it('has no remove column and no across column without user thresholds and with one dataset', () => {
    const one = buildReport([{ id: 'x', label: 'x', source: 'csv', values: Float64Array.of(1), sessions: null, files: [] }], {
      event: 'e', baseline: 0, bootstrap: false, generatorVersion: 'test', createdAt: '2026-01-01T00:00:00Z',
    });
    const r = render('us', one);
    expect(findAll(r, {}, 'button').filter((b) => b.attrs.type === 'button')).toEqual([]);
    expect(findAll(r, { 'data-across': 'datasets' })).toEqual([]);
    expect(textOf(findAll(r, {}, 'th').at(-1)!)).toBe('> 500,000 µs');
  });
});

describe('ThresholdTable helpers', () => {
  it('userThresholds leaves out 500 ms and the report’s fixed 10 and 100 ms', () => {
    expect(userThresholds(report)).toEqual([2500]);
  });

  it('parseThresholdInput reads the current unit into µs', () => {
    expect(parseThresholdInput('2.5', 'ms')).toEqual({ ok: true, micros: 2500 });
    expect(parseThresholdInput('0.1', 'ms')).toEqual({ ok: true, micros: 100 });
    expect(parseThresholdInput(' 1,000 ', 'us')).toEqual({ ok: true, micros: 1000 });
    expect(parseThresholdInput('1e3', 'us')).toEqual({ ok: true, micros: 1000 });
    for (const bad of ['', 'abc', '-1', '0', '0x10', 'Infinity']) {
      const r = parseThresholdInput(bad, 'ms');
      expect(r.ok).toBe(false);
    }
    const r = parseThresholdInput('abc', 'ms');
    expect(!r.ok && r.reason).toBe("'abc' is not a positive number of ms.");
  });

  it('formats thresholds without trailing zeros and rates by size', () => {
    expect(formatThreshold(500_000, 'ms')).toBe('500 ms');
    expect(formatThreshold(250, 'ms')).toBe('0.25 ms');
    expect(formatThreshold(2500, 'us')).toBe('2,500 µs');
    expect(formatRate(583_333.33)).toBe('583,333');
    expect(formatRate(12.345)).toBe('12.3');
    expect(formatRate(0.25)).toBe('0.25');
    expect(formatRate(0)).toBe('0');
    expect(formatRate(null)).toBe('–');
  });
});
