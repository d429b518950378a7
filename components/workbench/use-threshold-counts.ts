'use client';
/**
 * The user's thresholds, counted apart from the report (lib/worker/threshold-counts.ts): editing
 * them asks the worker for these counts only, never for a new report. The counts of a key (the data,
 * event and baseline the report was made for) are kept while a newer set of thresholds is counted,
 * so the rows already shown stay; a threshold removed leaves at once.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import type { Ask } from '@/lib/worker/protocol';
import type { DatasetThresholdCounts } from '@/lib/worker/threshold-counts';

export interface ThresholdCountsRequest {
  /** The report's key: counts are only ever shown with the report of the same key. */
  key: string;
  event: string;
  datasetIds: string[];
  /** µs, without the report's fixed ones. */
  thresholds: number[];
}

export function useThresholdCounts(ask: Ask, request: ThresholdCountsRequest | null): DatasetThresholdCounts[] {
  const [held, setHeld] = useState<{ key: string; counts: DatasetThresholdCounts[] } | null>(null);
  const latest = useRef(0);
  const spec = request && request.thresholds.length > 0 ? request : null;
  const specKey = spec && JSON.stringify(spec);
  useEffect(() => {
    if (!spec) return;
    const mine = ++latest.current;
    void ask('threshold-counts', { event: spec.event, datasetIds: spec.datasetIds, thresholds: spec.thresholds }).then((reply) => {
      // An overtaken reply is dropped; a stale one (the data is loading) is followed by a new key.
      if (mine === latest.current && reply.type === 'threshold-counts') setHeld({ key: spec.key, counts: reply.counts });
    });
    // specKey holds everything spec does.
  }, [specKey, ask]);
  const key = spec?.key ?? null;
  const wanted = spec?.thresholds.join(',') ?? '';
  // The same array while nothing changes: the results view merges it into the report it shows.
  return useMemo(() => {
    if (!held || held.key !== key) return NONE;
    const keep = new Set(wanted.split(',').map(Number));
    return held.counts.map((c) => ({ ...c, counts: c.counts.filter((t) => keep.has(t.threshold)) }));
  }, [held, key, wanted]);
}

const NONE: DatasetThresholdCounts[] = [];
