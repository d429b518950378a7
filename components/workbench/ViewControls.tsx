'use client';
import type { DisplayUnit } from '../display-units';
import type { BucketMode } from './url-state';

export function ViewControls({ unit, buckets, onUnit, onBuckets }: { unit: DisplayUnit; buckets: BucketMode; onUnit: (u: DisplayUnit) => void; onBuckets: (b: BucketMode) => void }) {
  return (
    <>
      <fieldset className="control" data-testid="unit-switch">
        <legend>Units</legend>
        <label><input type="radio" name="unit" checked={unit === 'us'} onChange={() => onUnit('us')} /> µs</label>
        <label><input type="radio" name="unit" checked={unit === 'ms'} onChange={() => onUnit('ms')} /> ms</label>
      </fieldset>
      <fieldset className="control" data-testid="bucket-switch">
        <legend>Histogram</legend>
        <label><input type="radio" name="buckets" checked={buckets === 'log10'} onChange={() => onBuckets('log10')} /> log-spaced bins</label>
        <label><input type="radio" name="buckets" checked={buckets === 'log2'} onChange={() => onBuckets('log2')} /> Oracle log2 buckets</label>
      </fieldset>
    </>
  );
}
