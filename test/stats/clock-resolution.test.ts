import { describe, expect, it } from 'vitest';
import { compare } from '@/lib/stats/compare';
import { resolutionGap, resolutionNote, resolutionOfFiles } from '@/lib/stats/clock-resolution';
import { sampleOf } from '@/lib/stats/sample';
import { verdicts } from '@/lib/stats/verdict';
import { answerSentence } from '@/lib/stats/answer-sentence';
import { answerHeadline } from '@/lib/stats/answer-headline';

// 8i writes times in whole centiseconds (MOS 39817.1): a call of 341 µs reads 0. The samples below
// are made by hand: A as an 8i trace reads calls, B as 9i does.
const a8i = sampleOf(Float64Array.from([0, 0, 0, 0, 0, 0, 0, 0, 10_000, 10_000, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]));
const b9i = sampleOf(Float64Array.from(Array.from({ length: 30 }, (_, i) => 300 + 10 * i))); // 300 … 590: mean 445, median 445
const meta = { a: { resolutionMicros: 10_000 }, b: { resolutionMicros: 1 } };

describe('clock resolution', () => {
  it('is the coarsest clock of the files, and has a sentence only when coarser than 1 µs', () => {
    expect(resolutionOfFiles([{ facts: { unit: 'us' } }, { facts: { unit: 'cs' } }])).toBe(10_000);
    expect(resolutionOfFiles([{ facts: { unit: 'us' } }])).toBe(1);
    expect(resolutionNote(1)).toBeNull();
    expect(resolutionNote(10_000)).toBe('The times are whole centiseconds (Oracle before 9i): a resolution of 10,000 µs, so values below it read 0 and statistics move in steps of it.');
    expect(resolutionGap(10_000, 1)).toEqual({ micros: 10_000, side: 'A' });
    expect(resolutionGap(1, 10_000)).toEqual({ micros: 10_000, side: 'B' });
    expect(resolutionGap(10_000, 10_000)).toBeNull();
    expect(resolutionGap(undefined, 1)).toBeNull();
  });

  it('warns when a side is timed in centiseconds, and no verdict claims a difference smaller than a tick', () => {
    const c = compare(a8i, b9i, { bootstrap: { replicates: 200, seed: 1 }, singleWaits: true, metadata: meta });
    expect(c.warnings.find((w) => w.code === 'coarse-resolution')?.message).toBe(
      "A's times are whole centiseconds (Oracle before 9i): a resolution of 10,000 µs, so values below it read 0 and statistics move in steps of it. " +
        "The other side's are µs: a difference smaller than 10,000 µs may be the resolution alone, so no verdict claims one.",
    );
    const v = verdicts(c, 'calls', resolutionGap(10_000, 1));
    // Means: A 20,000 / 30 = 666.7, B 445: +221.7 µs. Medians: 0 against 445: −445 µs. Both under 10,000.
    expect(v.map((x) => [x.statistic, x.direction])).toEqual([
      ['mean', 'within-resolution'],
      ['median', 'within-resolution'],
    ]);
    expect(v[1]?.text).toBe("median: no claim: A − B is \u2212445 µs, less than the 10,000 µs resolution of A's centisecond times.");
    // Without the gap the same numbers are claimed: the median's CI of (A − B)/B is −100% exactly.
    expect(verdicts(c, 'calls').find((x) => x.statistic === 'median')?.direction).toBe('lower');
  });

  it('still judges a difference larger than a tick', () => {
    const slow = sampleOf(Float64Array.from(Array.from({ length: 30 }, () => 50_000)));
    const c = compare(slow, b9i, { bootstrap: { replicates: 200, seed: 1 }, singleWaits: true, metadata: meta });
    const v = verdicts(c, 'calls', resolutionGap(10_000, 1));
    expect(v.find((x) => x.statistic === 'mean')?.direction).toBe('higher');
  });

  it('says so in the answer and the headline', () => {
    const within = { statistic: 'median' as const, direction: 'within-resolution' as const, ciSource: null, relative: -1, interval: null, text: '' };
    const input = { event: 'EXEC elapsed', values: { phrase: "'EXEC elapsed' calls", noun: 'calls' }, labels: { a: '8i', b: '9i' }, verdicts: [within], counts: { a: 30, b: 30 }, bootstrap: { method: 'poisson' as const }, whySingleWaits: null };
    expect(answerSentence(input)).toBe("With 8i rather than 9i, the median differed by less than the clock's resolution (30 + 30 calls; single calls resampled, not sessions).");
    expect(answerHeadline(input)).toBe("8i vs 9i: median within the clock's resolution (30 + 30 calls)");
  });
});
