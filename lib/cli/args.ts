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

export function parseCommonArgs(argv: string[]): CommonArgs {
  const parsed = parseOptions({
    args: argv,
    allowPositionals: true,
    options: {
      event: { type: 'string', short: 'e' },
      json: { type: 'boolean' },
      workers: { type: 'string' },
    },
  });
  const { values, positionals } = parsed;
  if (positionals.length === 0) throw new UsageError('no input: give one or more trace files or directories');
  if (values.event !== undefined && values.event.trim() === '') throw new UsageError('--event needs an event name, e.g. --event "log file sync"');
  let workers: number | undefined;
  if (values.workers !== undefined) {
    workers = Number(values.workers);
    if (!Number.isInteger(workers) || workers < 1) throw new UsageError(`--workers must be a whole number ≥ 1, not '${values.workers}'`);
  }
  return { event: values.event ?? DEFAULT_EVENT, json: values.json ?? false, workers, paths: positionals };
}
