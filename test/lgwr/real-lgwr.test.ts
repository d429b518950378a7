// The real 11.2.0.2 LGWR trace (no 10046: warnings only) read for the pairing. It has no
// foreground, so the pairing must say so; its warnings and their sizes are read exactly.
import { createReadStream, existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { readCommitPathFile } from '../../lib/lgwr/commit-path-input';
import { pairCommitPath } from '../../lib/lgwr/pair-commit-path';
import { CORPUS_DIR, reportCorpusMissing } from '../helpers/corpus';

const FILE = path.join(CORPUS_DIR, 'jkstill_lgwr-trace-parse__oravm1_lgwr_495_NON10046.trc');
const present = existsSync(FILE);
if (!present) reportCorpusMissing('test/lgwr/real-lgwr.test.ts');

describe.skipIf(!present)('the real LGWR trace of the corpus', () => {
  test('is recognised as LGWR’s, its warnings and sizes are read, and the pairing says there is no foreground', async () => {
    const f = await readCommitPathFile(path.basename(FILE), () => createReadStream(FILE));
    expect(f.lgwr).toBe(true);
    expect(f.facts.processName).toBe('LGWR');
    // Independent count: the warning lines, by a regex of their own.
    const lines = readFileSync(FILE, 'latin1').split('\n');
    const expected = lines.map((l) => /^Warning: log write elapsed time (\d+)ms, size (\d+)KB/.exec(l)).filter((m) => m !== null);
    expect(f.warnings.count).toBe(expected.length);
    expect(f.warnings.ela).toEqual(expected.map((m) => Number(m[1]) * 1000));
    expect(f.warnings.size).toEqual(expected.map((m) => Number(m[2]) * 1024));
    expect(f.writes.count).toBe(0);
    const report = pairCommitPath([f]);
    expect(report.outcome).toBe('not-paired');
    if (report.outcome === 'not-paired') expect(report.reason).toBe('no foreground trace: only LGWR’s, so there is no log file sync to pair');
  });
});
