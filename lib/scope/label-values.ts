import { countsOf, countsOfSorted, type Counts } from '../stats/counts';
import type { GroupTallies } from './group-collector';

/**
 * Values by group label, kept as plain lists until the end and then counted (lib/stats/counts.ts).
 * Eight bytes a value whatever the number of groups: a dense counter per group costs its value
 * range each, and `--group p1` of log file sync (buffer#) makes thousands of groups.
 */
export class LabelValues {
  private readonly lists = new Map<string, number[]>();

  add(label: string, value: number): void {
    let list = this.lists.get(label);
    if (list === undefined) this.lists.set(label, (list = []));
    list.push(value);
  }

  /** The groups in order of first value, each with the counts of its values. */
  tallies(): GroupTallies {
    const labels = [...this.lists.keys()];
    return { labels, counts: labels.map((l) => countsOfList(this.lists.get(l) as number[])) };
  }
}

/** Below this many values a group is sorted: countsOf's dense table has at least 2^16 cells, whatever the group's size. */
const SORT_BELOW = 1 << 13;

function countsOfList(list: number[]): Counts {
  const values = Float64Array.from(list);
  return values.length < SORT_BELOW ? countsOfSorted(values.sort()) : countsOf(values);
}
