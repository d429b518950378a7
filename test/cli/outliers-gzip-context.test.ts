// `outliers --json --context 5` on the gzipped 3.7 MB real trace of the corpus took 23.7 s (0.59 s
// on the plain file): every read decompressed the file from its start (issue 12). Now each file is
// decompressed once for all contexts. The corpus is read in place, gzipped into a temporary folder,
// and never committed; without it this test is skipped, saying why. The bound on decompressions
// is tested without the corpus in test/outliers/context-one-pass.test.ts.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { CORPUS_DIR, reportCorpusMissing } from '../helpers/corpus';
import { makeTempDir, parseJsonOutput, runCli } from '../helpers/cli';

const REAL = path.join(CORPUS_DIR, 'LucaCanali_PyLatencyMap__SampleData__test_10046_tracefile.trc');
reportCorpusMissing('test/cli/outliers-gzip-context.test.ts');

describe.skipIf(!existsSync(REAL))('outliers --context on a gzipped real trace', () => {
  const temp = makeTempDir('gzip-context');
  afterAll(() => temp.remove());

  it('gives the plain file’s contexts, in about the plain file’s time (not 24 s)', async () => {
    const gz = path.join(temp.dir, 'real.trc.gz');
    writeFileSync(gz, gzipSync(readFileSync(REAL)));
    const args = ['outliers', '--json', '--context', '5', '--event', 'db file sequential read'];
    const started = performance.now();
    const zipped = await runCli([...args, gz]);
    const seconds = (performance.now() - started) / 1000;
    const plain = await runCli([...args, REAL]);
    expect(zipped.status, zipped.stderr).toBe(0);
    type Json = { context: { waits: { lines: { line: number; text: string }[] }[] } };
    const contexts = (run: typeof plain) => parseJsonOutput<Json>(run).context.waits;
    expect(contexts(zipped)).toHaveLength(100);
    expect(contexts(zipped)).toEqual(contexts(plain));
    // Done-when of the issue: under 2 s (1.0-1.5 s here on a busy 2-core machine); 5 s leaves room
    // for a slower machine while still failing the 24 s of one decompression per read.
    expect(seconds).toBeLessThan(5);
  });
});
