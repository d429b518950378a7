// Archives in the page's pipeline (AnalysisSession on the main thread, as the worker runs it): a
// dropped zip or tar.gz becomes one file per member trace, named `archive:member`, with the numbers
// of the same traces dropped as plain files; a damaged archive's members say what is wrong with them.
import { readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { writeCompareInputs } from '../helpers/compare-inputs';
import { inputFiles, SessionHarness } from '../worker/session-harness';
import { buildTarGz, buildZip, type Member } from './build-archives';

const inputs = writeCompareInputs(2000);
afterAll(() => rmSync(inputs.root, { recursive: true, force: true }));
const members: Member[] = inputs.on.map((p) => ({ path: `on/${path.basename(p)}`, bytes: new Uint8Array(readFileSync(p)) }));
const names = (archive: string) => ['flash-on-s1.trc', 'flash-on-s2.trc.gz', 'flash-on-s3.trc'].map((f) => `${archive}:on/${f}`);

async function loaded(datasetId: string, files: { file: File; path: string }[], h = new SessionHarness()) {
  await h.send({ type: 'add-files', datasetId, files, event: 'log file sync' });
  return h;
}

describe('a dropped archive in the page', () => {
  it('a zip (deflated and stored) and a tar.gz give the plain files’ numbers, one file per member', async () => {
    const h = await loaded('plain', inputFiles(inputs.on, inputs.root));
    const archives: [string, Uint8Array<ArrayBuffer>][] = [
      ['on.zip', await buildZip(members)],
      ['stored.zip', await buildZip(members, { level: 0 })],
      ['on.tar.gz', await buildTarGz(members)],
    ];
    for (const [name, bytes] of archives) await loaded(name, [{ file: new File([bytes], name), path: name }], h);
    const report = await h.report([{ datasetId: 'plain', label: 'plain' }, ...archives.map(([name]) => ({ datasetId: name, label: name }))]);
    const [plain, ...fromArchives] = report.datasets;
    expect(plain!.summary.count).toBe(6000);
    for (const [i, [name]] of archives.entries()) {
      const status = h.lastStatus(name);
      expect(status.state).toBe('ready');
      expect(status.files.map((f) => f.name)).toEqual(names(name));
      const d = fromArchives[i]!;
      expect([d.summary, d.sessions, d.distributions]).toEqual([plain!.summary, plain!.sessions, plain!.distributions]);
      expect(d.files.map((f) => f.name)).toEqual(names(name));
    }
  });

  it('a cut tar.gz: the member says how far it got, the members before it count', async () => {
    const whole = await buildTarGz(members);
    const h = await loaded('cut', [{ file: new File([whole.subarray(0, Math.floor(whole.length * 0.8))], 'cut.tgz'), path: 'cut.tgz' }]);
    const status = h.lastStatus('cut');
    const byName = Object.fromEntries(status.files.map((f) => [f.name, f]));
    expect(byName['cut.tgz:on/flash-on-s1.trc']).toMatchObject({ state: 'done', problems: [] });
    const cut = status.files.find((f) => f.problems.some((p) => p.kind === 'truncated'));
    expect(cut?.problems.find((p) => p.kind === 'truncated')?.message).toMatch(/^cut\.tgz:on\/flash-on-s3\.trc is truncated at line [\d,]+: the member ends after [\d,]+ of [\d,]+ bytes \(the archive is cut short\)/);
  });

  it('an encrypted member is listed with its problem, never read; the others load', async () => {
    const h = await loaded('enc', [{ file: new File([await buildZip([members[0]!, { ...members[2]!, password: 'pw' }])], 'enc.zip'), path: 'enc.zip' }]);
    const status = h.lastStatus('enc');
    expect(status.state).toBe('ready');
    expect(status.files.map((f) => [f.name, f.state])).toEqual([
      ['enc.zip:on/flash-on-s1.trc', 'done'],
      ['enc.zip:on/flash-on-s3.trc', 'failed'],
    ]);
    expect(status.files[1]!.problems).toEqual([{ kind: 'unreadable', message: 'enc.zip:on/flash-on-s3.trc: is encrypted: waitscope reads no passwords, so unzip it first' }]);
    expect(status.waits).toBe(2000);
  });
});
