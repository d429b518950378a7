// `waitscope profile`, `statements` and `compare --profile` on the whole real corpus at once: every
// file is read, none stops the run, and the profile's rows add up to R.
import { describe, expect, it } from 'vitest';
import { corpusAvailable, corpusFiles, reportCorpusMissing } from '../helpers/corpus';
import { parseJsonOutput, runCli } from '../helpers/cli';

reportCorpusMissing('test/cli/calls-corpus.test.ts');

describe.skipIf(!corpusAvailable)('the call commands on every real trace', () => {
  const files = corpusAvailable ? corpusFiles().map((f) => f.path) : [];

  it('profile --json reads them all, and its rows add up to R', async () => {
    const run = await runCli(['profile', '--json', ...files], { timeoutMs: 120_000 });
    expect(run.status).toBe(0);
    const json = parseJsonOutput<{ files: string[]; calls: { count: number }[]; responseTime: { total: number; rows: { total: number }[] } }>(run);
    expect(json.calls.reduce((n, c) => n + c.count, 0)).toBeGreaterThan(100);
    expect(json.responseTime.rows.reduce((s, r) => s + r.total, 0)).toBe(json.responseTime.total);
  });

  it('statements --json lists statements of them all, each with its calls', async () => {
    const run = await runCli(['statements', '--json', ...files], { timeoutMs: 120_000 });
    expect(run.status).toBe(0);
    const json = parseJsonOutput<{ statements: { exec: { count: number }; total: number; calls: Record<string, { e: number }> }[] }>(run);
    expect(json.statements.length).toBeGreaterThan(10);
    for (const s of json.statements) expect(s.total).toBe(Object.values(s.calls).reduce((t, c) => t + c.e, 0));
  });

  it('compare --profile compares the first half of the corpus with the second', async () => {
    const half = Math.floor(files.length / 2);
    const run = await runCli(['compare', '--profile', '--json', ...files.slice(0, half), '--vs', ...files.slice(half)], { timeoutMs: 120_000 });
    expect(run.status).toBe(0);
    const json = parseJsonOutput<{ profileComparison: { a: { total: number }; b: { total: number }; deltaR: number } }>(run);
    expect(json.profileComparison.deltaR).toBe(json.profileComparison.a.total - json.profileComparison.b.total);
  });
});
