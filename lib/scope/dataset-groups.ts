import type { GroupSpec, GroupTallies } from './group-collector';
import { isSampleKey } from './group-key';
import { groupRows, mergeGroupTallies, type GroupRow } from './group-stats';
import { sampleGroups, type SampleGroupInput } from './sample-groups';

/**
 * A dataset's groups by the spec's key, sorted by total: from its samples for a key they hold
 * (session, file, instance, minute, hour; the parse must have kept tim and file), else from the
 * parse's per-file tallies (group-collector.ts). null when the spec has no key.
 */
export function datasetGroupRows(dataset: SampleGroupInput & { groupTallies: GroupTallies[] | null }, spec: GroupSpec | undefined): GroupRow[] | null {
  const key = spec?.key ?? null;
  if (key === null) return null;
  if (isSampleKey(key)) return groupRows(mergeGroupTallies([sampleGroups(dataset, key.kind)]));
  if (dataset.groupTallies === null) throw new Error(`grouping by ${key.kind} needs the parse's tallies (GroupCollector)`);
  return groupRows(mergeGroupTallies(dataset.groupTallies));
}
