import { describe, expect, it } from 'vitest';
import { compare } from '@/lib/stats/compare';
import { iidNote } from '@/lib/stats/iid-tests';
import { sampleOf } from '@/lib/stats/sample';
import { noDefaultThresholdNote } from '@/lib/outliers/clusters';
import { valueNoun, valuesNoun, valueTimeName } from '@/lib/trace/measure';

// A call or commit measure's values are calls or commits, and every sentence about them says so
// (issue 14 §4): the page said "p99 needs at least 100 waits: not shown for A (80 waits)" of commits.
const commit = { kind: 'commit' } as const;
const exec = { kind: 'call', call: 'EXEC', sqlId: null, hashValue: null, dep: null } as const;

describe('the nouns of a measure', () => {
  it('names one value and its time axis', () => {
    expect([valuesNoun(undefined), valueNoun(undefined), valueTimeName(undefined)]).toEqual(['waits', 'wait', 'wait time']);
    expect([valuesNoun(exec), valueNoun(exec), valueTimeName(exec)]).toEqual(['calls', 'call', 'elapsed time']);
    expect([valuesNoun(commit), valueNoun(commit), valueTimeName(commit)]).toEqual(['commits', 'commit', 'commit time']);
  });

  it('is used by the comparison warnings, the iid note and the clusters note', () => {
    const a = sampleOf(Float64Array.from({ length: 80 }, (_, i) => 500 + i));
    const b = sampleOf(Float64Array.from({ length: 90 }, (_, i) => 520 + i));
    const c = compare(a, b, { bootstrap: false, noun: 'commits' });
    expect(c.warnings.map((w) => w.message)).toContain('p99 needs at least 100 commits: not shown for A (80 commits) and B (90 commits).');
    expect(compare(sampleOf(Float64Array.from([1])), b, { bootstrap: false, noun: 'calls' }).warnings.map((w) => w.message)).toContain('p95 needs at least 20 calls: not shown for A (1 call).');
    expect(iidNote('calls')).toBe('These tests treat every call as independent. Calls of one session are correlated, so their p-values overstate certainty; the verdicts do not use them.');
    expect(iidNote()).toBe('These tests treat every wait as independent. Waits of one session are correlated, so their p-values overstate certainty; the verdicts do not use them.');
    expect(noDefaultThresholdNote(80, 'commits')).toBe('Clusters need a threshold: p99.9 needs ≥ 1,000 commits (this dataset has 80)');
  });
});
