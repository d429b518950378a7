'use client';
/**
 * Everything drawn from a report: the comparison table, exports, the figures and the thresholds.
 * The workbench and a shared report's page (/r/[id]) draw the same view from the same report.
 */
import type { WaitscopeReport } from '@/lib/report/report-schema';
import { AllWaitsFigure } from './charts/AllWaitsFigure';
import { SpectrumFigure } from './charts/SpectrumFigure';
import { TopWaitsFigure } from './charts/TopWaitsFigure';
import { ComparisonTable } from './ComparisonTable';
import type { DisplayUnit } from './display-units';
import { ThresholdTable } from './ThresholdTable';
import type { FigureSelection } from './outliers/OutlierPanel';
import type { BucketMode } from './workbench/url-state';
import { ExportBar } from './workbench/ExportBar';

export interface ResultsViewProps {
  report: WaitscopeReport;
  unit: DisplayUnit;
  buckets: BucketMode;
  /** Absent when the view is read-only. */
  onThresholdsChange?: (micros: number[]) => void;
  /** A click on a bucket or bar, or a drag across the spectrum: the waits of that range (issue 6 §1). */
  onSelectRange?: (selection: FigureSelection) => void;
}

export function ResultsView({ report, unit, buckets, onThresholdsChange, onSelectRange }: ResultsViewProps) {
  return (
    <>
      <ComparisonTable report={report} unit={unit} />
      <ExportBar report={report} buckets={buckets} />
      <AllWaitsFigure report={report} unit={unit} bucketMode={buckets} onSelectRange={onSelectRange} />
      <TopWaitsFigure report={report} unit={unit} onSelectRange={onSelectRange} />
      <SpectrumFigure report={report} unit={unit} onSelectRange={onSelectRange} />
      <ThresholdTable report={report} unit={unit} onThresholdsChange={onThresholdsChange} />
    </>
  );
}
