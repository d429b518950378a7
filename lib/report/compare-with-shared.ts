/**
 * "Compare my trace with this report" (issue 5 §6): local datasets joined to a shared report, which
 * has no samples, only each dataset's exact summary and its distribution series. So each comparison
 * of a local dataset with a shared one is computed from the two summaries: the differences are exact,
 * Welch's test uses the exact means, standard deviations and counts, and no bootstrap CI, rank test
 * or KS test is possible (they need the samples). The resampling text says so on the page.
 */
import type { Comparison, ComparedStatistic } from '../stats/compare';
import type { Summary } from '../stats/summary';
import { verdicts } from '../stats/verdict';
import { welchTest } from '../stats/welch';
import { COMPARED_ROW_STATISTICS, type ComparisonEntry, type WaitscopeReport } from './report-schema';

export const FROM_SUMMARIES =
  'No bootstrap: the shared report carries summaries and distributions, not samples. Differences are exact (from both exact summaries); ' +
  "the mean's CI and p are Welch's, from the exact means, standard deviations and counts; median and p99 have no CI; rank and KS tests need samples.";

function rowOf(statistic: ComparedStatistic, a: Summary, b: Summary) {
  const x = a[statistic];
  const y = b[statistic];
  const both = x !== null && y !== null;
  const usable = both && y !== 0;
  return { a: x, b: y, difference: both ? x - y : null, ratio: usable ? x / y : null, relative: usable ? (x - y) / y : null };
}

export function compareSummaries(treatment: number, baseline: number, a: Summary, b: Summary): ComparisonEntry {
  const rows = Object.fromEntries(COMPARED_ROW_STATISTICS.map((s) => [s, rowOf(s, a, b)])) as Comparison['rows'];
  const welch =
    a.mean !== null && b.mean !== null && a.stddev !== null && b.stddev !== null
      ? welchTest({ count: a.count, mean: a.mean, stddev: a.stddev }, { count: b.count, mean: b.mean, stddev: b.stddev })
      : null;
  const comparison: Comparison = { rows, welch, mannWhitney: null, ks: null, bootstrap: null, warnings: [] };
  return {
    treatment,
    baseline,
    rows: COMPARED_ROW_STATISTICS.map((statistic) => ({ statistic, ...rows[statistic] })),
    welch,
    mannWhitney: null,
    ks: null,
    bootstrap: null,
    resampling: { method: null, description: FROM_SUMMARIES },
    verdicts: verdicts(comparison),
    warnings: [],
  };
}

/** The shared report with the local datasets appended, each compared with every shared dataset. */
export function joinLocalDatasets(shared: WaitscopeReport, local: WaitscopeReport): WaitscopeReport {
  const base = shared.datasets.length;
  const datasets = [...shared.datasets, ...local.datasets.map((d) => ({ ...d, note: d.note ?? 'Your local traces: computed in this browser, not uploaded.' }))];
  const comparisons = [...shared.comparisons];
  local.datasets.forEach((d, i) => {
    shared.datasets.forEach((s, j) => comparisons.push(compareSummaries(base + i, j, d.summary, s.summary)));
  });
  return { ...shared, datasets, comparisons };
}
