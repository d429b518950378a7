import { datasetGroupRows } from '../scope/dataset-groups';
import type { GroupSpec } from '../scope/group-collector';
import { groupKeyText, isSampleKey } from '../scope/group-key';
import type { GroupRow } from '../scope/group-stats';
import { valuesNoun } from '../trace/measure';
import type { SampleKeeping } from '../trace/types';
import type { CommonArgs } from './args';
import { groupTable } from './group-format';
import type { LoadedDataset } from './load-dataset';

/** What stats keeps: only counts, unless its groups are read from the samples (ela, session, and tim for minute and hour). */
export function statsKeep(group: GroupSpec | undefined): SampleKeeping {
  return group?.key && isSampleKey(group.key) ? { columns: ['tim'] } : 'counts';
}

/** The line that says a --where left values out, or '' without one. */
export function whereLine(args: { group?: GroupSpec }): string {
  return args.group?.whereText !== undefined ? `only the values where ${args.group.whereText} (--where)\n` : '';
}

/** `stats --group KEY`: the rows (the JSON's `groups`) and their table (made only for text output); null without a key. */
export function statsGroups(dataset: LoadedDataset, args: CommonArgs): { rows: GroupRow[]; text: () => string } | null {
  const rows = datasetGroupRows(dataset, args.group);
  const key = args.group?.key;
  if (rows === null || !key) return null;
  return { rows, text: () => groupTable(rows, groupKeyText(key), valuesNoun(args.measure)) };
}
