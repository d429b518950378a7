'use client';
/**
 * Throwaway preview of the result figures (issue 4 §3) on the book's synthetic experiment, for
 * looking at them in Chromium while the real results page is built. The report is built in the
 * page from the calibrated model at a tenth of the book's scale unless `?commits=` says otherwise;
 * `?unit=ms` and `?bucket=log2` pick the view.
 */
import { useEffect, useState } from 'react';
import { AllWaitsFigure, type BucketMode } from '@/components/charts/AllWaitsFigure';
import { SpectrumFigure } from '@/components/charts/SpectrumFigure';
import { TopWaitsFigure } from '@/components/charts/TopWaitsFigure';
import type { DisplayUnit } from '@/components/display-units';
import { buildReport } from '@/lib/report/build-report';
import type { WaitscopeReport } from '@/lib/report/report-schema';
import { bookExperimentWaits } from '@/lib/synth/book-experiment';

function buildPreviewReport(commits: number): WaitscopeReport {
  const presets = [
    { id: 'flash-on', label: 'Flash logging on', preset: 'flash-on' },
    { id: 'flash-off', label: 'Flash logging off', preset: 'flash-off' },
  ] as const;
  const inputs = presets.map(({ id, label, preset }) => {
    const waits = bookExperimentWaits(preset, { sessions: 20, commits });
    return { id, label, source: 'synthetic' as const, values: waits.values, sessions: waits.sessions, files: [] };
  });
  return buildReport(inputs, {
    event: 'log file sync',
    baseline: 1,
    bootstrap: false,
    generatorVersion: 'dev-preview',
    createdAt: new Date().toISOString(),
  });
}

export default function FiguresPreviewPage() {
  const [report, setReport] = useState<WaitscopeReport | null>(null);
  const [unit, setUnit] = useState<DisplayUnit>('us');
  const [bucketMode, setBucketMode] = useState<BucketMode>('log10');
  const [elapsed, setElapsed] = useState<number | null>(null);

  useEffect(() => {
    const query = new URLSearchParams(window.location.search);
    if (query.get('unit') === 'ms') setUnit('ms');
    if (query.get('bucket') === 'log2') setBucketMode('log2');
    const commits = Number(query.get('commits') ?? 20_000);
    // Let the "building" line paint before the synchronous build blocks the page.
    const timer = setTimeout(() => {
      const start = performance.now();
      setReport(buildPreviewReport(commits));
      setElapsed(performance.now() - start);
    }, 0);
    return () => clearTimeout(timer);
  }, []);

  return (
    <main style={{ maxWidth: '64rem' }}>
      <h1>Figures preview</h1>
      <p className="tagline">Synthetic data calibrated to Table 15.1 (development page).</p>
      <p>
        <button type="button" onClick={() => setUnit(unit === 'us' ? 'ms' : 'us')} data-testid="toggle-unit">
          unit: {unit}
        </button>{' '}
        <button type="button" onClick={() => setBucketMode(bucketMode === 'log10' ? 'log2' : 'log10')} data-testid="toggle-bucket">
          buckets: {bucketMode}
        </button>{' '}
        {report ? <span data-testid="report-ready">built in {Math.round(elapsed ?? 0)} ms</span> : <span>building the report…</span>}
      </p>
      {report && (
        <>
          <AllWaitsFigure report={report} unit={unit} bucketMode={bucketMode} />
          <TopWaitsFigure report={report} unit={unit} />
          <SpectrumFigure report={report} unit={unit} />
        </>
      )}
    </main>
  );
}
