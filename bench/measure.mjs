// Wall time and peak RSS of one child process.
//
// Why python3: Node cannot report a child's peak RSS (process.resourceUsage() is for Node itself), and
// GNU time is not always installed. A tiny python3 wrapper starts the command, times it with
// perf_counter around the fork/exec/wait, and reads getrusage(RUSAGE_CHILDREN): ru_maxrss is the peak
// RSS of the largest waited-for descendant, in KiB on Linux (that includes `sh -c` pipelines and all of
// Node's worker threads, which live in one process). Python's own startup is not in the time.
// Floor: Python starts the child with vfork, and Linux carries the parent's RSS high-water mark into the
// child's ru_maxrss at exec, so no command reports less than the wrapper's own RSS (~11 MB with -S -I).
// `rssFloorBytes()` measures it (`true`) so the report can say so; it only matters for grep.
// stdout: 'pipe' (default) reads it into Python and returns it, so every timed run can be checked;
// 'devnull' sends it to /dev/null. Never give grep a /dev/null stdout: GNU grep then behaves like -q and
// stops at the first match (grep -c on 1 GiB "takes" 2 ms). A few bytes through a pipe cost nothing.
// stderr is captured (so waitscope's TTY-only progress line stays off) and shown only if the command fails.
import { execFileSync } from 'node:child_process';
import { closeSync, openSync, readSync } from 'node:fs';

const WRAPPER = `
import json, resource, subprocess, sys, time
out = subprocess.PIPE if sys.argv[1] == "pipe" else subprocess.DEVNULL
t = time.perf_counter()
r = subprocess.run(sys.argv[2:], stdout=out, stderr=subprocess.PIPE)
e = time.perf_counter() - t
u = resource.getrusage(resource.RUSAGE_CHILDREN)
print(json.dumps({"seconds": e, "maxrssKiB": u.ru_maxrss, "cpuSeconds": u.ru_utime + u.ru_stime, "status": r.returncode,
                  "stdout": (r.stdout or b"").decode("utf-8", "replace"), "stderr": r.stderr.decode("utf-8", "replace")[-4000:]}))
`;

let python;

/** Finds the real python3 (skipping e.g. a pyenv shim script) and checks it has `resource`; throws a clear error if not. */
export function findPython() {
  if (python) return python;
  try {
    python = execFileSync('python3', ['-c', 'import resource, sys; print(sys.executable)'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }).trim();
  } catch (error) {
    throw new Error(`the benchmark needs python3 (with the 'resource' module, i.e. a Unix python) to measure peak RSS: ${error.code === 'ENOENT' ? 'python3 is not on PATH' : error.message.split('\n')[0]}`);
  }
  return python;
}

/** Throws a clear error if `name` is not on PATH; returns its resolved path. */
export function requireTool(name, why) {
  try {
    return execFileSync('sh', ['-c', 'command -v "$1"', 'sh', name], { encoding: 'utf8' }).trim();
  } catch {
    throw new Error(`the benchmark needs '${name}' on PATH (${why})`);
  }
}

/** Runs argv once; returns { seconds, rssBytes, cpuSeconds, status, stdout }. okStatuses: exit codes that count as success. */
export function measureOnce(argv, { okStatuses = [0], stdout = 'pipe' } = {}) {
  const out = execFileSync(findPython(), ['-S', '-I', '-c', WRAPPER, stdout, ...argv], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'], maxBuffer: 256 << 20 });
  const r = JSON.parse(out);
  if (!okStatuses.includes(r.status)) {
    throw new Error(`${argv.join(' ')} exited with ${r.status}${r.stderr ? `:\n${r.stderr}` : ''}`);
  }
  return { seconds: r.seconds, rssBytes: r.maxrssKiB * 1024, cpuSeconds: r.cpuSeconds, status: r.status, stdout: r.stdout };
}

/** The peak RSS reported for a command that allocates nothing: the wrapper's floor (see top). */
export function rssFloorBytes() {
  return measureOnce(['true']).rssBytes;
}

export function median(xs) {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}

/**
 * Reads the whole file once, so what is timed next reads it from the page cache, not the disk:
 * this machine's kernel reclaims idle page cache on its own (kdamond), and a trace read cold ran at
 * 35-140 MB/s where it parses at 2 GB/s from memory.
 */
export function warmPageCache(path) {
  const buf = Buffer.allocUnsafe(16 << 20);
  const fd = openSync(path, 'r');
  const t = performance.now();
  let total = 0;
  try {
    for (let n; (n = readSync(fd, buf, 0, buf.length, null)) > 0; ) total += n;
  } finally {
    closeSync(fd);
  }
  return { bytes: total, seconds: (performance.now() - t) / 1000 };
}
