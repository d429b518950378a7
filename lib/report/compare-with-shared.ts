/**
 * "Compare my trace with this report" (issue 5 §6): local datasets joined to a shared report, which
 * has no samples, only each dataset's exact summary and its distribution series. So each comparison
 * of a local dataset with a shared one is computed from the two summaries: the differences are exact,
 * Welch's test uses the exact means, standard deviations and counts, and no bootstrap CI, rank test
 * or KS test is possible (they need the samples). The resampling text says so on the page.
 */
import { comparedRows, type Comparison } from '../stats/compare';
import type { Summary } from '../stats/summary';
import { verdicts } from '../stats/verdict';
import { welchTest } from '../stats/welch';
import { COMPARED_ROW_STATISTICS, type ComparisonEntry, type WaitscopeReport } from './report-schema';

export const FROM_SUMMARIES =
  'No bootstrap: the shared report carries summaries and distributions, not samples. Differences are exact (from both exact summaries); ' +
  "the mean's CI and p are Welch's, from the exact means, standard deviations and counts; median and p99 have no CI; rank and KS tests need samples.";

export function compareSummaries(treatment: number, baseline: number, a: Summary, b: Summary): ComparisonEntry {
  // The summaries of a report are already estimable (null below their minimum sample size): as compare() has them.
  const rows = comparedRows(a, b);
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
