// `waitscope report` (issue 17 §3), run as the user runs it (the bundled CLI), on commit-loop traces
// whose instance, host, file and folder names, module, action and SQL text are distinctive strings
// (test/share/secret-traces.ts). The numbers are checked against `waitscope compare --json` of the
// same traces, an independent command; the privacy against the strings put into the traces.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WaitscopeReport } from '@/lib/report/report-schema';
import { makeTempDir, parseJsonOutput, runCli, type CliRun } from '../helpers/cli';
import { payloadOf } from '../offline/offline-file';
import { SECRET, writeSecretTraces } from '../share/secret-traces';

const temp = makeTempDir('report-cli');
const ON = path.join(temp.dir, 'on');
const OFF = path.join(temp.dir, 'off');
const out = (name: string) => path.join(temp.dir, name);

/** Every private string of the traces, and the ones a report may carry when the user includes them. */
const NEVER = [SECRET.module, SECRET.action];
const PRIVATE = [SECRET.instance, SECRET.host, SECRET.file, SECRET.folder, SECRET.sql];

function found(html: string, names: readonly string[]): string[] {
  const lower = html.toLowerCase();
  return names.filter((n) => lower.includes(n.toLowerCase()));
}

describe('waitscope report', () => {
  let compare: WaitscopeReport;
  let plain: { run: CliRun; html: string };
  let ticked: { run: CliRun; html: string };
  /** Each side's trace files, by their paths from the root. */
  let files: string[][];

  beforeAll(async () => {
    files = [writeSecretTraces(temp.dir, 'on', 'flash-on'), writeSecretTraces(temp.dir, 'off', 'flash-off')];
    const [c, p, t] = await Promise.all([
      runCli(['compare', '--json', ON, '--vs', OFF]),
      runCli(['report', ON, '--vs', OFF, '--profile', '--out', out('plain.html')]),
      runCli(['report', '--include-hosts', ON, '--vs', OFF, '--profile', '--include-file-names', `--out=${out('ticked.html')}`, '--include-sql-text']),
    ]);
    for (const run of [c, p, t]) expect(run.status, run.stderr).toBe(0);
    compare = parseJsonOutput<WaitscopeReport>(c);
    plain = { run: p, html: readFileSync(out('plain.html'), 'utf8') };
    ticked = { run: t, html: readFileSync(out('ticked.html'), 'utf8') };
  });
  afterAll(() => temp.remove());

  it('holds the numbers compare --json prints for the same traces: summaries, rows, tests and verdicts', () => {
    for (const { html } of [plain, ticked]) {
      const report = payloadOf(html);
      expect(report.event).toBe('log file sync');
      expect(report.datasets.map((d) => d.summary)).toEqual(compare.datasets.map((d) => d.summary));
      expect(report.datasets.map((d) => d.distributions)).toEqual(compare.datasets.map((d) => d.distributions));
      // A is the treatment, B the baseline, as in compare; the bootstrap's seed makes its CIs the same.
      const [mine, theirs] = [report.comparisons[0]!, compare.comparisons[0]!];
      expect([mine.treatment, mine.baseline]).toEqual([0, 1]);
      for (const key of ['rows', 'welch', 'mannWhitney', 'ks', 'bootstrap', 'verdicts'] as const) expect(mine[key]).toEqual(theirs[key]);
      expect(report.datasets.map((d) => d.summary.count)).toEqual([3000, 3000]);
    }
  });

  it('by default names no instance, host, file or folder and holds no SQL text; the labels made from folders are numbered', () => {
    expect(found(plain.html, [...PRIVATE, ...NEVER])).toEqual([]);
    const report = payloadOf(plain.html);
    expect(report.datasets.map((d) => d.label)).toEqual(['Dataset 1', 'Dataset 2']);
    expect(report.datasets.flatMap((d) => d.files.map((f) => f.name))).toEqual(['file 1', 'file 2', 'file 3', 'file 4']);
    expect(report.datasets.flatMap((d) => d.files.map((f) => 'host' in f || 'instance' in f))).toEqual([false, false, false, false]);
    // What still travels: each file's fingerprint, the outliers by file number, the statements by sql_id.
    expect(report.datasets.flatMap((d) => d.files.map((f) => /^[0-9a-f]{64}$/.test(f.sha256 ?? '')))).toEqual([true, true, true, true]);
    expect(new Set(report.datasets.flatMap((d) => d.outliers!.top.map((r) => r.file)))).toEqual(new Set(['file 1', 'file 2', 'file 3', 'file 4']));
    const statements = report.profile!.datasets.flatMap((d) => d.statements);
    expect(statements.length).toBeGreaterThan(0);
    expect(statements.every((s) => s.text === null)).toBe(true);
    expect(plain.run.stdout).toMatch(/^wrote .*plain\.html \(\d+\.\d\d MB\): Dataset 1 \(3,000 waits\) vs Dataset 2 \(3,000 waits\), log file sync\n/);
    expect(plain.run.stdout).toContain('left out: host and instance names (--include-hosts); file names, sent as file 1, file 2, … (--include-file-names); SQL text (--include-sql-text; statements still go by sql_id and hash value, which known or guessable SQL can be matched to)');
  });

  it('holds the names and the SQL text the options include, and never the module or action', () => {
    expect(found(ticked.html, PRIVATE)).toEqual(PRIVATE);
    expect(found(ticked.html, NEVER)).toEqual([]);
    const report = payloadOf(ticked.html);
    expect(report.datasets.map((d) => d.label)).toEqual(['on', 'off']);
    expect(report.datasets.flatMap((d) => d.files.map((f) => [f.host, f.instance]))).toEqual(Array(4).fill([SECRET.host, SECRET.instance.toUpperCase()]));
    expect(report.profile!.datasets.flatMap((d) => d.statements).some((s) => s.text?.includes(SECRET.sql))).toBe(true);
    expect(ticked.run.stdout).not.toContain('left out');
  });

  it('with file names but not hosts: files given by their path from the root travel by their own names, and what still names the instance is said truly', async () => {
    expect(files[0]![0]!.startsWith('/')).toBe(true);
    const run = await runCli(['report', ...files[0]!, '--vs', ...files[1]!, '--include-file-names', '--out', out('names.html')]);
    expect(run.status, run.stderr).toBe(0);
    const report = payloadOf(readFileSync(out('names.html'), 'utf8'));
    expect(report.datasets.flatMap((d) => d.files.map((f) => f.name))).toEqual(files.flat().map((f) => path.basename(f)));
    expect(readFileSync(out('names.html'), 'utf8')).not.toContain(temp.dir);
    expect(run.stdout).toContain('left out: host and instance names (--include-hosts), except in file names that hold them');
    expect(run.stderr).toMatch(/^warning: the report still holds the instance name '[^']+' \(the file names of dataset 1[^)]*\): file names travel as found with --include-file-names$/m);
  });

  it('is a page that needs nothing from elsewhere: inline script and style, and a policy that forbids any request', () => {
    expect(plain.html).toMatch(/^<!doctype html>/);
    expect(plain.html).toContain(`<meta http-equiv="Content-Security-Policy" content="default-src 'none';`);
    expect(/\b(src|href)=["']?(https?:|\/\/)/i.test(plain.html)).toBe(false);
  });

  it('reads a time window and a where filter as compare does: the same values, the same window in the report', async () => {
    const window = ['--skip-first', '200ms', '--where', 'ela >= 300'];
    const [c, r] = await Promise.all([runCli(['compare', '--json', ...window, ON, '--vs', OFF]), runCli(['report', ...window, ON, '--vs', OFF, '--out', out('window.html')])]);
    expect(c.status, c.stderr).toBe(0);
    expect(r.status, r.stderr).toBe(0);
    const expected = parseJsonOutput<WaitscopeReport>(c);
    const report = payloadOf(readFileSync(out('window.html'), 'utf8'));
    expect(report.datasets.map((d) => d.summary)).toEqual(expected.datasets.map((d) => d.summary));
    expect(report.datasets.map((d) => d.window)).toEqual(expected.datasets.map((d) => d.window));
    // The window and the filter left waits out: fewer than the whole runs' 3,000 per side.
    expect(report.datasets.every((d) => d.summary.count > 0 && d.summary.count < 3000)).toBe(true);
    expect(report.datasets.every((d) => d.summary.min! >= 300)).toBe(true);
  });

  it.each([
    ['no --out', [ON, '--vs', OFF], 'report needs --out FILE'],
    ['--json', [ON, '--vs', OFF, '--out', 'x.html', '--json'], '--json belongs to compare'],
    ['--over-time', [ON, '--vs', OFF, '--out', 'x.html', '--over-time', '10s'], '--over-time belongs to compare'],
    ['no --vs', [ON, OFF, '--out', 'x.html'], 'report needs --vs'],
    ['--include-sql-text without --profile', [ON, '--vs', OFF, '--out', 'x.html', '--include-sql-text'], '--include-sql-text is for the statements of --profile'],
  ])('%s is a usage error', async (_name, args, reason) => {
    const run = await runCli(['report', ...args]);
    expect(run.status).toBe(1);
    expect(run.stderr.split('\n')[0]).toContain(reason);
    expect(run.stderr).toMatch(/\n {2}waitscope report /);
  });

  it('names the file it cannot write', async () => {
    const run = await runCli(['report', ON, '--vs', OFF, '--out', path.join(temp.dir, 'no-such-dir', 'r.html')]);
    expect(run.status).toBe(1);
    expect(run.stderr).toMatch(/^waitscope: cannot write .*no-such-dir\/r\.html: ENOENT/m);
  });
});
