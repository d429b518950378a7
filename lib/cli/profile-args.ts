import { DEFAULT_THINK_TIME_MICROS } from '../profile/profile-collector';
import { UsageError } from './args';

/** `--think-time`: `1s`, `500ms`, `250000us`, or a bare number of seconds (mrprof's --thinktime is in seconds). */
export function thinkTimeOf(text: string | undefined): number {
  if (text === undefined) return DEFAULT_THINK_TIME_MICROS;
  const m = /^\s*(\d+(?:\.\d+)?)\s*(s|ms|us|\u00b5s)?\s*$/.exec(text);
  if (!m) throw new UsageError(`--think-time takes a duration such as 1s, 500ms or 250000us, not '${text}'`);
  const n = Number(m[1]);
  const unit = m[2] ?? 's';
  const micros = unit === 's' ? n * 1e6 : unit === 'ms' ? n * 1e3 : n;
  return Math.round(micros);
}

export const PROFILE_OPTIONS = {
  'think-time': { type: 'string' },
} as const;
