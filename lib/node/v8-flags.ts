import v8 from 'node:v8';

/** Names the flags a CLI process runs with, for its parse workers' code caches (they share the process's flags). */
const FLAGS_ENV = 'WAITSCOPE_V8_FLAGS';

/**
 * V8 flags for one command. `profile` runs without on-stack replacement: the scanner's line loop
 * (TraceScanner.kernelLines) runs once per 4 MiB chunk, so V8 compiled it while it ran (OSR),
 * with the profile's collector inlined and little type feedback, then again at its next call,
 * then again after deopts, 15-60 ms of a core each (--trace-opt). Without OSR the first chunk
 * runs unoptimized and the loop is compiled at a call. `waitscope profile` of bench/run.mjs'
 * 1 GiB trace, 2026-12-02: parse time 985-1058 ms (median 1012) with OSR, 868-967 ms (median
 * 933) without, 5 alternating runs; wall time median 1.21 s against 1.16 s, 10 runs. Not for the
 * other commands: `outliers` and `compare` loop long inside single calls, which then stay
 * unoptimized (outliers 0.85 -> 1.13 s, compare 1.75 -> 1.94 s without OSR).
 *
 * And with every function compiled by Sparkplug (V8's baseline compiler) at its first call, not
 * after it ran a while in the interpreter: a profile's first chunks of each range run before
 * TurboFan's code arrives (~100-130 ms for the first 4 MiB against ~4 ms later), and baseline code
 * runs them faster. Same trace, 14 alternating runs each, 2026-12-03: median 1.065 s (1.95 s
 * CPU) without, 1.015 s (1.89 s CPU) with; the same direction in a slower minute (1.455 against
 * 1.420 s). Not with --no-lazy-feedback-allocation (1.070 s).
 */
export function commandV8Flags(command: string | undefined): string {
  return command === 'profile' ? '--no-use-osr --always-sparkplug' : '';
}

/**
 * Sets V8 flags (process-wide: every isolate of the process compiles under them from now on), and
 * names them for this thread's code caches (codeCacheSuffix). dist/launch.mjs sets a command's
 * before its main bundle loads, or leaves them to the parse workers (lib/node/early-workers.ts).
 */
export function setV8Flags(flags: string): void {
  if (flags === '') {
    delete process.env[FLAGS_ENV];
    return;
  }
  v8.setFlagsFromString(flags);
  process.env[FLAGS_ENV] = flags;
}

/**
 * Names `flags` for the code caches of workers started from now on (they copy this thread's
 * environment), without setting them: dist/launch.mjs, after its own bundle loaded under the
 * defaults, while the parse workers set them (lib/node/early-workers.ts).
 */
export function nameV8Flags(flags: string): void {
  process.env[FLAGS_ENV] = flags;
}

/** The flags this thread's environment names ('' for none): a parse worker sets them if the launcher left them to workers. */
export function namedV8Flags(): string {
  return process.env[FLAGS_ENV] ?? '';
}

/**
 * The part of a code cache's file name that names the flags it was made under ('' for none): V8
 * rejects a cache made under other flags, so each flag set has its own (scripts/build-cli.mjs
 * writes both: `stats` for none, `profile` for its own).
 */
export function codeCacheSuffix(): string {
  return cacheSuffixOf(process.env[FLAGS_ENV] ?? '');
}

/** The suffix for a given flag set (the build names the caches it must write with this). */
export function cacheSuffixOf(flags: string): string {
  const name = flags.replace(/[^a-z0-9]+/gi, '-').replace(/^-+|-+$/g, '');
  return name === '' ? '' : `.${name}`;
}
