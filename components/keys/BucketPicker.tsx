'use client';
/**
 * Figure 15.15's buckets without a mouse: a list of the buckets that hold waits, each with every
 * dataset's count. The arrow keys choose one, Enter (or the button) lists its waits in the outlier
 * panel: the same selection as a click on that bucket (figure-selection.ts).
 */
import { useId, useMemo, useState } from 'react';
import type { WaitscopeReport } from '@/lib/report/report-schema';
import { formatCount, formatTime, type DisplayUnit } from '../display-units';
import type { BucketMode } from '../charts/all-waits-option';
import { allWaitsBuckets, allWaitsSelection, type BucketChoice } from '../charts/figure-selection';
import type { RangeSelection } from '../charts/range-selection';
import { datasetNames } from '../charts/dataset-names';
import styles from './keys.module.css';

function bucketText(c: BucketChoice, names: readonly string[], unit: DisplayUnit): string {
  const range = Number.isFinite(c.hi) ? `${formatTime(c.lo, unit)} to under ${formatTime(c.hi, unit, { withUnit: true })}` : `${formatTime(c.lo, unit, { withUnit: true })} and up`;
  return `${range}: ${c.counts.map((n, i) => `${names[i]} ${formatCount(n)}`).join(', ')}`;
}

export function BucketPicker({ report, mode, unit, onSelect }: { report: WaitscopeReport; mode: BucketMode; unit: DisplayUnit; onSelect: (s: RangeSelection) => void }) {
  const id = useId();
  const choices = useMemo(() => allWaitsBuckets(report, mode), [report, mode]);
  const names = datasetNames(report);
  const [at, setAt] = useState(0);
  const chosen = choices[Math.min(at, choices.length - 1)];
  if (!chosen) return null;
  const list = () => {
    const s = allWaitsSelection(report, mode, chosen.datasetIndex, chosen.binIndex);
    if (s) onSelect(s);
  };
  return (
    <div className={styles.buckets} data-testid="bucket-picker">
      <label htmlFor={id}>Bucket (arrow keys choose, Enter lists its waits)</label>{' '}
      <select
        id={id}
        data-testid="bucket-select"
        value={String(Math.min(at, choices.length - 1))}
        onChange={(e) => setAt(Number(e.target.value))}
        onKeyDown={(e) => {
          if (e.key !== 'Enter') return;
          e.preventDefault();
          list();
        }}
      >
        {choices.map((c, i) => (
          <option key={c.lo} value={String(i)} data-counts={c.counts.join(',')}>
            {bucketText(c, names, unit)}
          </option>
        ))}
      </select>{' '}
      <button type="button" data-testid="bucket-list" onClick={list}>
        List its waits
      </button>
    </div>
  );
}
