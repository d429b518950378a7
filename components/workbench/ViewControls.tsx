'use client';
import { formatCount, type DisplayUnit } from '../display-units';
import { MAX_TOP_WAITS, type BucketMode, type ViewState } from './url-state';

/** N choices of Figure 15.16 besides the default; a value from the URL that is not among them is added. */
const TOP_CHOICES = [100, 250, 500, 1_000, 2_500, 5_000, MAX_TOP_WAITS];

type TopWaits = Pick<ViewState, 'topN' | 'topAxis'>;

export function ViewControls({
  unit,
  buckets,
  topWaits,
  onUnit,
  onBuckets,
  onTopWaits,
}: {
  unit: DisplayUnit;
  buckets: BucketMode;
  /** Figure 15.16's settings; without them (a shared report's page) there is no control for them. */
  topWaits?: TopWaits;
  onUnit: (u: DisplayUnit) => void;
  onBuckets: (b: BucketMode) => void;
  onTopWaits?: (t: TopWaits) => void;
}) {
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
      {topWaits && onTopWaits && <TopWaitsControls topWaits={topWaits} onTopWaits={onTopWaits} />}
    </>
  );
}

function TopWaitsControls({ topWaits, onTopWaits }: { topWaits: TopWaits; onTopWaits: (t: TopWaits) => void }) {
  const choices = topWaits.topN === null || TOP_CHOICES.includes(topWaits.topN) ? TOP_CHOICES : [...TOP_CHOICES, topWaits.topN].sort((a, b) => a - b);
  return (
    <fieldset className="control" data-testid="top-waits-switch">
      <legend>Top waits (Fig. 15.16)</legend>
      <label>
        N{' '}
        <select
          data-testid="top-waits-n"
          value={topWaits.topN === null ? 'auto' : String(topWaits.topN)}
          onChange={(e) => onTopWaits({ ...topWaits, topN: e.target.value === 'auto' ? null : Number(e.target.value) })}
        >
          <option value="auto">auto: 2.5 % of the smallest dataset, 100–10,000</option>
          {choices.map((n) => (
            <option key={n} value={String(n)}>
              {formatCount(n)}
            </option>
          ))}
        </select>
      </label>
      <label><input type="radio" name="top-axis" checked={topWaits.topAxis === 'linear'} onChange={() => onTopWaits({ ...topWaits, topAxis: 'linear' })} /> linear axis</label>
      <label><input type="radio" name="top-axis" checked={topWaits.topAxis === 'log'} onChange={() => onTopWaits({ ...topWaits, topAxis: 'log' })} /> log axis</label>
    </fieldset>
  );
}
