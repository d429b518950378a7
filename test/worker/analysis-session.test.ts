import { randomBytes } from 'node:crypto';
import { readFileSync, rmSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { bookExperimentWaits } from '../../lib/synth/book-experiment';
import { fixturePath, runCli } from '../helpers/cli';
import { writeCompareInputs } from '../helpers/compare-inputs';
import { measureFields } from '../../lib/worker/measure-fields';
import { inputFiles, SessionHarness } from './session-harness';

const inputs = writeCompareInputs(2000);
afterAll(() => rmSync(inputs.root, { recursive: true, force: true }));

describe('AnalysisSession (the worker pipeline, on the main thread)', () => {
  it('gives exactly the numbers of `waitscope compare --json` on the same files, gzip included', async () => {
    const h = new SessionHarness();
    await h.send({ type: 'add-files', datasetId: 'on', files: inputFiles(inputs.on, path.join(inputs.root, 'on')), event: 'log file sync' });
    await h.send({ type: 'add-files', datasetId: 'off', files: inputFiles(inputs.off, path.join(inputs.root, 'off')), event: 'log file sync' });
    expect(h.lastStatus('on')).toMatchObject({ state: 'ready', waits: 6000 });
    expect(h.lastStatus('off')).toMatchObject({ state: 'ready', waits: 6000 });
    const report = await h.report([{ datasetId: 'on', label: 'on' }, { datasetId: 'off', label: 'off' }]);

    const cli = await runCli(['compare', path.join(inputs.root, 'on'), '--vs', path.join(inputs.root, 'off'), '--json']);
    expect(cli.stderr).toBe('');
    // The CLI prints the same report (lib/report/build-report.ts): every number of both must agree.
    const json = JSON.parse(cli.stdout) as typeof report;
    expect(json.version).toBe(report.version);
    expect(report.datasets.map((d) => [d.label, d.summary, d.sessions, d.distributions])).toEqual(json.datasets.map((d) => [d.label, d.summary, d.sessions, d.distributions]));
    expect(report.comparisons).toEqual(json.comparisons);
    const c = report.comparisons[0]!;
    expect(c.bootstrap?.method).toBe('cluster');
    expect(report.datasets[0]!.files.map((f) => [f.name, f.compression])).toEqual([
      ['flash-on-s1.trc', 'none'],
      ['flash-on-s2.trc.gz', 'gzip'],
      ['flash-on-s3.trc', 'none'],
    ]);
  });

  it('names the non-trace and the truncated file, and still loads the rest', async () => {
    const h = new SessionHarness();
    const files = inputFiles([inputs.notATrace, inputs.truncated, inputs.off[0]!], inputs.root);
    await h.send({ type: 'add-files', datasetId: 'x', files, event: 'log file sync' });
    const status = h.lastStatus('x');
    const byName = Object.fromEntries(status.files.map((f) => [f.name, f]));
    expect(byName['bad/notes.trc']!.problems[0]).toMatchObject({ kind: 'not-a-trace' });
    expect(byName['bad/notes.trc']!.problems[0]!.message).toContain('bad/notes.trc is not an Oracle trace');
    const cut = byName['bad/cut-short.trc']!;
    expect(cut.problems.map((p) => p.kind)).toContain('truncated');
    expect(cut.problems.find((p) => p.kind === 'truncated')!.message).toMatch(/^bad\/cut-short\.trc is truncated at line \d/);
    expect(cut.waits).toBe(inputs.truncatedWaits);
    expect(status.waits).toBe(inputs.truncatedWaits + 2000);
    expect(status.state).toBe('ready');
  });

  it('says which events a trace has when it lacks the chosen one, and re-reads the files for another event', async () => {
    const h = new SessionHarness();
    await h.send({ type: 'add-files', datasetId: 'x', files: inputFiles([inputs.off[0]!], inputs.root), event: 'log file sync: SCN ordering' });
    const missing = h.lastStatus('x').files[0]!.problems[0]!;
    expect(missing.kind).toBe('no-event');
    expect(missing.message).toContain("'log file sync'");
    const profile = h.lastStatus('x').profile;
    const sqlNet = profile.find((r) => r.event === 'SQL*Net message from client');
    expect(sqlNet?.count).toBeGreaterThan(0);
    await h.send({ type: 'set-event', event: 'SQL*Net message from client' });
    expect(h.lastStatus('x')).toMatchObject({ state: 'ready', event: 'SQL*Net message from client', waits: sqlNet!.count });
    // It has other events: its problem is not marked as a trace without any.
    expect(missing.noWaits).toBeUndefined();
  });

  it('marks a trace without WAIT lines (traced at level 1) as having no event at all', async () => {
    const h = new SessionHarness();
    const level1 = readFileSync(fixturePath('v11g-commit-loop.trc'), 'latin1').split('\n').filter((l) => !l.startsWith('WAIT #')).join('\n');
    await h.send({ type: 'add-files', datasetId: 'x', files: [{ file: new File([Buffer.from(level1, 'latin1')], 'level1.trc'), path: 'level1.trc' }], event: 'log file sync' });
    const missing = h.lastStatus('x').files[0]!.problems[0]!;
    expect(missing).toMatchObject({ kind: 'no-event', noWaits: true });
    expect(missing.message).toBe("level1.trc is a 10046 trace with no WAIT lines at all: it was probably traced without waits (level 1); trace at level 8 or 12 to see 'log file sync'");

    // Cut inside its last call line (a level 1 trace still being written): still no event at all.
    await h.send({ type: 'add-files', datasetId: 'cut', files: [{ file: new File([Buffer.from(`${level1}\nFETCH #1:c=0,e=4`, 'latin1')], 'cut.trc'), path: 'cut.trc' }], event: 'log file sync' });
    const cut = h.lastStatus('cut').files[0]!.problems;
    expect(cut.map((p) => p.kind)).toEqual(['no-event', 'truncated']);
    expect(cut[0]).toMatchObject({ noWaits: true });

    // Its commits measured: none can be, and the one line says why (not "no commits", nor twice).
    await h.send({ type: 'add-files', datasetId: 'c', files: [{ file: new File([Buffer.from(level1, 'latin1')], 'level1.trc'), path: 'level1.trc' }], ...measureFields({ kind: 'commit' }) });
    const commits = h.lastStatus('c').files[0]!.problems;
    expect(commits.map((p) => p.kind)).toEqual(['no-event']);
    expect(commits[0]!.message).toBe("level1.trc has no commit that can be measured: its commits are in a process with no WAIT lines (traced without waits, 10046 level 1 or 4), so their start cannot be told from the user's think time");
  });

  it('a load replaced by another event before it ends leaves every file to the newer load', async () => {
    const h = new SessionHarness();
    await h.send({ type: 'add-files', datasetId: 'x', files: inputFiles(inputs.off, inputs.root), event: 'log file sync' });
    const first = h.send({ type: 'set-event', event: 'SQL*Net message from client' });
    const second = h.send({ type: 'set-event', event: 'log file sync' });
    await Promise.all([first, second]);
    const status = h.lastStatus('x');
    expect(status).toMatchObject({ state: 'ready', event: 'log file sync', waits: 6000 });
    expect(status.files.map((f) => [f.state, f.waits])).toEqual([['done', 2000], ['done', 2000], ['done', 2000]]);
    const report = await h.report([{ datasetId: 'x', label: 'x' }], 0);
    expect(report.datasets[0]!.summary.count).toBe(6000);
  });

  it('stops on Cancel, marking the files it did not read', async () => {
    const h = new SessionHarness();
    const loading = h.send({ type: 'add-files', datasetId: 'x', files: inputFiles(inputs.off, inputs.root), event: 'log file sync' });
    await h.send({ type: 'cancel', datasetId: 'x' });
    await loading;
    const status = h.lastStatus('x');
    expect(status.state).toBe('cancelled');
    expect(status.files.map((f) => f.state)).toEqual(['cancelled', 'cancelled', 'cancelled']);
  });

  it('a Cancel inside a gzip file marks it cancelled, not truncated', async () => {
    // Random hex bind lines barely compress, so the .gz spans several 8 MiB slices and the Cancel
    // lands inside the inflater, after the first slice (a Cancel before it never reaches gzip).
    const head = readFileSync(inputs.off[0]!, 'utf8');
    const noise = Array.from({ length: 200_000 }, () => `  value="${randomBytes(48).toString('hex')}"`).join('\n');
    const gz = new File([gzipSync(Buffer.from(`${head}\n${noise}\n${head}`))], 'noisy.trc.gz');
    expect(gz.size).toBeGreaterThan(8 << 20);
    const h = new SessionHarness();
    // Cancel as the first bytes are reported read: from then on the inflater is running.
    h.onMessage = (m) => {
      if (m.type === 'progress' && m.progress.done > 0) void h.send({ type: 'cancel', datasetId: 'x' });
    };
    await h.send({ type: 'add-files', datasetId: 'x', files: [{ file: gz, path: 'noisy.trc.gz' }], event: 'log file sync' });
    const status = h.lastStatus('x');
    expect(status.state).toBe('cancelled');
    expect(status.files[0]).toMatchObject({ state: 'cancelled', waits: 0, problems: [] });
  });

  it('a dataset cleared while it loads does not come back through the load\'s last messages', async () => {
    const h = new SessionHarness();
    const loading = h.send({ type: 'add-files', datasetId: 'x', files: inputFiles(inputs.off, inputs.root), event: 'log file sync' });
    await h.send({ type: 'clear', datasetId: 'x' });
    await loading;
    expect(h.lastStatus('x')).toMatchObject({ source: 'empty', files: [], waits: 0 });
  });

  it('says a report is stale while a dataset is still being read, instead of reporting partial numbers', async () => {
    const h = new SessionHarness();
    const loading = h.send({ type: 'add-files', datasetId: 'x', files: inputFiles(inputs.off, inputs.root), event: 'log file sync' });
    await h.send({ type: 'report', requestId: 77, event: 'log file sync', datasets: [{ datasetId: 'x', label: 'x' }], baseline: 0 });
    expect(h.messages.find((m) => m.type === 'request-failed' && m.requestId === 77)).toMatchObject({ stale: true });
    await loading;
    const report = await h.report([{ datasetId: 'x', label: 'x' }], 0);
    expect(report.datasets[0]!.summary.count).toBe(6000);
  });

  it('refuses a file whose samples would not fit in the memory budget, before reading it all', async () => {
    const h = new SessionHarness(10_000); // bytes: room for ~140 samples
    await h.send({ type: 'add-files', datasetId: 'x', files: inputFiles([inputs.off[0]!], inputs.root), event: 'log file sync' });
    const file = h.lastStatus('x').files[0]!;
    expect(file.state).toBe('failed');
    expect(file.problems[0]!.kind).toBe('too-large');
    expect(file.problems[0]!.message).toMatch(/is too large for this browser's memory: .* about 2,000 waits/);
  });

  it('draws the demo from the book model: the same waits and sessions as `waitscope synth`', async () => {
    const h = new SessionHarness();
    await h.send({ type: 'demo', datasetId: 'on', preset: 'flash-on', event: 'log file sync', sessions: 3, commits: 1000 });
    expect(h.lastStatus('on')).toMatchObject({ state: 'ready', source: 'synthetic', waits: 3000 });
    expect(h.lastStatus('on').note).toContain('Synthetic');
    const report = await h.report([{ datasetId: 'on', label: 'on' }], 0);
    const direct = bookExperimentWaits('flash-on', { sessions: 3, commits: 1000 });
    const sorted = Float64Array.from(direct.values).sort();
    expect(report.datasets[0]!.summary.max).toBe(sorted[sorted.length - 1]);
    expect(report.datasets[0]!.summary.count).toBe(3000);
    expect(report.datasets[0]!.sessions).toBe(3);
  });

  it('imports a CSV of ela values as a dataset, reporting bad rows by line', async () => {
    const h = new SessionHarness();
    const csv = new File(['ela_us\n100\n200\nabc\n300\n'], 'fio.csv');
    await h.send({ type: 'add-files', datasetId: 'x', files: [{ file: csv, path: 'fio.csv' }], event: 'log file sync' });
    const status = h.lastStatus('x');
    expect(status).toMatchObject({ source: 'csv', state: 'ready', waits: 3 });
    expect(status.files[0]!.problems[0]!.message).toContain('line 4');
    const report = await h.report([{ datasetId: 'x', label: 'fio' }], 0);
    expect(report.datasets[0]!.summary).toMatchObject({ count: 3, mean: 200, median: 200 });
  });
});
