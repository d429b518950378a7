'use client';
/**
 * What the outlier analysis could not place, named as the CLI names it (`tim-out-of-range`), once
 * per dataset with its count and lines: the rows say "tim out of range" one at a time, the timeline
 * and clusters silently leave such waits out, so the panel says so once. A note, not an error:
 * every other figure of the dataset stands.
 */
import type { DatasetOutliers } from '@/lib/worker/outlier-requests';

interface Props {
  outliers: DatasetOutliers[];
  labelOf: (datasetId: string) => string;
}

export function OutlierWarnings({ outliers, labelOf }: Props) {
  const warned = outliers.flatMap((o) => o.analysis.warnings.map((w) => ({ datasetId: o.datasetId, w })));
  if (warned.length === 0) return null;
  return (
    <ul className="warnings" data-testid="outlier-warnings">
      {warned.map(({ datasetId, w }) => (
        <li key={`${datasetId}/${w.code}`} data-dataset={datasetId} data-code={w.code} data-count={w.count}>
          {labelOf(datasetId)}: <code>{w.code}</code>: {w.message}
        </li>
      ))}
    </ul>
  );
}
