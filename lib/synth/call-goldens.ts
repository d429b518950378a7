import { CALL_RELEASES, type CallRelease } from './call-releases';
import { formatTruth, type CallWorkloadTruth } from './call-truth';
import { generateCallSession } from './call-workload';

/**
 * The golden pairs of the call workload: per release, one small session (a few KB) with a fixed seed,
 * written as `test/fixtures/calls/<name>.trc` and `<name>.truth.json` by
 * `node scripts/make-call-fixtures.mjs`. The truth is the generator's own bookkeeping; one pair was
 * checked by hand (see the report of issue 14's synth work and test/synth/call-goldens.test.ts).
 */

export const CALL_GOLDEN_TRANSACTIONS = 2;

export interface CallGolden {
  name: string;
  params: { workload: 'oltp'; release: CallRelease; seed: string; transactions: number; sessionIndex: number };
  bytes: Uint8Array;
  truth: CallWorkloadTruth;
}

/** `oltp-8i`, `oltp-10-2`, …: file names without dots, like the other fixtures. */
export function callGoldenName(release: CallRelease): string {
  return `oltp-${release.replace('.', '-')}`;
}

/**
 * Where the pairs live, under test/: a folder of their own, so that the tests that run over every
 * `test/fixtures/*.trc` (and count them) are not changed by them.
 */
export const CALL_GOLDEN_DIR = 'fixtures/calls';

export function buildCallGoldens(): CallGolden[] {
  return CALL_RELEASES.map((release) => {
    const params = { workload: 'oltp', release, seed: `golden/${release}`, transactions: CALL_GOLDEN_TRANSACTIONS, sessionIndex: 0 } as const;
    const s = generateCallSession({ release, seed: params.seed, transactions: params.transactions, sessionIndex: params.sessionIndex });
    return { name: callGoldenName(release), params, bytes: s.bytes, truth: s.truth };
  });
}

/** The `.truth.json` text: the parameters that made the trace, and its truth. */
export function callGoldenTruthText(g: CallGolden): string {
  return formatTruth({ params: g.params, truth: g.truth });
}
