import type { DatasetProfile } from './profile-model';

/**
 * The note on a file whose profile has no wait rows: without WAIT lines (traced at 10046 level 1)
 * the profile is CPU and unaccounted-for time only, and a reader of its 99 % "unaccounted-for
 * between calls" should know why. One text for the CLI (lib/cli/load-dataset.ts) and the page's
 * Profile view (lib/worker/profile-request.ts). `windowed`: the profile is of a time window, where
 * no WAIT says nothing of the file's trace level.
 */
export function noWaitsNote(fileName: string, windowed: boolean): string {
  if (windowed) return `${fileName} has no WAIT line in the window`;
  return `${fileName} has no WAIT lines: it was probably traced without waits (level 1), so its profile has CPU and unaccounted-for time only; trace at level 8 or 12 to see its waits`;
}

/** Whether a profile has no row of waits (within or between calls, or think time). */
export function hasNoWaitRows(profile: DatasetProfile): boolean {
  return profile.components.every((c) => c.kind !== 'wait-within' && c.kind !== 'wait-between' && c.kind !== 'think-time');
}
