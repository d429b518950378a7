/**
 * Whether one record lies inside a time window while a file is read (issue 15 §1: "a wait, or a
 * call, is inside the window when its end time, its tim, lies in [from, to)"), on the same clock
 * as the samples' (window-selection.ts): the file's anchors come from a first pass over it, since
 * the nearest `***` stamp of a record can follow it. Used by the windowed profile
 * (windowed-visitor.ts) and the windowed groups (group-collector.ts).
 */
import { DatasetClock, placeTim, type AnchorTable, type ClockInput } from '../outliers/wall-clock';
import type { TimeWindow } from './time-window';
import { edgesVerdict, fileAsDataset, sessionScales, sessionSpans } from './window-selection';

/** What the window needs of a file from the first pass: its unit and pid, its anchors and sessions. */
export type FileClock = ClockInput['files'][number];

/** A file's first pass with its samples (their tim and session): what the skips need too. */
export type FileClockWithSamples = FileClock & { samples: ClockInput['samples'] };

export class WindowClock {
  private readonly clock: DatasetClock;
  private readonly tables = new Map<string | null, AnchorTable>();
  private readonly placed = { micros: NaN, domain: -1, offset: NaN };
  /** With skips and the file's samples: each session's span (µs) as window-selection.ts cuts the samples, and µs per tim unit. */
  private readonly spans: { start: Float64Array; end: Float64Array } | null = null;
  private readonly scale: number = 1;

  constructor(
    private readonly window: TimeWindow,
    file: FileClock | FileClockWithSamples,
  ) {
    this.clock = new DatasetClock({ samples: { count: 0, tim: new Float64Array(0), session: new Uint32Array(0) }, sessions: [], files: [file] });
    if ((window.skipFirstMicros > 0 || window.skipLastMicros > 0) && 'samples' in file) {
      // The file's sessions as one dataset's: the same spans the samples are cut with.
      const input = fileAsDataset(file);
      this.spans = sessionSpans(input, sessionScales(input), window);
      this.scale = sessionScales(input)[0] ?? 1;
    }
  }

  /** Whether the skips are applied (the file's samples were given); without them only From and To are. */
  get skips(): boolean {
    return this.spans !== null;
  }

  /** Where a record ending at `raw` (its tim in the trace's units) of process `pid` and session `session` (the file's) lies. */
  verdict(raw: number, pid: string | null, session = 0): 'in' | 'out' | 'unplaced' {
    if (raw !== raw) return 'unplaced';
    if (this.spans) {
      const t = raw * this.scale;
      if (!(t >= (this.spans.start[session] ?? -Infinity) && t <= (this.spans.end[session] ?? Infinity))) return 'out';
    }
    const placed = this.placed;
    placed.offset = NaN;
    placeTim(this.tableOf(pid), raw, placed);
    return edgesVerdict(this.window, raw, placed);
  }

  private tableOf(pid: string | null): AnchorTable {
    let table = this.tables.get(pid);
    if (!table) {
      table = this.clock.tableFor(0, pid);
      this.tables.set(pid, table);
    }
    return table;
  }
}
