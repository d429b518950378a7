'use client';
/**
 * The longest waits of each dataset, one table per dataset: in one merged list a dataset whose
 * waits are all shorter than another's tenth-longest would start at row 11, and its own worst
 * wait, the one a DBA looks for, would be hard to find.
 */
import type { DatasetOutliers, DatasetRow } from '@/lib/worker/outlier-requests';
import { formatNumber, type DisplayUnit } from '../display-units';
import { useValuesNoun } from '../values-noun';
import { WaitTable } from './WaitTable';

interface Props {
  /** Rows asked for per dataset. */
  top: number;
  outliers: DatasetOutliers[];
  unit: DisplayUnit;
  onPick: (row: DatasetRow) => void;
  picked: DatasetRow | null;
  labelOf: (datasetId: string) => string;
}

export function TopWaitLists({ top, outliers, unit, onPick, picked, labelOf }: Props) {
  const noun = useValuesNoun();
  return (
    <>
      <h3 data-testid="outlier-list-title">
        The {top} longest {noun} of each dataset
      </h3>
      <p className="hint">Longest first, one table per dataset. Click a row to see its trace lines.</p>
      {outliers.map((o) => (
        <section key={o.datasetId} className="top-waits-of" data-testid="top-waits-of" data-dataset={o.datasetId}>
          <h4>
            {labelOf(o.datasetId)}: its {formatNumber(o.top.rows.length)} longest of {formatNumber(o.top.total)} {noun}
          </h4>
          <WaitTable rows={o.top.rows} datasetId={o.datasetId} unit={unit} onPick={onPick} picked={picked} labelOf={labelOf} />
        </section>
      ))}
    </>
  );
}
