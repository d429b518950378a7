// Drives an AnalysisSession on the main thread the way the page drives the worker, and keeps every
// response, so tests can wait for a dataset's final status or a report.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { AnalysisSession } from '../../lib/worker/analysis-session';
import type { DatasetStatus, InputFile, WorkerRequest, WorkerResponse } from '../../lib/worker/protocol';
import type { WaitscopeReport } from '../../lib/report/report-schema';

export class SessionHarness {
  readonly messages: WorkerResponse[] = [];
  readonly session: AnalysisSession;
  /** Called with each message as it is posted (e.g. to cancel at a given moment). */
  onMessage: (m: WorkerResponse) => void = () => {};

  constructor(memoryBudgetBytes = 1 << 30) {
    this.session = new AnalysisSession(
      (m) => {
        this.messages.push(m);
        this.onMessage(m);
      },
      { memoryBudgetBytes, defaultEvent: 'log file sync' },
    );
  }

  send(request: WorkerRequest): Promise<void> {
    return this.session.handle(request);
  }

  lastStatus(datasetId: string): DatasetStatus {
    const statuses = this.messages.flatMap((m) => (m.type === 'status' && m.status.datasetId === datasetId ? [m.status] : []));
    const last = statuses.at(-1);
    if (!last) throw new Error(`no status for ${datasetId}`);
    return last;
  }

  async report(datasets: { datasetId: string; label: string }[], baseline = 1, event = 'log file sync'): Promise<WaitscopeReport> {
    const requestId = this.messages.length + 1;
    await this.send({ type: 'report', requestId, event, datasets, baseline });
    const reply = this.messages.find((m) => (m.type === 'report' || m.type === 'request-failed') && m.requestId === requestId);
    if (!reply || reply.type !== 'report') throw new Error(`no report: ${JSON.stringify(reply)}`);
    return reply.report;
  }
}

/** Files on disk as the browser's File objects, named by their path below `root`. */
export function inputFiles(paths: string[], root: string): InputFile[] {
  return paths.map((p) => ({ file: new File([readFileSync(p)], path.basename(p)), path: path.relative(root, p) }));
}
