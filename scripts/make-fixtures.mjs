// Writes the golden fixture pairs test/fixtures/<case>.trc + test/golden/<case>.json from lib/synth.
//
//   node scripts/make-fixtures.mjs           write missing pairs; report pairs that would change
//   node scripts/make-fixtures.mjs --check   exit 1 if any pair differs from what the generator makes
//   node scripts/make-fixtures.mjs --update  overwrite pairs that differ (then re-check them by hand,
//                                            see test/golden/README.md)
//
// lib/synth is TypeScript and pure; Node 20 cannot run .ts directly, so esbuild bundles it in memory
// and the bundle is imported from a data: URL. The golden JSON comes from the generator's ground truth,
// never from the parser.
import { importTs } from './import-ts.mjs';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const mode = process.argv.includes('--check') ? 'check' : process.argv.includes('--update') ? 'update' : 'write';

const { module: synth } = await importTs(
  `export { buildFixtures } from './lib/synth/fixtures';\nexport { toGolden, formatGolden } from './lib/synth/golden';\n`,
);

const fixturesDir = join(root, 'test', 'fixtures');
const goldenDir = join(root, 'test', 'golden');
mkdirSync(fixturesDir, { recursive: true });
mkdirSync(goldenDir, { recursive: true });

let differing = 0;
for (const c of synth.buildFixtures()) {
  const files = [
    [join(fixturesDir, `${c.name}.trc`), Buffer.from(c.bytes)],
    [join(goldenDir, `${c.name}.json`), Buffer.from(synth.formatGolden(synth.toGolden(c)))],
  ];
  for (const [path, bytes] of files) {
    const rel = path.slice(root.length + 1);
    const same = existsSync(path) && Buffer.compare(readFileSync(path), bytes) === 0;
    if (same) continue;
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
