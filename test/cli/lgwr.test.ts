// `waitscope lgwr` and LGWR traces as ordinary inputs, run as a child process (the bundled CLI)
// on traces written by `waitscope synth --workload commit-path`, checked against its truth.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTempDir, parseJsonOutput, runCli } from '../helpers/cli';
import { CORPUS_DIR, reportCorpusMissing } from '../helpers/corpus';

interface Truth {
  truth: { syncs: { ela: number; covered: number; remainder: number }[]; writes: { ela: number; warned: boolean; blocks: number }[] };
}

const REAL_LGWR = path.join(CORPUS_DIR, 'jkstill_lgwr-trace-parse__oravm1_lgwr_495_NON10046.trc');
const realPresent = existsSync(REAL_LGWR);
if (!realPresent) reportCorpusMissing('test/cli/lgwr.test.ts');

describe('waitscope lgwr on synthetic foreground and LGWR traces', () => {
  const temp = makeTempDir('lgwr-cli');
  const dir = path.join(temp.dir, 'cp');
  let truth: Truth['truth'];
  beforeAll(async () => {
    const synth = await runCli(['synth', '--workload', 'commit-path', '--sessions', '3', '--commits', '200', '--seed', '4', '--out', dir]);
    expect(synth.status).toBe(0);
    truth = (JSON.parse(readFileSync(path.join(dir, 'commit-path.truth.json'), 'utf8')) as Truth).truth;
  });
  afterAll(() => temp.remove());

  it('--json: the covered share and the remainder equal the generator’s truth', async () => {
    const run = await runCli(['lgwr', '--json', dir]);
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    const r = parseJsonOutput(run) as { outcome: string; clock: { kind: string }; syncs: { coveredMicros: number; totalMicros: number; coveredShare: number }; remainder: { count: number; max: number; min: number } };
    expect(r.outcome).toBe('paired');
    expect(r.clock.kind).toBe('tim');
    const total = truth.syncs.reduce((n, s) => n + s.ela, 0);
    const covered = truth.syncs.reduce((n, s) => n + s.covered, 0);
    expect(r.syncs.totalMicros).toBe(total);
    expect(r.syncs.coveredMicros).toBe(covered);
    expect(r.remainder.count).toBe(truth.syncs.length);
    expect(r.remainder.max).toBe(Math.max(...truth.syncs.map((s) => s.remainder)));
  });

  it('text: names the clock, the covered share, the sources and the default redo block size', async () => {
    const run = await runCli(['lgwr', dir]);
    expect(run.status).toBe(0);
    const covered = truth.syncs.reduce((n, s) => n + s.covered, 0) / truth.syncs.reduce((n, s) => n + s.ela, 0);
    expect(run.stdout).toContain(`LGWR was writing during ${(covered * 100).toFixed(1)}% of the sync time`);
    expect(run.stdout).toMatch(/^clock: tim: same host \(cpath-db01\) and instance \(cpath1\)/m);
    expect(run.stdout).toContain('blocks × 512 B, the default redo block size');
    expect(run.stdout).toContain('https://docs.oracle.com/database/121/REFRN/GUID-4E2F9589-8082-483D-B7FD-33620C23E72A.htm');
  });

  it('--lgwr names a renamed LGWR trace; without it the foreground alone is not paired (status 2, why)', async () => {
    const fg = ['cpath1_ora_21000.trc', 'cpath1_ora_21013.trc'].map((f) => path.join(dir, f));
    // LGWR's trace with neither '(LGWR)' on its process line nor '_lgwr_' in its name.
    const renamed = path.join(temp.dir, 'writer.trc');
    writeFileSync(renamed, readFileSync(path.join(dir, 'cpath1_lgwr_4242.trc'), 'latin1').replace(' (LGWR)', ''), 'latin1');
    const alone = await runCli(['lgwr', ...fg, renamed]);
    expect(alone.status).toBe(2);
    expect(alone.stdout).toMatch(/not paired: no LGWR trace/);
    const named = await runCli(['lgwr', '--json', '--lgwr', renamed, ...fg]);
    expect(named.status).toBe(0);
    expect((parseJsonOutput(named) as { outcome: string }).outcome).toBe('paired');
  });

  it("an LGWR trace as an ordinary input: stats --event 'log file parallel write' counts every write", async () => {
    const run = await runCli(['stats', '--json', '--event', 'log file parallel write', path.join(dir, 'cpath1_lgwr_4242.trc')]);
    expect(run.status).toBe(0);
    const s = parseJsonOutput(run) as { count: number; sum: number; max: number };
    expect(s.count).toBe(truth.writes.length);
    expect(s.sum).toBe(truth.writes.reduce((n, w) => n + w.ela, 0));
    expect(s.max).toBe(Math.max(...truth.writes.map((w) => w.ela)));
  });

  it("stats --event 'LGWR log write warning' counts the writes over 500 ms, ela = whole ms × 1000", async () => {
    const run = await runCli(['stats', '--json', '--event', 'LGWR log write warning', path.join(dir, 'cpath1_lgwr_4242.trc')]);
    expect(run.status).toBe(0);
    const s = parseJsonOutput(run) as { count: number; sum: number };
    const warned = truth.writes.filter((w) => w.warned);
    expect(warned.length).toBeGreaterThan(0);
    expect(s.count).toBe(warned.length);
    expect(s.sum).toBe(warned.reduce((n, w) => n + Math.floor(w.ela / 1000) * 1000, 0));
  });
});

describe.skipIf(!realPresent)('waitscope lgwr on the real 11.2 LGWR trace (no 10046)', () => {
  it('loads it and says why it cannot pair: there is no foreground', async () => {
    const run = await runCli(['lgwr', '--json', REAL_LGWR]);
    expect(run.status).toBe(2);
    const r = parseJsonOutput(run) as { outcome: string; reason: string; lgwrFiles: string[] };
    expect(r.outcome).toBe('not-paired');
    expect(r.reason).toMatch(/no foreground trace/);
    expect(r.lgwrFiles).toHaveLength(1);
  });
});
