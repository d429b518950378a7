// Issue 14 §4 in the page's worker: a call or commit measure is read for in one whole-file pass per
// file, and its report has the numbers of `waitscope stats --json --call …` / `--commit`; a file
// without it says so in its own words; the parse counts each file's calls for the picker.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { reportSchema } from '../../lib/report/report-schema';
import { measureLabel } from '../../lib/trace/measure';
import { measureFields, type CallMeasure } from '../../lib/worker/measure-fields';
import { runCli } from '../helpers/cli';
import { inputFiles, SessionHarness } from './session-harness';

const FIXTURES = fileURLToPath(new URL('../fixtures/', import.meta.url));
const fixture = (name: string) => path.join(FIXTURES, name);

async function cliStats(args: string[], file: string) {
  const run = await runCli(['stats', '--json', ...args, file]);
  expect(run.status).toBe(0);
  return JSON.parse(run.stdout) as { event: string; count: number; median: number | null; mean: number | null; p90: number | null; max: number | null };
}

describe('a call or commit measure in the worker', () => {
  const cases: [CallMeasure, string[]][] = [
    [{ kind: 'call', call: 'EXEC', sqlId: null, hashValue: null, dep: null }, ['--call', 'EXEC']],
    [{ kind: 'commit' }, ['--commit']],
    [{ kind: 'call', call: 'EXEC', sqlId: 'jc0ggqfw6s6dz', hashValue: null, dep: 0 }, ['--call', 'EXEC', '--sql-id', 'jc0ggqfw6s6dz', '--dep', '0']],
  ];
  for (const [measure, args] of cases) {
    it(`gives the numbers of stats --json ${args.join(' ')}`, async () => {
      const h = new SessionHarness();
      const file = fixture('v11g-commit-loop.trc');
      await h.send({ type: 'add-files', datasetId: 'a', files: inputFiles([file], FIXTURES), ...measureFields(measure) });
      const report = await h.report([{ datasetId: 'a', label: 'a' }], 0, measureLabel(measure));
      const cli = await cliStats(args, file);
      const s = report.datasets[0]!.summary;
      expect(report.event).toBe(cli.event);
      expect(report.measure).toEqual(measure);
      expect([s.count, s.median, s.mean, s.p90, s.max]).toEqual([cli.count, cli.median, cli.mean, cli.p90, cli.max]);
      expect(h.lastStatus('a').measure).toEqual(measure);
      // A shared report says what was measured: the field validates, and a report without it still does.
      expect(reportSchema.parse(report).measure).toEqual(measure);
      const { measure: _measure, ...without } = report;
      expect(reportSchema.safeParse(without).success).toBe(true);
      expect(reportSchema.safeParse({ ...report, measure: { kind: 'call', call: 'EXEC' } }).success).toBe(false);
    });
  }

  it('says what a file lacks, in the measure’s own words, and counts its calls for the picker', async () => {
    const h = new SessionHarness();
    const measure: CallMeasure = { kind: 'call', call: 'EXEC', sqlId: 'zzzzzzzzzzzzz', hashValue: null, dep: null };
    await h.send({ type: 'add-files', datasetId: 'a', files: inputFiles([fixture('v19c-session.trc')], FIXTURES), ...measureFields(measure) });
    const status = h.lastStatus('a');
    expect(status.state).toBe('ready');
    expect(status.files[0]!.problems).toEqual([{ kind: 'no-event', message: 'v19c-session.trc has no EXEC calls of sql_id zzzzzzzzzzzzz' }]);
    // v19c-session.trc: 10 EXEC lines outside its SQL text (grep -n '^EXEC #' finds an 11th inside it), 1 FETCH, 9 XCTEND.
    const calls = status.calls!;
    expect(calls.calls.find((c) => c.call === 'EXEC')!.count).toBe(10);
    expect(calls.calls.find((c) => c.call === 'FETCH')!.count).toBe(1);
    expect(calls.transactionEnds).toBe(9);
  });

  it('counts calls while reading for an event too (a small file is read in one pass), and keeps them when the measure changes', async () => {
    const h = new SessionHarness();
    await h.send({ type: 'add-files', datasetId: 'a', files: inputFiles([fixture('v11g-commit-loop.trc')], FIXTURES), event: 'log file sync' });
    const before = h.lastStatus('a');
    expect(before.measure).toBeUndefined();
    expect(before.waits).toBe(10);
    expect(before.calls!.transactionEnds).toBe(10);
    await h.send({ type: 'set-event', ...measureFields({ kind: 'commit' }) });
    const after = h.lastStatus('a');
    expect(after.event).toBe(measureLabel({ kind: 'commit' }));
    expect(after.calls).toEqual(before.calls);
  });

  it('leaves a large dataset’s calls uncounted while reading for an event, and counts them when the commit is measured', async () => {
    const h = new SessionHarness();
    // The commit loop 2,100 times over: 17.5 MB, above the 16 MiB a dataset's event read also visits.
    const text = readFileSync(fixture('v11g-commit-loop.trc'));
    const copies = 2100;
    const big = new File(Array.from({ length: copies }, () => text), 'big.trc');
    await h.send({ type: 'add-files', datasetId: 'a', files: [{ file: big, path: 'big.trc' }], event: 'log file sync' });
    expect(h.lastStatus('a').waits).toBe(10 * copies);
    expect(h.lastStatus('a').calls).toBeNull();
    await h.send({ type: 'set-event', ...measureFields({ kind: 'commit' }) });
    expect(h.lastStatus('a').calls!.transactionEnds).toBe(10 * copies);
  }, 60_000);
});
