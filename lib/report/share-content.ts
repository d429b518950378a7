/**
 * What a shared report holds (issue 5 §1): derived data only. Labels, the event, summaries, the
 * comparisons, the distribution series, the top outliers, each file's name, SHA-256, Oracle version and
 * wait count, and the waitscope version. Host and instance names leave only when the user ticks it;
 * SQL text, binds, user, module and action names are never read into a report at all.
 */
import type { OutlierSection, WaitscopeReport } from './report-schema';

export interface ShareOptions {
  includeHosts: boolean;
  /** Per dataset id, per file name: SHA-256 hex. */
  fingerprints: Record<string, Record<string, string>>;
  /** Per dataset id: the top waits, timeline and clusters (issue 6 §6), when computed. */
  outliers?: Record<string, OutlierSection>;
}

export function shareableReport(report: WaitscopeReport, options: ShareOptions): WaitscopeReport {
  return {
    ...report,
    datasets: report.datasets.map((d) => ({
      ...d,
      outliers: options.outliers?.[d.id] ?? null,
      files: d.files.map((f) => {
        const { host, instance, ...rest } = f;
        const sha256 = options.fingerprints[d.id]?.[f.name] ?? null;
        return options.includeHosts ? { ...rest, sha256, host: host ?? null, instance: instance ?? null } : { ...rest, sha256 };
      }),
    })),
  };
}

/** Whether any file of the report names a host or an instance (then the page offers the checkbox). */
export function hasHostNames(report: WaitscopeReport): boolean {
  return report.datasets.some((d) => d.files.some((f) => Boolean(f.host) || Boolean(f.instance)));
}
