import type { ScanResult } from './scanner';
import type { Measure } from './measure';
import type { ParseOutcome } from './types';
import type { DataError } from './file-result';

/**
 * The three outcomes a user must be able to tell apart (style.md §3): not a trace, a trace
 * without the chosen event, and parsed (with its warnings).
 */
export function decideOutcome(scan: ScanResult, event: string, fileName: string, measure?: Measure, dataError?: DataError): ParseOutcome {
  // Valid data the decoder does not read (xz-unwrap.ts): refused with the command that decompresses it.
  if (dataError?.damage === 'unsupported') return { kind: 'not-a-trace', reason: `${fileName} is ${dataError.format}-compressed in a way waitscope's decoder does not read: ${dataError.message}; decompress it first (${dataError.format} -dk ${fileName})` };
  // Compressed data that fails before a byte comes out is a damaged file, not an empty one.
  if (scan.bytes === 0 && dataError !== undefined) return { kind: 'not-a-trace', reason: `${fileName} is a damaged ${dataError.format} file: ${dataError.message}, and nothing was decompressed before the damage was found (\`${dataError.format} -t\` tests the file)` };
  // Damage inside the deflate data: the inflater may have turned it into wrong bytes for a while
  // before it noticed (a review's file with two bytes flipped decoded to 30 lines of plausible
  // garbage, 27 phantom calls and 9 phantom statements, before the error), so none of what came out
  // can be trusted. Data that only ends early decodes right up to the cut, and is kept (file-result.ts).
  // The same holds for xz, whose check (CRC or SHA-256) is tested at the end of each block.
  if (dataError?.damage === 'corrupt') {
    return {
      kind: 'not-a-trace',
      reason: `${fileName} is a damaged ${dataError.format} file: ${dataError.message} (found after ${scan.bytes.toLocaleString('en-US')} decompressed bytes); damaged data can decode to wrong bytes before the damage is found, so none of it was counted (\`${dataError.format} -t\` tests the file)`,
    };
  }
  if (scan.bytes === 0) return { kind: 'not-a-trace', reason: `${fileName} is empty` };
  if (scan.binaryAt !== null) {
    return { kind: 'not-a-trace', reason: `${fileName} is not a trace: it holds binary data (a NUL or control byte near byte ${scan.binaryAt})` };
  }
  if (scan.records10046 === 0) {
    // Cut before its first record: the cut is why there is none, not the kind of trace (a 200-byte
    // head of a 19c trace's xz was called "a background-process or other diagnostic trace").
    if (dataError?.damage === 'cut') {
      return { kind: 'not-a-trace', reason: `${fileName} ends before its first 10046 record: ${dataError.message}, after ${scan.bytes.toLocaleString('en-US')} decompressed bytes (${linesText(scan.lines)})` };
    }
    if (scan.facts.banner !== null || scan.starLines > 0) {
      return {
        kind: 'not-a-trace',
        reason: `${fileName} is an Oracle trace file but holds no 10046 records (no WAIT, PARSE, EXEC or FETCH lines in ${linesText(scan.lines)}); it looks like a background-process or other diagnostic trace`,
      };
    }
    return { kind: 'not-a-trace', reason: `${fileName} is not an Oracle trace: no banner, no *** timestamps and no 10046 records in ${linesText(scan.lines)}` };
  }
  // A call or commit measure is found when it found values; an event, when the trace has its waits.
  const found = measure && measure.kind !== 'event' ? (scan.measuredCount ?? 0) > 0 : scan.profile.some((row) => row.event === event);
  if (!found) return { kind: 'no-event', event, eventsPresent: scan.profile.map((row) => row.event) };
  return { kind: 'parsed' };
}

const linesText = (n: number): string => `${n.toLocaleString('en-US')} line${n === 1 ? '' : 's'}`;

/**
 * One sentence for a trace without the event, naming what it does have. `cut`: the file ends early
 * (compressed data cut short), so no WAIT line in it says nothing of how it was traced.
 */
export function describeMissingEvent(fileName: string, event: string, eventsPresent: readonly string[], waitLines: number, cut = false): string {
  if (waitLines === 0 && cut) return `${fileName} has no WAIT line before the point where it was cut short`;
  if (waitLines === 0) {
    return `${fileName} is a 10046 trace with no WAIT lines at all: it was probably traced without waits (level 1); trace at level 8 or 12 to see '${event}'`;
  }
  const shown = eventsPresent.slice(0, 8).map((e) => `'${e}'`).join(', ');
  const more = eventsPresent.length > 8 ? ` and ${eventsPresent.length - 8} more` : '';
  return `${fileName} has no '${event}' waits; its events are ${shown}${more}`;
}
