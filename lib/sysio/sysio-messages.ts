/** The sentences a strace or fio file's problems are said in (one place, for the CLI and the page). */
import type { EventProfileRow } from '../trace/types';
import type { SysioFormat } from './sysio-format';
import { FORMAT_NAME } from './sysio-format';

/** A line as quoted in a message: at most 60 characters, on one line. */
export function quoteLine(text: string): string {
  const flat = text.replace(/[\r\n\t]+/g, ' ');
  return `'${flat.length > 60 ? `${flat.slice(0, 60)}…` : flat}'`;
}

/** "x.strace is strace output with no 'log file sync' calls; its events are 'fdatasync' (1,200), …: choose one with --event". */
export function describeSysioMissingEvent(fileName: string, format: SysioFormat, event: string, profile: readonly EventProfileRow[]): string {
  const what = format === 'strace' ? 'calls' : 'latencies';
  if (profile.length === 0) return `${fileName} is ${FORMAT_NAME[format]} with no ${what} at all`;
  const shown = profile
    .slice(0, 8)
    .map((r) => `'${r.event}' (${r.count.toLocaleString('en-US')})`)
    .join(', ');
  const more = profile.length > 8 ? ` and ${profile.length - 8} more` : '';
  return `${fileName} is ${FORMAT_NAME[format]} with no '${event}' ${what}; its events are ${shown}${more}: choose one (--event in the CLI)`;
}
