// Writes the golden pairs of the call workload, test/fixtures/calls/oltp-<release>.trc and
// test/fixtures/calls/oltp-<release>.truth.json, from lib/synth/call-goldens.ts.
//
//   node scripts/make-call-fixtures.mjs           write missing pairs; report pairs that would change
//   node scripts/make-call-fixtures.mjs --check   exit 1 if any pair differs from what the generator makes
//   node scripts/make-call-fixtures.mjs --update  overwrite pairs that differ (then check one by hand again)
//
// The truth comes from the generator's own bookkeeping, never from the parser.
import { importTs } from './import-ts.mjs';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const mode = process.argv.includes('--check') ? 'check' : process.argv.includes('--update') ? 'update' : 'write';
const { module: synth } = await importTs(`export { buildCallGoldens, callGoldenTruthText, CALL_GOLDEN_DIR } from './lib/synth/call-goldens';\n`);

const dir = join(root, 'test', synth.CALL_GOLDEN_DIR);
mkdirSync(dir, { recursive: true });
let differing = 0;
for (const g of synth.buildCallGoldens()) {
  for (const [path, bytes] of [
    [join(dir, `${g.name}.trc`), Buffer.from(g.bytes)],
    [join(dir, `${g.name}.truth.json`), Buffer.from(synth.callGoldenTruthText(g))],
  ]) {
    const rel = path.slice(root.length + 1);
    if (existsSync(path) && Buffer.compare(readFileSync(path), bytes) === 0) continue;
    if (mode === 'check' || (mode === 'write' && existsSync(path))) {
      differing++;
      console.log(`${existsSync(path) ? 'differs' : 'missing'}: ${rel}`);
      continue;
    }
    writeFileSync(path, bytes);
    console.log(`wrote ${rel} (${bytes.length} bytes)`);
  }
}
if (differing > 0) {
  console.log(mode === 'check' ? `${differing} file(s) out of date` : `${differing} file(s) left alone; rerun with --update to overwrite`);
  process.exitCode = 1;
}
