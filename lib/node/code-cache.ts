import { readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import { pathToFileURL } from 'node:url';
import vm from 'node:vm';
import { threadId } from 'node:worker_threads';
import zlib from 'node:zlib';
import { codeCacheSuffix } from './v8-flags';

/**
 * Runs a CommonJS bundle of the CLI (dist/*.cjs) with V8's code cache for it (`FILE.cache`, or
 * `FILE.<flags>.cache` for a command run with V8 flags (v8-flags.ts), written by
 * scripts/build-cli.mjs after a warm-up run). Why: Node 20 keeps no compile cache for
 * ES modules, and parsing the 290 KB bundle, then compiling each function on its first call, took
 * ~20 ms before the first byte of a trace was read, and as much again on each parse worker. With
 * the cache, V8 deserializes the functions the warm-up compiled instead.
 *
 * The cache is only an accelerator: V8 checks it against its own version and flags and the
 * source's length, and rejects it on a mismatch; the bundle then compiles as it would without.
 * V8 alone would take a cache made for other source text of the same length, and (in release
 * builds) does not checksum it, so the cache file starts with a line naming the bundle's size
 * and modification time when it was written and the CRC-32 of V8's bytes: a cache of a bundle
 * changed since is 'stale', a damaged one 'rejected', and neither is handed to V8. (zlib.crc32
 * came in Node 20.15; without it no cache is used.)
 *
 * A bundle run this way cannot call import(): scripts/build-cli.mjs refuses to build one that does.
 */
export type CacheState = 'accepted' | 'rejected' | 'stale' | 'absent';

export interface RanBundle {
  state: CacheState;
  /** Writes the cache as it stands now: every function compiled so far (atomically: write, then rename). */
  writeCache(): void;
}

/** `import.meta.url` in the bundled sources (scripts/build-cli.mjs defines it as this name). */
export const BUNDLE_URL_NAME = '__waitscopeBundleUrl';
const MAGIC = 'waitscope-code-cache';

export function runBundle(file: string): RanBundle {
  const source = readFileSync(file, 'utf8');
  const stat = statSync(file, { bigint: true });
  const stamp = `${MAGIC} ${stat.size} ${stat.mtimeNs}`;
  const cacheFile = `${file}${codeCacheSuffix()}.cache`;
  const cached = readCache(cacheFile, stamp);
  // The CommonJS wrapper, on the bundle's first line so its line numbers stay the file's.
  const wrapped = `(function (exports, require, module, __filename, __dirname, ${BUNDLE_URL_NAME}) {${source}\n})`;
  const script = new vm.Script(wrapped, { filename: file, ...(cached.data ? { cachedData: cached.data } : {}) });
  const state: CacheState = cached.data && script.cachedDataRejected ? 'rejected' : cached.state;
  const module = { exports: {} };
  (script.runInThisContext() as (...args: unknown[]) => void)(module.exports, createRequire(file), module, file, dirname(file), pathToFileURL(file).href);
  return {
    state,
    writeCache() {
      const partial = `${cacheFile}.${process.pid}.${threadId}`;
      const data = script.createCachedData();
      writeFileSync(partial, Buffer.concat([Buffer.from(`${stamp} ${crc32(data)}\n`), data]));
      renameSync(partial, cacheFile);
    },
  };
}

/** V8's bytes from a cache file written for the bundle as it is now (`stamp`), intact. */
function readCache(cacheFile: string, stamp: string): { data?: Buffer; state: CacheState } {
  let bytes: Buffer;
  try {
    bytes = readFileSync(cacheFile);
  } catch {
    return { state: 'absent' }; // not built (yet): compile as usual
  }
  const lineEnd = bytes.indexOf(0x0a);
  const header = bytes.toString('latin1', 0, Math.max(0, lineEnd));
  if (!header.startsWith(`${stamp} `)) return { state: 'stale' };
  const data = bytes.subarray(lineEnd + 1);
  return crc32(data) === Number(header.slice(stamp.length + 1)) ? { data, state: 'accepted' } : { state: 'rejected' };
}

/** CRC-32 of `data`, or NaN (equal to nothing) on a Node without zlib.crc32. */
function crc32(data: Uint8Array): number {
  const fn = (zlib as { crc32?: (data: Uint8Array) => number }).crc32;
  return fn ? fn(data) : Number.NaN;
}

/** Whether this run should write the caches (the build's warm-up run sets it). */
export function writingCodeCache(): boolean {
  return process.env.WAITSCOPE_CODE_CACHE === 'write';
}
