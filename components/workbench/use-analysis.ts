'use client';
/**
 * The page's side of the worker protocol as React state: the latest status and progress of each
 * dataset, the latest report, and failures. Replies to requests (report, sample export) resolve
 * promises; a report reply that a newer request has overtaken is dropped.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { WaitscopeReport } from '@/lib/report/report-schema';
import { createAsker, type Asker } from '@/lib/worker/asker';
import type { Ask, DatasetStatus, ProgressUpdate, Questions, WorkerRequest } from '@/lib/worker/protocol';
import { sharedAnalysisClient, type AnalysisClient } from '@/lib/worker/worker-client';

export interface ReportState {
  report: WaitscopeReport;
  elapsedMs: number;
  /** Reports the worker has built so far, this one included. */
  built: number;
  /** The caller's key of what the report was asked for (its data, event and baseline). */
  key: string;
}

export function useAnalysis() {
  const client = useRef<AnalysisClient | null>(null);
  const asker = useRef<Asker | null>(null);
  asker.current ??= createAsker((request) => client.current?.send(request));
  /** The latest report asked for: an older one's reply is dropped. */
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
          asker.current?.receive(m);
      }
    });
    return unsubscribe;
  }, []);

  const send = useCallback((request: WorkerRequest) => client.current?.send(request), []);

  const ask: Ask = useCallback((type, question) => asker.current!.ask(type, question), []);

  const requestReport = useCallback(
    async (request: Questions['report'], key: string) => {
      setComputing(true);
      const mine = ++latestReport.current;
      const reply = await ask('report', request);
      if (mine !== latestReport.current) return; // overtaken by a newer request
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
    latestReport.current++;
    setComputing(false);
    setReport(null);
  }, []);

  const exportSamples = useCallback((datasetId: string) => ask('export-samples', { datasetId }), [ask]);

  return { statuses, progress, report, reportError, computing, failure, send, ask, requestReport, clearReport, exportSamples };
}

function withoutKey<T>(record: Record<string, T>, key: string): Record<string, T> {
  if (!(key in record)) return record;
  const copy = { ...record };
  delete copy[key];
  return copy;
}
