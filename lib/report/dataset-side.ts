/**
 * How a parsed dataset becomes one side of a comparison: its waits, one session id per wait, and
 * the metadata compare() warns about. The CLI and the browser worker both use these, so the same
 * files give the same numbers (and the same bootstrap CIs) in both.
 */
import type { DatasetMetadata } from '../stats/compare';
import type { Dataset } from '../trace/dataset';
import { sessionKey } from '../trace/session-tracker';
import type { ComparisonSide } from './comparison-report';

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
export function datasetMetadata(dataset: Dataset): DatasetMetadata {
  const versions = [...new Set(dataset.files.map((f) => f.facts.oracleVersion).filter((v): v is string => v !== null))].sort();
  return {
    ...(versions.length > 0 && { oracleVersion: versions.join(' + ') }),
    eventMix: Object.fromEntries(dataset.profile.map((r) => [r.event, r.count])),
  };
}

export function sideOf(label: string, dataset: Dataset): ComparisonSide {
  return {
    label,
    values: dataset.samples.ela.subarray(0, dataset.samples.count),
    sessions: sessionIds(dataset),
    metadata: datasetMetadata(dataset),
  };
}
