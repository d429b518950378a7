import { noAnswer, perSessionR, type ProfileComparison } from '../profile/compare-profiles';
import { formatCount, formatMicros, padTable } from './format';

const signed = (v: number | null, digits = 0): string => (v === null ? '—' : `${v > 0 ? '+' : ''}${digits === 0 ? formatCount(v) : formatMicros(v)}`);
const pct = (v: number | null): string => (v === null ? '—' : `${v > 0 ? '+' : ''}${(100 * v).toFixed(1)}%`);
const only = (o: 'a' | 'b' | null, labels: readonly [string, string]): string => (o === null ? '' : `only in ${o === 'a' ? labels[0] : labels[1]}`);

/** Two response-time profiles side by side, in µs; Δ is A − B. */
export function profileComparisonText(c: ProfileComparison, labels: readonly [string, string]): string {
  const [la, lb] = labels;
  const sessions = (n: number) => `${formatCount(n)} session${n === 1 ? '' : 's'}`;
  const perSession = perSessionR(c);
  const none = noAnswer(c, { a: la, b: lb });
  const head =
    `response time R (summed over sessions): ${la} ${formatCount(c.a.total)} µs (${sessions(c.a.sessions)}), ${lb} ${formatCount(c.b.total)} µs (${sessions(c.b.sessions)}); Δ ${signed(c.deltaR)} µs (${pct(c.relativeDeltaR)})` +
    (perSession === null
      ? ''
      : `\nper session: ${la} ${formatMicros(perSession.a)} µs, ${lb} ${formatMicros(perSession.b)} µs (${pct(perSession.relative)}); the sides have ${sessions(c.a.sessions)} and ${sessions(c.b.sessions)}, so the Δ above and every row's Δ µs also count the sessions one side has more`) +
    // As the page's headline: with one side empty, each row's share of ΔR is the other side's row alone.
    (none === null ? '' : `\n${none}${c.a.sessions + c.b.sessions > 0 ? " The rows below are the other side's alone." : ''}`);
  const rows = [
    ['component', `${la} µs`, `${lb} µs`, 'Δ µs', 'share of ΔR', 'Δ mean µs', 'Δ median µs', 'Δ p99 µs', ''],
    ...c.components.map((r) => [
      r.component,
      r.a === null ? '—' : formatCount(r.a.total),
      r.b === null ? '—' : formatCount(r.b.total),
      signed(r.deltaTotal),
      pct(r.shareOfChange),
      signed(r.deltaMean, 1),
      signed(r.deltaMedian, 1),
      signed(r.deltaP99, 1),
      only(r.onlyIn, labels),
    ]),
  ];
  const statements = [
    ['statement', 'dep', `${la} total µs`, `${lb} total µs`, 'Δ µs', 'Δ mean/exec µs', 'Δ median/exec µs', 'Δ p99/exec µs', ''],
    ...c.statements.map((s) => [
      s.key,
      String(s.dep),
      s.a === null ? '—' : formatCount(s.a.total),
      s.b === null ? '—' : formatCount(s.b.total),
      signed(s.deltaTotal),
      signed(s.deltaMeanPerExecution, 1),
      signed(s.deltaMedianPerExecution, 1),
      signed(s.deltaP99PerExecution, 1),
      only(s.onlyIn, labels),
    ]),
  ];
  return `${head}\n\n${padTable(rows, [false, true, true, true, true, true, true, true, false])}\n\nstatements whose time changed most (total: e of all their calls at their depth; per execution: an EXEC and its FETCHes,\nso a PARSE or CLOSE that changed shows in Δ µs and not per execution)\n\n${c.statements.length === 0 ? 'no statement on either side' : padTable(statements, [false, true, true, true, true, true, true, true, false])}\n`;
}
