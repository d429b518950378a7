// The page's pipeline (AnalysisSession on the main thread, as the worker runs it) reads strace files
// by content into events, and its report of `fdatasync` equals `waitscope compare --json` on the same
// files (the CLI's path is tested against the generator in test/cli/sysio.test.ts).
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { generateStraceLog } from '../../lib/synth/strace-log';
import { makeTempDir, runCli } from '../helpers/cli';
import { inputFiles, SessionHarness } from '../worker/session-harness';
import { createAsker } from '../../lib/worker/asker';

const temp = makeTempDir('sysio-session');
afterAll(() => temp.remove());

describe('strace files in the page pipeline', () => {
  it('lists the syscalls as events and reports fdatasync exactly as compare --json does', async () => {
    const spec = { pids: [51, 52, 53], syncsPerPid: 50, times: 'ttt', pidStyle: 'column' } as const;
    const files = ['on', 'off'].map((side) => {
      const dir = path.join(temp.dir, side);
      mkdirSync(dir, { recursive: true });
      const file = path.join(dir, `${side}.out`);
      writeFileSync(file, generateStraceLog({ ...spec, seed: `session-${side}` }).text);
      return file;
    });
    const h = new SessionHarness();
    await h.send({ type: 'add-files', datasetId: 'on', files: inputFiles([files[0]!], path.join(temp.dir, 'on')), event: 'fdatasync' });
    await h.send({ type: 'add-files', datasetId: 'off', files: inputFiles([files[1]!], path.join(temp.dir, 'off')), event: 'fdatasync' });
    const status = h.lastStatus('on');
    expect(status).toMatchObject({ state: 'ready', waits: 150 });
    expect(status.profile.map((p) => p.event).sort()).toEqual(['fdatasync', 'pwrite64']);
    const report = await h.report([{ datasetId: 'on', label: 'on' }, { datasetId: 'off', label: 'off' }], 1, 'fdatasync');

    const cli = await runCli(['compare', '--json', '--event', 'fdatasync', files[0]!, '--vs', files[1]!]);
    expect(cli.status, cli.stderr).toBe(0);
    const json = JSON.parse(cli.stdout) as typeof report;
    expect(report.datasets.map((d) => [d.summary, d.sessions, d.distributions])).toEqual(json.datasets.map((d) => [d.summary, d.sessions, d.distributions]));
    expect(report.comparisons).toEqual(json.comparisons);
    // Three pids per side: the bootstrap resamples them as sessions.
    expect(report.comparisons[0]!.bootstrap?.method).toBe('cluster');

    // The Group view reads traces again for their keys: a strace dataset is said not to be one.
    const asker = createAsker((r) => void h.send(r));
    h.onMessage = (m) => void asker.receive(m);
    const reply = await asker.ask('groups', { datasetIds: ['on'], key: 'session' });
    expect(reply.type === 'groups' && reply.groups[0]!.notes).toEqual(['This dataset cannot be grouped: none of its files is a trace.']);
  });
});
