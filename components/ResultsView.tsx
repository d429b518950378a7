'use client';
/**
 * Everything drawn from a report: first one sentence per comparison that answers its question
 * (lib/stats/answer-sentence.ts), then the comparison table, exports, the figures and the thresholds.
 * The workbench and a shared report's page (/r/[id]) draw the same view from the same report: the
 * workbench one view at a time (`part`, components/layout/views.ts), a shared report all of it.
 */
import { useMemo, type ReactNode } from 'react';
import { answerOfComparison } from '@/lib/report/comparison-answer';
import type { WaitscopeReport } from '@/lib/report/report-schema';
import { withThresholdCounts, type DatasetThresholdCounts } from '@/lib/worker/threshold-counts';
import { AllWaitsFigure } from './charts/AllWaitsFigure';
import { SpectrumFigure } from './charts/SpectrumFigure';
import { TopWaitsFigure } from './charts/TopWaitsFigure';
import type { TopWaitsSettings } from './charts/top-waits-option';
import { ComparisonTable } from './ComparisonTable';
import type { DisplayUnit } from './display-units';
import { ThresholdTable } from './ThresholdTable';
import { WindowLines } from './WindowLines';
import type { RangeSelection } from './charts/range-selection';
import { selectionOf, type FigureSelection } from './outliers/figure-selection';
import type { BucketMode } from './workbench/url-state';
import { ExportBar, type AskParquet } from './workbench/ExportBar';

export interface ResultsViewProps {
  report: WaitscopeReport;
  unit: DisplayUnit;
  buckets: BucketMode;
  /** Figure 15.16's N and x axis (default: N for the datasets' sizes, linear). */
  topWaits?: TopWaitsSettings;
  /**
   * The user's thresholds, counted apart from the report: only the tables and exports take them, so
   * the figures (drawn from `report` alone) have nothing new to draw when a threshold changes.
   */
  thresholdCounts?: readonly DatasetThresholdCounts[];
  /** Absent when the view is read-only. */
  onThresholdsChange?: (micros: number[]) => void;
  /** A click on a bucket or bar, or a drag across the spectrum: the waits of that range (issue 6 §1), by dataset id. */
  onSelectRange?: (selection: FigureSelection) => void;
  /** Drawn right after the comparison table (the workbench's cell flash log panel); absent in a shared report. */
  besideComparison?: ReactNode;
  /**
   * The one view drawn: the comparison (answers and table), the distribution (Figure 15.15 and the
   * spectrum) or the tail (Figure 15.16 and the thresholds); absent: all of them, one after another.
   * `exports` false: the downloads are elsewhere (the workbench header's Download menu).
   */
  part?: ResultsPart;
  exports?: boolean;
  /** The workbench's Parquet download of a dataset (ExportBar); absent in a shared report, which has no files. */
  parquet?: AskParquet;
}

export type ResultsPart = 'comparison' | 'distribution' | 'tail';

export function ResultsView({ report: figures, unit, buckets, topWaits, thresholdCounts, onThresholdsChange, onSelectRange, besideComparison, part, exports = true, parquet }: ResultsViewProps) {
  const report = useMemo(() => withThresholdCounts(figures, thresholdCounts ?? []), [figures, thresholdCounts]);
  // Indexes into the report drawn here become ids now, before the datasets can change.
  const onRange = onSelectRange && ((r: RangeSelection) => onSelectRange(selectionOf(r, report)));
  const shows = (p: ResultsPart) => part === undefined || part === p;
  return (
    <>
      <WindowLines report={report} />
      {shows('comparison') && (
        <>
          {report.comparisons.length > 0 && (
            <section className="answers" data-testid="answers">
              {report.comparisons.map((c) => (
                <p key={`${c.treatment}-${c.baseline}`} className="answer" data-comparison={`${c.treatment}-${c.baseline}`}>
                  {answerOfComparison(report, c)}
                </p>
              ))}
            </section>
          )}
          <ComparisonTable report={report} unit={unit} />
          {besideComparison}
          {exports && <ExportBar report={report} buckets={buckets} {...(parquet && { parquet })} />}
        </>
      )}
      {shows('distribution') && <AllWaitsFigure report={figures} unit={unit} bucketMode={buckets} onSelectRange={onRange} />}
      {shows('tail') && <TopWaitsFigure report={figures} unit={unit} settings={topWaits} onSelectRange={onRange} />}
      {shows('distribution') && <SpectrumFigure report={figures} unit={unit} onSelectRange={onRange} />}
      {shows('tail') && <ThresholdTable report={report} unit={unit} onThresholdsChange={onThresholdsChange} />}
    </>
  );
}
