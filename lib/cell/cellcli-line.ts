/**
 * One line of CellCLI output, classified. The forms (Exadata System Software User's Guide,
 * https://docs.oracle.com/en/engineered-systems/exadata-database-machine/sagug/ : displaying-current-metrics.html,
 * monitoring-smart-flash-log-using-metrics.html, using-dcli-list-specific-metric-current-objects-group.html):
 * - LIST METRICCURRENT (default attributes name, metricObjectName, metricValue):
 *   `         FL_DISK_FIRST   FLASHLOG   32,669,310 IO requests`
 * - LIST METRICHISTORY, or METRICCURRENT with ATTRIBUTES …, collectionTime, the time last:
 *   `         CD_IO_BY_R_LG   CD_00_abcd2x3    1.9 MB  2009-12-17T15:46:52-08:00`
 *   (6.4.1.2 "Displaying Current Metrics", Example 6-16)
 * - DETAIL: one `attribute:   value` a line, a blank line between metrics (same example:
 *   name, alertState, collectionTime, metricObjectName, metricType, metricValue, objectType).
 * - dcli prefixes every line with the cell's name and a colon: `cel01: FL_DISK_FIRST FLASHLOG …`
 *   (8.3.16 "Using dcli to List Specific Metric Current Objects in a Group").
 * - The echoed command (`CellCLI> LIST METRICCURRENT …`) and blank lines carry nothing.
 */
export const DETAIL_KEYS = ['name', 'alertState', 'collectionTime', 'metricObjectName', 'metricType', 'metricValue', 'objectType', 'description', 'unit', 'fineGrained', 'streaming'] as const;

export type CellcliLine =
  | { kind: 'blank'; cell: string }
  | { kind: 'prompt' }
  | { kind: 'detail'; cell: string; key: string; value: string }
  | { kind: 'row'; cell: string; name: string; object: string; valueText: string; collectionTime: string | null }
  | { kind: 'other'; cell: string };

/** ISO 8601 as CellCLI prints collectionTime: 2009-12-17T15:46:52-08:00. */
export const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?([+-]\d{2}:?\d{2}|Z)?$/;
const METRIC_NAME = /^[A-Z][A-Z0-9_]*$/;
const DETAIL = /^([A-Za-z]+):(?:\s+(.*))?$/;
const DCLI = /^([A-Za-z0-9][A-Za-z0-9._-]*):(?:\s+(.*))?$/;

function body(text: string, cell: string): CellcliLine {
  if (text === '') return { kind: 'blank', cell };
  if (/^CellCLI>/i.test(text)) return { kind: 'prompt' };
  const detail = DETAIL.exec(text);
  if (detail && (DETAIL_KEYS as readonly string[]).includes(detail[1]!)) return { kind: 'detail', cell, key: detail[1]!, value: (detail[2] ?? '').trim() };
  const tokens = text.split(/\s+/);
  if (tokens.length < 3 || !METRIC_NAME.test(tokens[0]!)) return { kind: 'other', cell };
  const last = tokens[tokens.length - 1]!;
  const collectionTime = ISO_TIME.test(last) ? last : null;
  const rest = tokens.slice(2, collectionTime ? -1 : undefined);
  if (rest.length === 0) return { kind: 'other', cell };
  return { kind: 'row', cell, name: tokens[0]!, object: tokens[1]!, valueText: rest.join(' '), collectionTime };
}

/** The line's kind, with the dcli cell name ('' without dcli). */
export function classifyLine(raw: string): CellcliLine {
  const text = raw.replace(/\r$/, '').trim();
  const direct = body(text, '');
  if (direct.kind !== 'other') return direct;
  const dcli = DCLI.exec(text);
  if (!dcli) return direct;
  return body((dcli[2] ?? '').trim(), dcli[1]!);
}
