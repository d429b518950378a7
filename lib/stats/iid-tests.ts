/**
 * The iid tests of a `Comparison` (Welch's t, Mann–Whitney, Kolmogorov–Smirnov) as labelled lines,
 * for the CLI and the page alike. They treat every wait as independent; waits of one session are
 * correlated (stats.md §2.7 "Dependence caveat"), so their p-values overstate certainty. They are
 * shown for reference under that note and never decide a verdict (verdict.ts).
 */
import type { Comparison } from './compare';
import { formatPValue } from './verdict';
import { capitalized, nounFor } from './minimum-counts';

/** The note under the iid tests; `noun`: what the values are, plural (waits, calls, commits). */
export function iidNote(noun = 'waits'): string {
  return `These tests treat every ${nounFor(1, noun)} as independent. ${capitalized(noun)} of one session are correlated, so their p-values overstate certainty; the verdicts do not use them.`;
}

const MINUS = '\u2212';
const fixed = (v: number, digits: number) => v.toFixed(digits).replace(/^-/, MINUS);
const grouped = (v: number, digits: number) =>
  v.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits }).replace(/^-/, MINUS);

export interface IidTestLine {
  test: 'welch' | 'mann-whitney' | 'ks';
  /** e.g. "Welch's t (iid)". */
  name: string;
  text: string;
}

export function iidTestLines(c: Pick<Comparison, 'welch' | 'mannWhitney' | 'ks'>): IidTestLine[] {
  const { welch, mannWhitney: mw, ks } = c;
  const level = `${Math.round((welch?.confidence ?? 0.95) * 100)}% CI`;
  return [
    {
      test: 'welch',
      name: "Welch's t (iid)",
      text: welch
        ? `t = ${fixed(welch.t, 2)}, df = ${grouped(welch.df, 1)}, ${formatPValue(welch.log10p)}; Δmean ${grouped(welch.difference, 1)} µs, ${level} ${grouped(welch.ci[0], 1)} to ${grouped(welch.ci[1], 1)} µs`
        : 'not computed (fewer than 2 waits on a side, or both samples constant)',
    },
    {
      test: 'mann-whitney',
      name: 'Mann–Whitney U (iid)',
      text: mw
        ? `W = ${grouped(mw.w, 0)}, z = ${fixed(mw.z, 2)}, ${formatPValue(mw.log10p)}; P(A > B) + ½P(A = B) = ${mw.effect.toFixed(4)}`
        : 'not computed (needs the samples of both sides, not empty and not all equal)',
    },
    {
      test: 'ks',
      name: 'Kolmogorov–Smirnov (iid)',
      text: ks ? `D = ${ks.d.toFixed(4)}, λ = ${ks.lambda.toFixed(2)}, ${formatPValue(ks.log10p)}` : 'not computed (needs the samples of both sides)',
    },
  ];
}
