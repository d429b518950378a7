// The help texts (components/help/help-text.ts) against the rules they describe, worked out by hand:
// a quantile p needs n·(1 − p) ≥ 1 waits (minimum-counts.ts), so p90 10, p95 20, p99 100, p99.9 1,000.
import { describe, expect, it } from 'vitest';
import { CI_METHOD_HELP, STATISTIC_HELP, TEST_HELP, verdictHelp } from '../../../components/help/help-text';
import { COMPARED_ROW_STATISTICS } from '../../../lib/report/report-schema';

describe('help for each statistic', () => {
  it('exists for every row of the comparison table', () => {
    for (const stat of COMPARED_ROW_STATISTICS) expect(STATISTIC_HELP[stat], stat).toMatch(/\w{4,}/);
  });

  it('gives each quantile its share, R type 7 and the waits it needs', () => {
    expect(STATISTIC_HELP.median).toMatch(/^The middle wait: half of the waits/);
    expect(STATISTIC_HELP.median).toContain('Shown from 2 waits on');
    expect(STATISTIC_HELP.p90).toMatch(/^90% of the waits are at most this long\. Type-7 quantile.*1 \+ \(n − 1\)·0\.9 .*Shown from 10 waits/);
    expect(STATISTIC_HELP.p95).toContain('Shown from 20 waits');
    expect(STATISTIC_HELP.p99).toMatch(/^99% .*·0\.99 .*Shown from 100 waits/);
    expect(STATISTIC_HELP.p999).toMatch(/^99\.9% .*·0\.999 .*Shown from 1,000 waits/);
    expect(STATISTIC_HELP.stddev).toContain('(n − 1)');
  });
});

describe('help for each test and CI method', () => {
  it('says what each iid test tests and that the verdicts do not use it', () => {
    expect(TEST_HELP.welch).toMatch(/means equal/);
    expect(TEST_HELP['mann-whitney']).toMatch(/P\(A > B\) \+ ½P\(A = B\) = ½, not the medians or the means/);
    expect(TEST_HELP.ks).toMatch(/largest gap between the two cumulative distributions/);
    for (const text of Object.values(TEST_HELP)) expect(text).toContain('the verdicts do not use it');
  });

  it('says what each method resamples', () => {
    expect(CI_METHOD_HELP.cluster).toContain('whole sessions with replacement');
    expect(CI_METHOD_HELP.poisson).toContain('Poisson(1)');
    expect(CI_METHOD_HELP.welch).toContain('only without a bootstrap');
  });
});

describe('a verdict line explained', () => {
  const interval = { lower: -0.18, upper: -0.17 };
  it('a significant bootstrap verdict: CI excludes 0, no p-value, the cluster method', () => {
    const text = verdictHelp({ statistic: 'mean', direction: 'lower', ciSource: 'bootstrap-cluster', interval }, 0.95);
    expect(text).toContain('compares the mean of A with the mean of B');
    expect(text).toContain('The 95% CI is the range of relative changes the data support at 95% confidence. It excludes 0, so the change is called significant.');
    expect(text).toContain('No p-value decides it');
    expect(text).toContain('Cluster bootstrap');
  });

  it('no significant difference: the CI includes 0', () => {
    const text = verdictHelp({ statistic: 'p99', direction: 'no-significant-difference', ciSource: 'bootstrap-poisson', interval: { lower: -0.01, upper: 0.02 } }, 0.9);
    expect(text).toContain('at 90% confidence. It includes 0');
    expect(text).toContain('Poisson bootstrap');
  });

  it("Welch's: the CI excludes 0 exactly when p < 1 − confidence", () => {
    expect(verdictHelp({ statistic: 'mean', direction: 'higher', ciSource: 'welch', interval }, 0.95)).toContain('exactly when p < 0.05');
  });

  it('no CI: no claim', () => {
    expect(verdictHelp({ statistic: 'median', direction: 'unknown', ciSource: null, interval: null }, 0.95)).toContain('no claim');
  });
});
