/**
 * What a shared report holds (issue 5 §1, issue 12): derived data only. Labels, the event, summaries,
 * the comparisons, the distribution series, the top outliers, each file's SHA-256, Oracle version and
 * wait count, and the waitscope version. SQL text, binds, user, module and action names are never read
 * into a report at all.
 *
 * Two things leave only when the user ticks them: host and instance names from the trace headers, and
 * file names. Oracle names a trace `<instance>_ora_<pid>.trc` inside `…/diag/rdbms/<db>/<instance>/trace/`,
 * so a file name (a path, when a folder was dropped) names the instance as surely as the header does.
 * Unticked, every file travels as `file N`: numbered once across the report, in dataset order then file
 * order, so one number is one file wherever it appears (the file list, the top waits, the clusters).
 * A dataset label the page made from a dropped folder's name is a folder name too: unticked, it travels
 * as `Dataset N` (its place in the report) everywhere it appears: the comparisons' texts too, and the
 * answer sentence a viewer writes from the labels.
 * A label the user typed is theirs and travels as typed.
 * The statements of the response-time profile (when the share has one) travel without their SQL text
 * unless the user ticks "include SQL text".
 */
import { withoutSqlText } from './profile-section';
import type { OutlierSection, WaitscopeReport } from './report-schema';

export interface ShareChoices {
  /** Host and instance names from the trace headers. */
  includeHosts: boolean;
  /** File names with their folders; otherwise `file 1…n`. */
  includeFileNames: boolean;
  /** The SQL text of the statements in the profile section (issue 14 §3); absent or false: never. */
  includeSqlText?: boolean;
}

/** What only the worker can add to the page's report before sharing it. */
export interface ShareExtras {
  /** The report with today's labels. */
  report: WaitscopeReport;
  /** The same report with each label made from a folder's name as `Dataset N`; absent when none was. */
  numberedLabels?: WaitscopeReport;
  /** Per dataset id, per file name: SHA-256 hex. */
  fingerprints: Record<string, Record<string, string>>;
  /** Per dataset id: the top waits, timeline and clusters (issue 6 §6), when computed. */
  outliers: Record<string, OutlierSection>;
}

export type ShareOptions = ShareChoices & Pick<ShareExtras, 'fingerprints'> & Partial<Pick<ShareExtras, 'outliers'>>;

/** The label a folder-made label travels under when file and folder names are not shared; `index` from 0. */
export const numberedLabel = (index: number) => `Dataset ${index + 1}`;

/** The report whose labels may leave under these choices (a folder's name only with file names). */
export function reportToShare(extras: Pick<ShareExtras, 'report' | 'numberedLabels'>, choices: ShareChoices): WaitscopeReport {
  return !choices.includeFileNames && extras.numberedLabels ? extras.numberedLabels : extras.report;
}

/** Per dataset id, per file name: the name it travels under when names are not shared. */
export function fileAliases(report: WaitscopeReport): Map<string, Map<string, string>> {
  let n = 0;
  return new Map(report.datasets.map((d) => [d.id, new Map(d.files.map((f) => [f.name, `file ${++n}`]))]));
}

/** A name no file of the dataset has (an outlier row of a file that was cleared): it must not leave either. */
const UNKNOWN_FILE = 'unknown file';

function renamedOutliers(section: OutlierSection, rename: (name: string) => string): OutlierSection {
  return {
    ...section,
    top: section.top.map((r) => ({ ...r, file: rename(r.file) })),
    clusters: section.clusters.map((c) => ({ ...c, worstFile: rename(c.worstFile) })),
  };
}

/**
 * A file's name as a shared report carries it when the user chose to send file and folder names: as
 * the page would have it, relative to what was given. The page knows a dropped file by its name and a
 * dropped folder's files by their path inside it (`flash-on/x.trc`), as the CLI names a folder's
 * files; but the CLI names a file given by path as typed, and `waitscope report /home/ann/payroll/x.trc`
 * sent the whole path (a DBA review): a path from the root, or one that climbs out with `..`, keeps
 * only what follows its folders. An archive member keeps its path inside the archive (the archive's
 * content): `/tmp/a.zip:dir/x.trc` is `a.zip:dir/x.trc`. The input's own path ends at its first `:`
 * after a drive letter.
 */
export function sharedFileName(name: string): string {
  const outside = /^([A-Za-z]:)?[\\/]/.test(name) || /(^|[\\/])\.\.[\\/]/.test(name);
  if (!outside) return name;
  // Where the input's path ends is not known from the name (a folder may hold a ':', as in a
  // timestamp): an archive member is kept after a known archive name, else only the last segment.
  const member = /^(.*[\\/])?([^\\/]+\.(?:zip|tar|tgz|tar\.gz)):([^:]+)$/i.exec(name);
  if (member && !/[\\/]\.\.[\\/]/.test(member[3] as string)) return `${member[2]}:${member[3]}`;
  return name.slice(Math.max(name.lastIndexOf('/'), name.lastIndexOf('\\')) + 1);
}

export function shareableReport(report: WaitscopeReport, options: ShareOptions): WaitscopeReport {
  const aliases = fileAliases(report);
  const { profile, ...rest } = report;
  return {
    ...rest,
    ...(profile && { profile: options.includeSqlText ? profile : withoutSqlText(profile) }),
    datasets: report.datasets.map((d) => {
      const alias = aliases.get(d.id)!;
      const rename = options.includeFileNames ? sharedFileName : (name: string) => alias.get(name) ?? UNKNOWN_FILE;
      const outliers = options.outliers?.[d.id] ?? null;
      return {
        ...d,
        outliers: outliers && renamedOutliers(outliers, rename),
        files: d.files.map((f) => {
          const { host, instance, ...rest } = f;
          const shared = { ...rest, name: rename(f.name), sha256: options.fingerprints[d.id]?.[f.name] ?? null };
          return options.includeHosts ? { ...shared, host: host ?? null, instance: instance ?? null } : shared;
        }),
      };
    }),
  };
}

/**
 * What leaves the machine under these choices: the one definition the share (seal-share.ts) and the
 * offline report (lib/offline; `waitscope report` and the page's "Download report") both send.
 */
export function contentToShare(extras: ShareExtras, choices: ShareChoices): WaitscopeReport {
  return shareableReport(reportToShare(extras, choices), { ...choices, fingerprints: extras.fingerprints, outliers: extras.outliers });
}

/** Whether any file of the report names a host or an instance (then the page offers the checkbox). */
export function hasHostNames(report: WaitscopeReport): boolean {
  return report.datasets.some((d) => d.files.some((f) => Boolean(f.host) || Boolean(f.instance)));
}

/** Whether the report lists any file (then the page offers to include their names). */
export function hasFileNames(report: WaitscopeReport): boolean {
  return report.datasets.some((d) => d.files.length > 0);
}
