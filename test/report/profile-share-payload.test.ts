// Issue 14 §3: a statement's SQL text never leaves in a shared report unless the user ticks it. The
// share goes through the page's own steps (the worker session's 'share-content' with the profile, then
// sealShare as SharePanel calls it); the container, the bytes that are uploaded, is decrypted here
// and searched for the SQL text of the traces (`update zzsqlq7 set …`, secret-traces.ts).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collectShareExtras } from '../../components/share/collect-share-extras';
import { reportSchema } from '../../lib/report/report-schema';
import type { ShareExtras } from '../../lib/report/share-content';
import { sealShare } from '../../lib/share';
import { createAsker } from '../../lib/worker/asker';
import { plaintextOf } from '../share/open-plaintext';
import { SECRET, writeSecretTraces } from '../share/secret-traces';
import { inputFiles, SessionHarness } from '../worker/session-harness';

describe('the SQL text in a shared profile', () => {
  const root = mkdtempSync(path.join(tmpdir(), 'waitscope-profile-share-'));
  let extras: ShareExtras;
  let plain: ShareExtras;

  beforeAll(async () => {
    const h = new SessionHarness();
    const asker = createAsker((r) => void h.send(r));
    h.onMessage = (m) => void asker.receive(m);
    for (const [id, preset] of [['d1', 'flash-on'], ['d2', 'flash-off']] as const) {
      await h.send({ type: 'add-files', datasetId: id, files: inputFiles(writeSecretTraces(root, id, preset), root), event: 'log file sync' });
    }
    const request = { event: 'log file sync', datasets: [{ datasetId: 'd1', label: 'treated' }, { datasetId: 'd2', label: 'baseline' }], baseline: 1, thresholds: [] };
    const withProfile = await collectShareExtras(asker.ask, { ...request, profile: { thinkTimeMicros: 1_000_000 } });
    const without = await collectShareExtras(asker.ask, request);
    if (typeof withProfile === 'string') throw new Error(withProfile);
    if (typeof without === 'string') throw new Error(without);
    extras = withProfile;
    plain = without;
    // The worker's report holds the text (so leaving it out is the share step's doing).
    const statements = extras.report.profile!.datasets[0]!.statements;
    expect(statements.some((s) => s.text?.includes(SECRET.sql))).toBe(true);
  }, 120_000);

  afterAll(() => rmSync(root, { recursive: true, force: true }));

  const open = async (e: ShareExtras, includeSqlText?: boolean) => {
    const sealed = await sealShare(e, { includeHosts: false, includeFileNames: false, ...(includeSqlText !== undefined && { includeSqlText }) });
    const text = await plaintextOf(sealed.ciphertext, sealed.key);
    expect(text).toBe(sealed.json); // what the preview shows is what is uploaded
    return { sealed, text };
  };

  it('is absent from the uploaded bytes unless ticked, and the preview says which', async () => {
    for (const tick of [undefined, false]) {
      const { sealed, text } = await open(extras, tick);
      expect(text.toLowerCase().includes(SECRET.sql)).toBe(false);
      // Nor, in the profile section or anywhere else, the host, instance, module, action, file or folder names.
      for (const secret of [SECRET.host, SECRET.instance, SECRET.module, SECRET.action, SECRET.file, SECRET.folder]) expect(text.toLowerCase(), secret).not.toContain(secret);
      expect(sealed.summary.sqlText).toBe(false);
      // The profile itself travels: both datasets, and their statements by sql_id.
      const payload = reportSchema.parse(JSON.parse(text));
      expect(payload.profile!.datasets.map((d) => d.id)).toEqual(['d1', 'd2']);
      expect(payload.profile!.datasets[0]!.statements.length).toBeGreaterThan(0);
      expect(payload.profile!.datasets.flatMap((d) => d.statements).every((s) => s.text === null)).toBe(true);
      expect(payload.profile!.comparisons[0]!.comparison.statements.every((s) => s.text === null)).toBe(true);
      expect(sealed.summary.profile).toEqual({ datasets: 2, statements: payload.profile!.datasets.reduce((n, d) => n + d.statements.length, 0) });
    }
  });

  it('is in the uploaded bytes when ticked', async () => {
    const { sealed, text } = await open(extras, true);
    expect(text.toLowerCase()).toContain(`update ${SECRET.sql} set`);
    expect(sealed.summary.sqlText).toBe(true);
  });

  it('a share without the profile has no profile section, and still validates', async () => {
    const { sealed, text } = await open(plain, true);
    const payload = reportSchema.parse(JSON.parse(text));
    expect(payload.profile).toBeUndefined();
    expect(text.toLowerCase().includes(SECRET.sql)).toBe(false);
    expect(sealed.summary.profile).toBeNull();
  });
});
