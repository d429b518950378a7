// Commit-loop traces whose instance, host, file and folder names, module, action and SQL text are
// distinctive strings, laid out the way Oracle writes them, for the share payload tests (unit and Chromium).
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { expect } from 'vitest';
import { sessionSeed } from '../../lib/synth/book-experiment';
import { generateCommitLoop } from '../../lib/synth/commit-loop';

export const SECRET = {
  instance: 'zzinstq7',
  host: 'zzhostq7.example',
  file: 'zzfileq7',
  folder: 'zzfolderq7',
  module: 'zzmoduleq7',
  action: 'zzactionq7',
  sql: 'zzsqlq7',
};

/** A commit-loop session whose header, session lines and SQL carry the secrets instead of the generator's names. */
function secretTrace(preset: 'flash-on' | 'flash-off', index: number): string {
  const text = [...generateCommitLoop({ preset, seed: sessionSeed(preset, 12, index), commits: 1500, sessionIndex: index })].join('');
  const out = text
    .replaceAll('SPOT1', SECRET.instance.toUpperCase())
    .replaceAll('spot1', SECRET.instance)
    .replaceAll('exa01db01.example.com', SECRET.host)
    .replaceAll('commitloop@exa01 (TNS V1-V3)', SECRET.module)
    .replace(`ACTION NAME:(session ${index})`, `ACTION NAME:(${SECRET.action})`)
    .replace('update t1 set', `update ${SECRET.sql} set`);
  // The generator's names are gone, so each secret is in the trace only where put.
  for (const gone of ['SPOT1', 'exa01', 'update t1 set']) expect(out).not.toContain(gone);
  for (const s of [SECRET.instance, SECRET.host, SECRET.module, SECRET.action, SECRET.sql]) expect(out.toLowerCase()).toContain(s);
  return out;
}

/** Oracle's layout: …/diag/rdbms/<db>/<instance>/trace/<instance>_ora_<pid>.trc (here with one more folder and a file-name suffix). */
export function writeSecretTraces(root: string, side: string, preset: 'flash-on' | 'flash-off'): string[] {
  const dir = path.join(root, side, SECRET.folder, 'diag', 'rdbms', SECRET.instance, SECRET.instance, 'trace');
  mkdirSync(dir, { recursive: true });
  return [0, 1].map((i) => {
    const file = path.join(dir, `${SECRET.instance}_ora_${20_000 + i * 37}_${SECRET.file}.trc`);
    writeFileSync(file, secretTrace(preset, i));
    return file;
  });
}

