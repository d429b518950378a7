import { parseArgs, type ParseArgsConfig } from 'node:util';
import { CALL_NAMES, isCallName, measureLabel, SQL_ID, type Measure } from '../trace/measure';
import { DEFAULT_EVENT } from '../trace/types';
import { WindowInputError, type TimeWindow } from '../scope/time-window';
import { WINDOW_OPTIONS, windowOf, type WindowValues } from './window-args';
import type { GroupSpec } from '../scope/group-collector';
import { GROUP_OPTIONS, groupSpecOf } from './group-args';

export interface CommonArgs {
  /** The measure's label: the event's name, or what a call or commit measure measures (measure.ts). */
  event: string;
  /** A call or commit measure (--call, --commit); absent for an event's waits. */
  measure?: Exclude<Measure, { kind: 'event' }>;
  json: boolean;
  workers: number | undefined;
  paths: string[];
  /** --from/--to/--skip-first/--skip-last; absent for the whole run (lib/scope/time-window.ts). */
  window?: TimeWindow;
  /** --group and --where (lib/scope, group-args.ts). */
  group?: GroupSpec;
}

/** Thrown for a command line we cannot run; the message is the whole one-line reason. */
export class UsageError extends Error {}

/** node:util parseArgs, with its errors turned into one-line usage errors. */
export function parseOptions<T extends ParseArgsConfig>(config: T): ReturnType<typeof parseArgs<T>> {
  try {
    return parseArgs(config);
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
}

/** The options every command that reads traces takes. */
export const COMMON_OPTIONS = {
  event: { type: 'string', short: 'e' },
  call: { type: 'string' },
  'sql-id': { type: 'string' },
  sqlid: { type: 'string' },
  'hash-value': { type: 'string' },
  dep: { type: 'string' },
  commit: { type: 'boolean' },
  json: { type: 'boolean' },
  workers: { type: 'string' },
  ...WINDOW_OPTIONS,
  ...GROUP_OPTIONS,
} as const;

export function parseCommonArgs(argv: string[]): CommonArgs {
  const { values, positionals } = parseOptions({ args: argv, allowPositionals: true, options: COMMON_OPTIONS });
  return commonArgsOf(values, positionals);
}

/** The common arguments, checked, from what parseOptions found for COMMON_OPTIONS (and maybe more). */
export function commonArgsOf(values: MeasureValues & WindowValues & { json?: boolean; workers?: string; group?: string; where?: string }, positionals: string[]): CommonArgs {
  // The measure first: `--call x.trc` took the file for the call's name, and says so.
  const measure = measureOf(values);
  if (positionals.length === 0) throw new UsageError('no input: give one or more trace files or directories');
  const window = windowArgs(values);
  const group = groupSpecOf(values);
  if (typeof group === 'string') throw new UsageError(group);
  return {
    event: measure ? measureLabel(measure) : eventOf(values.event),
    ...(measure && { measure }),
    ...(window && { window }),
    json: values.json ?? false,
    workers: wholeNumber('workers', values.workers, 1),
    paths: positionals,
    ...(group && { group }),
  };
}

/** What selects the measure: --event, or --call with --sql-id/--hash-value/--dep, or --commit. */
export interface MeasureValues {
  event?: string;
  call?: string;
  'sql-id'?: string;
  sqlid?: string;
  'hash-value'?: string;
  dep?: string;
  commit?: boolean;
}

/** A call or commit measure from the options, null for an event's waits; contradictions are usage errors. */
export function measureOf(values: MeasureValues): Exclude<Measure, { kind: 'event' }> | null {
  const sqlId = values['sql-id'] ?? values.sqlid;
  const hashText = values['hash-value'];
  const depText = values.dep;
  const chosen = [values.event !== undefined && '--event', values.call !== undefined && '--call', values.commit === true && '--commit'].filter(Boolean);
  if (chosen.length > 1) throw new UsageError(`${chosen.join(' and ')} each choose what to measure; give one`);
  if (values.call === undefined && (sqlId !== undefined || hashText !== undefined || depText !== undefined)) {
    throw new UsageError('--sql-id, --hash-value and --dep narrow a --call measure, e.g. --call EXEC --sql-id 8ggw94h7mvxd7');
  }
  if (values.commit === true) return { kind: 'commit' };
  if (values.call === undefined) return null;
  const call = values.call.trim().toUpperCase();
  if (!isCallName(call)) {
    // `--call x.trc`: the name was left out, and the file taken for it.
    const file = /[/\\.]/.test(values.call) ? `; '${values.call}' looks like a file: give the call's name before it, e.g. --call EXEC ${values.call}` : '';
    throw new UsageError(`--call takes a call name (${CALL_NAMES.join(', ')}, or a LOB call such as LOBREAD), not '${values.call}'${file}`);
  }
  if (sqlId !== undefined && hashText !== undefined) throw new UsageError('give --sql-id or --hash-value, not both');
  // Oracle writes sql_ids in lower case; one copied in capitals is the same sql_id.
  const id = sqlId !== undefined && SQL_ID.test(sqlId.toLowerCase()) ? sqlId.toLowerCase() : sqlId;
  if (id !== undefined && !SQL_ID.test(id)) throw new UsageError(`--sql-id takes a 13-character sql_id such as 8ggw94h7mvxd7, not '${sqlId}'`);
  return { kind: 'call', call, sqlId: id ?? null, hashValue: wholeNumber('hash-value', hashText, 0) ?? null, dep: wholeNumber('dep', depText, 0) ?? null };
}

/** The `--event` name (the default when not given); an empty one is a usage error. */
export function eventOf(event: string | undefined): string {
  if (event !== undefined && event.trim() === '') throw new UsageError('--event needs an event name, e.g. --event "log file sync"');
  return event ?? DEFAULT_EVENT;
}

/** An option's whole-number value of at least `min`, or undefined when it was not given. */
export function wholeNumber(name: string, v: string | undefined, min: number): number | undefined {
  if (v === undefined) return undefined;
  const n = Number(v);
  if (!Number.isInteger(n) || n < min) throw new UsageError(`--${name} must be a whole number ≥ ${min}, not '${v}'`);
  return n;
}

/**
 * A response-time profile (profile, statements, compare --profile and report --profile) is cut by
 * --from and --to only: --skip-first and --skip-last cut each session's waits of the measure
 * (stats, compare, outliers), not its calls and span. A usage error, so a command line that cannot
 * run is refused before any input is read, as every other option that does not fit is.
 */
export function refuseSessionSkips(window: TimeWindow | undefined): void {
  if (window && (window.skipFirstMicros > 0 || window.skipLastMicros > 0)) throw new UsageError(SESSION_SKIPS_REFUSAL);
}

// No command named: report's parser renames compare's messages (report-args.ts).
const SESSION_SKIPS_REFUSAL = "--skip-first and --skip-last cut each session's waits of the measure; a response-time profile (profile, statements, --profile) takes --from and --to";

/** The time window of --from/--to/--skip-first/--skip-last, or undefined for the whole run. */
export function windowArgs(values: WindowValues): TimeWindow | undefined {
  if (values.from === undefined && values.to === undefined && values['skip-first'] === undefined && values['skip-last'] === undefined) return undefined;
  try {
    return windowOf(values);
  } catch (error) {
    if (error instanceof WindowInputError) throw new UsageError(error.message);
    throw error;
  }
}
