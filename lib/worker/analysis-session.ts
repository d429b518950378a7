/**
 * Everything the page's worker holds and does: the datasets (their `File`s, parse results, CSV values
 * or synthetic waits) and loading them with progress and cancel; reports come from dataset-reports.ts. It only
 * answers WorkerRequests with WorkerResponses through `post`, so the same class runs in the worker
 * (parse-worker.ts) and on the main thread in tests.
 */
import { countAboveThresholdsOfCounts } from '../stats/thresholds';
import { SYNTH_DEFAULTS } from '../synth/book-experiment';
import type { Post, QuestionOf, WorkerRequest } from './protocol';
import { DatasetLoader } from './dataset-loader';
import { DatasetReports } from './dataset-reports';
import { DatasetWindows } from './dataset-windows';
import { demoKey, emptyDataset, type DatasetState } from './dataset-state';
import { exportSamplesBlob } from './export-samples';
import { answerParquet } from './parquet-request';
import { RangeHelper } from './range-port';
import { investigate } from './investigate-request';
import { OutlierCache } from './outlier-cache';
import { ProfileCache } from './profile-request';
import { OverTimeCache } from './over-time-request';
import { CommitPathCache } from './commit-path-request';
import { GroupCache } from './group-request';
import { shareContent } from './share-request';
import { sha256Hex } from './sha256-file';
import { statusOf } from './status';
import { markLikelyCopies } from './likely-copy-notes';
import { markSharedStamps } from './shared-stamp-notes';
import type { MeasureFields } from './measure-fields';

/** How long a large file waits for a range worker that is still starting. */
const HELPER_START_WAIT_MS = 3000;

export class AnalysisSession {
  private readonly datasets = new Map<string, DatasetState>();
  /** Datasets emptied by Clear, kept for Undo until the next load needs the memory. */
  private readonly cleared = new Map<string, DatasetState>();
  /** What every dataset is read for: an event's waits, a call type or the commit (measure-fields.ts). */
  private measure: MeasureFields;
  /** Range workers that answered, by the index worker-client.ts gave them. */
  private readonly helpers = new Map<number, RangeHelper>();
  private readyHelpers: RangeHelper[] = [];
  private readonly reports = new DatasetReports();
  private readonly outlierPasses = new OutlierCache();
  private readonly profilePasses = new ProfileCache({ helpers: () => this.rangeHelpers() });
  /** Each dataset's time window and windowed view: what every statistic reads (peek). */
  private readonly windows = new DatasetWindows();
  private readonly overTimePasses = new OverTimeCache();
  private readonly commitPaths = new CommitPathCache();
  private readonly groupPasses = new GroupCache();

  constructor(
    private readonly post: Post,
    private readonly options: { memoryBudgetBytes: number; now?: () => number; defaultEvent: string },
  ) {
    this.measure = { event: options.defaultEvent };
  }

  /** Handles one request; resolves when its work (a load, a report) has finished. */
  async handle(request: WorkerRequest): Promise<void> {
    switch (request.type) {
      case 'range-helper': {
        const helper = new RangeHelper(request.port);
        this.helpers.set(request.index, helper);
        void helper.ready.then(() => {
          if (this.helpers.get(request.index) === helper) this.readyHelpers = [...this.readyHelpers, helper];
        });
        return;
      }
      case 'range-helper-lost': {
        const helper = this.helpers.get(request.index);
        this.helpers.delete(request.index);
        this.readyHelpers = this.readyHelpers.filter((h) => h !== helper);
        helper?.lost();
        return;
      }
      case 'add-files':
        this.measure = measureOf(request);
        this.forgetCleared();
        return this.loader(request.datasetId).addFiles(request.files, this.measure, request.memoryBudgetBytes ?? this.options.memoryBudgetBytes);
      case 'demo':
        this.forgetCleared();
        return this.demo(request);
      case 'cancel':
        this.datasets.get(request.datasetId)?.abort?.abort();
        return;
      case 'clear':
        return this.clear(request.datasetId);
      case 'undo-clear':
        return this.undoClear(request.datasetId);
      case 'remove-file':
        return this.removeFile(request.datasetId, request.name);
      case 'cell-text': {
        const d = this.state(request.datasetId);
        if (request.text === null) d.cells.clear();
        else d.cells.add(d.cells.nextPastedName(), request.text);
        this.post({ type: 'status', status: statusOf(d) });
        return;
      }
      case 'set-event':
        return this.setMeasure(measureOf(request));
      case 'set-window':
        return this.windows.set(request.datasetId, request.window);
      case 'report':
        return this.report(request);
      case 'threshold-counts':
        return this.thresholdCounts(request);
      case 'export-samples':
        return this.exportSamples(request.requestId, request.datasetId);
      case 'fingerprints':
        return this.fingerprints(request.requestId, request.datasetIds);
      case 'share-content':
        return this.shareContent(request);
      case 'profiles':
        return this.profilePasses.answer(request, request.datasetIds.map((id) => this.peekWhole(id)), this.post, (id) => this.windows.windowOf(id));
      case 'over-time':
        return this.overTime(request);
      case 'commit-path':
        // The pairing reads each file's own lines, whole: a time window does not cut it.
        return this.commitPaths.answer(request, request.datasetIds.map((id) => this.peekWhole(id)), this.post);
      case 'groups':
        // The Group view reads each file again (group-request.ts), and cuts it to the dataset's window itself.
        return this.groupPasses.answer(request, request.datasetIds.map((id) => this.peekWhole(id)), this.post, (id) => this.windows.windowOf(id));
      case 'parquet':
        return answerParquet(request, this.peekWhole(request.datasetId), this.post);
      case 'outliers':
      case 'select':
      case 'export-selection':
      case 'co-occurrence':
      case 'context':
        return investigate(request, { peek: (id) => this.peek(id), passes: this.outlierPasses, post: this.post });
    }
  }

  private clear(datasetId: string): void {
    const d = this.datasets.get(datasetId);
    d?.abort?.abort();
    this.datasets.delete(datasetId);
    // A dataset still loading is not kept: what Undo would restore is not yet known.
    const keep = d && d.source !== 'empty' && d.state !== 'loading' ? d : null;
    if (keep) this.cleared.set(datasetId, keep);
    else this.cleared.delete(datasetId);
    const cleared = keep ? { files: keep.traces.length + keep.csv.length, waits: keep.waitCount() } : null;
    this.post({ type: 'status', status: { ...statusOf(emptyDataset(datasetId, this.measure)), cleared } });
  }

  private async undoClear(datasetId: string): Promise<void> {
    const kept = this.cleared.get(datasetId);
    const now = this.datasets.get(datasetId);
    if (!kept || (now && now.source !== 'empty')) return;
    this.cleared.delete(datasetId);
    this.datasets.set(datasetId, kept);
    this.post({ type: 'status', status: statusOf(kept) });
    // Cleared before another measure was chosen: read it again for the one shown now.
    if (kept.event !== this.measure.event) await this.loader(datasetId).reparse(this.measure, this.options.memoryBudgetBytes);
  }

  /** A load is coming: the memory of cleared datasets is released, and their Undo withdrawn. */
  private forgetCleared(): void {
    for (const id of this.cleared.keys()) {
      this.cleared.delete(id);
      if (!this.datasets.has(id)) this.post({ type: 'status', status: statusOf(emptyDataset(id, this.measure)) });
    }
  }

  private async removeFile(datasetId: string, name: string): Promise<void> {
    const d = this.datasets.get(datasetId);
    if (!d) return;
    // A file being read is simply dropped: the running load finishes it into an entry no longer listed.
    d.traces = d.traces.filter((t) => t.name !== name);
    d.csv = d.csv.filter((c) => c.status.name !== name);
    if (d.traces.length === 0 && d.csv.length === 0) {
      d.abort?.abort();
      this.datasets.delete(datasetId);
      this.post({ type: 'status', status: statusOf(emptyDataset(datasetId, this.measure)) });
      return;
    }
    if (d.traces.length === 0) d.source = 'csv';
    markSharedStamps(d); // the removed file's stamps go with it (and again below, once the copies are known)
    d.refreshProfile();
    this.post({ type: 'status', status: statusOf(d) });
    // A copy removed: the file it copied is no copy of anything now. Posted again only for the
    // dataset still shown (not one cleared or emptied meanwhile: requests do not wait for this one).
    if ((await markLikelyCopies(d)) && this.datasets.get(datasetId) === d) this.post({ type: 'status', status: statusOf(d) });
  }

  /**
   * The range workers that answered. One still starting (the page has just loaded: its isolate
   * boots and compiles the kernel) is waited for a little: a 1 GiB file read alone takes longer.
   */
  private async rangeHelpers(): Promise<readonly RangeHelper[]> {
    const starting = [...this.helpers.values()].filter((h) => !this.readyHelpers.includes(h));
    if (starting.length > 0) await Promise.race([Promise.all(starting.map((h) => h.ready)), new Promise((resolve) => setTimeout(resolve, HELPER_START_WAIT_MS))]);
    return this.readyHelpers;
  }

  /** Bytes of sample columns held by every dataset: what the memory budget is spent on. */
  private samplesHeld(except?: string): number {
    let n = 0;
    for (const d of this.datasets.values()) if (d.id !== except) n += d.waitCount();
    return n;
  }

  /**
   * A dataset for a read-only request, as its time window shows it (dataset-windows.ts): the held
   * one, or an empty stand-in that is not kept. Every statistic, list and export reads this.
   */
  private peek(datasetId: string): DatasetState {
    const d = this.datasets.get(datasetId);
    return d ? this.windows.viewOf(d) : emptyDataset(datasetId, this.measure);
  }

  /** The dataset's whole run: what reads its files again (the profile, which takes its window's edges itself) rather than its waits. */
  private peekWhole(datasetId: string): DatasetState {
    return this.datasets.get(datasetId) ?? emptyDataset(datasetId, this.measure);
  }

  private state(datasetId: string): DatasetState {
    let d = this.datasets.get(datasetId);
    if (!d) {
      d = emptyDataset(datasetId, this.measure);
      this.datasets.set(datasetId, d);
    }
    return d;
  }

  private loader(datasetId: string): DatasetLoader {
    const d = this.state(datasetId);
    // A dataset cleared (or replaced by a demo) while it loads must not come back through its loader's messages.
    const post: Post = (m) => {
      if (this.datasets.get(datasetId) !== d) return;
      // Its data has settled: its Sample is counted now, once, so the report the page asks next only reads it.
      if (m.type === 'status' && m.status.state === 'ready') settleSample(d);
      this.post(m);
    };
    return new DatasetLoader(d, post, {
      now: this.options.now ?? (() => performance.now()),
      samplesHeldElsewhere: () => this.samplesHeld(datasetId),
      rangeHelpers: () => this.rangeHelpers(),
    });
  }

  private async setMeasure(measure: MeasureFields): Promise<void> {
    this.measure = measure;
    await Promise.all([...this.datasets.values()].map((d) => this.loader(d.id).reparse(measure, this.options.memoryBudgetBytes)));
  }

  /** The book demo into a fresh dataset (DatasetLoader.demo); the same demo again keeps the one running or done. */
  private demo(request: Extract<WorkerRequest, { type: 'demo' }>): Promise<void> {
    const { datasetId, preset, sessions = SYNTH_DEFAULTS.sessions, commits = SYNTH_DEFAULTS.commits } = request;
    const old = this.datasets.get(datasetId);
    // A double click, or a reload replaying ?demo=book.
    if (old && old.demoKey === demoKey(preset, sessions, commits) && (old.state === 'loading' || old.state === 'ready')) {
      this.post({ type: 'status', status: statusOf(old) });
      return Promise.resolve();
    }
    old?.abort?.abort();
    this.datasets.set(datasetId, emptyDataset(datasetId, { event: request.event }));
    return this.loader(datasetId).demo(preset, sessions, commits);
  }

  /**
   * Why a request over these datasets cannot be answered yet, or null. One over datasets still being
   * read, or read for another event, would show one event's numbers under another's name: it is
   * stale, and the page asks again when the load is done.
   */
  private staleness(datasetIds: readonly string[], event: string): string | null {
    const unready = datasetIds.map((id) => this.peek(id)).find((d) => d.state === 'loading' || (!d.synthetic && d.event !== event));
    return unready ? `${unready.id} is still being read for '${unready.event}'` : null;
  }

  private report(request: QuestionOf<'report'>): void {
    const now = this.options.now ?? (() => performance.now());
    const started = now();
    const stale = this.staleness(request.datasets.map((s) => s.datasetId), request.event);
    if (stale) return this.post({ type: 'request-failed', requestId: request.requestId, stale: true, message: stale });
    try {
      const report = this.reports.reportOf(request, (id) => this.peek(id));
      this.post({ type: 'report', requestId: request.requestId, report, elapsedMs: now() - started, built: this.reports.built });
    } catch (error) {
      this.post({ type: 'request-failed', requestId: request.requestId, message: `The report could not be computed: ${error instanceof Error ? error.message : String(error)}` });
    }
  }

  private countsOf(datasetIds: string[], thresholds: number[]) {
    // countAboveThresholdsOfCounts adds 500 ms, which the report already has: the reply holds what was asked.
    const asked = new Set(thresholds);
    return datasetIds.map((datasetId) => ({
      datasetId,
      counts: countAboveThresholdsOfCounts(this.peek(datasetId).sample().counts, thresholds).filter((t) => asked.has(t.threshold)),
    }));
  }

  private thresholdCounts(request: QuestionOf<'threshold-counts'>): void {
    const stale = this.staleness(request.datasetIds, request.event);
    if (stale) return this.post({ type: 'request-failed', requestId: request.requestId, stale: true, message: stale });
    try {
      this.post({ type: 'threshold-counts', requestId: request.requestId, counts: this.countsOf(request.datasetIds, request.thresholds) });
    } catch (error) {
      this.post({ type: 'request-failed', requestId: request.requestId, message: `The waits above the thresholds could not be counted: ${error instanceof Error ? error.message : String(error)}` });
    }
  }

  /** Issue 15 §3: the heat maps of latency over time (over-time-request.ts). */
  private overTime(request: QuestionOf<'over-time'>): void {
    try {
      this.post({ type: 'over-time', requestId: request.requestId, ...this.overTimePasses.answer(request, (id) => this.peek(id)) });
    } catch (error) {
      this.post({ type: 'request-failed', requestId: request.requestId, message: `The heat map could not be computed: ${error instanceof Error ? error.message : String(error)}` });
    }
  }

  /** SHA-256 of every input file of the datasets, for a shared report (read again, never kept). */
  private async fingerprintsOf(datasetIds: string[]): Promise<Record<string, Record<string, string>>> {
    const out: Record<string, Record<string, string>> = {};
    for (const id of datasetIds) {
      const d = this.datasets.get(id);
      if (!d) continue;
      out[id] = {};
      for (const t of d.traces) out[id][t.name] = await sha256Hex(t);
      for (const c of d.csv) if (c.file) out[id][c.status.name] = await sha256Hex(c.file);
    }
    return out;
  }

  private async fingerprints(requestId: number, datasetIds: string[]): Promise<void> {
    try {
      this.post({ type: 'fingerprints', requestId, files: await this.fingerprintsOf(datasetIds) });
    } catch (error) {
      this.post({ type: 'request-failed', requestId, message: `The files could not be read again to fingerprint them: ${error instanceof Error ? error.message : String(error)}` });
    }
  }

  private async shareContent(request: QuestionOf<'share-content'>): Promise<void> {
    const { requestId } = request;
    const stale = this.staleness(request.datasets.map((s) => s.datasetId), request.event);
    if (stale) return this.post({ type: 'request-failed', requestId, stale: true, message: stale });
    try {
      const extras = await shareContent(
        {
          report: (spec) => this.reports.reportOf(spec, (id) => this.peek(id)),
          thresholdCounts: (ids, thresholds) => this.countsOf(ids, thresholds),
          fingerprints: (ids) => this.fingerprintsOf(ids),
          outliers: (id, label, options) => this.outlierPasses.outliers(this.peek(id), label, options),
          coOccurrence: (id, windows) => this.outlierPasses.coOccurrence(this.peek(id), windows),
          profiles: (ids, thinkTimeMicros) => this.profilePasses.profilesOf(ids.map((id) => this.peekWhole(id)), thinkTimeMicros, this.post, (id) => this.windows.windowOf(id)),
          heatMaps: (specs) => this.overTimePasses.answer({ datasets: specs, intervalMicros: null, origin: 'clock' }, (id) => this.peek(id)).results,
        },
        request,
      );
      this.post({ type: 'share-content', requestId, extras });
    } catch (error) {
      this.post({ type: 'request-failed', requestId, message: `The report could not be prepared for sharing: ${error instanceof Error ? error.message : String(error)}` });
    }
  }

  private async exportSamples(requestId: number, datasetId: string): Promise<void> {
    const d = this.datasets.get(datasetId);
    if (!d) {
      this.post({ type: 'request-failed', requestId, message: 'That dataset has no samples to export.' });
      return;
    }
    const { blob, rows } = exportSamplesBlob(this.windows.viewOf(d));
    this.post({ type: 'samples', requestId, datasetId, blob, rows });
  }
}

/** Builds a ready dataset's Sample ahead of the report; a failure (a NaN wait) is left for the report to tell. */
function settleSample(d: DatasetState): void {
  try {
    d.sample();
  } catch {
    // the report builds it again and says why it cannot
  }
}

/** The measure a request names: its label, and a call or commit measure when it has one. */
function measureOf(request: MeasureFields): MeasureFields {
  return request.measure ? { event: request.event, measure: request.measure } : { event: request.event };
}
