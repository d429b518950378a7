'use client';
import type { ProgressUpdate } from '@/lib/worker/protocol';
import { formatCount, formatFixed } from '../display-units';
import { ProgressHistogram } from './ProgressHistogram';

const MB = 1e6;

function formatSeconds(s: number): string {
  if (!Number.isFinite(s) || s < 0) return '…';
  if (s < 60) return `${Math.ceil(s)} s`;
  return `${Math.floor(s / 60)} min ${Math.ceil(s % 60)} s`;
}

/** A determinate bar with what a user waiting on a 2 GB file wants: how far, how fast, how long still. */
export function ProgressBar({ progress, onCancel }: { progress: ProgressUpdate; onCancel: () => void }) {
  const seconds = progress.elapsedMs / 1000;
  const rate = seconds > 0 ? progress.done / seconds : 0;
  const left = rate > 0 ? (progress.total - progress.done) / rate : Infinity;
  const reading = progress.phase === 'reading';
  const amount = reading
    ? `${formatFixed(progress.done / MB, 1)} of ${formatFixed(progress.total / MB, 1)} MB, ${formatFixed(rate / MB, 0)} MB/s`
    : `${formatCount(progress.done)} of ${formatCount(progress.total)} waits drawn`;
  return (
    <div className="progress" data-testid={`progress-${progress.datasetId}`}>
      <progress value={progress.done} max={Math.max(progress.total, 1)} aria-label={reading ? 'Reading traces' : 'Generating the demo'} />
      <div className="progress-facts">
        <span>{amount}</span>
        {reading && <span>{formatCount(progress.waits)} waits found</span>}
        {reading && progress.fileCount > 1 && <span>file {progress.fileIndex + 1} of {progress.fileCount}</span>}
        <span>{formatSeconds(left)} left</span>
        <button type="button" onClick={onCancel}>Cancel</button>
      </div>
      {progress.histogram && <ProgressHistogram datasetId={progress.datasetId} counts={progress.histogram} noun="waits" />}
    </div>
  );
}
