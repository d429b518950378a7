/**
 * Which files of a directory or an archive are read as traces (the one rule for both): a name
 * *.trc, *.trc.gz or *.trc.xz, or first bytes that look like an Oracle trace.
 */
import { latin1Text } from '../trace/bytes';
const TRACE_NAME = /\.trc(\.gz|\.xz)?$/i;
/** Bytes of a file's start judged by `looksLikeTraceHead`. */
export const TRACE_SNIFF_BYTES = 64 * 1024;
// Any of these near the start of a file marks it as an Oracle trace.
const TRACE_MARKERS = [/^WAIT #\d+: nam=/m, /^PARSING IN CURSOR #/m, /^\*\*\* \d{4}-\d\d-\d\d[ T]/m, /^(?:EXEC|PARSE|FETCH) #\d+:c=/m, /^Oracle\S* .*Release \d/m];

export const isTraceName = (name: string) => TRACE_NAME.test(name);

/** `head`: a file's first bytes, gzip or xz already unwrapped. */
export function looksLikeTraceHead(head: Uint8Array): boolean {
  // latin1, as the parser reads names and markers: every byte is one character.
  const text = latin1Text(head);
  return TRACE_MARKERS.some((re) => re.test(text));
}
