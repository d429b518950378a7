'use client';
/**
 * The shape of the values read so far, drawn under a load's progress bar (issue 17 §4 "Progressive
 * results"): the worker's coarse log2 histogram (lib/worker/progress-histogram.ts), one bar per
 * bucket from the first to the last non-empty one, heights on a square-root scale so a small tail
 * still shows. Plain SVG: echarts would cost more than the few bars are worth while a load runs.
 */
import { formatCount, formatTime } from '../display-units';
import styles from './workbench-extras.module.css';

/** The lower edge of bucket k, µs: 0 for bucket 0, else 2^(k−1). */
const lowerEdge = (k: number) => (k === 0 ? 0 : 2 ** (k - 1));

export function ProgressHistogram({ datasetId, counts, noun }: { datasetId: string; counts: readonly number[]; noun: string }) {
  const first = counts.findIndex((n) => n > 0);
  if (first < 0) return null;
  let last = counts.length - 1;
  while (counts[last] === 0) last--;
  const shown = counts.slice(first, last + 1);
  const total = counts.reduce((a, b) => a + b, 0);
  const top = Math.sqrt(Math.max(...shown));
  const W = 100 / shown.length;
  const range = `${formatTime(lowerEdge(first), 'us', { withUnit: true })} to ${formatTime(lowerEdge(last + 1), 'us', { withUnit: true })}`;
  return (
    <figure className={styles.progressHistogram} data-testid={`progress-histogram-${datasetId}`} data-total={total}>
      <svg viewBox="0 0 100 24" preserveAspectRatio="none" role="img" aria-label={`So far ${formatCount(total)} ${noun}, from ${range}, by log2 bucket`}>
        {shown.map((n, i) => {
          const h = n === 0 ? 0 : Math.max(1, (24 * Math.sqrt(n)) / top);
          return <rect key={i} x={i * W + W * 0.1} width={W * 0.8} y={24 - h} height={h} />;
        })}
      </svg>
      <figcaption>
        {formatCount(total)} {noun} so far, {range}
      </figcaption>
    </figure>
  );
}
