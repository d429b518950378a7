import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';

/**
 * The bundled worker script, next to the bundled CLI (dist/); absent when the sources run.
 * Computed when asked for: a module loaded from a data: URL (scripts/import-ts.mjs) has no base.
 */
export function parseWorkerUrl(): URL {
  return new URL('./parse-worker.cjs', import.meta.url);
}

interface Started {
  worker: Worker;
  failed: boolean;
}

/**
 * The workers started early, shared through a process-wide key: bin/waitscope.mjs runs a tiny
 * bundle (dist/launch.mjs, lib/cli/launch.ts) that starts them before the main bundle is even
 * parsed (~15 ms sooner), and the main bundle holds its own copy of this module.
 */
interface Registry {
  requested: boolean;
  started: Started[];
}
const REGISTRY = Symbol.for('waitscope.earlyParseWorkers');
const registry: Registry = ((globalThis as { [REGISTRY]?: Registry })[REGISTRY] ??= { requested: false, started: [] });
const started = registry.started;

/** Whether worker threads can run `url`: a file that exists (the bundle, not the sources). */
export function isWorkerScript(url: URL): boolean {
  return url.protocol === 'file:' && existsSync(fileURLToPath(url));
}

/**
 * Starts the parse workers a command will ask for as the very first thing the CLI does, so
 * that their isolate start-up overlaps the loading of the rest of the CLI and the search for
 * inputs, instead of the parse. They are unref'd until a ParsePool takes them, so a command that
 * stops early (bad usage, unreadable path) is not kept alive by them. Returns how many started.
 *
 * `v8Flags`: the command's V8 flags (lib/node/v8-flags.ts), which each worker sets once its
 * isolate has booted (lib/node/parse-worker-entry.ts), for the whole process; the caller sets none
 * itself. Why: a worker started while any V8 flag differs from Node's defaults boots without
 * Node's start-up snapshot. A bare worker's script ran ~30-45 ms after `new Worker` here, ~80-120
 * ms with `--no-use-osr --always-sparkplug` set first, with `--no-use-osr` alone ~55-80 ms
 * (2026-12-04); so `waitscope profile` of bench/run.mjs' 1 GiB trace started its worker's range at
 * 194-227 ms since the process started, ~110 ms after the calling thread's (3 runs), and 92-140
 * ms without the flags: with two equal ranges, the worker's late start was the run's wall time.
 */
export function startParseWorkers(threads: number, v8Flags = ''): number {
  if (registry.requested) return 0; // once per process: dist/launch.mjs may have done it
  registry.requested = true;
  const url = parseWorkerUrl();
  if (threads <= 1 || !isWorkerScript(url)) return 0;
  for (let i = 1; i < threads; i++) {
    // Given even when '': then the worker sets none, whatever its copy of the environment names.
    const entry: Started = { worker: new Worker(url, { workerData: { v8Flags } }), failed: false };
    entry.worker.once('error', () => {
      entry.failed = true; // never taken: the pool starts a worker of its own and reports its errors
    });
    entry.worker.unref();
    started.push(entry);
  }
  return threads - 1;
}

/** Up to `max` workers started early for `url`, for the caller to own (ref'd again). */
export function takeStartedWorkers(url: URL, max: number): Worker[] {
  if (url.href !== parseWorkerUrl().href) return [];
  const taken: Worker[] = [];
  while (taken.length < max && started.length > 0) {
    const entry = started.shift() as Started;
    if (entry.failed) continue;
    entry.worker.ref();
    taken.push(entry.worker);
  }
  return taken;
}

/** The thread count a command line asks for: `--workers N`, else one per core (as parseCommonArgs). */
export function threadsRequested(argv: readonly string[]): number {
  const at = argv.findIndex((a) => a === '--workers' || a.startsWith('--workers='));
  if (at < 0) return availableParallelism();
  const arg = argv[at] as string;
  const n = Number(arg.includes('=') ? arg.slice(arg.indexOf('=') + 1) : argv[at + 1]);
  return Number.isInteger(n) && n >= 1 ? n : 1;
}
