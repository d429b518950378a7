/**
 * The response-time profile as a report carries it (report-schema.ts profileSectionSchema): each
 * dataset's profile rows, calls and top statements, and each comparison of the report side by side
 * (compareProfiles), from the same lib/profile functions the page's views and the CLI use. SQL text is
 * in it here; share-content.ts takes it out unless the user ticks "include SQL text".
 */
import { compareProfiles } from '../profile/compare-profiles';
import type { DatasetProfile } from '../profile/profile-model';
import { profileTable } from '../profile/profile-rows';
import { statementRows } from '../profile/statement-table';
import type { ProfileSection, WaitscopeReport } from './report-schema';

/** Statements a report keeps per dataset, by total elapsed: a shared report stays small whatever the trace. */
const REPORT_STATEMENTS = 100;

export function profileSectionOf(report: WaitscopeReport, profiles: ReadonlyMap<string, DatasetProfile>, thinkTime: number): ProfileSection {
  const datasets = report.datasets.flatMap((d) => {
    const p = profiles.get(d.id);
    if (!p) return [];
    const table = profileTable(p);
    const all = statementRows(p);
    return [{ id: d.id, total: table.total, sessions: table.sessions, rows: table.rows, calls: p.calls, statements: all.slice(0, REPORT_STATEMENTS), statementCount: all.length }];
  });
  const comparisons = report.comparisons.flatMap((c) => {
    const a = profiles.get(report.datasets[c.treatment]?.id ?? '');
    const b = profiles.get(report.datasets[c.baseline]?.id ?? '');
    return a && b ? [{ treatment: c.treatment, baseline: c.baseline, comparison: compareProfiles(a, b) }] : [];
  });
  return { thinkTime, datasets, comparisons };
}

/** The section without any statement's SQL text (what a share sends unless the user ticks it). */
export function withoutSqlText(section: ProfileSection): ProfileSection {
  return {
    ...section,
    datasets: section.datasets.map((d) => ({ ...d, statements: d.statements.map((s) => ({ ...s, text: null })) })),
    comparisons: section.comparisons.map((c) => ({ ...c, comparison: { ...c.comparison, statements: c.comparison.statements.map((s) => ({ ...s, text: null })) } })),
  };
}

/** Whether any statement of the section carries SQL text. */
export function hasSqlText(section: ProfileSection | undefined): boolean {
  if (!section) return false;
  return section.datasets.some((d) => d.statements.some((s) => s.text !== null)) || section.comparisons.some((c) => c.comparison.statements.some((s) => s.text !== null));
}
