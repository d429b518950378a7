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
import type { BucketMode } from './workbench/url-state';
import { ExportBar } from './workbench/ExportBar';

export interface ResultsViewProps {
  report: WaitscopeReport;
  unit: DisplayUnit;
  buckets: BucketMode;
  /** Absent when the view is read-only. */
  onThresholdsChange?: (micros: number[]) => void;
}

export function ResultsView({ report, unit, buckets, onThresholdsChange }: ResultsViewProps) {
  return (
    <>
      <ComparisonTable report={report} unit={unit} />
      <ExportBar report={report} buckets={buckets} />
      <AllWaitsFigure report={report} unit={unit} bucketMode={buckets} />
      <TopWaitsFigure report={report} unit={unit} />
      <SpectrumFigure report={report} unit={unit} />
      <ThresholdTable report={report} unit={unit} onThresholdsChange={onThresholdsChange} />
    </>
  );
}
