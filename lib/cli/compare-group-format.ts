import type { GroupPair } from '../scope/group-comparison';
import type { GroupRow } from '../scope/group-stats';
import { formatCount, formatMicros, padTable } from './format';
import { notEstimableNote } from './group-format';

/**
 * `compare --group`: per group, both sides' statistics side by side in labelled µs, sorted by the
 * total over both sides; a group only one side has is named as such under the table.
 */
export function groupComparisonTable(pairs: readonly GroupPair[], keyText: string, labels: [string, string], noun: string, order = 'sorted by total over both sides'): string {
  const [la, lb] = labels;
  const stat = (r: GroupRow | null, pick: (r: GroupRow) => number | null) => (r === null ? '—' : (v => (v === null ? 'n/a' : formatMicros(v)))(pick(r)));
  const count = (r: GroupRow | null) => (r === null ? '—' : formatCount(r.count));
  const table = [
    [keyText, `${la} ${noun}`, `${lb} ${noun}`, `${la} median µs`, `${lb} median µs`, `${la} mean µs`, `${lb} mean µs`, `${la} p99 µs`, `${lb} p99 µs`, `${la} max µs`, `${lb} max µs`, `${la} total µs`, `${lb} total µs`],
    ...pairs.map((p) => [
      p.key,
      count(p.a),
      count(p.b),
      stat(p.a, (r) => r.median),
      stat(p.b, (r) => r.median),
      stat(p.a, (r) => r.mean),
      stat(p.b, (r) => r.mean),
      stat(p.a, (r) => r.p99),
      stat(p.b, (r) => r.p99),
      stat(p.a, (r) => r.max),
      stat(p.b, (r) => r.max),
      stat(p.a, (r) => r.sum),
      stat(p.b, (r) => r.sum),
    ]),
  ];
  const onlyA = pairs.filter((p) => p.b === null).map((p) => p.key);
  const onlyB = pairs.filter((p) => p.a === null).map((p) => p.key);
  const only = [onlyA.length > 0 ? `only in ${la}: ${onlyA.join(', ')}` : '', onlyB.length > 0 ? `only in ${lb}: ${onlyB.join(', ')}` : ''].filter(Boolean);
  const head = `by ${keyText}: ${formatCount(pairs.length)} group${pairs.length === 1 ? '' : 's'}, ${order} (— : none on that side)`;
  return `${head}\n\n${padTable(table, table[0]!.map((_, i) => i > 0))}\n\n${only.length > 0 ? `${only.join('\n')}\n` : ''}${notEstimableNote(noun)}`;
}
