/**
 * The benchmark's cache set-up on a fresh machine: the cache folder does not exist yet. Before the
 * fix, `removeStaleTemps` listed it first and every benchmark run stopped with ENOENT (issue 12).
 */
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { benchDir, ensureTrace, prepareCacheDir, TRACE_NAME } from '../../bench/generate-trace.mjs';

const made: string[] = [];
afterEach(() => {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function freshParent(): string {
  const parent = mkdtempSync(join(tmpdir(), 'waitscope-bench-test-'));
  made.push(parent);
  return parent;
}

describe('bench cache set-up', () => {
  it('creates a WAITSCOPE_BENCH_DIR that does not exist yet (nested two levels deep)', () => {
    const dir = join(freshParent(), 'not', 'yet');
    const before = process.env.WAITSCOPE_BENCH_DIR;
    process.env.WAITSCOPE_BENCH_DIR = dir;
    try {
      expect(benchDir()).toBe(dir);
      expect(existsSync(dir)).toBe(false);
      prepareCacheDir(benchDir());
      expect(statSync(dir).isDirectory()).toBe(true);
      expect(readdirSync(dir)).toEqual([]);
    } finally {
      if (before === undefined) delete process.env.WAITSCOPE_BENCH_DIR;
      else process.env.WAITSCOPE_BENCH_DIR = before;
    }
  });

  it('removes temporaries of runs whose process is gone, keeps the rest', () => {
    const dir = freshParent();
    // pid 2^22 + 1 is above Linux's pid_max limit (4194304), so no process has it.
    const dead = 'commit-loop-1gib.trc.tmp-4194305';
    const alive = `commit-loop-1gib.trc.tmp-${process.pid}`;
    for (const name of [dead, alive, 'commit-loop-1gib.trc']) writeFileSync(join(dir, name), 'x');
    prepareCacheDir(dir);
    expect(readdirSync(dir).sort()).toEqual(['commit-loop-1gib.trc', alive].sort());
  });

  it('generates its trace into a cache folder that does not exist yet (what bench:browser does first on a fresh machine)', async () => {
    const dir = join(freshParent(), 'fresh', 'cache');
    const lines: string[] = [];
    const made = await ensureTrace({ dir, log: (line: string) => lines.push(line), targetBytes: 64 * 1024 });
    expect(made.generated).toBe(true);
    expect(made.path).toBe(join(dir, TRACE_NAME));
    expect(statSync(made.path).size).toBe(made.bytes);
    expect(made.bytes).toBeGreaterThanOrEqual(64 * 1024);
    expect(made.logFileSyncWaits).toBeGreaterThan(0);
    expect(lines.join('\n')).toContain('(missing)');
  });
});
