'use client';
/**
 * A shared report's response-time profile section (report-schema.ts profileSectionSchema): the same
 * Profile and Statements views as the workbench, drawn from the rows the sender's page computed. The
 * statements are those the report carries (the top ones by total elapsed); their SQL text only if
 * the sender ticked it.
 */
import { useState } from 'react';
import type { WaitscopeReport } from '@/lib/report/report-schema';
import { datasetColor } from '../charts/palette';
import { DEFAULT_VIEW } from '../workbench/url-state';
import { ProfileView } from './ProfileView';
import { StatementsView, type StatementSettings } from './StatementsView';

export function SharedProfile({ report }: { report: WaitscopeReport }) {
  const section = report.profile;
  const [settings, setSettings] = useState<StatementSettings>({ sort: DEFAULT_VIEW.statementSort, top: DEFAULT_VIEW.statementTop, depth: DEFAULT_VIEW.statementDepth, dataset: 0 });
  if (!section) return null;
  const labelOf = (id: string) => report.datasets.find((d) => d.id === id)?.label ?? id;
  const colorOf = (id: string) => datasetColor(Math.max(0, report.datasets.findIndex((d) => d.id === id)));
  const datasets = section.datasets.map((d) => ({ id: d.id, label: labelOf(d.id), color: colorOf(d.id), total: d.total, sessions: d.sessions, rows: d.rows }));
  const comparisons = section.comparisons.flatMap((c) => {
    const a = report.datasets[c.treatment];
    const b = report.datasets[c.baseline];
    return a && b ? [{ a: { id: a.id, label: a.label }, b: { id: b.id, label: b.label }, comparison: c.comparison }] : [];
  });
  // A report made before `maxDep` has each statement's `dep` alone: its range is that one depth.
  const statementDatasets = section.datasets.map((d) => ({ id: d.id, label: labelOf(d.id), color: colorOf(d.id), rows: d.statements.map((r) => ({ ...r, maxDep: r.maxDep ?? r.dep })), statementCount: d.statementCount }));
  return (
    <section data-testid="shared-profile">
      <h2>Response-time profile</h2>
      <ProfileView datasets={datasets} comparisons={comparisons} thinkTime={section.thinkTime} />
      <h2>Statements</h2>
      <StatementsView datasets={statementDatasets} settings={settings} onSettings={(c) => setSettings((s) => ({ ...s, ...c }))} />
    </section>
  );
}
