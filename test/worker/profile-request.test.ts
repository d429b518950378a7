// Issue 14: the page's 'profiles' request. Each dataset's profile is a second pass over its files
// with lib/trace's scanTrace and a ProfileCollector, merged with mergeProfiles: it must equal what
// `waitscope profile --json` and `statements --json` print for the same files (the CLI builds it in
// its parse workers, a separate path), be kept until the files or the think time change, tell its
// progress, and name the file that cannot be read again.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { profileTable } from '../../lib/profile/profile-rows';
import { statementRows } from '../../lib/profile/statement-table';
import { createAsker } from '../../lib/worker/asker';
import type { DatasetCallProfile } from '../../lib/worker/profile-request';
import type { Ask, InputFile, WorkerResponse } from '../../lib/worker/protocol';
import { fixturePath, makeTempDir, parseJsonOutput, runCli } from '../helpers/cli';
import { SessionHarness } from './session-harness';

const FILES = ['v11g-commit-loop.trc', 'v19c-session.trc'];
const input = (name: string): InputFile => ({ file: new File([readFileSync(fixturePath(name))], name), path: name });

function harness(): { h: SessionHarness; ask: Ask } {
  const h = new SessionHarness();
  const asker = createAsker((r) => void h.send(r));
  h.onMessage = (m) => void asker.receive(m);
  return { h, ask: asker.ask };
}

async function profilesOf(ask: Ask, datasetIds: string[], thinkTimeMicros = 1_000_000): Promise<DatasetCallProfile[]> {
  const reply = await ask('profiles', { datasetIds, thinkTimeMicros });
  if (reply.type !== 'profiles') throw new Error(reply.message);
  return reply.profiles;
}

const progressCount = (messages: WorkerResponse[]) => messages.filter((m) => m.type === 'profile-progress').length;

interface CliProfile {
  calls: unknown[];
  responseTime: { total: number; sessions: number; thinkTime: number; rows: unknown[] };
}

describe("the page's profile request", () => {
  it('equals the CLI: profile --json and statements --json of the same files, one file and two merged', async () => {
    const { h, ask } = harness();
    await h.send({ type: 'add-files', datasetId: 'one', files: [input(FILES[0]!)], event: 'log file sync' });
    await h.send({ type: 'add-files', datasetId: 'two', files: FILES.map(input), event: 'log file sync' });
    const [one, two] = await profilesOf(ask, ['one', 'two']);
    for (const [got, files] of [[one!, [FILES[0]!]], [two!, FILES]] as const) {
      expect(got.files).toBe(files.length);
      expect(got.notes).toEqual([]);
      const paths = files.map(fixturePath);
      const cli = parseJsonOutput<CliProfile>(await runCli(['profile', '--json', ...paths]));
      const table = profileTable(got.profile!);
      expect({ total: table.total, sessions: table.sessions, rows: table.rows }).toEqual({ total: cli.responseTime.total, sessions: cli.responseTime.sessions, rows: cli.responseTime.rows });
      expect(got.profile!.calls).toEqual(cli.calls);
      const statements = parseJsonOutput<{ statements: { key: string; total: number; self: number; executions: number; perExecution: unknown; waits: unknown }[] }>(await runCli(['statements', '--json', ...paths]));
      expect(statementRows(got.profile!).map((r) => [r.key, r.total, r.self, r.executions, r.perExecution, r.waits])).toEqual(
        statements.statements.map((r) => [r.key, r.total, r.self, r.executions, r.perExecution, r.waits]),
      );
    }
    // R of the two files is the sum of each file's (their sessions are their own).
    const cliSecond = parseJsonOutput<CliProfile>(await runCli(['profile', '--json', fixturePath(FILES[1]!)]));
    expect(two!.profile!.responseTime).toBe(one!.profile!.responseTime + cliSecond.responseTime.total);
  }, 60_000);

  it('says why a trace without WAIT lines has a profile of CPU and unaccounted-for time only, as the CLI does', async () => {
    const { h, ask } = harness();
    const level1 = readFileSync(fixturePath(FILES[0]!), 'latin1').split('\n').filter((l) => !l.startsWith('WAIT #')).join('\n');
    await h.send({ type: 'add-files', datasetId: 'l1', files: [{ file: new File([Buffer.from(level1, 'latin1')], 'level1.trc'), path: 'level1.trc' }], event: 'log file sync' });
    const [got] = await profilesOf(ask, ['l1']);
    expect(got!.profile!.components.map((c) => c.kind).filter((k) => k.startsWith('wait') || k === 'think-time')).toEqual([]);
    const text = 'level1.trc has no WAIT lines: it was probably traced without waits (level 1), so its profile has CPU and unaccounted-for time only; trace at level 8 or 12 to see its waits';
    expect(got!.notes).toEqual([`${text}.`]);
    // The CLI's warning for the same bytes.
    const { dir, remove } = makeTempDir('ws-level1-');
    try {
      const file = path.join(dir, 'level1.trc');
      writeFileSync(file, level1, 'latin1');
      expect((await runCli(['profile', file])).stderr).toContain(`warning: ${file.slice(0, -'level1.trc'.length)}${text}`);
    } finally {
      remove();
    }
  }, 60_000);

  it('reads the datasets one after the other (two ranged profiles at once, sharing the range worker, hung in the page)', async () => {
    const { h, ask } = harness();
    await h.send({ type: 'add-files', datasetId: 'one', files: FILES.map(input), event: 'log file sync' });
    await h.send({ type: 'add-files', datasetId: 'two', files: FILES.map(input), event: 'log file sync' });
    await profilesOf(ask, ['one', 'two']);
    const order = h.messages.flatMap((m) => (m.type === 'profile-progress' ? [m.progress.datasetId] : []));
    expect(order.filter((id) => id === 'one').length).toBeGreaterThan(0);
    expect(order.filter((id) => id === 'two').length).toBeGreaterThan(0);
    // Every progress message of 'one' comes before the first of 'two'.
    expect(order.lastIndexOf('one')).toBeLessThan(order.indexOf('two'));
  });

  it('is kept until the files or the think time change, and tells its progress', async () => {
    const { h, ask } = harness();
    await h.send({ type: 'add-files', datasetId: 'd', files: FILES.map(input), event: 'log file sync' });
    const first = await profilesOf(ask, ['d']);
    const read = progressCount(h.messages);
    expect(read).toBeGreaterThan(0);
    const last = h.messages.filter((m) => m.type === 'profile-progress').at(-1);
    const bytes = FILES.reduce((n, f) => n + readFileSync(fixturePath(f)).length, 0);
    expect(last).toMatchObject({ progress: { datasetId: 'd', done: bytes, total: bytes, fileName: FILES[1] } });

    // Asked again (the view reopened, or another event chosen): no file is read again.
    await h.send({ type: 'set-event', event: 'db file sequential read' });
    const again = await profilesOf(ask, ['d']);
    expect(progressCount(h.messages)).toBe(read);
    expect(again[0]!.profile).toEqual(first[0]!.profile);

    // Another think time: a new pass. SQL*Net message from client waits of 100 ms or more: one in each
    // file, 223,622 + 210,876 µs (v11g's elas are 509 277 171 519 49559 692 223622 276 35294 1700 810;
    // v19c's 283 1611 244 190 153 236 274 10375 210876 385). Under the default 1 s there are none.
    expect(first[0]!.profile!.components.some((c) => c.kind === 'think-time')).toBe(false);
    const cropped = await profilesOf(ask, ['d'], 100_000);
    expect(progressCount(h.messages)).toBeGreaterThan(read);
    const think = cropped[0]!.profile!.components.find((c) => c.kind === 'think-time');
    expect(think).toMatchObject({ component: 'SQL*Net message from client [think time]', total: 223_622 + 210_876, count: 2 });
    expect(cropped[0]!.profile!.thinkTimeMicros).toBe(100_000);

    // A file removed: the profile is of the other one alone.
    await h.send({ type: 'remove-file', datasetId: 'd', name: FILES[1]! });
    const fewer = await profilesOf(ask, ['d']);
    const cli = parseJsonOutput<CliProfile>(await runCli(['profile', '--json', fixturePath(FILES[0]!)]));
    expect(fewer[0]!.files).toBe(1);
    expect(fewer[0]!.profile!.responseTime).toBe(cli.responseTime.total);
  }, 60_000);

  it('names the file that cannot be read again, and says why a dataset has no profile', async () => {
    const { h, ask } = harness();
    // Readable once (the parse), then the disk fails.
    let reads = 0;
    class FailingFile extends File {
      override stream(): ReadableStream<Uint8Array<ArrayBuffer>> {
        if (++reads === 1) return super.stream();
        return new ReadableStream({ pull: (c) => c.error(new Error('EIO: the disk went away')) });
      }
    }
    const bytes = readFileSync(fixturePath(FILES[0]!));
    await h.send({ type: 'add-files', datasetId: 'd', files: [{ file: new FailingFile([bytes], 'cdb1_ora_1.trc'), path: 'cdb1_ora_1.trc' }], event: 'log file sync' });
    expect(h.lastStatus('d').state).toBe('ready');
    const reply = await ask('profiles', { datasetIds: ['d'], thinkTimeMicros: 1_000_000 });
    expect(reply.type).toBe('request-failed');
    expect(reply.type === 'request-failed' && reply.message).toBe('The response-time profile could not be computed: cdb1_ora_1.trc could not be read again for its profile: EIO: the disk went away');

    await h.send({ type: 'demo', datasetId: 's', preset: 'flash-on', event: 'log file sync', sessions: 2, commits: 50 });
    const [synthetic] = await profilesOf(ask, ['s']);
    expect(synthetic).toEqual({ datasetId: 's', profile: null, files: 0, notes: ['The synthetic demo has waits only, no database calls: it has no response-time profile.'] });
  }, 60_000);
});

