import { DEFAULT_BLOCK_SIZES, type BlockSizes } from '../io/io-size';

/**
 * What `--group KEY` groups the measured values by (issue 15 §2), as mrskew's `--group` and
 * TVD$XTAT's distributions do:
 * - from the dataset's tables: `session`, `file`, `instance`; `minute` and `hour` of the value's
 *   wall-clock time (lib/outliers/wall-clock.ts);
 * - from the record's context while the trace is read (group-collector.ts): `sqlid` (the
 *   statement of the wait's or call's cursor), `module`, `action`, `client` (the `*** MODULE
 *   NAME`, `ACTION NAME`, `CLIENT ID` lines and APPNAME records), `p1`, `p2`, `p3` (the wait's
 *   first three parameters), a parameter by the name the trace writes (`blocks`, `file#`,
 *   `buffer#`, `driver id`, …) and `obj` (obj#);
 * - `size`: the wait's I/O size in exact bytes (lib/io/io-size.ts), with the block sizes it is
 *   computed with (issue 16 §3).
 */
export type GroupKey =
  | { kind: 'session' | 'file' | 'instance' | 'minute' | 'hour' }
  | { kind: 'sqlid' | 'module' | 'action' | 'client' | 'obj' }
  | { kind: 'p'; index: 0 | 1 | 2 }
  | { kind: 'param'; name: string }
  | ({ kind: 'size' } & BlockSizes);

/** Keys known from the dataset's tables and each sample's columns, without reading the context. */
export type SampleKeyKind = 'session' | 'file' | 'instance' | 'minute' | 'hour';

export const SAMPLE_KEYS: readonly SampleKeyKind[] = ['session', 'file', 'instance', 'minute', 'hour'];
const CONTEXT_KEYS = ['sqlid', 'module', 'action', 'client', 'obj'] as const;

/** Every key word, for usage messages and the page's picker. */
export const GROUP_KEY_WORDS = ['session', 'file', 'instance', 'sqlid', 'module', 'action', 'client', 'p1', 'p2', 'p3', 'obj', 'minute', 'hour', 'size'] as const;

/** A group key from its text, or the reason it is none (a one-line usage message). */
export function parseGroupKey(text: string): GroupKey | string {
  const word = text.trim();
  if (word === '') return `--group needs a key: ${GROUP_KEY_WORDS.join(', ')}, or a wait parameter's name as the trace writes it (blocks, file#, buffer#)`;
  const lower = word.toLowerCase();
  if ((SAMPLE_KEYS as readonly string[]).includes(lower)) return { kind: lower as SampleKeyKind };
  if ((CONTEXT_KEYS as readonly string[]).includes(lower)) return { kind: lower as (typeof CONTEXT_KEYS)[number] };
  if (lower === 'sql_id' || lower === 'sql-id') return { kind: 'sqlid' };
  if (lower === 'obj#') return { kind: 'obj' };
  if (lower === 'size') return { kind: 'size', ...DEFAULT_BLOCK_SIZES };
  const p = /^p([123])$/.exec(lower);
  if (p) return { kind: 'p', index: (Number(p[1]) - 1) as 0 | 1 | 2 };
  // Parameter names are lower case with `#`, spaces and digits (V$EVENT_NAME.PARAMETERn).
  if (/^[a-z][a-z0-9#_ ]*$/.test(word)) return { kind: 'param', name: word };
  return `--group takes ${GROUP_KEY_WORDS.join(', ')}, or a wait parameter's name as the trace writes it (blocks, file#, buffer#), not '${text}'`;
}

/** Whether the key is read from each sample's columns and the dataset's tables (no visitor needed). */
export function isSampleKey(key: GroupKey): key is { kind: SampleKeyKind } {
  return (SAMPLE_KEYS as readonly string[]).includes(key.kind);
}

/** The key as the user writes it: `session`, `p1`, `file#`. */
export function groupKeyText(key: GroupKey): string {
  if (key.kind === 'p') return `p${key.index + 1}`;
  if (key.kind === 'param') return key.name;
  return key.kind;
}

/** The label of the values a key has no value for (a wait without obj#, a session before any MODULE NAME). */
export const NO_VALUE = '(none)';
