// The page's 'parquet' request (lib/worker/parquet-request.ts) through an AnalysisSession on this
// thread: the zip holds the four tables of `waitscope export` for the same files, and a dataset
// without trace files gets a reason instead of a file.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { BlobReader, Uint8ArrayWriter, ZipReader } from '@zip.js/zip.js';
import { afterAll, describe, expect, it } from 'vitest';
import { createAsker } from '@/lib/worker/asker';
import type { Ask, InputFile } from '@/lib/worker/protocol';
import { fixturePath, makeTempDir, runCli } from '../helpers/cli';
import { SessionHarness } from '../worker/session-harness';
import { query, sqlPath } from './duckdb';

const FILES = ['v11g-commit-loop.trc', 'v19c-session.trc'];
const input = (name: string): InputFile => ({ file: new File([readFileSync(fixturePath(name))], name), path: name });
const temp = makeTempDir('parquet-request');
afterAll(() => temp.remove());

function harness(): { h: SessionHarness; ask: Ask } {
  const h = new SessionHarness();
  const asker = createAsker((r) => void h.send(r));
  h.onMessage = (m) => void asker.receive(m);
  return { h, ask: asker.ask };
}

describe("the page's parquet request", () => {
  it('zips the four tables, equal to export --format parquet of the same files', async () => {
    const { h, ask } = harness();
    await h.send({ type: 'add-files', datasetId: 'd1', files: FILES.map(input), event: 'log file sync' });
    const reply = await ask('parquet', { datasetId: 'd1', label: 'mine', sqlText: false });
    if (reply.type !== 'parquet') throw new Error(reply.message);
    const zip = new ZipReader(new BlobReader(reply.blob));
    const names: string[] = [];
    for (const entry of await zip.getEntries()) {
      if (entry.directory) continue;
      names.push(entry.filename);
      writeFileSync(path.join(temp.dir, `page-${entry.filename}`), await entry.getData(new Uint8ArrayWriter()));
    }
    await zip.close();
    expect(names.sort()).toEqual(['calls.parquet', 'files.parquet', 'statements.parquet', 'waits.parquet']);

    const cliDir = path.join(temp.dir, 'cli');
    // Run where the fixtures are, so the CLI names the files as the page does: by their names.
    const run = await runCli(['export', '--format', 'parquet', '--dataset', 'mine', '--out', cliDir, ...FILES], { cwd: path.dirname(fixturePath(FILES[0]!)) });
    expect(run.status, run.stderr).toBe(0);
    for (const table of ['waits', 'calls', 'statements', 'files']) {
      const page = sqlPath(path.join(temp.dir, `page-${table}.parquet`));
      const cli = sqlPath(path.join(cliDir, `${table}.parquet`));
      const differ = await query(`select count(*) from ((select * from ${page} except all select * from ${cli}) union all (select * from ${cli} except all select * from ${page}))`);
      expect({ table, differ: differ[0]?.[0] }).toEqual({ table, differ: 0n });
      expect(Number((await query(`select count(*) from ${page}`))[0]?.[0])).toBe(reply.rows[table as keyof typeof reply.rows]);
    }
  });

  it('refuses the synthetic demo, saying why', async () => {
    const { h, ask } = harness();
    await h.send({ type: 'demo', datasetId: 'demo', preset: 'flash-on', event: 'log file sync', sessions: 2, commits: 200 });
    const reply = await ask('parquet', { datasetId: 'demo', label: 'demo', sqlText: false });
    expect(reply.type).toBe('request-failed');
    if (reply.type === 'request-failed') expect(reply.message).toContain('no trace lines');
  });
});
