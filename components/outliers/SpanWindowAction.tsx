'use client';
/**
 * After a drag across the outlier timeline: "Use this span as the analysis window" (issue 15 §1),
 * for every dataset on that time axis or for one of them. The span becomes the window's From and
 * To in the axis's own time (window-spec.ts windowSpecOfSpan), so the typed fields show it.
 */
import { useState } from 'react';
import type { TimelineTimeKind } from '../charts/timeline-option';
import { windowSpecOfSpan, type WindowSpec } from '../workbench/window-spec';

export interface BrushedSpan {
  t0: number;
  t1: number;
  kind: TimelineTimeKind;
  /** The datasets drawn on that axis, by id, with their labels now. */
  datasets: { datasetId: string; label: string }[];
}

const ALL = '*';

export function SpanWindowAction({ span, onUse }: { span: BrushedSpan; onUse: (ids: string[], spec: WindowSpec) => void }) {
  const [target, setTarget] = useState(ALL);
  const spec = windowSpecOfSpan(span.t0, span.t1, span.kind);
  const ids = target === ALL ? span.datasets.map((d) => d.datasetId) : [target];
  return (
    <p className="hint" data-testid="span-window">
      Brushed [{spec.from}, {spec.to}).{' '}
      <button type="button" data-testid="span-window-use" onClick={() => onUse(ids, spec)}>
        Use this span as the analysis window
      </button>{' '}
      for{' '}
      <select aria-label="Datasets the window is for" data-testid="span-window-target" value={target} onChange={(e) => setTarget(e.target.value)}>
        <option value={ALL}>{span.datasets.length > 1 ? 'all datasets on this time axis' : 'this dataset'}</option>
        {span.datasets.length > 1 &&
          span.datasets.map((d) => (
            <option key={d.datasetId} value={d.datasetId}>
              {d.label} only
            </option>
          ))}
      </select>
    </p>
  );
}
