import { sizeRows } from '../io/size-groups';
import type { BlockSizes } from '../io/io-size';
import { blockSizesWithTrace, mergeSeenSizes, resolveDataBlockLabels } from '../io/trace-block-size';
import type { Counts } from '../stats/counts';
import type { GroupSpec, GroupTallies } from './group-collector';
import { isSampleKey } from './group-key';
import { groupRows, mergeGroupTallies, type GroupRow } from './group-stats';
import { sampleGroups, type SampleGroupInput } from './sample-groups';

export type GroupedDataset = SampleGroupInput & { groupTallies: GroupTallies[] | null };

/**
 * A dataset's groups by the spec's key: from its samples for a key they hold (session, file,
 * instance, minute, hour; the parse must have kept tim and file), else from the parse's per-file
 * tallies (group-collector.ts); each group's counts, files merged. null when the spec has no key.
 */
export function datasetGroupCounts(dataset: GroupedDataset, spec: GroupSpec | undefined): Map<string, Counts> | null {
  const key = spec?.key ?? null;
  if (key === null) return null;
  if (isSampleKey(key)) return mergeGroupTallies([sampleGroups(dataset, key.kind)]);
  if (dataset.groupTallies === null) throw new Error(`grouping by ${key.kind} needs the parse's tallies (GroupCollector)`);
  const merged = mergeGroupTallies(dataset.groupTallies);
  return key.kind === 'size' ? resolveDataBlockLabels(merged, datasetBlockSizes(dataset, key).dataBlock) : merged;
}

/** The block sizes a dataset's `size` groups are in: the key's, or the data block its traces show (lib/io/trace-block-size.ts). */
export function datasetBlockSizes(dataset: GroupedDataset, key: BlockSizes): BlockSizes {
  const { dataBlock, redoBlock, dataDefault, redoDefault } = key;
  return blockSizesWithTrace({ dataBlock, redoBlock, dataDefault, redoDefault }, mergeSeenSizes((dataset.groupTallies ?? []).map((t) => t.singleBlockSizes)));
}

/** The dataset's group rows: sorted by total, or for `size` by size ascending with bytes and throughput (lib/io/size-groups.ts). */
export function datasetGroupRows(dataset: GroupedDataset, spec: GroupSpec | undefined): GroupRow[] | null {
  const counts = datasetGroupCounts(dataset, spec);
  if (counts === null) return null;
  return spec?.key?.kind === 'size' ? sizeRows(counts) : groupRows(counts);
}
