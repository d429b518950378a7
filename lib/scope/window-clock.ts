/**
 * Whether one record lies inside a time window while a file is read (issue 15 §1: "a wait, or a
 * call, is inside the window when its end time, its tim, lies in [from, to)"), on the same clock
 * as the samples' (window-selection.ts): the file's anchors come from a first pass over it, since
 * the nearest `***` stamp of a record can follow it. Used by the windowed profile
 * (windowed-visitor.ts) and the windowed groups (group-collector.ts).
 */
import { DatasetClock, placeTim, type AnchorTable, type ClockInput } from '../outliers/wall-clock';
import type { TimeWindow } from './time-window';
import { edgesVerdict } from './window-selection';

/** What the window needs of a file from the first pass: its unit and pid, its anchors and sessions. */
export type FileClock = ClockInput['files'][number];

export class WindowClock {
  private readonly clock: DatasetClock;
  private readonly tables = new Map<string | null, AnchorTable>();
  private readonly placed = { micros: NaN, domain: -1, offset: NaN };

  constructor(
    private readonly window: TimeWindow,
    file: FileClock,
  ) {
    this.clock = new DatasetClock({ samples: { count: 0, tim: new Float64Array(0), session: new Uint32Array(0) }, sessions: [], files: [file] });
  }

  /** Where a record ending at `raw` (its tim in the trace's units) of process `pid` lies. */
  verdict(raw: number, pid: string | null): 'in' | 'out' | 'unplaced' {
    if (raw !== raw) return 'unplaced';
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
