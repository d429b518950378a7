/**
 * Loads one dataset: CSV files through lib/csv, traces through lib/trace's parseTrace, one file after
 * another, or the book's synthetic experiment (lib/synth), reporting progress (bytes or waits) and
 * stopping on Cancel or when the samples would not fit in memory. Files added while a load runs join its queue.
 * Traces are read for the page's measure: an event's waits (large plain files on both cores), or a
 * call type or the commit, whose state (cursors, open commits) runs through the file, so each such
 * file is one whole-file visited scan, as the CLI reads it (lib/node/parse-files.ts).
 */
import { ProgressHistogram } from './progress-histogram';
import { ProfileCollector } from '../profile/profile-collector';
import { parseTrace } from '../trace/parse-trace';
import { callChoicesOf } from './call-choices';
import type { MeasureFields } from './measure-fields';
import { importSamplesCsv } from './csv-input';
import { readSysioFile } from './sysio-input';
import { cellTextOf } from './cell-inputs';
import type { TraceFileResult } from '../trace/types';
import type { Counts } from '../stats/counts';
import { CancelledError, inputSize, isRandomAccess, openInput } from './file-chunks';
import { expandArchive } from '../archive/blob-inputs';
import { RANGE_SIZES, type RangeSizes } from '../trace/range-schedule';
import { parseInRanges } from './parallel-parse';
import type { RangeHelper } from './range-port';
import { demoKey, syntheticNote, syntheticProfile, type DatasetState, type TraceEntry } from './dataset-state';
import { experimentSession } from '../synth/book-experiment';
import type { PresetName } from '../synth/wait-model';
import { failedStatus, queuedStatus, statusOfResult } from './file-status';
import { projectedSamples, samplesMemory, tooLargeMessage } from './memory-budget';
import type { InputFile, Post } from './protocol';
import { statusOf } from './status';
import { markLikelyCopies } from './likely-copy-notes';
import { withInputNotes } from './input-notes';
import { markSharedStamps } from './shared-stamp-notes';

/** Progress messages at most this often: enough for a smooth bar, few enough to cost nothing. */
const PROGRESS_INTERVAL_MS = 100;
/**
 * Reading for an event, a dataset of at most this many trace bytes is also visited for its calls,
 * so the picker lists them at once. A visited pass costs far more than the kernel's: 59 MB of the
 * commit loop (one EXEC and one XCTEND per wait) took 0.5-1.2 s instead of 30-80 ms here (Node, a
 * busy 2-core machine, 2026-12-01), so 16 MiB costs ~0.15-0.3 s more; larger datasets are counted
 * when a call or the commit is measured.
 */
const CALLS_COUNTED_UP_TO_BYTES = 16 << 20;
/** Judge a file's size only after this much of it: the first lines (header, SQL) are not typical. */
const PROJECT_AFTER_BYTES = 16 << 20;

const isCsvName = (name: string) => /\.csv$/i.test(name);

export class DatasetLoader {
  constructor(
    private readonly d: DatasetState,
    private readonly post: Post,
    private readonly env: {
      now: () => number;
      samplesHeldElsewhere: () => number;
      rangeHelpers: () => Promise<readonly RangeHelper[]>;
      /** Tests: smaller ranges, so a small file is read in ranges too. */
      rangeSizes?: RangeSizes;
    },
  ) {}

  private sendStatus(): void {
    this.post({ type: 'status', status: statusOf(this.d) });
  }

  async addFiles(files: InputFile[], measure: MeasureFields, budget: number): Promise<void> {
    const d = this.d;
    if (d.synthetic) {
      d.synthetic = null;
      d.demoKey = null;
      d.note = null;
    }
    d.error = null;
    const csv = files.filter((f) => isCsvName(f.path));
    const traces = files.filter((f) => !isCsvName(f.path));
    const drop = ++d.drops;
    for (const f of traces) {
      d.traces = d.traces.filter((t) => t.name !== f.path && t.member?.locator.archive !== f.path); // the same path again replaces it (an archive's members too)
      d.traces.push({ file: f.file, name: f.path, result: null, status: queuedStatus(f.path, f.file.size), drop });
    }
    d.traces.sort((a, b) => a.name.localeCompare(b.name)); // the CLI's order for a directory, so sessions number alike
    for (const f of csv) d.csv = d.csv.filter((c) => c.status.name !== f.path);
    if (d.state === 'loading' && d.event === measure.event) {
      this.sendStatus(); // the running load picks the new files up
      // Its statuses carry the warnings: the new files are still to be read when their ends are.
      await Promise.all([markLikelyCopies(d), ...csv.map((f) => this.addCsv(f))]);
      // Unless the load ended first: then the notes changed after its last status.
      if (d.state !== 'loading') this.sendStatus();
      return;
    }
    d.setMeasure(measure);
    const abort = this.startLoad(); // before any await, so a Cancel sent right after is heard
    await Promise.all([markLikelyCopies(d), ...csv.map((f) => this.addCsv(f))]);
    await this.run(abort, budget);
  }

  private startLoad(): AbortController {
    this.d.abort?.abort();
    const abort = new AbortController();
    this.d.abort = abort;
    // Loading from this moment: a report asked for before the first byte is read is stale too.
    if (this.d.traces.length > 0) this.d.state = 'loading';
    return abort;
  }

  /**
   * The dataset read again for another measure; synthetic waits are all 'log file sync', so only the
   * measure changes. A file's call choices stay: its calls are the same whatever is measured.
   */
  async reparse(measure: MeasureFields, budget: number): Promise<void> {
    const d = this.d;
    if (d.source === 'synthetic') {
      d.setMeasure(measure);
      this.sendStatus();
      return;
    }
    const abort = this.startLoad();
    d.setMeasure(measure);
    for (const t of d.traces) {
      if (t.member?.problem !== undefined) continue; // a member its archive cannot give stays as it was listed
      t.result = null;
      t.status = queuedStatus(t.name, inputSize(t));
    }
    await this.run(abort, budget);
  }

  /**
   * The book's experiment drawn into this (fresh) dataset, session by session: the third loader beside
   * traces and CSV files, with the same progress, Cancel and status messages.
   */
  async demo(preset: PresetName, sessions: number, commits: number): Promise<void> {
    const d = this.d;
    const abort = this.startLoad();
    d.demoKey = demoKey(preset, sessions, commits);
    d.source = 'synthetic';
    d.state = 'loading';
    d.note = syntheticNote(preset, sessions, commits);
    this.sendStatus();
    const started = this.env.now();
    const total = sessions * commits;
    const values = new Float64Array(total);
    const ids = new Uint32Array(total);
    const histogram = new ProgressHistogram();
    for (let i = 0; i < sessions; i++) {
      // Yield between sessions, so a Cancel (or another request) is heard while the demo draws.
      await new Promise((resolve) => setTimeout(resolve, 0));
      if (abort.signal.aborted) {
        d.state = 'cancelled';
        d.synthetic = null;
        this.sendStatus();
        return;
      }
      const session = experimentSession(preset, i, { commits });
      values.set(session, i * commits);
      histogram.addValues(session);
      ids.fill(i, i * commits, (i + 1) * commits);
      const done = (i + 1) * commits;
      this.post({ type: 'progress', progress: { datasetId: d.id, phase: 'generating', done, total, waits: done, elapsedMs: this.env.now() - started, fileIndex: 0, fileCount: 1, histogram: histogram.snapshot() } });
    }
    d.synthetic = { values, sessions: ids, preset };
    d.profile = syntheticProfile(values);
    d.abort = null;
    d.state = 'ready';
    this.sendStatus();
  }

  private async addCsv(f: InputFile): Promise<void> {
    const d = this.d;
    const outcome = await importSamplesCsv(f.file, f.path);
    if (outcome.ok) d.csv.push({ file: f.file, values: outcome.values, status: outcome.status });
    else d.csv.push({ file: f.file, values: new Float64Array(0), status: outcome.status });
    d.source = d.traces.length > 0 ? 'traces' : 'csv';
    if (d.traces.length === 0 && d.csv.length > 0) d.state = 'ready';
    this.sendStatus();
  }

  private async run(abort: AbortController, budget: number): Promise<void> {
    const d = this.d;
    if (d.traces.length === 0) {
      if (d.abort === abort) d.abort = null;
      return;
    }
    d.state = 'loading';
    d.source = 'traces';
    this.sendStatus();
    const started = this.env.now();
    let doneBytes = 0;
    let doneWaits = 0;
    let lastPost = -Infinity;
    // Filled as each file is read: the page draws it under the progress bar.
    const histogram = new ProgressHistogram();
    let drawn = false;
    for (let next = this.nextQueued(); next !== null; next = this.nextQueued()) {
      if (abort.signal.aborted) break;
      const entry = next;
      entry.status = { ...entry.status, state: 'reading' };
      const queue = d.traces.filter((t) => t.status.state === 'queued' || t === entry);
      const total = doneBytes + queue.reduce((n, t) => n + inputSize(t), 0);
      const progress = (bytes: number, waits: number, force = false) => {
        const now = this.env.now();
        if (!force && now - lastPost < PROGRESS_INTERVAL_MS) return;
        lastPost = now;
        const fileIndex = d.traces.indexOf(entry);
        this.post({ type: 'progress', progress: { datasetId: d.id, phase: 'reading', done: doneBytes + bytes, total, waits: doneWaits + waits, elapsedMs: now - started, fileIndex, fileCount: d.traces.length, ...(drawn && { histogram: histogram.snapshot() }) } });
      };
      progress(0, 0, true);
      if (await this.expandArchive(entry)) continue;
      const counted = await this.parseEntry(entry, abort, budget, progress);
      if (d.abort !== abort) break; // replaced by a newer run, which owns the entries now
      doneBytes += inputSize(entry);
      doneWaits += entry.status.waits;
      const read = entry.result;
      if (read) {
        // From counts where the parse made them (a few thousand distinct values, not millions of waits).
        const counts = counted ?? read.elaCounts;
        if (counts) histogram.addCounts(counts);
        else histogram.addValues(read.samples.ela.subarray(0, read.samples.count));
        drawn = true;
      }
      progress(0, 0, true);
      this.sendStatus();
    }
    // A run replaced by a newer one (another event, more files) leaves the entries to it.
    if (abort.signal.aborted && d.abort === abort) {
      for (const t of d.traces) if (t.status.state === 'queued' || t.status.state === 'reading') t.status = { ...t.status, state: 'cancelled' };
    }
    if (d.abort === abort) {
      d.abort = null;
      d.state = abort.signal.aborted ? 'cancelled' : 'ready';
    }
    markSharedStamps(d);
    d.refreshProfile();
    this.sendStatus();
  }

  /**
   * A dropped zip, tar or tar.gz (by its first bytes) is replaced by its member traces, queued in this
   * run, and by the members it cannot give, each failed with its message (lib/archive).
   */
  private async expandArchive(entry: TraceEntry): Promise<boolean> {
    if (entry.member) return false;
    let expanded;
    try {
      expanded = await expandArchive(entry.file, entry.name);
    } catch (error) {
      entry.status = failedStatus(entry.name, entry.file.size, 'unreadable', namingOnce(entry.name, error));
      return true;
    }
    if (!expanded) return false;
    const members: TraceEntry[] = expanded.inputs.map((m) => ({
      file: m.file,
      name: m.name,
      member: m.member,
      result: null,
      status: m.member.problem === undefined ? queuedStatus(m.name, inputSize(m)) : failedStatus(m.name, 0, 'unreadable', m.member.problem),
    }));
    this.d.traces = [...this.d.traces.filter((t) => t !== entry && !members.some((m) => m.name === t.name)), ...members].sort((a, b) => a.name.localeCompare(b.name));
    this.sendStatus();
    return true;
  }

  /** A dropped file that is CellCLI output (by content) leaves the traces for the cell metrics. */
  private async takeCellFile(entry: TraceEntry): Promise<boolean> {
    const text = await cellTextOf(entry.file);
    if (text === null) return false;
    this.d.traces = this.d.traces.filter((t) => t !== entry);
    this.d.cells.add(entry.name, text);
    return true;
  }

  private nextQueued(): TraceEntry | null {
    return this.d.traces.find((t) => t.status.state === 'queued') ?? null;
  }

  /** Reads one file into entry; gives the exact histogram of its ela when its parse made one (in ranges, each range's on its own thread). */
  private async parseEntry(entry: TraceEntry, abort: AbortController, budget: number, progress: (bytes: number, waits: number) => void): Promise<Counts | null> {
    const d = this.d;
    const fileAbort = new AbortController();
    const stop = () => fileAbort.abort();
    abort.signal.addEventListener('abort', stop);
    const size = inputSize(entry);
    const heldBytes = samplesMemory(this.env.samplesHeldElsewhere() + d.waitCount());
    let tooLarge: string | null = null;
    // Only the current run may write the entry: a run replaced mid-file must not overwrite the
    // newer run's queued state with a result for the old event.
    const current = () => d.abort === abort;
    const onProgress = (bytesRead: number, samples: number) => {
      progress(bytesRead, samples);
      if (tooLarge === null && (bytesRead >= PROJECT_AFTER_BYTES || bytesRead >= size)) {
        tooLarge = tooLargeMessage(entry.name, projectedSamples(samples, bytesRead, size), heldBytes, budget);
        if (tooLarge !== null) fileAbort.abort();
      }
    };
    const fileIndex = d.traces.indexOf(entry);
    const measure = d.measure;
    // A measure's file is visited anyway: its call types and statements come with it, for the picker;
    // a small dataset's too (CALLS_COUNTED_UP_TO_BYTES), unless they are known from an earlier read.
    const small = d.traces.reduce((n, t) => n + inputSize(t), 0) <= CALLS_COUNTED_UP_TO_BYTES;
    const collector = entry.calls == null && (measure !== null || small) ? new ProfileCollector() : null;
    let counted: Counts | null = null;
    try {
      // strace or fio output (lib/sysio), by content, for an event; a call or commit measure is for traces only.
      let result: TraceFileResult | null = measure === null ? await readSysioFile(entry.file, { name: entry.name, event: d.event, fileIndex, signal: fileAbort.signal, onProgress }) : null;
      const sizes = this.env.rangeSizes ?? RANGE_SIZES;
      const helpers = result === null && measure === null && size >= sizes.splitBytes && isRandomAccess(entry) ? await this.env.rangeHelpers() : [];
      if (helpers.length > 0) {
        try {
          const ranged = await parseInRanges({ file: entry.file, name: entry.name, event: d.event, fileIndex, helpers, signal: fileAbort.signal, onProgress, sizes });
          result = ranged?.result ?? null;
          counted = ranged?.elaHistogram ?? null;
        } catch (error) {
          if (error instanceof CancelledError || fileAbort.signal.aborted) throw error;
          result = null; // a range worker failed: read the file in one pass instead
        }
      }
      result ??= await parseTrace(openInput(entry, fileAbort.signal), {
        event: d.event,
        fileName: entry.name,
        fileIndex,
        onProgress,
        ...(measure && { measure }),
        ...(collector && { visitor: collector }),
      });
      // Small files are judged once read (the last progress call comes after the last chunk is parsed).
      // A Cancel inside a gzip file is thrown by parseTrace as the source's CancelledError, as in a
      // plain file; the signal is checked too, for a Cancel heard after the last chunk was read.
      if (tooLarge !== null || fileAbort.signal.aborted) throw new CancelledError();
      if (!current()) return null;
      if (result.outcome.kind === 'not-a-trace' && !entry.member && (await this.takeCellFile(entry))) return null;
      entry.result = result;
      entry.status = withInputNotes(statusOfResult(result, size), entry);
      if (collector && result.outcome.kind !== 'not-a-trace') entry.calls = callChoicesOf(collector.finish());
      return counted;
    } catch (error) {
      if (!current()) return null;
      entry.result = null;
      if (tooLarge !== null) entry.status = failedStatus(entry.name, size, 'too-large', tooLarge);
      else if (error instanceof CancelledError) entry.status = { ...queuedStatus(entry.name, size), state: 'cancelled' };
      else entry.status = failedStatus(entry.name, size, 'unreadable', namingOnce(entry.name, error));
      return null;
    } finally {
      abort.signal.removeEventListener('abort', stop);
    }
  }
}

/** The error's message naming the file once: an archive's messages name their member already. */
function namingOnce(name: string, error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.startsWith(name) ? message : `${name}: ${message}`;
}
