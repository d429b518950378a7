'use client';
import type { WindowActivity } from '@/lib/outliers/co-occurrence';
import type { WindowSummary } from '@/lib/outliers/analyze';
import { formatNumber, formatTime, type DisplayUnit } from '../display-units';
import { NoClusters } from './NoClusters';
import { nounFor } from '@/lib/stats/minimum-counts';
import { useValuesNoun } from '../values-noun';

export interface DatasetClusters {
  datasetId: string;
  /** Null when the dataset is too small for the default p99.9: then no windows, and `thresholdNote` says why. */
  threshold: number | null;
  thresholdNote: string | null;
  minCount: number;
  outliers: number | null;
  windows: WindowSummary[];
  /** What else the traces show in each window, once the second pass is done. */
  activity: WindowActivity[] | null;
  /** Why the second pass failed, when it did. */
  activityProblem: string | null;
  hasTraceLines: boolean;
}

const clock = (iso: string | null, micros: number) => (iso ? iso.replace('T', ' ') : `tim ${formatNumber(micros)}`);

/** Time windows where outliers bunch up, each with its worst wait and what else happened in it. */
interface Props {
  clusters: DatasetClusters[];
  unit: DisplayUnit;
  onWindow: (c: DatasetClusters, w: WindowSummary) => void;
  /** The dataset's label as it is now: renaming a dataset does not recompute its clusters. */
  labelOf: (datasetId: string) => string;
}

export function ClusterList({ clusters, unit, onWindow, labelOf }: Props) {
  // Calls or commits when one of them is measured: the clusters are of the measured values (the
  // page said "clusters of waits" of FETCH calls). What co-occurred (below) is waits either way.
  const noun = useValuesNoun();
  return (
    <div className="clusters" data-testid="clusters">
      {clusters.map((c) => (
        <section key={c.datasetId} data-dataset={c.datasetId}>
          {c.threshold === null ? (
            <NoClusters label={labelOf(c.datasetId)} note={c.thresholdNote ?? 'Clusters need a threshold'} />
          ) : (
            <>
              <h3>
                {labelOf(c.datasetId)}: {c.windows.length} cluster{c.windows.length === 1 ? '' : 's'} of {noun} above {formatTime(c.threshold, unit, { withUnit: true })} (p99.9)
              </h3>
              <p className="hint">
                A cluster is {c.minCount} or more of the {formatNumber(c.outliers ?? 0)} {nounFor(c.outliers ?? 0, noun)} above the threshold, each ending close to the previous one.
              </p>
            </>
          )}
          <ol>
            {c.windows.map((w, i) => {
              const act = c.activity?.[i];
              return (
                <li key={i} data-count={w.count}>
                  <button type="button" className="link" onClick={() => onWindow(c, w)}>
                    {clock(w.startIso, w.start)} – {clock(w.endIso, w.end)}
                  </button>
                  : {w.count} {nounFor(w.count, noun)}, worst {formatTime(w.worstEla, unit, { withUnit: true })} ({w.worstRow.file} line {formatNumber(w.worstRow.line)})
                  {act && (
                    <ul className="co-occurrence">
                      {act.switches.map((s, k) => (
                        <li key={`s${k}`} className="log-switch">
                          log switch: {s.event} {formatTime(s.ela, unit, { withUnit: true })} (line {formatNumber(s.line)})
                        </li>
                      ))}
                      {act.events.slice(0, 6).map((e) => (
                        <li key={e.event}>
                          {e.event}: {formatNumber(e.count)} waits, longest {formatTime(e.maxEla, unit, { withUnit: true })}
                        </li>
                      ))}
                    </ul>
                  )}
                  {!act && c.hasTraceLines && !c.activityProblem && <span className="hint"> (reading what else happened…)</span>}
                  {!act && c.activityProblem && <span className="failure"> (what else happened could not be read: {c.activityProblem})</span>}
                </li>
              );
            })}
          </ol>
        </section>
      ))}
    </div>
  );
}
