// A folder that holds trcsess output beside the trace it was made from (trcsess is run in the trace
// folder): every command reads both, and the CLI says the records count twice (lib/trace/shared-stamps.ts).
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { makeTempDir, runCli } from '../helpers/cli';
import { trcsessPair } from '../helpers/trcsess-pair';
import { buildTar, buildTarGz, gzip } from '../archive/build-archives';

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
    const note = `note: ${folder}/combined.trc is trcsess output holding the same *** stamps as ${folder}/DB1_ora_4242.trc (such as the *** stamp on line 3, 2024-03-01 10:00:00.000100-07:00, with the same tim after it): if it was made from that file, their records count twice; read one or the other`;
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

  it('is a count on one side only: the trace against its trcsess output in a compare is no double count', async () => {
    const run = await runCli(['compare', '--workers', '1', TRACE, '--vs', COMBINED]);
    expect(run.status).toBe(0);
    expect(run.stderr).not.toContain('the same *** stamps');
  });

  it('names a trace beside an archive that holds it (no copy note before the read sees archive members), and leaves x.trc beside x.trc.gz to its own note', async () => {
    const dir = path.join(tmp.dir, 'archived');
    mkdirSync(dir);
    writeFileSync(path.join(dir, 'x.trc'), trace);
    writeFileSync(path.join(dir, 'traces.tar.gz'), await buildTarGz([{ path: 'x.trc', bytes: new TextEncoder().encode(trace) }]));
    const archived = await runCli(['stats', '--workers', '1', dir]);
    expect(archived.status).toBe(0);
    // Both hold the same stamps and as many: the note goes on the later one, x.trc (a folder is read in
    // name order), at its SESSION ID stamp (line 7: four header lines, a blank one, the first stamp).
    expect(archived.stderr).toContain('note: archived/x.trc holds the same *** stamps as archived/traces.tar.gz:x.trc (such as the *** stamp on line 7,');
    const zipped = path.join(tmp.dir, 'gzipped');
    mkdirSync(zipped);
    writeFileSync(path.join(zipped, 'x.trc'), trace);
    writeFileSync(path.join(zipped, 'x.trc.gz'), gzip(new TextEncoder().encode(trace)));
    const gz = await runCli(['stats', '--workers', '1', zipped]);
    expect(gz.status).toBe(0);
    expect(gz.stderr).toContain('note: both gzipped/x.trc and gzipped/x.trc.gz were read: if one is a copy of the other, its records count twice');
    expect(gz.stderr).not.toContain('the same *** stamps');
  });

  it('leaves copies the notes before the read named to them: three alike, and an archive beside its gzip copy', async () => {
    const three = path.join(tmp.dir, 'three');
    mkdirSync(three);
    for (const name of ['a.trc', 'b.trc', 'c.trc']) writeFileSync(path.join(three, name), trace);
    const copies = await runCli(['stats', '--workers', '1', three]);
    expect(copies.status).toBe(0);
    // The copy notes pair b and c with a; b beside c is theirs too.
    expect(copies.stderr.match(/has the same size and the same first and last 64 KiB as three\/a\.trc/g)).toHaveLength(2);
    expect(copies.stderr).not.toContain('the same *** stamps');
    const archives = path.join(tmp.dir, 'archives');
    mkdirSync(archives);
    const tar = await buildTar([{ path: 'x.trc', bytes: new TextEncoder().encode(trace) }]);
    writeFileSync(path.join(archives, 'traces.tar'), tar);
    writeFileSync(path.join(archives, 'traces.tar.gz'), gzip(tar));
    const run = await runCli(['stats', '--workers', '1', archives]);
    expect(run.status).toBe(0);
    expect(run.stderr).toContain('note: both archives/traces.tar and archives/traces.tar.gz were read: if one is a copy of the other, its records count twice');
    expect(run.stderr).not.toContain('the same *** stamps');
  });

  it('says nothing when either is read alone', async () => {
    for (const file of [TRACE, COMBINED]) {
      const run = await runCli(['profile', '--workers', '1', file]);
      expect(run.status).toBe(0);
      expect(run.stderr).not.toContain('the same *** stamps');
    }
  });
});
