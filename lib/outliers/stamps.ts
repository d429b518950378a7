/**
 * `***` stamp text to µs and back. Date.parse keeps only ms, and 12.2+ stamps carry µs
 * (`2019-07-09T09:57:07.703476-07:00`, trace-format.md §4), so the fraction is added by hand.
 */

/** `utc`: µs since the Unix epoch. `local`: µs since 1970-01-01T00:00 of an unknown zone. `tim`: raw. */
export type TimeKind = 'utc' | 'local' | 'tim' | 'none';

const WALL = /^(\d{4})-(\d\d)-(\d\d)[T ](\d\d):(\d\d):(\d\d)(?:\.(\d+))?/;

/**
 * µs of a wall time as the parser stores it (TimeAnchor.wall, `2012-08-09T10:15:02.123`), read as
 * if it were UTC: the offset, when the stamp has one, is applied by the caller. NaN if malformed.
 */
export function parseStampMicros(wall: string): number {
  const m = WALL.exec(wall);
  if (!m) return NaN;
  const [, y, mo, d, h, mi, s, frac = ''] = m;
  const ms = Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s));
  // Digits past µs (none seen in real traces) are cut, not rounded: a stamp never moves forward.
  const micros = Number(frac.padEnd(6, '0').slice(0, 6));
  return ms * 1000 + micros;
}

/** 0000-01-01T00:00:00 and 9999-12-31T23:59:59.999999 in µs: the wall times ISO 8601's four-digit years can write. */
const FIRST_ISO_MICROS = Date.parse('0000-01-01T00:00:00Z') * 1000;
const LAST_ISO_MICROS = Date.parse('9999-12-31T23:59:59.999Z') * 1000 + 999;

/** Whether formatMicrosIso can write this local wall time (µs); NaN and ±Infinity cannot be. */
export function isIsoWritable(localMicros: number): boolean {
  return localMicros >= FIRST_ISO_MICROS && localMicros <= LAST_ISO_MICROS;
}

/**
 * ISO-8601 with 6 fraction digits of a local wall time in µs; with `±hh:mm` when the offset
 * (minutes east of UTC) is known, else without one (a local time, as the stamp said).
 */
export function formatMicrosIso(localMicros: number, offsetMinutes: number | null): string {
  // Callers check isIsoWritable first (wall-clock.ts): a time outside it is a warning, not a crash.
  if (!isIsoWritable(localMicros)) throw new RangeError(`formatMicrosIso: ${localMicros} µs is outside years 0000–9999`);
  const whole = Math.floor(localMicros);
  const secondMicros = ((whole % 1_000_000) + 1_000_000) % 1_000_000;
  const date = new Date((whole - secondMicros) / 1000);
  const text = `${date.toISOString().slice(0, 19)}.${String(secondMicros).padStart(6, '0')}`;
  if (offsetMinutes === null) return text;
  const sign = offsetMinutes < 0 ? '-' : '+';
  const abs = Math.abs(offsetMinutes);
  return `${text}${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
}

/** The text of a time as people read it: ISO, or `tim=…` when no stamp anchors it. */
export function describeTime(t: { kind: TimeKind; iso: string | null; micros: number | null; warning?: string | null }): string {
  if (t.kind === 'utc') return t.iso ?? '';
  if (t.kind === 'local') return `${t.iso ?? ''} (local)`;
  if (t.kind === 'tim') return `tim=${t.micros ?? ''} (no *** stamp)`;
  return t.warning === 'tim-out-of-range' ? '(tim out of range)' : '(no tim)';
}

/** Key of one process's clock: tim bases differ between files and between trcsess processes. */
export function groupKey(file: number, pid: string | null): string {
  return `${file}|${pid ?? ''}`;
}
