import { parseArgs, type ParseArgsConfig } from 'node:util';
import { DEFAULT_EVENT } from '../trace/types';

export interface CommonArgs {
  event: string;
  json: boolean;
  workers: number | undefined;
  paths: string[];
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
  json: { type: 'boolean' },
  workers: { type: 'string' },
} as const;

export function parseCommonArgs(argv: string[]): CommonArgs {
  const { values, positionals } = parseOptions({ args: argv, allowPositionals: true, options: COMMON_OPTIONS });
  return commonArgsOf(values, positionals);
}

/** The common arguments, checked, from what parseOptions found for COMMON_OPTIONS (and maybe more). */
export function commonArgsOf(values: { event?: string; json?: boolean; workers?: string }, positionals: string[]): CommonArgs {
  if (positionals.length === 0) throw new UsageError('no input: give one or more trace files or directories');
  return { event: eventOf(values.event), json: values.json ?? false, workers: wholeNumber('workers', values.workers, 1), paths: positionals };
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
