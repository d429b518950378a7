import type { DatasetProfile } from './profile-model';
import { profileTable, type ProfileRow } from './profile-rows';
import { statementRows, type StatementRow } from './statement-table';

/** One profile row on both sides. Δ is A − B (A the treatment, B the baseline, as in `compare`). */
export interface ComponentChange {
  component: string;
  a: ProfileRow | null;
  b: ProfileRow | null;
  /** µs; a side without the row counts 0 there. */
  deltaTotal: number;
  /** This row's part of ΔR (Δtotal / ΔR); null when R did not change. */
  shareOfChange: number | null;
  /** Per call or wait; null unless both sides show the statistic. */
  deltaMean: number | null;
  deltaMedian: number | null;
  deltaP99: number | null;
  /** The row exists on one side only. */
  onlyIn: 'a' | 'b' | null;
}

export interface StatementSide {
  total: number;
  executions: number;
  /** Mean e per execution, µs (null without executions). */
  meanPerExecution: number | null;
  medianPerExecution: number | null;
  p99PerExecution: number | null;
}

export interface StatementChange {
  key: string;
  sqlId: string | null;
  hashValue: number | null;
  dep: number;
  text: string | null;
  a: StatementSide | null;
  b: StatementSide | null;
  deltaTotal: number;
  deltaMeanPerExecution: number | null;
  deltaMedianPerExecution: number | null;
  deltaP99PerExecution: number | null;
  onlyIn: 'a' | 'b' | null;
}

export interface ProfileComparison {
  a: { total: number; sessions: number };
  b: { total: number; sessions: number };
  /** R_A − R_B, µs, and relative to R_B (null when R_B is 0). */
  deltaR: number;
  relativeDeltaR: number | null;
  /** By the size of the change, largest first. */
  components: ComponentChange[];
  /** The statements whose total elapsed changed most, largest |Δ| first. */
  statements: StatementChange[];
}

/**
 * R per session on each side, and its relative change, when the sides have different numbers of
 * sessions (null otherwise, or when a side has none): R is summed over sessions, so 2 sessions
 * against 3 read as R 38 % lower where each session's was 7 % lower (a DBA review). The rows stay
 * sums (they add up to R); this says what the headline's Δ is made of.
 */
export function perSessionR(c: Pick<ProfileComparison, 'a' | 'b'>): { a: number; b: number; relative: number | null } | null {
  if (c.a.sessions === c.b.sessions || c.a.sessions === 0 || c.b.sessions === 0) return null;
  const a = c.a.total / c.a.sessions;
  const b = c.b.total / c.b.sessions;
  return { a, b, relative: b === 0 ? null : (a - b) / b };
}

/**
 * A side without R (an LGWR trace of warnings alone, a window with nothing in it) answers nothing:
 * every row of the other side would be "the change" (TRUNC-TEST against an LGWR trace: "99.2% of
 * the change came from SQL*Net message from client"). The sentence that says so, said by the page's
 * headline and compare --profile's text alike; null when both sides have R.
 */
export function noAnswer(c: Pick<ProfileComparison, 'a' | 'b'>, labels: { a: string; b: string }): string | null {
  if (c.a.sessions === 0 && c.b.sessions === 0) return 'No answer: neither side has response time (no call or wait with a time).';
  const empty = c.a.sessions === 0 ? labels.a : c.b.sessions === 0 ? labels.b : null;
  return empty === null ? null : `No answer: ${empty} has no response time (no call or wait with a time).`;
}

const delta = (a: number | null | undefined, b: number | null | undefined): number | null => (a == null || b == null ? null : a - b);

/** The response-time profiles of two datasets side by side (issue 14 §5). */
export function compareProfiles(a: DatasetProfile, b: DatasetProfile, options: { statements?: number } = {}): ProfileComparison {
  const ta = profileTable(a);
  const tb = profileTable(b);
  const deltaR = ta.total - tb.total;
  const rowsA = new Map(ta.rows.map((r) => [r.component, r]));
  const rowsB = new Map(tb.rows.map((r) => [r.component, r]));
  const names = [...new Set([...rowsA.keys(), ...rowsB.keys()])];
  const components = names.map((component): ComponentChange => {
    const ra = rowsA.get(component) ?? null;
    const rb = rowsB.get(component) ?? null;
    const deltaTotal = (ra?.total ?? 0) - (rb?.total ?? 0);
    return {
      component,
      a: ra,
      b: rb,
      deltaTotal,
      shareOfChange: deltaR !== 0 ? deltaTotal / deltaR : null,
      deltaMean: delta(ra?.mean, rb?.mean),
      deltaMedian: delta(ra?.median, rb?.median),
      deltaP99: delta(ra?.p99, rb?.p99),
      onlyIn: ra === null ? 'b' : rb === null ? 'a' : null,
    };
  });
  components.sort((x, y) => Math.abs(y.deltaTotal) - Math.abs(x.deltaTotal) || x.component.localeCompare(y.component));
  return {
    a: { total: ta.total, sessions: ta.sessions },
    b: { total: tb.total, sessions: tb.sessions },
    deltaR,
    relativeDeltaR: tb.total !== 0 ? deltaR / tb.total : null,
    components,
    statements: statementChanges(statementRows(a), statementRows(b)).slice(0, options.statements ?? 20),
  };
}

function side(r: StatementRow): StatementSide {
  const execTotal = r.calls.EXEC?.e ?? 0;
  const fetchTotal = r.calls.FETCH?.e ?? 0;
  return {
    total: r.total,
    executions: r.executions,
    meanPerExecution: r.executions > 0 ? (execTotal + fetchTotal) / r.executions : null,
    medianPerExecution: r.perExecution.median,
    p99PerExecution: r.perExecution.p99,
  };
}

function statementChanges(a: StatementRow[], b: StatementRow[]): StatementChange[] {
  const byA = new Map(a.map((r) => [r.key, r]));
  const byB = new Map(b.map((r) => [r.key, r]));
  const keys = [...new Set([...byA.keys(), ...byB.keys()])];
  const changes = keys.map((key): StatementChange => {
    const ra = byA.get(key);
    const rb = byB.get(key);
    const any = (ra ?? rb) as StatementRow;
    const sa = ra ? side(ra) : null;
    const sb = rb ? side(rb) : null;
    return {
      key,
      sqlId: any.sqlId,
      hashValue: any.hashValue,
      dep: any.dep,
      text: any.text,
      a: sa,
      b: sb,
      deltaTotal: (sa?.total ?? 0) - (sb?.total ?? 0),
      deltaMeanPerExecution: delta(sa?.meanPerExecution, sb?.meanPerExecution),
      deltaMedianPerExecution: delta(sa?.medianPerExecution, sb?.medianPerExecution),
      deltaP99PerExecution: delta(sa?.p99PerExecution, sb?.p99PerExecution),
      onlyIn: ra === undefined ? 'b' : rb === undefined ? 'a' : null,
    };
  });
  return changes.sort((x, y) => Math.abs(y.deltaTotal) - Math.abs(x.deltaTotal) || x.key.localeCompare(y.key));
}
