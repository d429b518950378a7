/**
 * What a dataset measures (issue 14 §4): a wait event's ela (the default, `log file sync`), the
 * elapsed time e of one call type, optionally of one statement or depth, or the commit as the
 * client feels it. Every statistic, figure and outlier list reads the measure's values as it reads
 * a wait event's, in µs, with the record's line, offset, tim and session.
 */
import { nounFor } from '../stats/minimum-counts';
export type Measure =
  | { kind: 'event'; event: string }
  | {
      kind: 'call';
      /** PARSE, EXEC, FETCH, CLOSE, UNMAP, SORT UNMAP, a LOB call: as written in the trace. */
      call: string;
      /** One statement's calls only: by sql_id (11g+), else hash value. */
      sqlId: string | null;
      hashValue: number | null;
      /** One depth only (0: the client's calls). */
      dep: number | null;
    }
  | { kind: 'commit' };

/** Call names a trace writes (response-time.md); a LOB call is any LOB<NAME>. */
export const CALL_NAMES = ['PARSE', 'EXEC', 'FETCH', 'CLOSE', 'UNMAP', 'SORT UNMAP'];

/** Whether a call measure can name this call (upper case, as the trace writes it). */
export const isCallName = (call: string): boolean => CALL_NAMES.includes(call) || /^LOB[A-Z]+$/.test(call);

/** A sql_id: 13 characters of Oracle's base 32. */
export const SQL_ID = /^[0-9a-z]{13}$/;

/** The name a measure is shown under: the event's name, or words that say what was measured. */
export function measureLabel(m: Measure): string {
  switch (m.kind) {
    case 'event':
      return m.event;
    case 'call': {
      const of = m.sqlId !== null ? ` of sql_id ${m.sqlId}` : m.hashValue !== null ? ` of hash value ${m.hashValue}` : '';
      const dep = m.dep !== null ? ` at dep ${m.dep}` : '';
      return `${m.call} elapsed${of}${dep}`;
    }
    case 'commit':
      return 'commit (from its request to the end of its log file sync)';
  }
}

/** What a measure's values are: an event's waits, a call type's calls, or the commits. */
export type ValuesNoun = 'waits' | 'calls' | 'commits';

export function valuesNoun(m: Measure | undefined): ValuesNoun {
  return m === undefined || m.kind === 'event' ? 'waits' : m.kind === 'call' ? 'calls' : 'commits';
}

/** One of them: 'wait', 'call', 'commit'. */
export function valueNoun(m: Measure | undefined): string {
  return nounFor(1, valuesNoun(m));
}

/** What a time axis of the values is: a wait's time, a call's elapsed time, a commit's time. */
export function valueTimeName(m: Measure | undefined): string {
  const one = valueNoun(m);
  return one === 'call' ? 'elapsed time' : `${one} time`;
}

/** The values in a sentence, under the measure's label: "'log file sync' waits", "'EXEC elapsed' calls", "commits". */
export function valuesPhrase(label: string, m: Measure | undefined): string {
  const noun = valuesNoun(m);
  return noun === 'commits' ? noun : `'${label}' ${noun}`;
}

/** What a file holds none of, for the "no such …" message. */
export function missingMeasureText(m: Exclude<Measure, { kind: 'event' }>): string {
  switch (m.kind) {
    case 'call':
      return `no ${m.call} calls${m.sqlId !== null ? ` of sql_id ${m.sqlId}` : m.hashValue !== null ? ` of hash value ${m.hashValue}` : ''}${m.dep !== null ? ` at dep ${m.dep}` : ''}`;
    case 'commit':
      return 'no commits that write (XCTEND rlbk=0 with rd_only=0, or the EXEC of a COMMIT statement)';
  }
}
