/**
 * What else the traces show inside each outlier window: every event whose wait overlaps the
 * window (count, longest wait and where it is) and the log switches among them.
 *
 * The parser keeps samples of one event only, so this is a second pass over each file, through
 * lib/trace's own scanner with a visitor (scanTrace): it books exactly the WAIT records the parser
 * booked, glued ones included. A wait is [end − ela, end] with end = its tim mapped by the clock of
 * its process (wall-clock.ts, same anchors as the samples); it co-occurs with a window of the
 * same time domain when the two intervals overlap, so a `log file switch completion` that began
 * before the first outlier and released them all is found.
 *
 * Log switches: trace-format.md lists no `***` line for a log switch, and the real corpus has
 * none, so they are the WAIT events a session sees while the redo log switches (Oracle Database
 * Reference, wait events): `log file switch completion`, `log file switch (checkpoint incomplete)`,
 * `log file switch (archiving needed)`, `log file switch (private strand flush incomplete)`,
 * `log file switch (clearing log file)`, and `switch logfile command`.
 */
import { scanTrace } from '../trace/scan-trace';
import type { RecordPosition, VisitedWait } from '../trace/trace-visitor';
import { NO_EVENT } from '../trace/types';
import type { OutlierWindow } from './clusters';
import { placeTim, type AnchorTable } from './wall-clock';

const SWITCH = /^log file switch|^switch logfile command$/;
/** Switch waits kept per window; counts are exact, the list is for reading. */
export const MAX_SWITCHES_PER_WINDOW = 50;

export function isLogSwitchEvent(name: string): boolean {
  return SWITCH.test(name);
}

export interface EventActivity {
  event: string;
  count: number;
  /** µs */
  maxEla: number;
  /** Where the longest one is. */
  file: number;
  line: number;
}

export interface SwitchWait {
  event: string;
  ela: number;
  /** End time on the window's axis, µs. */
  micros: number;
  file: number;
  line: number;
}

export interface WindowActivity {
  /** Every event overlapping the window, most frequent first (ties: longer, then name). */
  events: EventActivity[];
  switches: SwitchWait[];
}

/** What the scan of one file needs to know about it. */
export interface CoOccurrenceFile {
  fileIndex: number;
  /** The anchors of a process of this file: DatasetClock.tableFor(fileIndex, pid). */
  clockOf: (pid: string | null) => AnchorTable;
}

/** Per-window accumulator; one for all files of a dataset. */
export interface CoOccurrence {
  windows: readonly OutlierWindow[];
  byWindow: { events: Map<string, EventActivity>; switches: SwitchWait[] }[];
  /** Per domain: window indices sorted by end, and the longest (end − start) among them. */
  index: Map<number, { order: number[]; ends: Float64Array; maxSpan: number }>;
}

export function createCoOccurrence(windows: readonly OutlierWindow[]): CoOccurrence {
  const index: CoOccurrence['index'] = new Map();
  windows.forEach((w, k) => {
    const d = index.get(w.domain) ?? { order: [], ends: new Float64Array(0), maxSpan: 0 };
    d.order.push(k);
    d.maxSpan = Math.max(d.maxSpan, w.end - w.start);
    index.set(w.domain, d);
  });
  for (const d of index.values()) {
    d.order.sort((a, b) => (windows[a] as OutlierWindow).end - (windows[b] as OutlierWindow).end);
    d.ends = Float64Array.from(d.order, (k) => (windows[k] as OutlierWindow).end);
  }
  return { windows, index, byWindow: windows.map(() => ({ events: new Map(), switches: [] })) };
}

/**
 * One file's WAIT records into the accumulator. `source` is the file as stored: gzip is unwrapped
 * by its magic bytes (lib/trace's decompress), so lines match the parser's. gzip data that ends
 * early or is corrupt ends the pass there, as it ended the parser's (which warned about it); a
 * failing source throws.
 */
export async function scanCoOccurrence(source: AsyncIterable<Uint8Array>, file: CoOccurrenceFile, acc: CoOccurrence): Promise<void> {
  if (acc.windows.length === 0) return;
  let pid: string | null | undefined; // the process of `table`; undefined before the first wait
  let table: AnchorTable | null = null;
  const placed = { micros: 0, domain: 0 };
  const hits: number[] = []; // reused: this runs for every WAIT of every file
  const onWait = (w: VisitedWait, at: RecordPosition) => {
    if (w.tim !== w.tim) return; // no tim: not on any time axis
    if (table === null || at.pid !== pid) {
      pid = at.pid;
      table = file.clockOf(pid);
    }
    placeTim(table, w.tim, placed);
    const n = overlapping(acc, placed.domain, placed.micros - w.ela, placed.micros, hits);
    if (n > 0) book(acc, hits, n, w.event, w.ela, placed.micros, file.fileIndex, at.line);
  };
  // No event is selected (NO_EVENT): no wait is kept, and onWait sees every one.
  const scanned = await scanTrace(source, { event: NO_EVENT, fileName: '', fileIndex: file.fileIndex, keep: 'counts', visitor: { onWait } });
  if (scanned.dataError?.fromSource) throw scanned.dataError.sourceError;
}

/** Writes into `hits` the indices of windows of `domain` whose [start, end] meets [begin, end]; returns how many. */
function overlapping(acc: CoOccurrence, domain: number, begin: number, end: number, hits: number[]): number {
  const d = acc.index.get(domain);
  if (!d) return 0;
  // First window ending at or after `begin`; later ones start no earlier than their end − maxSpan.
  let lo = 0;
  let hi = d.ends.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((d.ends[mid] as number) < begin) lo = mid + 1;
    else hi = mid;
  }
  let n = 0;
  for (let k = lo; k < d.ends.length && (d.ends[k] as number) - d.maxSpan <= end; k++) {
    const w = acc.windows[d.order[k] as number] as OutlierWindow;
    if (w.start <= end) hits[n++] = d.order[k] as number;
  }
  return n;
}

function book(acc: CoOccurrence, hits: number[], n: number, event: string, ela: number, micros: number, file: number, line: number): void {
  const isSwitch = isLogSwitchEvent(event);
  for (let h = 0; h < n; h++) {
    const k = hits[h] as number;
    const slot = acc.byWindow[k] as CoOccurrence['byWindow'][number];
    const seen = slot.events.get(event);
    if (!seen) slot.events.set(event, { event, count: 1, maxEla: ela, file, line });
    else {
      seen.count++;
      if (ela > seen.maxEla) Object.assign(seen, { maxEla: ela, file, line });
    }
    if (isSwitch && slot.switches.length < MAX_SWITCHES_PER_WINDOW) slot.switches.push({ event, ela, micros, file, line });
  }
}

/** The result per window, in the order of `acc.windows`. */
export function finishCoOccurrence(acc: CoOccurrence): WindowActivity[] {
  return acc.byWindow.map((slot) => ({
    events: [...slot.events.values()].sort((a, b) => b.count - a.count || b.maxEla - a.maxEla || (a.event < b.event ? -1 : 1)),
    switches: slot.switches.slice().sort((a, b) => a.micros - b.micros || a.file - b.file || a.line - b.line),
  }));
}
