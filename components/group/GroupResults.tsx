'use client';
/**
 * The Group view in the workbench (issue 15 §2): the selected measure's values of each dataset
 * grouped by a key, asked of the worker (useGroups; lib/worker/group-request.ts) and drawn from
 * its rows: a table per dataset, then each comparison of the report (A against its baseline)
 * with both sides' groups side by side (lib/scope/group-comparison.ts), as `compare --group` prints them.
 */
import { useMemo } from 'react';
import { bySizeAscending } from '@/lib/io/size-groups';
import { pairGroups } from '@/lib/scope/group-comparison';
import type { GroupRow } from '@/lib/scope/group-stats';
import type { Ask } from '@/lib/worker/protocol';
import styles from '../profile/profile.module.css';
import { GroupComparisonTable } from './GroupComparisonTable';
import { GroupKeyPicker } from './GroupKeyPicker';
import { GroupTable } from './GroupTable';
import { SizeClassTable } from './SizeClassTable';
import { useGroups } from './use-groups';

interface Props {
  ask: Ask;
  datasets: readonly { id: string; label: string; color: string }[];
  /** The report's comparisons as dataset ids: A (treatment) against B (baseline). */
  pairs: readonly { a: string; b: string }[];
  /** What the groups depend on besides ids and key: the datasets' files and measure. */
  dataKey: string;
  groupKey: string;
  onGroupKey: (key: string) => void;
  /** waits, calls or commits. */
  noun: string;
}

export function GroupResults({ ask, datasets, pairs, dataKey, groupKey, onGroupKey, noun }: Props) {
  const ids = datasets.map((d) => d.id);
  const state = useGroups(ask, ids.length > 0 ? { dataKey, datasetIds: ids, key: groupKey } : null);
  const byId = useMemo(() => new Map((state.groups ?? []).flatMap((g) => (g.rows ? [[g.datasetId, g.rows] as const] : []))), [state.groups]);
  const sizeById = useMemo(() => new Map((state.groups ?? []).flatMap((g) => (g.size ? [[g.datasetId, g.size] as const] : []))), [state.groups]);
  const notes = (state.groups ?? []).flatMap((g) => g.notes.map((n) => `${datasets.find((d) => d.id === g.datasetId)?.label ?? g.datasetId}: ${n}`));
  const comparisons = useMemo(
    () =>
      pairs.flatMap(({ a, b }) => {
        const ra: GroupRow[] | undefined = byId.get(a);
        const rb: GroupRow[] | undefined = byId.get(b);
        const la = datasets.find((d) => d.id === a);
        const lb = datasets.find((d) => d.id === b);
        return ra && rb && la && lb ? [{ a: { id: a, label: la.label }, b: { id: b, label: lb.label }, pairs: groupKey === 'size' ? bySizeAscending(pairGroups(ra, rb)) : pairGroups(ra, rb) }] : [];
      }),
    [byId, groupKey, JSON.stringify(pairs), JSON.stringify(datasets)],
  );
  return (
    <section data-testid="group-results" data-state={state.error ? 'failed' : state.groups ? 'ready' : 'computing'} data-key={state.groups ? groupKey : undefined}>
      <div className={styles.settings}>
        <GroupKeyPicker value={groupKey} onChange={onGroupKey} />
      </div>
      {state.error && <p role="alert" className="failure">{state.error}</p>}
      {!state.groups && !state.error && <p className="computing" data-testid="group-progress">Reading the trace files again to group their {noun}…</p>}
      {notes.map((n) => (
        <p key={n} className={styles.note} data-testid="group-note">{n}</p>
      ))}
      {state.groups && (
        <div data-testid="group-view">
          {comparisons.map((c) => (
            <GroupComparisonTable key={`${c.a.id}-${c.b.id}`} view={c} keyText={groupKey} noun={noun} order={groupKey === 'size' ? 'smallest size first' : undefined} />
          ))}
          {/* One under the other: a group table is as wide as the page's half at 1,440 px. */}
          <div>
            {datasets.flatMap((d) => {
              const rows = byId.get(d.id);
              return rows ? [<GroupTable key={d.id} view={{ ...d, rows }} keyText={groupKey} noun={noun} />] : [];
            })}
          </div>
          {sizeById.size > 0 && (
            <div>
              {datasets.flatMap((d) => {
                const size = sizeById.get(d.id);
                return size ? [<SizeClassTable key={d.id} view={{ ...d, size }} noun={noun} />] : [];
              })}
              <p className={styles.note}>
                Sizes come from each wait&apos;s parameters (blocks × the block size, block cnt, or bytes); waits whose event gives none are &quot;(no size)&quot;. Throughput is bytes per second of the
                waits&apos; own time, not the device&apos;s bandwidth. The command line sets other block sizes with --block-size and --redo-block-size.
              </p>
            </div>
          )}
          <p className={styles.note}>
            Exact statistics of each group, in µs, {sizeById.size > 0 ? 'smallest size first' : 'largest total first'}; quantiles are R type 7. A statistic the group is too small for is shown as – (median needs ≥ 2 {noun}, p99 ≥ 100).
          </p>
        </div>
      )}
    </section>
  );
}
