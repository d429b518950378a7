'use client';
/**
 * The outliers that travelled in a shared report (issue 6 §6): the timeline, the top waits with their
 * moment, file and line, and the clusters with what co-occurred. Read-only, and without trace lines:
 * those never leave the sender's machine.
 */
import type { WaitscopeReport } from '@/lib/report/report-schema';
import { TimelineFigure } from '../charts/TimelineFigure';
import { HeatMapFigure } from '../charts/HeatMapFigure';
import { heatColourRange } from '../charts/heat-map-option';
import { heatMapOfShared } from '@/lib/report/shared-heat-map';
import { WaitCells, WaitTableHead } from './WaitTable';
import { SHARED_TIMELINE_POINTS } from '@/lib/outliers/timeline';
import { noDefaultThresholdNote } from '@/lib/outliers/clusters';
import { NoClusters } from './NoClusters';
import { formatCount, formatNumber, formatTime, type DisplayUnit } from '../display-units';

/**
 * A shared timeline cut to its budget keeps only its longest waits whole (outlierSection), so its
 * line can sit above the dataset's p99: then the label must not call it the p99.
 */
export function keepNameOf(keepAbove: number, p99: number | null): string {
  return p99 !== null && keepAbove <= p99 * (1 + 1e-12) ? 'p99' : `the longest ${formatCount(SHARED_TIMELINE_POINTS / 4)} from`;
}

export function SharedOutliers({ report, unit }: { report: WaitscopeReport; unit: DisplayUnit }) {
  const withOutliers = report.datasets.map((d, i) => ({ d, i, o: d.outliers })).filter((x) => x.o);
  if (withOutliers.length === 0) return null;
  const timed = withOutliers.filter((x) => x.o!.timeline.kind !== 'none');
  const kind = timed[0]?.o!.timeline.kind === 'utc' ? 'utc' : 'local';
  const series = timed.filter((x) => x.o!.timeline.kind === kind).map((x) => ({ label: x.d.label, colorIndex: x.i, points: { t: Float64Array.from(x.o!.timeline.t), ela: Float64Array.from(x.o!.timeline.ela) }, keepAbove: x.o!.timeline.keepAbove, keepName: keepNameOf(x.o!.timeline.keepAbove, x.d.summary.p99) }));
  // The heat maps as shared (issue 15 §3): on the wall clock, frequency, at the sender's automatic interval.
  const maps = withOutliers.flatMap((x) => (x.o!.heatMap ? [{ ...heatMapOfShared(x.o!.heatMap), datasetId: x.d.id, label: x.d.label }] : []));
  const colourRange = heatColourRange(maps, 'count');
  // A dataset too small for a p99.9 travels without one (outlierSection, migrate-v1-to-v2): no line for it.
  const p999 = Math.min(...withOutliers.flatMap((x) => (x.o!.threshold === null ? [] : [x.o!.threshold])));
  return (
    <section className="outlier-panel" data-testid="shared-outliers">
      <h2>Outliers (as shared)</h2>
      <p className="hint">The trace lines around each wait are not part of a shared report: they stay with the sender.</p>
      {maps.map((m) => (
        <div key={m.datasetId} data-dataset={m.datasetId}>
          <HeatMapFigure map={m} unit={unit} colour="count" axis="clock" colourRange={colourRange} xMax={null} />
        </div>
      ))}
      {series.length > 0 && <TimelineFigure series={series} unit={unit} thresholds={[...(Number.isFinite(p999) ? [p999] : []), 500_000]} timeKind={kind} />}
      {/* One table per dataset, as on the sender's page (TopWaitLists.tsx): each dataset's worst wait heads its own list. */}
      <h3>The longest waits of each dataset</h3>
      {withOutliers.map(({ d, o }) => (
        <section key={d.id} className="top-waits-of" data-testid="top-waits-of" data-dataset={d.id}>
          <h4>{d.label}: its {formatNumber(o!.top.length)} longest waits</h4>
          <div className="wait-table">
            <table data-testid="outlier-rows" data-dataset={d.id}>
              <WaitTableHead unit={unit} />
              <tbody>
                {[...o!.top].sort((a, b) => b.ela - a.ela).map((r, k) => (
                  <tr key={k} data-file={r.file} data-line={r.line} data-ela={r.ela}>
                    <WaitCells rank={k + 1} label={d.label} ela={r.ela} time={`${r.time ?? '–'}${r.timeKind === 'local' ? ' (local)' : ''}`} session={r.session ?? '–'} file={r.file} line={r.line} unit={unit} />
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </section>
      ))}
      {withOutliers.map(({ d, o }) => (
        <section key={d.id} className="clusters" data-testid="clusters">
          {o!.threshold === null ? (
            <NoClusters label={d.label} note={noDefaultThresholdNote(d.summary.count) ?? 'Clusters need a threshold'} />
          ) : (
            <h3>{d.label}: {o!.clusters.length} clusters of waits above {formatTime(o!.threshold, unit, { withUnit: true })}</h3>
          )}
          <ol>
            {o!.clusters.map((c, k) => (
              <li key={k}>
                {c.start ?? '?'} – {c.end ?? '?'}: {c.count} waits, worst {formatTime(c.worstEla, unit, { withUnit: true })} ({c.worstFile} line {c.worstLine})
                <ul className="co-occurrence">
                  {c.switches.map((s, j) => <li key={`s${j}`} className="log-switch">log switch: {s.event} {formatTime(s.ela, unit, { withUnit: true })} (line {s.line})</li>)}
                  {c.events.map((e) => <li key={e.event}>{e.event}: {e.count} waits, longest {formatTime(e.maxEla, unit, { withUnit: true })}</li>)}
                </ul>
              </li>
            ))}
          </ol>
        </section>
      ))}
    </section>
  );
}
