/**
 * Which system tool wrote a file, told by its first lines, never by its name (style.md §3): a strace
 * log is often called `out.txt`, a fio log `job_clat.1.log`, fio's JSON `result.json`. Checked after
 * gzip is unwrapped, and only for files that are not Oracle traces by name (the CLI) or by content.
 */
import { parseStraceLine } from './strace-line';
import { isFioLogLine } from './fio-log';

export type SysioFormat = 'strace' | 'fio-log' | 'fio-json';

/** What each format is called in messages. */
export const FORMAT_NAME: Readonly<Record<SysioFormat, string>> = {
  strace: 'strace output',
  'fio-log': 'a fio latency log',
  'fio-json': 'fio JSON output',
};

/**
 * What a strace or fio file's result says wrote it, in its facts' `banner` (a trace's banner names
 * the Oracle release that wrote it; no trace banner looks like these), so later passes over the file
 * (its lines around an outlier) know it holds no WAIT records.
 */
export const SYSIO_BANNER: Readonly<Record<SysioFormat, string>> = {
  strace: 'strace -T output',
  'fio-log': 'fio latency log',
  'fio-json': 'fio JSON output',
};

/** The format of a strace or fio file by its facts (its banner is SYSIO_BANNER's), or null for a trace. */
export function sysioFormatOf(facts: { banner: string | null }): SysioFormat | null {
  return (Object.keys(SYSIO_BANNER) as SysioFormat[]).find((f) => SYSIO_BANNER[f] === facts.banner) ?? null;
}

/** Whether a file's facts are a strace or fio file's (SYSIO_BANNER). */
export function isSysioFacts(facts: { banner: string | null }): boolean {
  return sysioFormatOf(facts) !== null;
}

/** Bytes of a file's head that detection reads. */
export const SNIFF_BYTES = 16 * 1024;
/** Lines with content that must all agree (fewer when the file has fewer). */
const LINES_TO_AGREE = 5;

/**
 * The format of a file from its first SNIFF_BYTES (decoded, a line may be cut at the end), or null
 * for none of them (an Oracle trace, a CSV, anything else).
 */
export function sniffSysioFormat(head: string): SysioFormat | null {
  const all = head.replace(/^\uFEFF/, '').split(/\r?\n/);
  // The last line may be cut by the sniff window: judged only when it is the whole file's last.
  const lines = (all.length > 1 && head.length >= SNIFF_BYTES ? all.slice(0, -1) : all).filter((l) => l.trim() !== '');
  if (lines.length === 0) return null;
  // fio may print notes before its JSON when stdout and stderr go to one file.
  const brace = lines.findIndex((l) => l.trimStart().startsWith('{'));
  if (brace >= 0 && brace < 10 && /"fio version"\s*:/.test(lines.slice(brace).join('\n'))) return 'fio-json';
  const first = lines.slice(0, LINES_TO_AGREE);
  if (first.every(isFioLogLine)) return 'fio-log';
  // strace: its own messages and signals may come first; the first line must be strace's, a call must be
  // among the first lines, and more than half of them strace's (a damaged line is counted later, not here).
  const kinds = first.map((l) => parseStraceLine(l).kind);
  const good = kinds.filter((k) => k !== 'bad').length;
  if (kinds[0] !== 'bad' && kinds.some((k) => k === 'call' || k === 'unfinished' || k === 'no-duration') && good * 2 > kinds.length) return 'strace';
  return null;
}
