// Issue 13 (performance): each dataset's Sample is built once, from each file's own columns, and kept:
// the report and the threshold counts read it, and neither joins the files (a copy of every column).
// Its numbers must be exactly those of `waitscope compare --json`, which joins the files first.
import { copyFileSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { DatasetState } from '../../lib/worker/dataset-state';
import { runCli } from '../helpers/cli';
import { inputFiles, SessionHarness } from './session-harness';

const fixturePath = (name: string) => fileURLToPath(new URL(`../fixtures/${name}`, import.meta.url));
const root = mkdtempSync(path.join(tmpdir(), 'waitscope-dataset-sample-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** trcsess output (two processes, each coming back after the other) beside single-session traces. */
function folder(name: string, fixtures: string[]): string[] {
  mkdirSync(path.join(root, name));
  return fixtures.map((f) => {
    const to = path.join(root, name, `${f}.trc`);
    copyFileSync(fixturePath(`${f}.trc`), to);
    return to;
  });
}
const a = folder('a', ['trcsess-two-sessions', 'v11g-commit-loop']);
const b = folder('b', ['v19c-session', 'trcsess-two-sessions']);

describe("a dataset's kept Sample", () => {
  it('gives the numbers of `waitscope compare --json`, sessions of trcsess output included, without joining the files', async () => {
    const h = new SessionHarness();
    await h.send({ type: 'add-files', datasetId: 'a', files: inputFiles(a, path.join(root, 'a')), event: 'log file sync' });
    await h.send({ type: 'add-files', datasetId: 'b', files: inputFiles(b, path.join(root, 'b')), event: 'log file sync' });
    const combined = vi.spyOn(DatasetState.prototype, 'combined');
    const report = await h.report([{ datasetId: 'a', label: 'a' }, { datasetId: 'b', label: 'b' }]);
    await h.send({ type: 'threshold-counts', requestId: 999, event: 'log file sync', datasetIds: ['a', 'b'], thresholds: [1000] });
    expect(combined).not.toHaveBeenCalled();
    combined.mockRestore();
    // trcsess output holds processes 9850 and 9857 (test/golden/README.md); each other file one session.
    expect(report.datasets.map((d) => d.sessions)).toEqual([3, 3]);

    const cli = await runCli(['compare', path.join(root, 'a'), '--vs', path.join(root, 'b'), '--json']);
    // trcsess output has no banner: the CLI warns that its unit is assumed, and nothing else.
    expect(cli.stderr.split('\n').filter((l) => l !== '' && !l.includes('no Oracle banner'))).toEqual([]);
    const json = JSON.parse(cli.stdout) as typeof report;
    expect(report.datasets.map((d) => [d.summary, d.sessions, d.distributions])).toEqual(json.datasets.map((d) => [d.summary, d.sessions, d.distributions]));
    expect(report.comparisons).toEqual(json.comparisons);
    expect(report.comparisons[0]!.bootstrap?.method).toBe('cluster');
  });

  it('counts a file added later, with its sessions', async () => {
    const h = new SessionHarness();
    await h.send({ type: 'add-files', datasetId: 'a', files: inputFiles(a.slice(0, 1), path.join(root, 'a')), event: 'log file sync' });
    const first = await h.report([{ datasetId: 'a', label: 'a' }], 0);
    await h.send({ type: 'add-files', datasetId: 'a', files: inputFiles(a.slice(1), path.join(root, 'a')), event: 'log file sync' });
    const second = await h.report([{ datasetId: 'a', label: 'a' }], 0);
    // 16 'log file sync' waits in the trcsess fixture, 10 in the 11g one (test/golden/README.md).
    expect([first.datasets[0]!.summary.count, second.datasets[0]!.summary.count]).toEqual([16, 26]);
    expect([first.datasets[0]!.sessions, second.datasets[0]!.sessions]).toEqual([2, 3]);
  });
});
