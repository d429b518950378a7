import { datasetGroupRows } from '../scope/dataset-groups';
import { pairGroups, type GroupPair } from '../scope/group-comparison';
import { groupKeyText } from '../scope/group-key';
import { valuesNoun } from '../trace/measure';
import type { CompareArgs } from './compare-command';
import { groupComparisonTable } from './compare-group-format';
import type { LoadedDataset } from './load-dataset';

/** `compare --group KEY`: each group on both sides (the JSON's `groups`) and its table; null without a key. */
export function compareGroups(a: LoadedDataset, b: LoadedDataset, args: CompareArgs, labels: [string, string]): { json: { key: string; labels: [string, string]; pairs: GroupPair[] }; text: string } | null {
  const key = args.group?.key;
  if (!key) return null;
  const pairs = pairGroups(datasetGroupRows(a, args.group) ?? [], datasetGroupRows(b, args.group) ?? []);
  const keyText = groupKeyText(key);
  return { json: { key: keyText, labels, pairs }, text: groupComparisonTable(pairs, keyText, labels, valuesNoun(args.measure)) };
}
