import { bySizeAscending } from '../io/size-groups';
import { datasetGroupRows } from '../scope/dataset-groups';
import { pairGroups, type GroupPair } from '../scope/group-comparison';
import { groupKeyText } from '../scope/group-key';
import { valuesNoun } from '../trace/measure';
import type { CompareArgs } from './compare-command';
import { groupComparisonTable } from './compare-group-format';
import type { LoadedDataset } from './load-dataset';
import { sizeComparisonText } from './size-format';
import { datasetSizeReport, sizeJson } from './stats-groups';

/**
 * `compare --group KEY`: each group on both sides (the JSON's `groups`) and its table; null without
 * a key. By size, the groups are in size order and each side's size classes and throughput follow
 * (the JSON's `groups.sizes`).
 */
export function compareGroups(a: LoadedDataset, b: LoadedDataset, args: CompareArgs, labels: [string, string]): { json: { key: string; labels: [string, string]; pairs: GroupPair[]; sizes?: { a: object; b: object } }; text: string } | null {
  const key = args.group?.key;
  if (!key) return null;
  const pairs = pairGroups(datasetGroupRows(a, args.group) ?? [], datasetGroupRows(b, args.group) ?? []);
  const keyText = groupKeyText(key);
  const noun = valuesNoun(args.measure);
  const sizeA = datasetSizeReport(a, args.group);
  const sizeB = datasetSizeReport(b, args.group);
  if (sizeA === null || sizeB === null) return { json: { key: keyText, labels, pairs }, text: groupComparisonTable(pairs, keyText, labels, noun) };
  bySizeAscending(pairs);
  return {
    json: { key: keyText, labels, pairs, sizes: { a: sizeJson(sizeA), b: sizeJson(sizeB) } },
    text: `${groupComparisonTable(pairs, 'size (bytes)', labels, noun, 'smallest first')}\n\n${sizeComparisonText([sizeA, sizeB], labels, noun)}`,
  };
}
