/**
 * Reads the FLASHLOG metrics out of CellCLI's output (cellcli-line.ts has the forms), for one cell
 * or many (dcli). Other metrics in the same output (CD_…, GD_…) are passed over and counted; a line
 * that is not CellCLI output, a value that is not a number or a unit CellCLI does not print stops
 * the read with the file, the line and the cause.
 */
import { CellInputError, quoted } from './cell-input-error';
import { classifyLine } from './cellcli-line';
import type { MetricKind } from './flashlog-catalogue';
import { valueWithUnit } from './metric-units';

export interface CellReading {
  /** dcli's cell name; '' when the output came from one cell without dcli. */
  cell: string;
  name: string;
  /** metricObjectName, e.g. FLASHLOG. */
  object: string;
  value: number;
  unit: string;
  /** METRICHISTORY's (or DETAIL's) collectionTime, ISO 8601 as printed; null when not listed. */
  collectionTime: string | null;
  /** DETAIL's metricType, when the output has it. */
  metricType: MetricKind | null;
  line: number;
}

export interface CellcliFile {
  fileName: string;
  readings: CellReading[];
  /** Metrics of other object types in the same output, passed over. */
  otherMetrics: number;
}

const FLASHLOG_NAME = /^FL_/;

interface DetailRecord {
  cell: string;
  line: number;
  attrs: Map<string, { value: string; line: number }>;
}

const METRIC_TYPES: Record<string, MetricKind> = { cumulative: 'cumulative', rate: 'rate', instantaneous: 'instantaneous' };

/** Every FLASHLOG reading of the text; throws CellInputError for input that is not what CellCLI prints. */
export function parseCellcli(text: string, fileName: string): CellcliFile {
  const readings: CellReading[] = [];
  let otherMetrics = 0;
  let record: DetailRecord | null = null;
  let sawCellcli = false;

  const reading = (cell: string, name: string, object: string, valueText: string, collectionTime: string | null, metricType: MetricKind | null, line: number) => {
    const parsed = valueWithUnit(valueText);
    if ('error' in parsed) throw new CellInputError(fileName, line, `${name}: ${parsed.error}`);
    readings.push({ cell, name, object, value: parsed.value, unit: parsed.unit, collectionTime, metricType, line });
  };
  const finishRecord = () => {
    const r = record;
    record = null;
    if (!r) return;
    const name = r.attrs.get('name')?.value ?? '';
    const objectType = r.attrs.get('objectType')?.value;
    if (!FLASHLOG_NAME.test(name) || (objectType !== undefined && objectType.toUpperCase() !== 'FLASHLOG')) {
      otherMetrics++;
      return;
    }
    const value = r.attrs.get('metricValue');
    if (!value) throw new CellInputError(fileName, r.line, `${name} has no metricValue line (LIST … DETAIL prints one for every metric)`);
    const type = r.attrs.get('metricType')?.value.toLowerCase();
    const time = r.attrs.get('collectionTime')?.value || null;
    reading(r.cell, name, r.attrs.get('metricObjectName')?.value ?? '', value.value, time, (type && METRIC_TYPES[type]) || null, value.line);
  };

  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const lineNo = i + 1;
    const c = classifyLine(lines[i]!);
    if (c.kind === 'prompt') continue;
    if (c.kind === 'blank') {
      finishRecord();
      continue;
    }
    if (c.kind === 'other') {
      throw new CellInputError(
        fileName,
        lineNo,
        `not CellCLI output: expected 'NAME OBJECT VALUE UNIT' as LIST METRICCURRENT or METRICHISTORY prints it, or 'attribute: value' as LIST … DETAIL does, found ${quoted(lines[i]!)}`,
      );
    }
    sawCellcli = true;
    if (c.kind === 'detail') {
      if (c.key === 'name' || (record && record.cell !== c.cell)) finishRecord();
      record ??= { cell: c.cell, line: lineNo, attrs: new Map() };
      record.attrs.set(c.key, { value: c.value, line: lineNo });
      continue;
    }
    finishRecord();
    if (!FLASHLOG_NAME.test(c.name)) {
      otherMetrics++;
      continue;
    }
    reading(c.cell, c.name, c.object, c.valueText, c.collectionTime, null, lineNo);
  }
  finishRecord();
  if (!sawCellcli) throw new CellInputError(fileName, null, 'empty: no CellCLI output in it');
  if (readings.length === 0) {
    throw new CellInputError(fileName, null, `no FLASHLOG metrics (FL_…) in it${otherMetrics > 0 ? ` (${otherMetrics} other metrics)` : ''}; list them with CellCLI> LIST METRICCURRENT WHERE objectType='FLASHLOG'`);
  }
  return { fileName, readings, otherMetrics };
}

/**
 * Whether a file's first bytes are CellCLI FLASHLOG output: how a dropped file is told from a trace.
 * Its first line with content is a metric row or a DETAIL attribute, and an FL_ metric comes within
 * 40 lines; a bad line further on does not hide it, so parseCellcli can name that line.
 */
export function looksLikeCellcli(head: string): boolean {
  // The head may end mid-line: judge only whole lines.
  const whole = head.includes('\n') ? head.slice(0, head.lastIndexOf('\n')) : head;
  let first = true;
  for (const line of whole.split('\n').slice(0, 40)) {
    const c = classifyLine(line);
    if (c.kind === 'blank' || c.kind === 'prompt') continue;
    if (first && c.kind === 'other') return false;
    first = false;
    if ((c.kind === 'row' || (c.kind === 'detail' && c.key === 'name')) && FLASHLOG_NAME.test(c.kind === 'row' ? c.name : c.value)) return true;
  }
  return false;
}
