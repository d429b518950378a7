'use client';
/**
 * The Statements view (issue 14 §3), tkprof-like: one row per statement of one dataset, keyed by
 * sql_id, else hash value, else "unknown statement (cursor #N)", with its depth, total elapsed with
 * and without its recursive statements, executions and e per execution (median, p99, max; '–' where
 * the sample is too small). A row opens to its calls, waits, relatives and SQL text. Sort, top N and
 * depth work as tkprof's sort= and mrskew's --min-dep/--max-dep (lib/profile selectStatementRows).
 */
import { Fragment, useEffect, useMemo, useState } from 'react';
import { depthText, selectStatementRows, type StatementRow } from '@/lib/profile/statement-table';
import { notEstimableText } from '@/lib/stats/minimum-counts';
import { STATEMENT_TOP_CHOICES, type StatementDepth } from '../workbench/url-state';
import { count, micros, raw } from './profile-format';
import { STATEMENT_SORTS, statementQuery } from './statement-sorts';
import { StatementDetail } from './StatementDetail';
import styles from './profile.module.css';

export interface StatementsDataset {
  id: string;
  label: string;
  color: string;
  /** Every statement (or, from a shared report, those it carries), any order. */
  rows: readonly StatementRow[];
  /** Statements in the dataset, when `rows` holds only some (a shared report). */
  statementCount: number;
}

export interface StatementSettings {
  sort: string;
  top: number;
  depth: StatementDepth;
  dataset: number;
}

interface Props {
  datasets: readonly StatementsDataset[];
  settings: StatementSettings;
  onSettings: (change: Partial<StatementSettings>) => void;
  /** A statement to open and show (a click in the Profile view's changes). */
  focus?: string | null;
}

const firstLine = (text: string) => (text.split('\n', 1)[0] ?? '').slice(0, 120);

function PerExecution({ row, stat }: { row: StatementRow; stat: 'median' | 'p99' | 'max' }) {
  const v = row.perExecution[stat];
  const why = v === null && stat !== 'max' ? (notEstimableText(stat, row.executions, 'executions') ?? undefined) : undefined;
  return (
    <td className="num" data-stat={stat} data-value={raw(v)} title={why}>
      {micros(v)}
    </td>
  );
}

export function StatementsView({ datasets, settings, onSettings, focus = null }: Props) {
  const index = Math.min(settings.dataset, Math.max(0, datasets.length - 1));
  const dataset = datasets[index];
  const [open, setOpen] = useState<ReadonlySet<string>>(new Set());
  const [jumped, setJumped] = useState<string | null>(focus);
  useEffect(() => setJumped(focus), [focus]);
  useEffect(() => {
    if (jumped) setOpen((o) => new Set([...o, jumped]));
  }, [jumped]);
  const rows = useMemo(() => {
    if (!dataset) return [];
    const shown = selectStatementRows(dataset.rows, statementQuery(settings.sort, settings.top, settings.depth));
    // A statement jumped to is shown even when the sort, top N or depth would leave it out.
    const extra = jumped && !shown.some((r) => r.key === jumped) ? dataset.rows.find((r) => r.key === jumped) : undefined;
    return extra ? [...shown, extra] : shown;
  }, [dataset, settings.sort, settings.top, settings.depth, jumped]);
  useEffect(() => {
    if (jumped) document.querySelector(`[data-testid=statement-row][data-key="${CSS.escape(jumped)}"]`)?.scrollIntoView({ block: 'center' });
  }, [jumped, rows]);

  const toggle = (key: string) => setOpen((o) => (o.has(key) ? new Set([...o].filter((k) => k !== key)) : new Set([...o, key])));
  const sorts = STATEMENT_SORTS.some((s) => s.value === settings.sort) ? STATEMENT_SORTS : [...STATEMENT_SORTS, { value: settings.sort, label: settings.sort }];
  const tops = STATEMENT_TOP_CHOICES.includes(settings.top) ? STATEMENT_TOP_CHOICES : [...STATEMENT_TOP_CHOICES, settings.top].sort((a, b) => a - b);
  if (!dataset) return <p className={styles.note}>No dataset has statements.</p>;
  return (
    <div data-testid="statements-view" data-dataset={dataset.id}>
      <div className={styles.settings}>
        {datasets.length > 1 && (
          <fieldset className="control" data-testid="statements-dataset">
            <legend>Dataset</legend>
            {datasets.map((d, i) => (
              <label key={d.id}>
                <input type="radio" name="statements-dataset" checked={i === index} onChange={() => onSettings({ dataset: i })} />{' '}
                <span className={styles.swatch} style={{ background: d.color }} /> {d.label}
              </label>
            ))}
          </fieldset>
        )}
        <label>
          Sort by{' '}
          <select value={settings.sort} onChange={(e) => onSettings({ sort: e.target.value })} data-testid="statements-sort">
            {sorts.map((s) => (
              <option key={s.value} value={s.value}>{s.label}</option>
            ))}
          </select>
        </label>
        <label>
          Top{' '}
          <select value={String(settings.top)} onChange={(e) => onSettings({ top: Number(e.target.value) })} data-testid="statements-top">
            {tops.map((n) => (
              <option key={n} value={String(n)}>{count(n)}</option>
            ))}
          </select>
        </label>
        <label>
          Depth{' '}
          <select value={settings.depth} onChange={(e) => onSettings({ depth: e.target.value as StatementDepth })} data-testid="statements-depth">
            <option value="all">all depths</option>
            <option value="top-level">dep 0: the client’s calls</option>
            <option value="recursive">dep ≥ 1: recursive SQL</option>
          </select>
        </label>
      </div>
      <div className={styles.scroll}>
        <table className={`comparison-table ${styles.statements}`} data-testid="statements-table">
          <caption>
            {dataset.label}: {count(rows.length)} of {count(dataset.statementCount)} statements, µs. Click a statement for its calls, waits, recursive statements and SQL text.
          </caption>
          <thead>
            <tr>
              <th>statement</th>
              <th className="num">dep</th>
              <th className="num">total µs</th>
              <th className="num">without recursive µs</th>
              <th className="num">executions</th>
              <th className="num">e/exec median µs</th>
              <th className="num">e/exec p99 µs</th>
              <th className="num">e/exec max µs</th>
            </tr>
          </thead>
          <tbody>
            {rows.length === 0 && (
              <tr>
                <td colSpan={8} className={styles.note}>{settings.depth === 'all' ? 'No statements: the traces have no database call lines.' : 'No statements at this depth.'}</td>
              </tr>
            )}
            {rows.map((r) => (
              <Fragment key={r.key}>
                <tr
                  className={`${styles.statement} statement ${open.has(r.key) ? styles.open : ''} ${r.key === jumped ? styles.flash : ''}`}
                  data-testid="statement-row"
                  data-key={r.key}
                  aria-expanded={open.has(r.key)}
                  onClick={() => toggle(r.key)}
                >
                  <td>
                    <span className={styles.key}>{r.key}</span>
                    {r.text !== null && <div className={styles.sqlPreview}>{firstLine(r.text)}</div>}
                  </td>
                  <td className="num" data-stat="dep" data-value={r.dep} data-max-dep={r.maxDep}>{depthText(r)}</td>
                  <td className="num" data-stat="total" data-value={raw(r.total)}>{micros(r.total)}</td>
                  <td className="num" data-stat="self" data-value={raw(r.self)}>{micros(r.self)}</td>
                  <td className="num" data-stat="executions" data-value={raw(r.executions)}>{count(r.executions)}</td>
                  <PerExecution row={r} stat="median" />
                  <PerExecution row={r} stat="p99" />
                  <PerExecution row={r} stat="max" />
                </tr>
                {open.has(r.key) && (
                  <tr>
                    <td colSpan={8}>
                      <StatementDetail row={r} onJump={setJumped} />
                    </td>
                  </tr>
                )}
              </Fragment>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
