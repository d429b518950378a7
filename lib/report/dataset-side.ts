/**
 * How a parsed dataset becomes one dataset of the report: its waits, one session id per wait (from
 * which buildReport builds the dataset's Sample, lib/stats/sample.ts), its files and the metadata
 * compare() warns about. The CLI and the browser worker both use these, so the same files give the
 * same numbers (and the same bootstrap CIs) in both.
 */
import { resolutionOfFiles } from '../stats/clock-resolution';
import type { DatasetMetadata } from '../stats/compare';
import { sampleOf, sampleOfSessions, type Sample } from '../stats/sample';
import type { Dataset } from '../trace/dataset';
import { SessionCountsJoin, waitsIn } from '../trace/session-counts';
import type { TraceFileResult } from '../trace/types';
import { sessionKey } from '../trace/session-tracker';
import type { ReportDataset } from './build-report';
import type { ReportFile } from './report-schema';

/**
 * One id per session for each wait. The dataset's session table has one marker per `*** SESSION ID`
 * line (and one for waits before any), so a session whose marker repeats in a file (trcsess output)
 * is one id here: the key is file, sid.serial and pid. Usually the mapping is the identity (no copy).
 */
export function sessionIds(dataset: Dataset): Uint32Array {
  const ids = dataset.samples.session.subarray(0, dataset.samples.count);
  const remap = canonicalSessions(dataset);
  if (remap.every((id, i) => id === i)) return ids;
  return Uint32Array.from(ids, (id) => remap[id]!);
}

/** For each entry of the dataset's session table, the first entry of the same session (file, sid.serial, pid). */
function canonicalSessions(dataset: Dataset): Uint32Array {
  const canonical = new Map<string, number>();
  return Uint32Array.from(dataset.sessions, (m, i) => {
    const key = `${m.file}\u0000${sessionKey(m)}`;
    const id = canonical.get(key) ?? i;
    canonical.set(key, id);
    return id;
  });
}

/**
 * The dataset's Sample: from the counts each session's waits were parsed into (`keep:
 * 'session-counts'`), with the sessions made one as sessionIds makes them, or else from the columns.
 * Both give the same Sample (sessions in order of first wait; test/report/dataset-side.test.ts).
 */
export function sampleOfDataset(dataset: Dataset): Sample {
  if (!dataset.sessionCounts) return sampleOf(dataset.samples.ela.subarray(0, dataset.samples.count), sessionIds(dataset));
  const remap = canonicalSessions(dataset);
  const join = new SessionCountsJoin();
  join.addAll(dataset.sessionCounts, (s) => remap[s] as number);
  return sampleOfSessions(join.result().map((s) => s.counts));
}

/** The waits of the event in one file, kept one by one or counted per session. */
export function fileWaits(file: TraceFileResult): number {
  return file.sessionCounts ? waitsIn(file.sessionCounts) : file.samples.count;
}

/** Oracle versions of the files (several joined with ' + ') and the wait count per event, for compare()'s warnings. */
export function datasetMetadata(dataset: Pick<Dataset, 'files' | 'profile'>): DatasetMetadata {
  const versions = [...new Set(dataset.files.map((f) => f.facts.oracleVersion).filter((v): v is string => v !== null))].sort();
  return {
    ...(versions.length > 0 && { oracleVersion: versions.join(' + ') }),
    resolutionMicros: resolutionOfFiles(dataset.files),
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
    waits: fileWaits(f),
    host: f.facts.host,
    instance: f.facts.instance,
  }));
}


/** A parsed dataset as buildReportOfSamples takes it: its Sample (sampleOfDataset), metadata and files. */
export function reportDatasetOf(id: string, label: string, dataset: Dataset): ReportDataset {
  return { id, label, source: 'traces', sample: sampleOfDataset(dataset), metadata: datasetMetadata(dataset), files: reportFilesOf(dataset) };
}
