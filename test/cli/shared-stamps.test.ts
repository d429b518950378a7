// A folder that holds trcsess output beside the trace it was made from (trcsess is run in the trace
// folder): every command reads both, and the CLI says the records count twice (lib/trace/shared-stamps.ts).
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { makeTempDir, runCli } from '../helpers/cli';
import { trcsessPair } from '../helpers/trcsess-pair';

const tmp = makeTempDir('waitscope-shared-stamps-');
afterAll(() => tmp.remove());
const { trace, trcsess } = trcsessPair();
const TRACE = path.join(tmp.dir, 'DB1_ora_4242.trc');
const COMBINED = path.join(tmp.dir, 'combined.trc');
writeFileSync(TRACE, trace);
writeFileSync(COMBINED, trcsess);

describe('trcsess output read with the trace it was made from', () => {
  it('is named with the trace and the stamp they share, by profile and by stats, and both are still read', async () => {
    // A folder's files are named from the folder. The first stamp (line 2 of the trcsess output) has
    // no tim after it before the SESSION ID stamp on line 3, so that one is the first shared.
    const folder = path.basename(tmp.dir);
    const note = `note: ${folder}/combined.trc is trcsess output holding the same *** stamps as ${folder}/DB1_ora_4242.trc (such as *** 2024-03-01T10:00:00.000100 at line 3, with the same tim after it): if it was made from that file, their records count twice; read one or the other`;
    const profile = await runCli(['profile', '--json', '--workers', '1', tmp.dir]);
    expect(profile.status).toBe(0);
    expect(profile.stderr.split('\n')).toContain(note);
    // Both read: each log file sync wait (ela 100..500) twice.
    const lfs = JSON.parse(profile.stdout).events.find((e: { event: string }) => e.event === 'log file sync');
    expect([lfs.count, lfs.total]).toEqual([10, 2 * 1500]);
    const stats = await runCli(['stats', '--workers', '1', tmp.dir]);
    expect(stats.status).toBe(0);
    expect(stats.stderr.split('\n')).toContain(note);
  });

  it('says nothing when either is read alone', async () => {
    for (const file of [TRACE, COMBINED]) {
      const run = await runCli(['profile', '--workers', '1', file]);
      expect(run.status).toBe(0);
      expect(run.stderr).not.toContain('the same *** stamps');
    }
  });
});
