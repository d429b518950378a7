'use client';
/**
 * Two response-time profiles side by side (issue 14 §5): a sentence that answers the question, then
 * per component the two totals, Δ (A − B), its share of ΔR and Δ mean/median/p99 per call or wait,
 * rows present on one side only marked; then the statements whose time changed most.
 */
import type { ProfileComparison } from '@/lib/profile/compare-profiles';
import { count, micros, percent, raw, signedMicros } from './profile-format';
import { profileHeadline } from './profile-headline';
import styles from './profile.module.css';

export interface ProfileComparisonView {
  /** Dataset ids and labels of the treatment (A) and the baseline (B). */
  a: { id: string; label: string };
  b: { id: string; label: string };
  comparison: ProfileComparison;
}

const Only = ({ onlyIn, view }: { onlyIn: 'a' | 'b' | null; view: ProfileComparisonView }) =>
  onlyIn === null ? <td /> : <td className={styles.only} data-only={onlyIn}>only in {onlyIn === 'a' ? view.a.label : view.b.label}</td>;

/** A Δ cell with its raw value. */
const Delta = ({ v, kind, row }: { v: number | null; kind: string; row: string }) => (
  <td className="num" data-kind={kind} data-row={row} data-value={raw(v)}>{signedMicros(v)}</td>
);

/** `onStatement`: a statement was clicked; with the id of a dataset that has it (A unless only B has). */
export function ProfileComparisonTable({ view, onStatement }: { view: ProfileComparisonView; onStatement?: (datasetId: string, key: string) => void }) {
  const c = view.comparison;
  const id = `${view.a.id}-${view.b.id}`;
  return (
    <section data-testid="profile-comparison" data-comparison={id}>
      <p className={styles.headline} data-testid="profile-headline">{profileHeadline(c, { a: view.a.label, b: view.b.label })}</p>
      <div className={styles.scroll}>
        <table className={`comparison-table ${styles.profileTable}`} data-testid="profile-comparison-table">
          <caption>
            {view.a.label} (A) against {view.b.label} (B): Δ = A − B, µs. R: {micros(c.a.total)} against {micros(c.b.total)}, Δ{' '}
            <span data-testid="profile-delta-r" data-value={raw(c.deltaR)}>{signedMicros(c.deltaR)}</span>
          </caption>
          <thead>
            <tr>
              <th>component</th>
              <th className="num">{view.a.label} µs</th>
              <th className="num">{view.b.label} µs</th>
              <th className="num">Δ µs</th>
              <th className="num">share of ΔR %</th>
              <th className="num">Δ mean µs</th>
              <th className="num">Δ median µs</th>
              <th className="num">Δ p99 µs</th>
              <th />
            </tr>
          </thead>
          <tbody>
            {c.components.map((r) => (
              <tr key={r.component} data-testid="profile-change" data-component={r.component}>
                <td>{r.component}</td>
                <td className="num" data-kind="a" data-row={r.component} data-value={raw(r.a?.total)}>{r.a ? micros(r.a.total) : '–'}</td>
                <td className="num" data-kind="b" data-row={r.component} data-value={raw(r.b?.total)}>{r.b ? micros(r.b.total) : '–'}</td>
                <Delta v={r.deltaTotal} kind="delta" row={r.component} />
                <td className="num" data-kind="share-of-change" data-row={r.component} data-value={raw(r.shareOfChange)}>{percent(r.shareOfChange)}</td>
                <Delta v={r.deltaMean} kind="delta-mean" row={r.component} />
                <Delta v={r.deltaMedian} kind="delta-median" row={r.component} />
                <Delta v={r.deltaP99} kind="delta-p99" row={r.component} />
                <Only onlyIn={r.onlyIn} view={view} />
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <div className={styles.scroll}>
        <table className={`comparison-table ${styles.profileTable}`} data-testid="profile-statement-changes">
          <caption>The statements whose time changed most (total elapsed at their depth; per execution: EXEC and its FETCHes), µs</caption>
          <thead>
            <tr>
              <th>statement</th>
              <th className="num">dep</th>
              <th className="num">{view.a.label}</th>
              <th className="num">{view.b.label}</th>
              <th className="num">Δ</th>
              <th className="num">executions A / B</th>
              <th className="num">Δ mean/exec</th>
              <th className="num">Δ median/exec</th>
              <th className="num">Δ p99/exec</th>
              <th />
            </tr>
          </thead>
          <tbody>
            {c.statements.length === 0 && (
              <tr>
                <td colSpan={10} className={styles.note}>No statements: the traces have no database call lines.</td>
              </tr>
            )}
            {c.statements.map((s) => (
              <tr key={s.key} data-testid="statement-change" data-key={s.key}>
                <td className={`${styles.key} ${styles.keyCell}`}>
                  {onStatement ? (
                    <button type="button" className={`link ${styles.key}`} onClick={() => onStatement(s.onlyIn === 'b' ? view.b.id : view.a.id, s.key)}>{s.key}</button>
                  ) : (
                    s.key
                  )}
                </td>
                <td className="num">{s.dep}</td>
                <td className="num" data-kind="a" data-row={s.key} data-value={raw(s.a?.total)}>{s.a ? micros(s.a.total) : '–'}</td>
                <td className="num" data-kind="b" data-row={s.key} data-value={raw(s.b?.total)}>{s.b ? micros(s.b.total) : '–'}</td>
                <Delta v={s.deltaTotal} kind="delta" row={s.key} />
                <td className="num">{s.a ? count(s.a.executions) : '–'} / {s.b ? count(s.b.executions) : '–'}</td>
                <Delta v={s.deltaMeanPerExecution} kind="delta-mean" row={s.key} />
                <Delta v={s.deltaMedianPerExecution} kind="delta-median" row={s.key} />
                <Delta v={s.deltaP99PerExecution} kind="delta-p99" row={s.key} />
                <Only onlyIn={s.onlyIn} view={view} />
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
