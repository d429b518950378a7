'use client';
/**
 * One statement opened, as tkprof prints it and more (response-time.md, "What tkprof shows"): the
 * Parse/Execute/Fetch table and its other calls, summed at the statement's depth (the e of a call
 * includes its recursive calls); the waits inside its calls; its recursive statements and the ones
 * it ran under, each a link to that statement; and its SQL text, shown here only (a share sends it
 * only when the user ticks it).
 */
import type { CallSums } from '@/lib/profile/profile-model';
import { depthText, type StatementRow } from '@/lib/profile/statement-table';
import { count, micros, raw } from './profile-format';
import styles from './profile.module.css';

/** tkprof's names for the three calls it tables; other calls by their trace names. */
const CALL_LABEL: Record<string, string> = { PARSE: 'Parse', EXEC: 'Execute', FETCH: 'Fetch' };
const FIELDS: readonly { key: keyof CallSums; label: string; time?: boolean }[] = [
  { key: 'count', label: 'count' },
  { key: 'c', label: 'cpu µs', time: true },
  { key: 'e', label: 'elapsed µs', time: true },
  { key: 'p', label: 'disk' },
  { key: 'cr', label: 'query' },
  { key: 'cu', label: 'current' },
  { key: 'r', label: 'rows' },
  { key: 'mis', label: 'mis' },
];

function callNames(calls: Record<string, CallSums>): string[] {
  const rest = Object.keys(calls).filter((n) => n !== 'PARSE' && n !== 'EXEC' && n !== 'FETCH').sort();
  return ['PARSE', 'EXEC', 'FETCH', ...rest].filter((n) => calls[n] !== undefined);
}

function CallTable({ row }: { row: StatementRow }) {
  const names = callNames(row.calls);
  const total = Object.fromEntries(FIELDS.map((f) => [f.key, names.reduce((s, n) => s + (row.calls[n]?.[f.key] ?? 0), 0)])) as unknown as CallSums;
  const cell = (v: number, f: (typeof FIELDS)[number]) => (f.time ? micros(v) : count(v));
  return (
    <table className="comparison-table" data-testid="statement-calls">
      <thead>
        <tr>
          <th>call</th>
          {FIELDS.map((f) => (
            <th key={f.key} className="num">{f.label}</th>
          ))}
        </tr>
      </thead>
      <tbody>
        {names.map((n) => (
          <tr key={n} data-call={n}>
            <td>{CALL_LABEL[n] ?? n}</td>
            {FIELDS.map((f) => (
              <td key={f.key} className="num" data-field={f.key} data-value={raw(row.calls[n]![f.key])}>{cell(row.calls[n]![f.key], f)}</td>
            ))}
          </tr>
        ))}
      </tbody>
      <tfoot>
        <tr data-call="total">
          <th>total</th>
          {FIELDS.map((f) => (
            <th key={f.key} className="num" data-field={f.key} data-value={raw(total[f.key])}>{cell(total[f.key], f)}</th>
          ))}
        </tr>
      </tfoot>
    </table>
  );
}

function Links({ keys, onJump }: { keys: readonly string[]; onJump: (key: string) => void }) {
  return keys.map((k, i) => (
    <span key={k}>
      {i > 0 && ', '}
      <button type="button" className={`link ${styles.key}`} onClick={() => onJump(k)} data-jump={k}>{k}</button>
    </span>
  ));
}

export function StatementDetail({ row, onJump }: { row: StatementRow; onJump: (key: string) => void }) {
  return (
    <div className={styles.detail} data-testid="statement-detail" data-key={row.key}>
      <h4>Calls at dep {depthText(row)}, summed (elapsed includes the recursive statements’ time)</h4>
      <CallTable row={row} />
      <h4>Waits inside its calls</h4>
      {row.waits.length === 0 ? (
        <p className={styles.note}>None.</p>
      ) : (
        <table className="comparison-table" data-testid="statement-waits">
          <thead>
            <tr>
              <th>event</th>
              <th className="num">count</th>
              <th className="num">total µs</th>
            </tr>
          </thead>
          <tbody>
            {row.waits.map((w) => (
              <tr key={w.event} data-event={w.event}>
                <td>{w.event}</td>
                <td className="num" data-field="count" data-value={w.count}>{count(w.count)}</td>
                <td className="num" data-field="total" data-value={w.total}>{micros(w.total)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <p data-testid="statement-children">
        Recursive statements: {row.children.length === 0 ? 'none' : <Links keys={row.children} onJump={onJump} />}
      </p>
      <p data-testid="statement-parents">
        Runs under: {row.parents.length > 0 ? <Links keys={row.parents} onJump={onJump} /> : row.dep === 0 ? 'none (the client’s own call)' : 'no statement in the trace (its parent call wrote no line here: tracing started or ended inside it, or a call that writes none)'}
      </p>
      <h4>SQL text</h4>
      {row.text === null ? (
        <p className={styles.note}>Not in the trace (no PARSING IN CURSOR for it: tracing started after the statement was parsed), or not shared.</p>
      ) : (
        <pre className={styles.sql} data-testid="statement-sql">{row.text}</pre>
      )}
    </div>
  );
}
