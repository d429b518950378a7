// The benchmark input: one 1 GiB 11.2-style commit-loop trace, generated once and cached outside the
// repository (it is far too big for git and takes ~10 s to make).
//
// Why a sidecar JSON: the cache must be regenerated when anything that shapes its bytes changes (the
// parameters below, or the generator's code), and never trusted when a run was interrupted. So:
//   - the trace is written to a temporary name and renamed only when complete;
//   - the sidecar is deleted before generating and written (also via rename) only after the trace;
//   - a cached trace is used only if the sidecar matches the parameters and the file's size.
import { importTs } from '../scripts/import-ts.mjs';
import { createHash } from 'node:crypto';
import { createWriteStream, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { once } from 'node:events';
import { finished } from 'node:stream/promises';
import { homedir } from 'node:os';
import { join } from 'node:path';

export const TRACE_NAME = 'commit-loop-1gib.trc';
/** 1 GiB. The file is cut at the first line end at or after this many bytes. */
export const TARGET_BYTES = 1024 * 1024 * 1024;
const NEEDLE = "nam='log file sync'";

/**
 * What the trace is made of. `commits` is only an upper bound: generation stops at TARGET_BYTES
 * (~1.7 M commits). Without pinExtremes the ela stream does not depend on `commits`, so the bound
 * does not change the bytes.
 */
const PARAMS = {
  format: 1,
  generator: 'lib/synth/commit-loop.ts generateCommitLoop',
  preset: 'flash-off',
  seed: 10046,
  sessionIndex: 0,
  commits: 2_500_000,
  pinExtremes: false,
  targetBytes: TARGET_BYTES,
  cut: 'first line end at or after targetBytes',
};

/**
 * lib/synth is TypeScript; Node 20 cannot import it directly, so (as scripts/make-fixtures.mjs does)
 * esbuild bundles it in memory and the bundle is imported from a data: URL. The bundle's hash goes
 * into the sidecar, so a change to the generator regenerates the cache.
 */
async function loadGenerator() {
  const { module: mod, code } = await importTs(`export { generateCommitLoop } from './lib/synth/commit-loop';\n`);
  return { generateCommitLoop: mod.generateCommitLoop, codeSha256: createHash('sha256').update(code).digest('hex') };
}

function countOccurrences(text, needle) {
  let n = 0;
  for (let i = text.indexOf(needle); i !== -1; i = text.indexOf(needle, i + needle.length)) n++;
  return n;
}

/** Where the trace is cached: $WAITSCOPE_BENCH_DIR, else ~/.cache/waitscope-bench. */
export function benchDir() {
  return process.env.WAITSCOPE_BENCH_DIR || join(homedir(), '.cache', 'waitscope-bench');
}

/**
 * Readies the cache folder for a generation: creates it (on a fresh machine it does not exist yet,
 * and listing it would fail with ENOENT) and removes what interrupted runs left there. Separate
 * from ensureTrace so a test can run it without generating 1 GiB.
 */
export function prepareCacheDir(dir) {
  mkdirSync(dir, { recursive: true });
  removeStaleTemps(dir);
}

/** A run killed mid-generation leaves `<name>.tmp-<pid>` (1 GiB); remove those whose process is gone. */
function removeStaleTemps(dir) {
  for (const name of readdirSync(dir)) {
    const m = /^commit-loop-1gib\.trc(?:\.json)?\.tmp-(\d+)$/.exec(name);
    if (!m) continue;
    let alive = true;
    try {
      process.kill(Number(m[1]), 0);
    } catch {
      alive = false;
    }
    if (!alive) rmSync(join(dir, name), { force: true });
  }
}

function readSidecar(path) {
  try {
    return JSON.parse(readFileSync(path, 'utf8'));
  } catch {
    return undefined;
  }
}

/**
 * Returns { path, bytes, logFileSyncWaits, generated, seconds, params }. `logFileSyncWaits` is the
 * generator's own count of `log file sync` lines written: ground truth for grep's and waitscope's counts.
 */
export async function ensureTrace({ dir, log = console.log, targetBytes = TARGET_BYTES }) {
  const path = join(dir, TRACE_NAME);
  const sidecarPath = `${path}.json`;
  const { generateCommitLoop, codeSha256 } = await loadGenerator();
  // targetBytes: smaller only in the test of a fresh cache folder (test/bench), which must not write 1 GiB.
  const params = { ...PARAMS, targetBytes, generatorSha256: codeSha256 };

  const sidecar = readSidecar(sidecarPath);
  if (sidecar && existsSync(path) && JSON.stringify(sidecar.params) === JSON.stringify(params) && statSync(path).size === sidecar.bytes) {
    log(`trace: cached ${path} (${sidecar.bytes} bytes, ${sidecar.logFileSyncWaits} 'log file sync' waits; generated ${sidecar.generatedAt})`);
    return { path, bytes: sidecar.bytes, logFileSyncWaits: sidecar.logFileSyncWaits, generated: false, seconds: 0, params };
  }
  const why = !existsSync(path) ? 'missing' : !sidecar ? 'no sidecar' : JSON.stringify(sidecar.params) !== JSON.stringify(params) ? 'parameters or generator changed' : 'size differs from sidecar';
  log(`trace: generating ${path} (${why}) ...`);

  prepareCacheDir(dir);
  rmSync(sidecarPath, { force: true });
  const tmp = `${path}.tmp-${process.pid}`;
  const started = performance.now();
  let bytes = 0;
  let waits = 0;
  let complete = false;
  const out = createWriteStream(tmp, { highWaterMark: 4 << 20 });
  try {
    for (const chunk of generateCommitLoop({ preset: params.preset, seed: params.seed, commits: params.commits, sessionIndex: params.sessionIndex, pinExtremes: params.pinExtremes })) {
      // Chunks always end at a line end, so once `bytes` reaches the target we have stopped at one.
      let piece = chunk;
      const need = targetBytes - bytes;
      if (chunk.length >= need) {
        const nl = chunk.indexOf('\n', need - 1);
        if (nl !== -1) {
          piece = chunk.slice(0, nl + 1);
          complete = true;
        }
      }
      bytes += piece.length; // the text is ASCII: one UTF-16 unit per byte
      waits += countOccurrences(piece, NEEDLE);
      if (!out.write(piece)) await once(out, 'drain');
      if (complete) break;
    }
    out.end();
    await finished(out);
  } catch (error) {
    out.destroy();
    rmSync(tmp, { force: true });
    throw error;
  }
  if (!complete) {
    rmSync(tmp, { force: true });
    throw new Error(`the generator ran out after ${bytes} bytes (< ${targetBytes}); raise PARAMS.commits in bench/generate-trace.mjs`);
  }
  const onDisk = statSync(tmp).size;
  if (onDisk !== bytes) {
    rmSync(tmp, { force: true });
    throw new Error(`wrote ${bytes} bytes but the file has ${onDisk}: the generator emitted non-ASCII text?`);
  }
  renameSync(tmp, path);
  const seconds = (performance.now() - started) / 1000;
  const meta = { params, bytes, logFileSyncWaits: waits, generatedAt: new Date().toISOString(), generationSeconds: Number(seconds.toFixed(2)) };
  writeFileSync(`${sidecarPath}.tmp-${process.pid}`, `${JSON.stringify(meta, null, 2)}\n`);
  renameSync(`${sidecarPath}.tmp-${process.pid}`, sidecarPath);
  log(`trace: generated ${bytes} bytes, ${waits} 'log file sync' waits in ${seconds.toFixed(1)} s (${(bytes / 1e6 / seconds).toFixed(0)} MB/s)`);
  return { path, bytes, logFileSyncWaits: waits, generated: true, seconds, params };
}
