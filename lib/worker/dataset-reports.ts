/**
 * The report over the page's datasets, and the last ones built: a share right after the page's
 * report, or a view change that asks again with nothing changed, gets the same object back instead
 * of a second bootstrap. A report is valid while its datasets' Samples are the same objects (they
 * hold no waits) and their files, labels, event and baseline are the same.
 */
import { buildReportOfSamples, type ReportDataset } from '../report/build-report';
import { datasetMetadata } from '../report/dataset-side';
import { WAITSCOPE_VERSION } from '../report/report-constants';
import type { ReportFile, WaitscopeReport } from '../report/report-schema';
import type { Sample } from '../stats/sample';
import { mergeProfiles } from '../trace/event-table';
import type { DatasetState } from './dataset-state';
import type { Questions } from './protocol';
import { inputSize } from './file-chunks';

/** Reports kept for reuse: the page's, and the one a share writes with folder labels as `Dataset N`. */
const KEPT_REPORTS = 2;

/** A dataset as the report takes it: its kept Sample (DatasetState.sample), files and metadata; nothing here joins the files. */
export function reportInputOf(d: DatasetState, label: string): ReportDataset {
  const sample = d.sample();
  const window = d.applied ?? undefined;
  if (d.synthetic) {
    return { id: d.id, label, source: 'synthetic', note: d.note, sample, metadata: { eventMix: { 'log file sync': d.synthetic.values.length } }, files: [], ...(window && { window }) };
  }
  const parsed = d.traces.flatMap((t) => (t.result ? [t.result] : []));
  const files: ReportFile[] = d.traces.map((t) => ({
    name: t.name,
    bytes: inputSize(t),
    compression: t.result?.compression ?? 'none',
    oracleVersion: t.result?.facts.oracleVersion ?? null,
    outcome: t.result?.outcome.kind ?? 'not-a-trace',
    waits: t.result?.samples.count ?? 0,
    host: t.result?.facts.host ?? null,
    instance: t.result?.facts.instance ?? null,
  }));
  for (const c of d.csv) files.push({ name: c.status.name, bytes: c.status.bytes, compression: 'none', oracleVersion: null, outcome: 'parsed', waits: c.values.length });
  const metadata = datasetMetadata({ files: parsed, profile: mergeProfiles(parsed.map((r) => r.profile)) });
  // CSV values carry no sessions (the Sample has none): the dataset's waits are resampled singly.
  const source = d.csv.length === 0 || parsed.length > 0 ? 'traces' : 'csv';
  return { id: d.id, label, source, note: d.note, sample, metadata: source === 'traces' ? metadata : undefined, files, ...(window && { window }) };
}

export class DatasetReports {
  /** Reports built so far, told with each one: the page's tests check a view change builds none. */
  built = 0;
  /** The last reports built, newest first. */
  private kept: { key: string; samples: Sample[]; report: WaitscopeReport }[] = [];

  /** The report of these datasets, labels, event and baseline: one already built when nothing changed since. */
  reportOf(spec: Questions['report'], datasetOf: (id: string) => DatasetState): WaitscopeReport {
    const datasets = spec.datasets.map((s) => datasetOf(s.datasetId));
    // The samples by identity; the files by name and outcome (a rejected file adds no waits but is listed).
    const files = datasets.map((d) => [d.source, d.note, d.traces.map((t) => [t.name, t.result?.outcome.kind ?? null]), d.csv.map((c) => c.status.name)]);
    const key = JSON.stringify([spec.event, spec.baseline, spec.datasets, files]);
    const samples = datasets.map((d) => d.sample());
    const kept = this.kept.find((r) => r.key === key && r.samples.every((v, i) => v === samples[i]));
    if (kept) return kept.report;
    // The datasets were read for spec.event (the session's staleness check): a call or commit measure of that label is theirs.
    const measure = datasets.find((d) => d.event === spec.event && d.measure)?.measure;
    const report = buildReportOfSamples(
      spec.datasets.map((s, i) => reportInputOf(datasets[i] as DatasetState, s.label)),
      { event: spec.event, ...(measure && { measure }), baseline: spec.baseline, generatorVersion: WAITSCOPE_VERSION, createdAt: new Date().toISOString() },
    );
    this.built++;
    this.kept = [{ key, samples, report }, ...this.kept].slice(0, KEPT_REPORTS);
    return report;
  }
}
