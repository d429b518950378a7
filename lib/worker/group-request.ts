/**
 * The Group view's groups (issue 15 §2): a second pass over each trace file of a dataset, the
 * parser's scan with lib/scope's GroupCollector as its visitor, as the CLI's parse pass does in
 * lib/node/run-task.ts, for the dataset's measure (an event's waits, a call type, the commit);
 * the files combined and grouped with datasetGroupRows as the CLI groups them. Computed when the
 * view asks, kept per dataset until its files, its measure or the key change.
 */
import { isSysioFacts } from '../sysio/sysio-format';
import { isWholeRun, NO_WINDOW, type TimeWindow } from '../scope/time-window';
import { sizeReport, type SizeReport } from '../io/size-groups';
import { datasetBlockSizes, datasetGroupCounts, datasetGroupRows } from '../scope/dataset-groups';
import { GroupCollector, type GroupSpec, type GroupTallies } from '../scope/group-collector';
import { parseGroupKey } from '../scope/group-key';
import { windowDataset } from '../scope/window-dataset';
import type { GroupRow } from '../scope/group-stats';
import { combineFiles } from '../trace/dataset';
import { parseTrace } from '../trace/parse-trace';
import type { TraceFileResult } from '../trace/types';
import type { DatasetState, TraceEntry } from './dataset-state';
import { openInput } from './file-chunks';
import type { Post, QuestionOf } from './protocol';

/** One dataset's groups as the page gets them. */
export interface DatasetGroups {
  datasetId: string;
  /** Sorted by total; null when the dataset has no trace files (CSV values, the synthetic demo). */
  rows: GroupRow[] | null;
  /** By size (lib/io/size-groups.ts): the size classes, the total throughput and the block sizes; null for other keys. */
  size: SizeReport | null;
  /** Why there are no groups, naming what is missing: shown above the tables. */
  notes: string[];
}

// strace and fio files (lib/sysio) are no traces to read again for keys: left out, as CSV values are.
const groupedFiles = (d: DatasetState): TraceEntry[] => d.traces.filter((t) => t.result !== null && t.result.outcome.kind !== 'not-a-trace' && !isSysioFacts(t.result.facts));

/**
 * `window`: the dataset's analysis window. Values of a key read from the trace are tallied inside it
 * (each file placed on its own clock and its sessions' spans, as the first read found them); the
 * samples, and so the keys read from them, are cut to it (window-dataset.ts): the same waits.
 */
async function datasetGroups(d: DatasetState, spec: GroupSpec, window: TimeWindow): Promise<DatasetGroups> {
  if (d.synthetic) return { datasetId: d.id, rows: null, size: null, notes: ['The synthetic demo is waits only, drawn from a model: it has no sessions, statements or parameters to group by.'] };
  const files = groupedFiles(d);
  if (files.length === 0) {
    const why = d.csv.length > 0 ? 'CSV values carry no session, statement or parameter' : 'none of its files is a trace';
    return { datasetId: d.id, rows: null, size: null, notes: [`This dataset cannot be grouped: ${why}.`] };
  }
  const results: TraceFileResult[] = [];
  const tallies: GroupTallies[] = [];
  for (const [fileIndex, entry] of files.entries()) {
    const result = entry.result as TraceFileResult;
    const collector = new GroupCollector(spec, entry.name, isWholeRun(window) ? undefined : { window, clock: result });
    try {
      results.push(await parseTrace(openInput(entry), { event: d.event, fileName: entry.name, fileIndex, keep: { columns: ['tim'] }, visitor: collector, ...(d.measure && { measure: d.measure }) }));
    } catch (error) {
      throw new Error(`${entry.name} could not be read again for its groups: ${error instanceof Error ? error.message : String(error)}`);
    }
    tallies.push(collector.finish());
  }
  const whole = combineFiles(d.event, results);
  const dataset = { ...(isWholeRun(window) ? whole : windowDataset(whole, window).dataset), groupTallies: tallies };
  const size = spec.key?.kind === 'size' ? sizeReport(datasetGroupCounts(dataset, spec) ?? new Map(), datasetBlockSizes(dataset, spec.key)) : null;
  return { datasetId: d.id, rows: datasetGroupRows(dataset, spec), size, notes: [] };
}

interface Kept {
  files: File[];
  /** The key and the measure the groups are of. */
  of: string;
  result: Promise<DatasetGroups>;
}

/** Each dataset's groups, kept until its trace files, its measure or the key change; a failed pass is tried again next time. */
export class GroupCache {
  private readonly kept = new WeakMap<DatasetState, Kept>();

  groupsOf(d: DatasetState, spec: GroupSpec, keyText: string, window: TimeWindow = NO_WINDOW): Promise<DatasetGroups> {
    const files = groupedFiles(d).map((t) => t.file);
    const of = JSON.stringify([keyText, d.event, d.measure, d.synthetic?.preset ?? null, window]);
    const k = this.kept.get(d);
    if (k && k.of === of && k.files.length === files.length && k.files.every((f, i) => f === files[i])) return k.result;
    const result = datasetGroups(d, spec, window);
    const entry: Kept = { files, of, result };
    this.kept.set(d, entry);
    result.catch(() => {
      if (this.kept.get(d) === entry) this.kept.delete(d);
    });
    return result;
  }

  /** Answers a 'groups' request: stale while a dataset is loading; a key that is none is a failure naming it. */
  /** `windowOf`: a dataset's analysis window (NO_WINDOW for the whole run): the groups are of it. */
  async answer(request: QuestionOf<'groups'>, datasets: readonly DatasetState[], post: Post, windowOf: (datasetId: string) => TimeWindow = () => NO_WINDOW): Promise<void> {
    const { requestId } = request;
    const loading = datasets.find((d) => d.state === 'loading');
    if (loading) return post({ type: 'request-failed', requestId, stale: true, message: `${loading.id} is still being read` });
    const key = parseGroupKey(request.key);
    if (typeof key === 'string') return post({ type: 'request-failed', requestId, message: key });
    try {
      const groups = await Promise.all(datasets.map((d) => this.groupsOf(d, { key, where: null }, request.key, windowOf(d.id))));
      post({ type: 'groups', requestId, groups });
    } catch (error) {
      post({ type: 'request-failed', requestId, message: `The groups could not be computed: ${error instanceof Error ? error.message : String(error)}` });
    }
  }
}
