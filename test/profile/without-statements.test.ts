// A profile without statement totals (ProfileOptions.statements: false, what `waitscope profile`
// asks for) must have exactly the rows, calls, R and sessions of the full profile, and no
// statements: top-level calls then skip the statement book, while recursive calls still go through
// it to be held for their parent call. Checked on seeded OLTP sessions of every release (recursive
// calls, each adopted by its parent), read in one pass and in byte ranges, and on the real traces
// of the corpus, in one pass and in ranges: there are the recursive calls whose parent the trace
// does not have (the latency traces' deletes at a CLOSE, the 9.2 trace's PARSE ERROR).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { profileTrace } from '../../lib/profile/profile-trace';
import type { DatasetProfile } from '../../lib/profile/profile-model';
import { CALL_RELEASES } from '../../lib/synth/call-releases';
import { generateCallSession } from '../../lib/synth/call-workload';
import { profileInRanges } from '../helpers/profile-in-ranges';

const CORPUS = path.resolve(__dirname, '../../../shared/corpus/real');
const THINK = 1_000_000;

async function* once(bytes: Uint8Array): AsyncGenerator<Uint8Array> {
  yield bytes;
}

async function onePass(bytes: Uint8Array, name: string, statements: boolean): Promise<DatasetProfile> {
  return (await profileTrace(once(bytes), { thinkTimeMicros: THINK, statements, fileName: name })).profile;
}

/** In ranges of about `minBytes`, each scanned on this thread from its slice of the bytes. */
const inRanges = (bytes: Uint8Array, name: string, minBytes: number, statements: boolean) => profileInRanges(bytes, name, minBytes, { thinkTimeMicros: THINK, statements });

/** The profile as JSON with typed arrays as lists: equal strings mean equal values in equal order. */
const inOrder = (p: unknown) => JSON.stringify(p, (_k, v: unknown) => (ArrayBuffer.isView(v) ? Array.from(v as Float64Array) : v));

/** Everything a profile holds but its statements. */
const withoutStatements = (p: DatasetProfile) => inOrder({ ...p, statements: [] });

describe('a profile without statement totals', () => {
  for (const release of CALL_RELEASES) {
    it(`has the full profile's rows, calls and R on a seeded OLTP session of ${release}, in one pass and in ranges`, async () => {
      const { bytes } = generateCallSession({ release, seed: 20261204, transactions: 400 });
      const name = `${release}.trc`;
      const full = await onePass(bytes, name, true);
      // What makes the check worth anything: recursive statements, adopted by top-level calls.
      expect(full.statements.some((s) => s.dep >= 1), 'the session has recursive statements').toBe(true);
      expect(full.statements.some((s) => s.children.length > 0), 'and top-level statements that adopted them').toBe(true);
      const lean = await onePass(bytes, name, false);
      expect(lean.statements).toEqual([]);
      expect(lean.components.length).toBeGreaterThan(3);
      expect(inOrder(lean)).toBe(withoutStatements(full));
      const { parsed, ranges } = await inRanges(bytes, name, 16 << 10, false);
      expect(ranges, 'the file was cut').toBeGreaterThan(8);
      expect(parsed, 'the ranges joined').not.toBeNull();
      expect(inOrder(parsed?.profile)).toBe(withoutStatements(full));
    });
  }

  const corpus = existsSync(CORPUS) ? readdirSync(CORPUS).filter((n) => n.endsWith('.trc')) : [];
  let joined = 0;
  for (const name of corpus) {
    it(`has the full profile's rows, calls and R on ${name}, in one pass and in ranges`, async () => {
      const bytes = new Uint8Array(readFileSync(path.join(CORPUS, name)));
      const full = await onePass(bytes, name, true);
      const lean = await onePass(bytes, name, false);
      expect(lean.statements).toEqual([]);
      expect(inOrder(lean)).toBe(withoutStatements(full));
      // trcsess output and files with no depth 0 call near a cut are read in one pass (null): checked above.
      const { parsed } = await inRanges(bytes, name, 8 << 10, false);
      if (parsed === null) return;
      joined++;
      expect(inOrder(parsed.profile)).toBe(withoutStatements(full));
    });
  }
  it('was checked on the real traces, most of them in ranges (or the corpus is absent, and says so)', () => {
    if (corpus.length === 0) {
      console.warn(`without-statements.test.ts: ${CORPUS} is absent, so only the synthetic traces were checked`);
      return expect(existsSync(CORPUS)).toBe(false);
    }
    expect(corpus.length).toBeGreaterThanOrEqual(10);
    expect(joined).toBeGreaterThanOrEqual(10);
  });
});
