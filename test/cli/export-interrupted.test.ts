// Ctrl-C during `waitscope export`: the run stops with status 130 (as a shell reports SIGINT) and
// leaves no part file, and the tables of an earlier run into the same folder stay as they were.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateCommitLoop } from '../../lib/synth/commit-loop';
import { BIN, makeTempDir, runCli } from '../helpers/cli';

const temp = makeTempDir('export-interrupted');
afterAll(() => temp.remove());
const small = path.join(temp.dir, 'small.trc');
// Large enough that its second pass lasts well beyond the moment the tables are opened (~100 MB, ~1 s).
const large = path.join(temp.dir, 'large.trc');
const dir = path.join(temp.dir, 'out');

beforeAll(() => {
  writeFileSync(small, [...generateCommitLoop({ preset: 'flash-on', seed: 'interrupted-small', commits: 500 })].join(''));
  writeFileSync(large, [...generateCommitLoop({ preset: 'flash-on', seed: 'interrupted', commits: 200_000 })].join(''));
}, 120_000);

describe('an export stopped by Ctrl-C', () => {
  it('exits 130, says no table was written, and leaves the earlier tables and no part file', async () => {
    const earlier = await runCli(['export', '--format', 'parquet', '--out', dir, small]);
    expect(earlier.status, earlier.stderr).toBe(0);
    const tables = readdirSync(dir).sort();
    expect(tables).toEqual(['calls.parquet', 'files.parquet', 'statements.parquet', 'waits.parquet']);
    const before = tables.map((t) => readFileSync(path.join(dir, t)));

    const child = spawn(process.execPath, [BIN, 'export', '--format', 'parquet', '--out', dir, large], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    // Interrupted once its tables are being written: the part files are there.
    const deadline = Date.now() + 60_000;
    while (!existsSync(path.join(dir, 'waits.parquet.part')) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
    expect(existsSync(path.join(dir, 'waits.parquet.part'))).toBe(true);
    child.kill('SIGINT');
    expect(await exited).toBe(130);
    expect(stderr).toContain('waitscope: stopped by SIGINT; no table was written');
    expect(readdirSync(dir).sort()).toEqual(tables);
    tables.forEach((t, i) => expect(readFileSync(path.join(dir, t)).equals(before[i] as Buffer), t).toBe(true));
  }, 120_000);
});
