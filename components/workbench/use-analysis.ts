'use client';
/**
 * The page's side of the worker protocol as React state: the latest status and progress of each
 * dataset, the latest report, and failures. Replies to requests (report, sample export) resolve
 * promises; a report reply that a newer request has overtaken is dropped.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { WaitscopeReport } from '@/lib/report/report-schema';
import type { DatasetStatus, ProgressUpdate, WorkerRequest, WorkerResponse } from '@/lib/worker/protocol';
import { sharedAnalysisClient, type AnalysisClient } from '@/lib/worker/worker-client';

export interface ReportState {
  report: WaitscopeReport;
  elapsedMs: number;
  /** Reports the worker has built so far, this one included. */
  built: number;
  /** The caller's key of what the report was asked for (its data, event and baseline). */
  key: string;
}

type Reply = Extract<WorkerResponse, { requestId: number }>;

export function useAnalysis() {
  const client = useRef<AnalysisClient | null>(null);
  const waiting = useRef(new Map<number, (reply: Reply) => void>());
  const nextId = useRef(1);
  const latestReport = useRef(0);
  const [statuses, setStatuses] = useState<Record<string, DatasetStatus>>({});
  const [progress, setProgress] = useState<Record<string, ProgressUpdate>>({});
  const [report, setReport] = useState<ReportState | null>(null);
  const [reportError, setReportError] = useState<string | null>(null);
  const [computing, setComputing] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  useEffect(() => {
    const c = sharedAnalysisClient();
    client.current = c;
    const unsubscribe = c.subscribe((m) => {
      switch (m.type) {
        case 'status':
          setStatuses((s) => ({ ...s, [m.status.datasetId]: m.status }));
          if (m.status.state !== 'loading') setProgress((p) => withoutKey(p, m.status.datasetId));
          return;
        case 'progress':
          setProgress((p) => ({ ...p, [m.progress.datasetId]: m.progress }));
          return;
        case 'failure':
          setFailure(m.message);
          return;
        default:
          waiting.current.get(m.requestId)?.(m);
          waiting.current.delete(m.requestId);
      }
    });
    return unsubscribe;
  }, []);

  const send = useCallback((request: WorkerRequest) => client.current?.send(request), []);

  const ask = useCallback(<T extends Reply>(make: (requestId: number) => WorkerRequest): Promise<T | Extract<Reply, { type: 'request-failed' }>> => {
    const requestId = nextId.current++;
    return new Promise((resolve) => {
      waiting.current.set(requestId, (reply) => resolve(reply as T));
      client.current?.send(make(requestId));
    });
  }, []);

  const requestReport = useCallback(
    async (request: Omit<Extract<WorkerRequest, { type: 'report' }>, 'type' | 'requestId'>, key: string) => {
      setComputing(true);
      const reply = await ask<Extract<Reply, { type: 'report' }>>((requestId) => {
        latestReport.current = requestId;
        return { type: 'report', requestId, ...request };
      });
      if (reply.requestId !== latestReport.current) return; // overtaken by a newer request
      setComputing(false);
      if (reply.type === 'request-failed' && reply.stale) return; // the data changed under it; a new request follows
      if (reply.type === 'report') {
        setReport({ report: reply.report, elapsedMs: reply.elapsedMs, built: reply.built, key });
        setReportError(null);
      } else {
        setReportError(reply.message);
      }
    },
    [ask],
  );

  const clearReport = useCallback(() => {
    latestReport.current = 0;
    setComputing(false);
    setReport(null);
  }, []);

  const exportSamples = useCallback(
    (datasetId: string) => ask<Extract<Reply, { type: 'samples' }>>((requestId) => ({ type: 'export-samples', requestId, datasetId })),
    [ask],
  );

  return { statuses, progress, report, reportError, computing, failure, send, ask, requestReport, clearReport, exportSamples };
}

function withoutKey<T>(record: Record<string, T>, key: string): Record<string, T> {
  if (!(key in record)) return record;
  const copy = { ...record };
  delete copy[key];
  return copy;
}
