import type { Counts } from '../stats/counts';
import { LabelValues } from './label-values';
import type { RecordPosition, TraceVisitor, VisitedCall, VisitedCursor, VisitedWait } from '../trace/trace-visitor';
import { isSampleKey, NO_VALUE, type GroupKey } from './group-key';
import { RecordContext } from './record-context';
import { evaluateWhere, type FieldReader } from './where-eval';
import type { TimeWindow } from './time-window';
import { WindowClock, type FileClockWithSamples } from './window-clock';
import type { WhereExpr, WhereField } from './where-parse';

/** What a pass groups and keeps: a context key (null: grouped later from the samples, or not at all) and a --where (null: all). */
export interface GroupSpec {
  key: GroupKey | null;
  where: WhereExpr | null;
  /** The --where as written, for the output to say what was left out. */
  whereText?: string;
}

/** Each group's label and the counts of its values (µs), in order of first value. Plain data: it crosses a worker boundary. */
export interface GroupTallies {
  labels: string[];
  counts: Counts[];
  /** By size without --block-size: the distinct sizes of the file's single-block reads (lib/io/trace-block-size.ts). */
  singleBlockSizes?: number[];
}

/**
 * A trace visitor that filters the measured values by a --where and tallies them by a context
 * key (group-key.ts), in the same pass as the parse: the scanner asks it about each wait of the
 * selected event (`sample`) and each value of a call or commit measure (`measured`) before it
 * books it, so what it leaves out is left out of every statistic.
 *
 * Keys read from the samples (session, file, instance, minute, hour) are not tallied here:
 * sample-groups.ts groups the samples the parse kept.
 */
export class GroupCollector implements TraceVisitor {
  private readonly context = new RecordContext();
  private readonly values = new LabelValues();
  private readonly key: GroupKey | null;
  private readonly where: WhereExpr | null;
  private value = 0;
  private readonly read: FieldReader;
  /** With a time window: only the values ending inside it are tallied (the samples are cut later, window-dataset.ts). */
  private readonly window: WindowClock | null;
  private readonly singleBlockSizes: Set<number> | null;

  constructor(
    spec: GroupSpec,
    private readonly fileName: string,
    window?: { window: TimeWindow; clock: FileClockWithSamples },
  ) {
    this.key = spec.key !== null && !isSampleKey(spec.key) ? spec.key : null;
    this.where = spec.where;
    this.read = (field) => this.field(field);
    this.window = window ? new WindowClock(window.window, window.clock) : null;
    // Only a size key without --block-size looks for the trace's data block (every wait is looked at, so nothing else pays).
    // A --where on size decides while reading, with the key's block (record-context.ts): then the groups use that block too, so one command gives a size one meaning.
    this.singleBlockSizes = this.key?.kind === 'size' && this.key.dataDefault && !(this.where && whereReadsSize(this.where)) ? new Set() : null;
  }

  onWait(w: VisitedWait, _at: RecordPosition): void {
    if (this.singleBlockSizes === null) return;
    const bytes = this.context.singleBlockBytes(w);
    if (bytes !== null) this.singleBlockSizes.add(bytes);
  }

  onCall(c: VisitedCall, at: RecordPosition): void {
    this.context.atCall(c, at);
  }

  onCursor(c: VisitedCursor, at: RecordPosition): void {
    this.context.onCursor(c, at);
  }

  onKeyed(key: string, value: string, at: RecordPosition): void {
    this.context.onKeyed(key, value, at);
  }

  sample(w: VisitedWait, at: RecordPosition): boolean {
    this.context.atWait(w, at);
    // VisitedWait.tim is in the trace's unit, as the clock takes it.
    return this.book(w.ela, w.tim, at);
  }

  measured(micros: number, timMicros: number, at: RecordPosition): boolean {
    this.context.atMeasured(at);
    return this.book(micros, timMicros / at.microsPerUnit, at);
  }

  finish(): GroupTallies {
    const tallies = this.values.tallies();
    return this.singleBlockSizes === null ? tallies : { ...tallies, singleBlockSizes: [...this.singleBlockSizes].sort((a, b) => a - b) };
  }

  private book(value: number, raw: number, at: RecordPosition): boolean {
    this.value = value;
    if (this.where !== null && !evaluateWhere(this.where, this.read)) return false;
    // Kept either way (the window cuts the samples after the parse and counts what it left out); tallied only inside it.
    if (this.key !== null && (this.window === null || this.window.verdict(raw, at.pid, at.session) === 'in')) this.values.add(this.context.label(this.key, this.singleBlockSizes !== null), value);
    return true;
  }

  private field(field: WhereField): number | string | null {
    if (field.kind === 'value') return this.value;
    if (field.kind === 'dep') return this.context.dep();
    if (field.key.kind === 'file') return this.fileName;
    const label = this.context.label(field.key);
    return label === NO_VALUE ? null : label;
  }
}

/** Whether the spec needs a visitor in the parse: a --where, or a key read from the record's context. */
export function needsVisitor(spec: GroupSpec): boolean {
  return spec.where !== null || (spec.key !== null && !isSampleKey(spec.key));
}

/** Whether a --where compares the size (it reads bytes while the trace is read). */
function whereReadsSize(where: WhereExpr): boolean {
  if (where.kind === 'compare') return where.field.kind === 'key' && where.field.key.kind === 'size';
  if (where.kind === 'not') return whereReadsSize(where.expr);
  return whereReadsSize(where.left) || whereReadsSize(where.right);
}
