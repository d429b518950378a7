// Issue 14, "Done when": `waitscope profile` and `statements` work on every trace of the real corpus
// and of the synthetic generator, "and agree with the page". The page's profile is its worker's
// 'profiles' request (a second pass with scanTrace and a ProfileCollector, merged with
// mergeProfiles); the CLI builds its own in parse workers, in byte ranges for large files. Here every
// real trace (the xz one too) and every release's golden call trace is its own dataset in the page,
// and each must give what the CLI prints for that file alone: R, sessions, every row, the call
// totals, and every statement's totals, executions, per-execution figures and waits.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { profileTable } from '../../lib/profile/profile-rows';
import { statementRows } from '../../lib/profile/statement-table';
import { createAsker } from '../../lib/worker/asker';
import type { DatasetCallProfile } from '../../lib/worker/profile-request';
import type { InputFile } from '../../lib/worker/protocol';
import { fixturePath, parseJsonOutput, runCli } from '../helpers/cli';
import { corpusAvailable, corpusFiles, reportCorpusMissing, xzCompressedFiles } from '../helpers/corpus';
import { SessionHarness } from './session-harness';

reportCorpusMissing('test/worker/profile-agreement.test.ts');

interface CliProfile {
  calls: unknown[];
  responseTime: { total: number; sessions: number; rows: unknown[] };
}

interface CliStatement {
  key: string;
  total: number;
  self: number;
  executions: number;
  perExecution: unknown;
  waits: unknown;
}

/** The page's profile of each file, each file its own dataset, in one request. */
async function pageProfiles(paths: readonly string[]): Promise<DatasetCallProfile[]> {
  const h = new SessionHarness();
  const asker = createAsker((r) => void h.send(r));
  h.onMessage = (m) => void asker.receive(m);
  for (const [i, p] of paths.entries()) {
    const name = path.basename(p);
    const file: InputFile = { file: new File([readFileSync(p)], name), path: name };
    await h.send({ type: 'add-files', datasetId: `d${i}`, files: [file], event: 'log file sync' });
  }
  const reply = await asker.ask('profiles', { datasetIds: paths.map((_, i) => `d${i}`), thinkTimeMicros: 1_000_000 });
  if (reply.type !== 'profiles') throw new Error(reply.message);
  return reply.profiles;
}

/** Each file's page profile against `profile --json` and `statements --json` of that file alone. */
async function expectAgreement(paths: readonly string[]): Promise<void> {
  const page = await pageProfiles(paths);
  expect(page).toHaveLength(paths.length);
  for (const [i, p] of paths.entries()) {
    const name = path.basename(p);
    const got = page[i]!;
    expect(got.profile, `${name}: the page has a profile`).not.toBeNull();
    const cli = parseJsonOutput<CliProfile>(await runCli(['profile', '--json', p]));
    const table = profileTable(got.profile!);
    expect({ total: table.total, sessions: table.sessions, rows: table.rows }, name).toEqual({
      total: cli.responseTime.total,
      sessions: cli.responseTime.sessions,
      rows: cli.responseTime.rows,
    });
    expect(got.profile!.calls, name).toEqual(cli.calls);
    const statements = parseJsonOutput<{ statements: CliStatement[] }>(await runCli(['statements', '--json', p])).statements;
    const shown = statementRows(got.profile!).map((r) => [r.key, r.total, r.self, r.executions, r.perExecution, r.waits]);
    expect(shown, name).toEqual(statements.map((r) => [r.key, r.total, r.self, r.executions, r.perExecution, r.waits]));
  }
}

describe("the page's profile and statements agree with the CLI's", () => {
  it("on every release's golden call trace of the synthetic generator (8i to 23ai)", async () => {
    const dir = fixturePath('calls');
    const traces = readdirSync(dir).filter((n) => n.endsWith('.trc')).sort().map((n) => path.join(dir, n));
    // One per release in lib/synth/call-releases.ts: 8i, 9i, 10.2, 11.2, 12.2, 19c, 23ai.
    expect(traces.map((p) => path.basename(p))).toEqual(['oltp-10-2.trc', 'oltp-11-2.trc', 'oltp-12-2.trc', 'oltp-19c.trc', 'oltp-23ai.trc', 'oltp-8i.trc', 'oltp-9i.trc']);
    await expectAgreement(traces);
  }, 120_000);

  describe.skipIf(!corpusAvailable)('on every trace of the real corpus', () => {
    const files = corpusAvailable ? [...corpusFiles(), ...xzCompressedFiles()] : [];

    it('one file at a time, each its own dataset', async () => {
      // 29 plain or gzip traces and lobread.trc.xz (SOURCES.md): the count, so that a corpus grown or
      // shrunk is seen here rather than passing with fewer files.
      expect(files.length).toBe(30);
      await expectAgreement(files.map((f) => f.path));
    }, 300_000);
  });
});
