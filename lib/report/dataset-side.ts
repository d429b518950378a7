/**
 * How a parsed dataset becomes one dataset of the report: its waits, one session id per wait (from
 * which buildReport builds the dataset's Sample, lib/stats/sample.ts), its files and the metadata
 * compare() warns about. The CLI and the browser worker both use these, so the same files give the
 * same numbers (and the same bootstrap CIs) in both.
 */
import type { DatasetMetadata } from '../stats/compare';
import type { Dataset } from '../trace/dataset';
import { sessionKey } from '../trace/session-tracker';
import type { ReportDatasetInput } from './build-report';
import type { ReportFile } from './report-schema';

/**
 * One id per session for each wait. The dataset's session table has one marker per `*** SESSION ID`
 * line (and one for waits before any), so a session whose marker repeats in a file (trcsess output)
 * is one id here: the key is file, sid.serial and pid. Usually the mapping is the identity (no copy).
 */
export function sessionIds(dataset: Dataset): Uint32Array {
  const ids = dataset.samples.session.subarray(0, dataset.samples.count);
  const canonical = new Map<string, number>();
  const remap = Uint32Array.from(dataset.sessions, (m, i) => {
    const key = `${m.file}\u0000${sessionKey(m)}`;
    const id = canonical.get(key) ?? i;
    canonical.set(key, id);
    return id;
  });
  if (remap.every((id, i) => id === i)) return ids;
  return Uint32Array.from(ids, (id) => remap[id]!);
}

/** Oracle versions of the files (several joined with ' + ') and the wait count per event, for compare()'s warnings. */
export function datasetMetadata(dataset: Pick<Dataset, 'files' | 'profile'>): DatasetMetadata {
  const versions = [...new Set(dataset.files.map((f) => f.facts.oracleVersion).filter((v): v is string => v !== null))].sort();
  return {
    ...(versions.length > 0 && { oracleVersion: versions.join(' + ') }),
    eventMix: Object.fromEntries(dataset.profile.map((r) => [r.event, r.count])),
  };
}

/** What the report lists of each file of a dataset. */
export function reportFilesOf(dataset: Dataset): ReportFile[] {
  return dataset.files.map((f) => ({
    name: f.fileName,
    bytes: f.bytesRead,
    compression: f.compression,
    oracleVersion: f.facts.oracleVersion,
    outcome: f.outcome.kind,
    waits: f.samples.count,
    host: f.facts.host,
    instance: f.facts.instance,
  }));
}

/** A parsed dataset as buildReport takes it: its waits and session ids (not copied), metadata and files. */
export function reportInputOf(id: string, label: string, dataset: Dataset): ReportDatasetInput {
  return {
    id,
    label,
    source: 'traces',
    values: dataset.samples.ela.subarray(0, dataset.samples.count),
    sessions: sessionIds(dataset),
    metadata: datasetMetadata(dataset),
    files: reportFilesOf(dataset),
  };
}
