import { sizeReport, type SizeReport } from '../io/size-groups';
import { datasetBlockSizes, datasetGroupCounts, datasetGroupRows } from '../scope/dataset-groups';
import type { GroupSpec } from '../scope/group-collector';
import { groupKeyText, isSampleKey } from '../scope/group-key';
import type { GroupRow } from '../scope/group-stats';
import { valuesNoun } from '../trace/measure';
import type { SampleKeeping } from '../trace/types';
import type { CommonArgs } from './args';
import { groupTable } from './group-format';
import type { LoadedDataset } from './load-dataset';
import { sizeTables } from './size-format';

/** What stats keeps: only counts, unless its groups are read from the samples (ela, session, and tim for minute and hour). */
export function statsKeep(group: GroupSpec | undefined): SampleKeeping {
  return group?.key && isSampleKey(group.key) ? { columns: ['tim'] } : 'counts';
}

/** The line that says a --where left values out, or '' without one. */
export function whereLine(args: { group?: GroupSpec }): string {
  return args.group?.whereText !== undefined ? `only the values where ${args.group.whereText} (--where)\n` : '';
}

/** `--group size`: the size classes, total throughput and block sizes beside the rows (lib/io/size-groups.ts); null for any other key. */
export function datasetSizeReport(dataset: LoadedDataset, group: GroupSpec | undefined): SizeReport | null {
  const key = group?.key;
  if (key?.kind !== 'size') return null;
  return sizeReport(datasetGroupCounts(dataset, group) ?? new Map(), datasetBlockSizes(dataset, key));
}

/** The JSON `--group size` adds beside `groups`: sizeClasses, the total throughput, the block sizes and whether they are defaults. */
export function sizeJson(report: SizeReport) {
  return { sizeClasses: report.sizeClasses, throughput: report.throughput, blockSizes: report.blockSizes };
}

/** `stats --group KEY`: the rows (the JSON's `groups`, and for size its size classes) and their table (made only for text output); null without a key. */
export function statsGroups(dataset: LoadedDataset, args: CommonArgs): { rows: GroupRow[]; json: () => object; text: () => string } | null {
  const rows = datasetGroupRows(dataset, args.group);
  const key = args.group?.key;
  if (rows === null || !key) return null;
  const size = datasetSizeReport(dataset, args.group);
  const noun = valuesNoun(args.measure);
  return {
    rows,
    json: () => ({ groups: rows, ...(size && sizeJson(size)) }),
    text: () => (size ? sizeTables(rows, size, noun) : groupTable(rows, groupKeyText(key), noun)),
  };
}
