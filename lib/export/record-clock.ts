import { DatasetClock, placeTim, UTC_DOMAIN, LOCAL_DOMAIN, type AnchorTable } from '../outliers/wall-clock';
import type { FileClock } from '../scope/window-clock';

/**
 * Wall-clock times of one file's records while it is read, on the clock every view uses
 * (lib/outliers/wall-clock.ts: the nearest `***` stamp of the record's process), from the file's
 * anchors found by a first pass (a record's nearest stamp can follow it).
 */
export class RecordClock {
  private readonly clock: DatasetClock;
  private pid: string | null | undefined = undefined;
  private table: AnchorTable | null = null;
  /** `anchor`: the last nearest anchor of `table` (placeTim starts from it). */
  private readonly placed = { micros: NaN, domain: -1, offset: NaN, anchor: -1 };
  /** The last place()'s local wall time and UTC instant (µs since 1970-01-01), NaN when it has none. */
  local = NaN;
  utc = NaN;

  constructor(file: FileClock) {
    this.clock = new DatasetClock({ samples: { count: 0, tim: new Float64Array(0), session: new Uint32Array(0) }, sessions: [], files: [file] });
  }

  /** Places a record of process `pid` ending at `raw` (its tim in the trace's unit; NaN: none). */
  place(raw: number, pid: string | null): void {
    this.local = NaN;
    this.utc = NaN;
    if (raw !== raw) return;
    if (pid !== this.pid || this.table === null) {
      this.table = this.clock.tableFor(0, pid);
      this.pid = pid;
      this.placed.anchor = -1;
    }
    const placed = this.placed;
    placed.offset = NaN;
    placeTim(this.table, raw, placed);
    if (placed.domain === UTC_DOMAIN) {
      this.utc = placed.micros;
      this.local = placed.micros + placed.offset * 60e6;
    } else if (placed.domain === LOCAL_DOMAIN) this.local = placed.micros;
  }
}
