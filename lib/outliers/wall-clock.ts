/**
 * From a wait's `tim` to wall-clock time. `tim` has no fixed epoch (12.1.0.2+ writes small values),
 * so a time is extrapolated from the nearest `***` stamp of the same file and process whose first
 * following WAIT `tim` the parser recorded (TimeAnchor): wall = stamp + (tim − anchor tim). This is
 * what trctools ("wall clock readings are extrapolated") and jkstill's trace-combine do
 * (trace-format.md §1, sources S9, S16).
 *
 * Units (trace-format.md §1 table, sources S1, S2, S4): `tim` is in µs from 9i on and in
 * centiseconds in 7/8/8i, the same unit as `ela`, so the file's ela unit (decided from its banner)
 * scales it (lib/units.ts). In practice WAIT lines carry `tim` only from 10.2 on (§2), so the cs
 * case is kept for completeness. S3 reports that 9.2/10.2 on Linux/Solaris counted in ns/1024
 * (1.024 µs): undetectable from the file, it drifts 2.4 % of the distance to the anchor, which is
 * why the nearest anchor is taken rather than the first.
 *
 * The clock of `tim` is per process (§8.5: never mix tim of different processes), so anchors are
 * grouped by (file, pid): in trcsess output each `*** [ Unix process pid: N ]` block has its own
 * base; sessions of one process (several `*** SESSION ID` in one file) share it.
 *
 * Kinds of result: `utc` when the stamp has a UTC offset (12.2+ ISO stamps), µs since the Unix
 * epoch; `local` when it has none (`2012-08-09 10:15:02.123`, and ISO stamps without offset),
 * µs since 1970-01-01 of the local wall clock, flagged, since the zone is unknown; `tim` when the
 * process has no usable anchor (the raw tim, in µs, comparable only within that process); `none`
 * when the line has no tim (before 10.2), or a tim out of range.
 *
 * Out of range (the warning `tim-out-of-range`): a tim of more than 2^53 µs (285 years; a 20-digit
 * tim was seen in a damaged trace), past which a float64 no longer counts single µs, or one whose
 * extrapolated wall time falls outside the years 0000–9999 that ISO 8601 writes. Such a wait gets
 * no wall-clock time (kind `none`, no domain, so clusters and the timeline leave it out) instead
 * of a made-up one or a crash; an anchor with such a tim is not used.
 */
import { MICROS_PER_ELA_UNIT, type ElaUnit } from '../units';
import type { SessionMarker, TimeAnchor } from '../trace/types';
import { formatMicrosIso, groupKey, isIsoWritable, parseStampMicros, type TimeKind } from './stamps';
export { formatMicrosIso, parseStampMicros, type TimeKind } from './stamps';

/** The largest tim, in µs, that is trusted: float64 counts every µs up to here (2^53 − 1). */
export const MAX_TIM_MICROS = Number.MAX_SAFE_INTEGER;
export const TIM_OUT_OF_RANGE = 'tim-out-of-range';

/** Waits whose tim was out of range, the first few of them by file and line (a named warning). */
export interface TimWarning {
  code: typeof TIM_OUT_OF_RANGE;
  message: string;
  count: number;
  first: { file: string; line: number }[];
}
const WARNING_EXAMPLES = 10;

/** What the clock needs of a dataset: Dataset (lib/trace/dataset.ts) has it. */
export interface ClockInput {
  samples: { count: number; tim: Float64Array; session: Uint32Array };
  sessions: readonly (Pick<SessionMarker, 'pid'> & { file: number })[];
  files: readonly { fileName: string; facts: { unit: ElaUnit; pid: string | null }; anchors: readonly TimeAnchor[]; sessions: readonly Pick<SessionMarker, 'pid'>[] }[];
}

/** A time axis on which times can be compared: 0 = UTC, 1 = local wall time, 2+ = one process's raw tim. */
export interface TimeDomain {
  kind: Exclude<TimeKind, 'none'>;
  /** For `tim` domains: the file index and pid whose clock it is. */
  file: number | null;
  pid: string | null;
}

export const UTC_DOMAIN = 0;
export const LOCAL_DOMAIN = 1;
/** Domain of a wait without tim. */
export const NO_DOMAIN = -1;

export interface SampleTime {
  kind: TimeKind;
  /** µs on the domain's axis (see TimeKind); null for `none`. */
  micros: number | null;
  domain: number;
  /** ISO-8601 with µs: with the stamp's own offset for `utc`, without one for `local`; null otherwise. */
  iso: string | null;
  utcOffsetMinutes: number | null;
  /** Line of the `***` stamp used, or null. */
  anchorLine: number | null;
  /** Why a wait with a tim has no time (kind `none`): its tim is out of range. */
  warning: typeof TIM_OUT_OF_RANGE | null;
}

/** One process's anchors, sorted by tim (µs), with their wall times. */
export interface AnchorTable {
  tim: Float64Array;
  wall: Float64Array;
  /** Minutes east of UTC, NaN when the stamp has none. */
  offset: Float64Array;
  line: Uint32Array;
  /** µs per tim unit of the file. */
  scale: number;
  /** The raw-tim domain of this process. */
  rawDomain: number;
}

/** Builds the anchor table of every (file, pid); the domains list says what each domain is. */
export class DatasetClock {
  readonly domains: TimeDomain[] = [
    { kind: 'utc', file: null, pid: null },
    { kind: 'local', file: null, pid: null },
  ];
  private readonly tables = new Map<string, AnchorTable>();
  /** Per dataset session: its process's table. */
  private readonly bySession: AnchorTable[];

  constructor(private readonly input: ClockInput) {
    input.files.forEach((f, file) => this.addFile(file, f));
    this.bySession = input.sessions.map((s) => this.tableFor(s.file, s.pid));
  }

  /** The table of a file's process (created empty when it has no anchors). */
  tableFor(file: number, pid: string | null): AnchorTable {
    const key = groupKey(file, pid);
    let t = this.tables.get(key);
    if (!t) {
      const f = this.input.files[file];
      t = emptyTable(f ? MICROS_PER_ELA_UNIT[f.facts.unit] : 1, this.domains.length);
      this.domains.push({ kind: 'tim', file, pid });
      this.tables.set(key, t);
    }
    return t;
  }

  private addFile(file: number, f: ClockInput['files'][number]): void {
    const byPid = new Map<string | null, TimeAnchor[]>();
    for (const a of f.anchors) {
      if (a.tim === null || !(a.tim * MICROS_PER_ELA_UNIT[f.facts.unit] <= MAX_TIM_MICROS)) continue;
      const pid = f.sessions[a.session]?.pid ?? f.facts.pid;
      const list = byPid.get(pid) ?? [];
      list.push(a);
      byPid.set(pid, list);
    }
    for (const [pid, anchors] of byPid) {
      const t = this.tableFor(file, pid);
      anchors.sort((a, b) => (a.tim as number) - (b.tim as number));
      Object.assign(t, {
        tim: Float64Array.from(anchors, (a) => (a.tim as number) * t.scale),
        wall: Float64Array.from(anchors, (a) => parseStampMicros(a.wall)),
        offset: Float64Array.from(anchors, (a) => a.utcOffsetMinutes ?? NaN),
        line: Uint32Array.from(anchors, (a) => a.line),
      });
    }
  }

  /**
   * The domains a file's waits can fall in: UTC and/or local for processes with anchors, the raw
   * domain for those without. A second pass can skip a file that shares none with the windows.
   */
  domainsOfFile(file: number): Set<number> {
    const out = new Set<number>();
    for (const [key, t] of this.tables) {
      if (!key.startsWith(`${file}|`)) continue;
      if (t.tim.length === 0) out.add(t.rawDomain);
      for (const off of t.offset) out.add(off === off ? UTC_DOMAIN : LOCAL_DOMAIN);
    }
    return out;
  }

  /** The wall-clock time of sample i of the dataset. */
  timeOf(i: number): SampleTime {
    const table = this.bySession[this.input.samples.session[i] as number];
    return timeOnTable(table ?? emptyTable(1, NO_DOMAIN), table ? (this.input.samples.tim[i] as number) : NaN);
  }

  /**
   * Places sample i: µs and domain as in columns(), and in `out.offset` the UTC offset (minutes) of
   * the stamp used (NaN for local and raw-tim times). A sample without tim goes to NO_DOMAIN.
   */
  place(i: number, out: { micros: number; domain: number; offset: number }): void {
    const table = this.bySession[this.input.samples.session[i] as number];
    const tim = this.input.samples.tim[i] as number;
    out.offset = NaN;
    if (!table || tim !== tim) {
      out.micros = NaN;
      out.domain = NO_DOMAIN;
      return;
    }
    placeTim(table, tim, out);
  }

  /** Bulk: µs and domain of every sample (or of `indices`), for clusters and the timeline. */
  columns(indices?: Uint32Array): { micros: Float64Array; domain: Int32Array } {
    const n = indices ? indices.length : this.input.samples.count;
    const micros = new Float64Array(n);
    const domain = new Int32Array(n);
    const placed = { micros: 0, domain: 0 };
    for (let k = 0; k < n; k++) {
      const i = indices ? (indices[k] as number) : k;
      const table = this.bySession[this.input.samples.session[i] as number];
      const tim = this.input.samples.tim[i] as number;
      if (!table || tim !== tim) {
        micros[k] = NaN;
        domain[k] = NO_DOMAIN;
        continue;
      }
      placeTim(table, tim, placed);
      micros[k] = placed.micros;
      domain[k] = placed.domain;
    }
    return { micros, domain };
  }

  /**
   * The named warning for waits whose tim is out of range, or null when there are none; `at` names
   * their file and line. `domain` is columns().domain of every sample: a wait with a tim that it
   * leaves in NO_DOMAIN was out of range (no second placement pass over millions of waits).
   */
  timWarning(at: { file: Uint32Array; line: Uint32Array }, domain: Int32Array): TimWarning | null {
    const s = this.input.samples;
    let count = 0;
    const first: TimWarning['first'] = [];
    for (let i = 0; i < s.count; i++) {
      if (domain[i] !== NO_DOMAIN) continue;
      const tim = s.tim[i] as number;
      if (!this.bySession[s.session[i] as number] || tim !== tim) continue;
      count++;
      if (first.length < WARNING_EXAMPLES) first.push({ file: this.input.files[at.file[i] as number]?.fileName ?? '?', line: at.line[i] as number });
    }
    if (count === 0) return null;
    const where = first.map((w) => `${w.file}:${w.line}`).join(', ');
    const message = `${count === 1 ? '1 wait has a tim' : `${count} waits have a tim`} out of range (over 2^53 µs, or a wall time outside the years 0000–9999), so no wall-clock time: ${where}${count > first.length ? ', …' : ''}`;
    return { code: TIM_OUT_OF_RANGE, message, count, first };
  }
}

/** The time of one raw `tim` of a process. */
export function timeOnTable(table: AnchorTable, tim: number): SampleTime {
  const none = { kind: 'none', micros: null, domain: NO_DOMAIN, iso: null, utcOffsetMinutes: null, anchorLine: null } as const;
  if (tim !== tim) return { ...none, warning: null };
  const t = tim * table.scale;
  if (!(t <= MAX_TIM_MICROS)) return { ...none, warning: TIM_OUT_OF_RANGE };
  const a = nearestAnchor(table, t);
  if (a < 0) return { kind: 'tim', micros: t, domain: table.rawDomain, iso: null, utcOffsetMinutes: null, anchorLine: null, warning: null };
  const local = (table.wall[a] as number) + t - (table.tim[a] as number);
  if (!isIsoWritable(local)) return { ...none, warning: TIM_OUT_OF_RANGE };
  const off = table.offset[a] as number;
  const line = table.line[a] as number;
  if (off !== off) return { kind: 'local', micros: local, domain: LOCAL_DOMAIN, iso: formatMicrosIso(local, null), utcOffsetMinutes: null, anchorLine: line, warning: null };
  return { kind: 'utc', micros: local - off * 60e6, domain: UTC_DOMAIN, iso: formatMicrosIso(local, off), utcOffsetMinutes: off, anchorLine: line, warning: null };
}

/**
 * The lean form of timeOnTable for loops over millions of waits: writes µs and domain into `out`
 * (no allocation). `tim` must be a number (not NaN). Out of range: NaN in NO_DOMAIN.
 */
export function placeTim(table: AnchorTable, tim: number, out: { micros: number; domain: number; offset?: number; anchor?: number }): void {
  const t = tim * table.scale;
  if (!(t <= MAX_TIM_MICROS)) {
    out.micros = NaN;
    out.domain = NO_DOMAIN;
    return;
  }
  let a: number;
  if (out.anchor === undefined) a = nearestAnchor(table, t);
  else {
    // The caller keeps the last anchor (-1 for none, and whenever it changes tables): records
    // come in tim order, so it is most often still the nearest.
    a = out.anchor >= 0 && isNearest(table.tim, out.anchor, t) ? out.anchor : nearestAnchor(table, t);
    out.anchor = a;
  }
  if (a < 0) {
    out.micros = t;
    out.domain = table.rawDomain;
    return;
  }
  const off = table.offset[a] as number;
  const local = (table.wall[a] as number) + t - (table.tim[a] as number);
  if (!isIsoWritable(local)) {
    out.micros = NaN;
    out.domain = NO_DOMAIN;
    return;
  }
  out.micros = off === off ? local - off * 60e6 : local;
  out.domain = off === off ? UTC_DOMAIN : LOCAL_DOMAIN;
  // The anchor's own offset: a time typed without one is read on the stamps' clock (time-window.ts).
  if (out.offset !== undefined) out.offset = off;
}

/**
 * Whether nearestAnchor(table, t) is `a`: a few comparisons instead of a search. They are the
 * search's own, for the two places t can have among the sorted tims: at or after tim[a] (before
 * the next one, and not past the midpoint, where a tie goes to a) or before tim[a] (at or after
 * the one before, and past the midpoint); ends included.
 */
export function isNearest(tims: Float64Array, a: number, t: number): boolean {
  const n = tims.length;
  if (a >= n) return false;
  const at = tims[a] as number;
  if (t >= at) {
    if (a === n - 1) return true;
    const next = tims[a + 1] as number;
    return t < next && t - at <= next - t;
  }
  if (a === 0) return true;
  const before = tims[a - 1] as number;
  return t >= before && t - before > at - t;
}

/** Index of the anchor whose tim is nearest to t (µs), ties to the earlier; -1 when none. */
export function nearestAnchor(table: AnchorTable, t: number): number {
  const tims = table.tim;
  const n = tims.length;
  if (n === 0) return -1;
  let lo = 0;
  let hi = n; // first index with tim > t
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((tims[mid] as number) <= t) lo = mid + 1;
    else hi = mid;
  }
  if (lo === 0) return 0;
  if (lo === n) return n - 1;
  return t - (tims[lo - 1] as number) <= (tims[lo] as number) - t ? lo - 1 : lo;
}

function emptyTable(scale: number, rawDomain: number): AnchorTable {
  return { tim: new Float64Array(0), wall: new Float64Array(0), offset: new Float64Array(0), line: new Uint32Array(0), scale, rawDomain };
}
