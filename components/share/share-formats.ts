import { formatFixed } from '../display-units';

/** A moment as ISO 8601 in UTC to the second (`2026-12-01T13:25:50Z`): one reading in every locale. */
export function isoDateTime(iso: string): string {
  const t = new Date(iso);
  return Number.isNaN(t.getTime()) ? iso : t.toISOString().replace(/\.\d{3}Z$/, 'Z');
}

/** A size for a person: KB below a megabyte, MB above (1024-based, as the server's limits). */
export function sizeText(bytes: number): string {
  return bytes < 1024 * 1024 ? `${formatFixed(bytes / 1024, 1)} KB` : `${formatFixed(bytes / 1024 / 1024, 2)} MB`;
}
