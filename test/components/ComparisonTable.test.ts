import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ComparisonTable } from '@/components/ComparisonTable';
import type { DisplayUnit } from '@/components/display-units';
import { buildReport, type ReportDatasetInput } from '@/lib/report/build-report';
import type { WaitscopeReport } from '@/lib/report/report-schema';
import { findAll, findOne, parseMarkup, textOf } from './markup';

// A = 1000, 2000, …, 10000 µs and B = 2·A, each in two sessions of five waits (so the bootstrap
// resamples whole sessions). By hand, R type 7 (h = 1 + 9p): A's median 5500, p90 9100; mean 5500;
// sum 55000; sd = 1000·sqrt(82.5/9) ≈ 3027.65. B is twice each, so every A − B is −A's value, every
// relative difference is −50%, except count (10 vs 10: 0). Ten waits cannot support p95 (20 waits),
// p99 (100) or p99.9 (1000): those cells say so.
const A = Float64Array.from({ length: 10 }, (_, i) => 1000 * (i + 1));
const B = A.map((v) => 2 * v);
const twoSessions = Uint32Array.of(0, 0, 0, 0, 0, 1, 1, 1, 1, 1);
const side = (id: string, label: string, values: Float64Array, sessions: Uint32Array | null, note: string | null = null): ReportDatasetInput => ({
  id, label, note, source: 'synthetic', values, sessions, files: [],
});

function report(inputs: ReportDatasetInput[], baseline: number, bootstrap: { replicates: number; seed: number } | false = { replicates: 200, seed: 1 }) {
  return buildReport(inputs, { event: 'log file sync', baseline, bootstrap, generatorVersion: 'test', createdAt: '2026-01-01T00:00:00Z' });
}
const render = (r: WaitscopeReport, unit: DisplayUnit) => parseMarkup(renderToStaticMarkup(createElement(ComparisonTable, { report: r, unit })));

const pair = report([side('on', 'Flash on', A, twoSessions, 'synthetic'), side('off', 'Flash off', B, twoSessions)], 1);

describe('ComparisonTable', () => {
  const root = render(pair, 'us');
  const cell = (attrs: Record<string, string>) => findOne(root, attrs);
  const value = (attrs: Record<string, string>) => Number(cell(attrs).attrs['data-value']);

  it('has one row per statistic and one column per dataset, with hand-computed values', () => {
    expect(findAll(root, { 'data-testid': 'comparison-table' })).toHaveLength(1);
    const rows = findAll(root, {}, 'tbody')[0]!.children.filter((c) => typeof c !== 'string');
    // The statistics `waitscope compare` prints, p95 and sum included.
    expect(rows.map((r) => textOf(findAll(r, {}, 'th')[0]!))).toEqual(['count', 'min', 'median', 'mean', 'p90', 'p95', 'p99', 'p99.9', 'max', 'stddev', 'sum']);
    const expected: Record<string, number> = { count: 10, min: 1000, median: 5500, mean: 5500, p90: 9100, max: 10000, sum: 55000 };
    for (const [stat, v] of Object.entries(expected)) {
      expect(value({ 'data-stat': stat, 'data-dataset': 'on' })).toBeCloseTo(v, 9);
      expect(value({ 'data-stat': stat, 'data-dataset': 'off' })).toBeCloseTo(stat === 'count' ? v : 2 * v, 9);
    }
    expect(value({ 'data-stat': 'stddev', 'data-dataset': 'on' })).toBeCloseTo(1000 * Math.sqrt(82.5 / 9), 6);
    expect(textOf(cell({ 'data-stat': 'median', 'data-dataset': 'on' }))).toBe('5,500');
    // 1000·√(82.5/9) = 3,027.65: one decimal, as the CLI writes it.
    expect(textOf(cell({ 'data-stat': 'stddev', 'data-dataset': 'on' }))).toBe('3,027.7');
    expect(textOf(cell({ 'data-stat': 'sum', 'data-dataset': 'off' }))).toBe('110,000');
  });

  it('names a commit measure\'s values in its n/a cells, as the offline report shows them (commits, not waits)', () => {
    const commits = buildReport([side('on', 'Flash on', A, twoSessions), side('off', 'Flash off', B, twoSessions)], {
      event: 'commit',
      measure: { kind: 'commit' },
      baseline: 1,
      bootstrap: false,
      generatorVersion: 'test',
      createdAt: '2026-01-01T00:00:00Z',
    });
    const r = render(commits, 'us');
    expect(textOf(findOne(r, { 'data-stat': 'p99', 'data-dataset': 'on' }))).toBe('n/a (needs ≥ 100 commits)');
    expect(textOf(findOne(r, { 'data-stat': 'p99', 'data-comparison': '0-1', 'data-kind': 'difference' }))).toBe('n/a (needs ≥ 100 commits)');
  });

  it('shows "n/a (needs ≥ N waits)" for a statistic the sample is too small for, never a number', () => {
    for (const [stat, n] of [['p95', '20'], ['p99', '100'], ['p999', '1,000']] as const) {
      for (const id of ['on', 'off']) {
        const c = cell({ 'data-stat': stat, 'data-dataset': id });
        expect(textOf(c)).toBe(`n/a (needs ≥ ${n} waits)`);
        expect('data-value' in c.attrs).toBe(false);
      }
      for (const kind of ['difference', 'relative']) {
        expect(textOf(cell({ 'data-stat': stat, 'data-comparison': '0-1', 'data-kind': kind }))).toBe(`n/a (needs ≥ ${n} waits)`);
      }
    }
  });

  it('writes data-value as String() of the report number, so a browser test can compare exactly', () => {
    for (const [i, d] of pair.datasets.entries()) {
      for (const stat of ['min', 'p90', 'stddev', 'sum'] as const) {
        expect(cell({ 'data-stat': stat, 'data-dataset': d.id }).attrs['data-value']).toBe(String(pair.datasets[i]!.summary[stat]));
      }
    }
  });

  it('shows the label with its note, and the unit', () => {
    expect(textOf(findOne(root, { 'data-dataset': 'on' }, 'th'))).toBe('Flash on (synthetic)');
    expect(textOf(findOne(root, { 'data-dataset': 'off' }, 'th'))).toBe('Flash off');
    expect(textOf(findAll(root, {}, 'caption')[0]!)).toContain('all times in µs');
    expect(textOf(findOne(root, { 'data-comparison': '0-1' }, 'th'))).toBe('Flash on vs Flash off');
  });

  it('gives A − B and (A − B)/B for every statistic', () => {
    const id = '0-1';
    expect(value({ 'data-stat': 'count', 'data-comparison': id, 'data-kind': 'difference' })).toBe(0);
    expect(value({ 'data-stat': 'count', 'data-comparison': id, 'data-kind': 'relative' })).toBe(0);
    for (const [stat, v] of Object.entries({ min: 1000, median: 5500, mean: 5500, p90: 9100, max: 10000, sum: 55000 })) {
      expect(value({ 'data-stat': stat, 'data-comparison': id, 'data-kind': 'difference' })).toBeCloseTo(-v, 9);
      expect(value({ 'data-stat': stat, 'data-comparison': id, 'data-kind': 'relative' })).toBeCloseTo(-0.5, 12);
    }
    expect(textOf(cell({ 'data-stat': 'median', 'data-comparison': id, 'data-kind': 'difference' }))).toBe('\u22125,500');
    expect(textOf(cell({ 'data-stat': 'median', 'data-comparison': id, 'data-kind': 'relative' }))).toBe('\u221250.0%');
  });

  it('gives bootstrap CIs for median and mean (labelled by method), none for p99 at 10 waits, and no second method', () => {
    const c = pair.comparisons[0]!;
    expect(c.bootstrap?.method).toBe('cluster');
    for (const stat of ['median', 'mean'] as const) {
      for (const of of ['difference', 'relative'] as const) {
        const at = { 'data-stat': stat, 'data-comparison': '0-1', 'data-of': of, 'data-ci': 'bootstrap-cluster' };
        const lo = cell({ ...at, 'data-kind': 'ci-lower' }).attrs['data-value'];
        const hi = cell({ ...at, 'data-kind': 'ci-upper' }).attrs['data-value'];
        expect([lo, hi]).toEqual([String(c.bootstrap![of][stat]!.lower), String(c.bootstrap![of][stat]!.upper)]);
        expect(Number(lo)).toBeLessThanOrEqual(Number(hi));
      }
    }
    // One method per CI: the bootstrap ran, so Welch's iid interval is not put beside it.
    expect(findAll(root, { 'data-ci': 'welch' })).toEqual([]);
    expect(findAll(root, { 'data-stat': 'p99', 'data-kind': 'ci-lower' })).toEqual([]);
    expect(findAll(root, { 'data-stat': 'p90', 'data-kind': 'ci-lower' })).toEqual([]);
    expect(textOf(findAll(root, { 'data-ci': 'bootstrap-cluster' }, 'small')[0]!)).toMatch(/\] cluster$/);
  });

  it('lists every verdict and warning of the comparison as text', () => {
    const c = pair.comparisons[0]!;
    const section = findOne(root, { 'data-comparison': '0-1' }, 'section');
    expect(textOf(findAll(section, {}, 'h3')[0]!)).toBe('A = Flash on against B = Flash off');
    expect(c.verdicts.length).toBeGreaterThan(0);
    for (const v of c.verdicts) expect(textOf(findOne(section, { 'data-statistic': v.statistic }, 'li'))).toBe(v.text);
    // Ten waits a side: no p99 verdict.
    expect(c.verdicts.map((v) => v.statistic)).toEqual(['mean', 'median']);
    // Ten waits are too few for p99.9, and two sessions are few: both must be warned about.
    expect(c.warnings.map((w) => w.code)).toEqual(expect.arrayContaining(['small-sample-quantile', 'few-sessions']));
    const items = findAll(section, { 'data-code': true }, 'li');
    expect(items.map((li) => textOf(li))).toEqual(c.warnings.map((w) => w.message));
  });

  it('lists the iid tests apart, labelled iid, under the note that they overstate certainty', () => {
    const section = findOne(root, { 'data-testid': 'iid-tests' }, 'details');
    expect(textOf(section)).toContain('These tests treat every wait as independent.');
    const names = findAll(section, { 'data-test': true }, 'li').map((li) => textOf(li).split(': ')[0]);
    expect(names).toEqual(["Welch's t (iid)", 'Mann–Whitney U (iid)', 'Kolmogorov–Smirnov (iid)']);
    // The verdict lines carry none of them.
    for (const li of findAll(root, { 'data-statistic': true }, 'li')) expect(textOf(li)).not.toMatch(/Welch|Mann|Kolmogorov|p [=<]/);
  });

  it('converts to ms in the text only; data-value stays µs', () => {
    const ms = render(pair, 'ms');
    expect(textOf(findAll(ms, {}, 'caption')[0]!)).toContain('all times in ms');
    const median = findOne(ms, { 'data-stat': 'median', 'data-dataset': 'on' });
    expect(textOf(median)).toBe('5.500');
    expect(median.attrs['data-value']).toBe('5500');
    expect(textOf(findOne(ms, { 'data-stat': 'p90', 'data-comparison': '0-1', 'data-kind': 'difference' }))).toBe('\u22129.100');
    expect(textOf(findOne(ms, { 'data-stat': 'count', 'data-dataset': 'on' }))).toBe('10');
  });
});

describe('ComparisonTable with three datasets, a single wait and no sessions', () => {
  // C is one wait of 4000 µs without sessions: its stddev is undefined, and its bootstrap resamples single waits.
  const three = report([side('on', 'on', A, twoSessions), side('c', '<b>C</b>', Float64Array.of(4000), null), side('off', 'off', B, twoSessions)], 2);
  const root = render(three, 'us');

  it('has one pair of columns per comparison with the baseline', () => {
    expect(three.comparisons.map((c) => `${c.treatment}-${c.baseline}`)).toEqual(['0-2', '1-2']);
    expect(findAll(root, { 'data-stat': 'median', 'data-kind': 'difference' }).map((n) => n.attrs['data-comparison'])).toEqual(['0-2', '1-2']);
    // C − B for the mean: 4000 − 11000. One wait has no median (needs 2).
    expect(Number(findOne(root, { 'data-stat': 'mean', 'data-comparison': '1-2', 'data-kind': 'difference' }).attrs['data-value'])).toBe(-7000);
    expect(textOf(findOne(root, { 'data-stat': 'median', 'data-comparison': '1-2', 'data-kind': 'difference' }))).toBe('n/a (needs ≥ 2 waits)');
  });

  it('gives a single wait no CI and no verdict of significance (a CI needs 10 waits a side)', () => {
    expect(findAll(root, { 'data-comparison': '1-2', 'data-kind': 'ci-lower' })).toHaveLength(0);
    const mean = three.comparisons[1]!.verdicts.find((v) => v.statistic === 'mean')!;
    expect(mean.interval).toBeNull();
    expect(mean.direction).toBe('unknown');
    expect(mean.text).toContain('no claim of significance (a CI needs at least 10 waits on each side)');
  });

  it('labels a Poisson bootstrap as such', () => {
    // C: 12 waits of 100…1200 µs without sessions, so single waits are resampled (Poisson bootstrap).
    const twelve = report([side('c', 'C', Float64Array.from({ length: 12 }, (_, i) => 100 * (i + 1)), null), side('off', 'off', B, twoSessions)], 1);
    expect(twelve.comparisons[0]!.bootstrap?.method).toBe('poisson');
    const r = render(twelve, 'us');
    const spans = findAll(r, { 'data-comparison': '0-1', 'data-ci': 'bootstrap-poisson', 'data-kind': 'ci-lower' });
    // The CIs of the median and the mean (difference and relative each): 12 waits support no p99.
    expect(spans).toHaveLength(4);
    expect(textOf(findAll(r, { 'data-ci': 'bootstrap-poisson' }, 'small')[0]!)).toMatch(/Poisson$/);
  });

  it('leaves data-value out where the report has null, and says why', () => {
    const sd = findOne(root, { 'data-stat': 'stddev', 'data-dataset': 'c' });
    expect('data-value' in sd.attrs).toBe(false);
    expect(textOf(sd)).toBe('n/a (needs ≥ 2 waits)');
    expect(findOne(root, { 'data-stat': 'stddev', 'data-comparison': '1-2', 'data-kind': 'difference' }).attrs['data-value']).toBeUndefined();
  });

  it('writes labels as text, never as markup', () => {
    expect(findAll(root, {}, 'b')).toEqual([]);
    expect(textOf(findOne(root, { 'data-dataset': 'c' }, 'th'))).toBe('<b>C</b>');
  });
});

describe('ComparisonTable without a bootstrap', () => {
  it('still gives Welch’s CI of the mean difference, and no other CI', () => {
    const root = render(report([side('on', 'on', A, null), side('off', 'off', B, null)], 1, false), 'us');
    expect(findAll(root, { 'data-kind': 'ci-lower' }).map((n) => [n.attrs['data-stat'], n.attrs['data-ci']])).toEqual([['mean', 'welch']]);
  });

  it('has a single header row and no comparison columns for one dataset', () => {
    const root = render(report([side('on', 'on', A, null)], 0), 'us');
    expect(findAll(root, {}, 'thead')[0]!.children.filter((c) => typeof c !== 'string')).toHaveLength(1);
    expect(findAll(root, { 'data-comparison': true })).toEqual([]);
    expect(findAll(root, { 'data-dataset': 'on', 'data-stat': true })).toHaveLength(11);
  });
});
