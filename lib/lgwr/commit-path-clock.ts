import { DatasetClock, LOCAL_DOMAIN, nearestAnchor, placeTim, UTC_DOMAIN, type AnchorTable } from '../outliers/wall-clock';
import { parseStampMicros } from '../outliers/stamps';
import type { TimeAnchor } from '../trace/types';
import type { CommitPathFile } from './commit-path-input';

/**
 * On which clock a foreground's `log file sync` and LGWR's writes are compared.
 *
 * `tim` (exact to 1 µs): every process of one host reads the same OS clock for tim (gettimeofday
 * up to 12.1, a monotonic clock from 12.2 on; trace-format.md §1), so the foreground and LGWR of one
 * instance share it. That is taken from the headers (same `Node name` and `Instance name`) and
 * checked through the `***` stamps: each stamp gives wall − tim for its process, and the two files'
 * estimates must agree within ANCHOR_TOLERANCE_MICROS.
 *   Estimate: a stamp is written just before the line after it, and a WAIT line is written when the
 *   wait ends, so the stamp's time is at most its first WAIT's tim; wall − tim is at most the true
 *   offset and equal to it up to the stamp's truncation (1 ms or 1 µs) plus any gap between the
 *   stamp and the wait's end. The largest wall − tim of a file is its best estimate (a stamp that
 *   lags its wait only lowers its own value).
 *   Tolerance 1 s: it absorbs a gap of up to a second (a stamp written before an idle wait such as
 *   LGWR's `rdbms ipc message`, whose timeout is 3 s, is dropped by taking the largest value, unless
 *   the file has no other stamp) and clock slew over a day (NTP slews at most 500 ppm: 43 s a day
 *   only when slewing all day, which it does not for long). Two different clocks (another host,
 *   a trace of another boot, a mislabelled file) differ by far more: tim from 12.2 counts from an
 *   arbitrary origin (boot), and before that is the epoch, the same for every process anyway.
 *
 * `wall` otherwise: each time is extrapolated from the nearest `***` stamp of its process
 * (lib/outliers/wall-clock.ts, the clock of the outlier views), to a precision of the stamp's
 * resolution (its fraction digits: 1 ms for `2015-02-06 20:01:26.330`, 1 µs for 12.2+'s ISO stamps)
 * plus 500 ppm of the distance to that stamp (the most NTP slews a clock; 0 when tim is the
 * system clock, as up to 12.1). That holds for a stamp written just before its WAIT line; a stamp
 * written long before it (the one at the top of a trace, when the first wait is a long idle one)
 * would make the times near it early by the gap, so such late stamps are left out first
 * (usableAnchors): a stamp whose wall − tim lies more than the resolution plus the slew allowance
 * below the process's best one.
 */

export const ANCHOR_TOLERANCE_MICROS = 1_000_000;
/** NTP's maximum slew rate (RFC 5905: 500 ppm), bounding how far tim and the wall clock drift apart. */
const MAX_SLEW = 500e-6;

export type ClockChoice =
  | { kind: 'tim'; reason: string; anchorDisagreementMicros: number }
  | { kind: 'wall'; reason: string; resolutionMicros: number };

/** The file's best wall − tim (µs), on the UTC axis when its stamps have an offset; null without a usable stamp. */
export function anchorOffset(f: CommitPathFile): number | null {
  let best: number | null = null;
  for (const a of f.anchors) {
    if (a.tim === null) continue;
    const wall = parseStampMicros(a.wall) - (a.utcOffsetMinutes ?? 0) * 60e6;
    const offset = wall - a.tim * f.microsPerUnit;
    if (offset === offset && (best === null || offset > best)) best = offset;
  }
  return best;
}

/**
 * The anchors of one file whose wall − tim is within the resolution plus 500 ppm of their distance
 * of the best (largest) of their process: the others were written long before their first WAIT.
 */
export function usableAnchors(anchors: readonly TimeAnchor[], microsPerUnit: number, resolutionMicros: number, pidOf: (a: TimeAnchor) => string | null): TimeAnchor[] {
  const best = new Map<string | null, { offset: number; tim: number }>();
  const offsetOf = (a: TimeAnchor) => parseStampMicros(a.wall) - (a.utcOffsetMinutes ?? 0) * 60e6 - (a.tim as number) * microsPerUnit;
  for (const a of anchors) {
    if (a.tim === null) continue;
    const offset = offsetOf(a);
    const b = best.get(pidOf(a));
    if (offset === offset && (!b || offset > b.offset)) best.set(pidOf(a), { offset, tim: a.tim * microsPerUnit });
  }
  return anchors.filter((a) => {
    const b = best.get(pidOf(a));
    if (a.tim === null || !b) return true; // no tim: the clock does not use it anyway
    return offsetOf(a) >= b.offset - resolutionMicros - MAX_SLEW * Math.abs(a.tim * microsPerUnit - b.tim);
  });
}

/** Fraction digits of a stamp → its resolution in µs. */
function stampResolution(f: CommitPathFile): number {
  let digits = 6;
  for (const a of f.anchors) {
    const m = /[.,](\d+)/.exec(a.wall);
    digits = Math.min(digits, m ? (m[1] as string).length : 0);
  }
  return 10 ** (6 - Math.min(6, digits));
}

const same = (a: string | null, b: string | null): boolean => a !== null && b !== null && a.toLowerCase() === b.toLowerCase();
const differ = (a: string | null, b: string | null): boolean => a !== null && b !== null && a.toLowerCase() !== b.toLowerCase();

/** Why the files cannot be of one instance (a header names another host or instance), or null. */
export function instanceMismatch(foreground: readonly CommitPathFile[], lgwr: readonly CommitPathFile[]): string | null {
  const head = lgwr[0];
  if (!head) return null;
  for (const f of [...foreground, ...lgwr]) {
    if (differ(f.facts.host, head.facts.host)) return `${f.fileName} is from host ${f.facts.host}, ${head.fileName} from ${head.facts.host}: a foreground pairs only with the LGWR of its own instance`;
    if (differ(f.facts.instance, head.facts.instance)) return `${f.fileName} is of instance ${f.facts.instance}, ${head.fileName} of ${head.facts.instance}: a foreground pairs only with the LGWR of its own instance`;
  }
  return null;
}

export function chooseClock(foreground: readonly CommitPathFile[], lgwr: readonly CommitPathFile[], warningsOnly: boolean): ClockChoice {
  const files = [...foreground, ...lgwr];
  const resolutionMicros = Math.max(...files.map(stampResolution));
  const wall = (reason: string): ClockChoice => ({ kind: 'wall', reason, resolutionMicros });
  if (warningsOnly) return wall('LGWR’s trace has no WAIT lines, only log write warnings, whose time is the *** stamp before them');
  const head = lgwr[0] as CommitPathFile;
  const other = files.find((f) => !same(f.facts.host, head.facts.host) || !same(f.facts.instance, head.facts.instance));
  if (other) return wall(`${other.fileName} names host ${other.facts.host ?? '(none)'} and instance ${other.facts.instance ?? '(none)'}, ${head.fileName} host ${head.facts.host ?? '(none)'} and instance ${head.facts.instance ?? '(none)'}: their tim may not be one clock`);
  const reference = anchorOffset(head);
  let worst = 0;
  for (const f of files) {
    const offset = anchorOffset(f);
    if (offset === null || reference === null) return wall(`${(offset === null ? f : head).fileName} has no *** stamp followed by a WAIT, so its tim cannot be checked against the others’`);
    const gap = Math.abs(offset - reference);
    if (gap > ANCHOR_TOLERANCE_MICROS) return wall(`the *** stamps of ${f.fileName} and ${head.fileName} put their tim ${(gap / 1e6).toFixed(3)} s apart (more than the ${ANCHOR_TOLERANCE_MICROS / 1e6} s tolerance): not one clock`);
    worst = Math.max(worst, gap);
  }
  return { kind: 'tim', reason: `same host (${head.facts.host}) and instance (${head.facts.instance}), and their *** stamps agree on tim to ${Math.round(worst)} µs`, anchorDisagreementMicros: worst };
}

/** Places waits' ends on the chosen clock: µs, or NaN when a wait cannot be placed (no stamp). */
export class CommitPathPlacer {
  private readonly clock: DatasetClock;
  /** The domain (UTC or local) every placed time must share; set by the first. */
  domain: number | null = null;
  /** The largest precision (µs) of a placed time, per role. */
  readonly worst = { foreground: 0, lgwr: 0 };
  private readonly out = { micros: 0, domain: 0 };

  constructor(
    private readonly files: readonly CommitPathFile[],
    private readonly choice: ClockChoice,
  ) {
    this.clock = new DatasetClock({
      samples: { count: 0, tim: new Float64Array(0), session: new Uint32Array(0) },
      sessions: [],
      files: files.map((f) => ({
        fileName: f.fileName,
        facts: { unit: f.facts.unit, pid: f.facts.pid },
        anchors: choice.kind === 'wall' ? usableAnchors(f.anchors, f.microsPerUnit, choice.resolutionMicros, (a) => f.sessions[a.session]?.pid ?? f.facts.pid) : f.anchors,
        sessions: f.sessions,
      })),
    });
  }

  /** The end of a wait of file `file` (tim in µs), or NaN. */
  place(file: number, session: number, timMicros: number): number {
    if (this.choice.kind === 'tim') return timMicros;
    if (timMicros !== timMicros) return NaN;
    const f = this.files[file] as CommitPathFile;
    const table: AnchorTable = this.clock.tableFor(file, f.sessions[session]?.pid ?? f.facts.pid);
    placeTim(table, timMicros / f.microsPerUnit, this.out);
    if (this.out.domain !== UTC_DOMAIN && this.out.domain !== LOCAL_DOMAIN) return NaN;
    this.domain ??= this.out.domain;
    if (this.out.domain !== this.domain) return NaN;
    const a = nearestAnchor(table, timMicros);
    const distance = Math.abs(timMicros - (table.tim[a] as number));
    const precision = this.choice.resolutionMicros + MAX_SLEW * distance;
    const role = f.lgwr ? 'lgwr' : 'foreground';
    if (precision > this.worst[role]) this.worst[role] = precision;
    return this.out.micros;
  }
}
