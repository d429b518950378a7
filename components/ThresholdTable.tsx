'use client';
/**
 * Waits above thresholds (issue 4 §3): for each threshold, how many waits of each dataset exceed it,
 * as a count and per million waits, and across all datasets together. 500 ms is always shown (the
 * Exadata outlier definition, lib/stats/thresholds.ts), as are the report's fixed 10 and 100 ms; the
 * user adds and removes others in the current unit, and the page recomputes the report with them.
 */
import { useState, type FormEvent } from 'react';
import { REPORT_THRESHOLDS_MICROS } from '@/lib/report/compare-pair';
import type { WaitscopeReport } from '@/lib/report/report-schema';
import { valuesNoun } from '@/lib/trace/measure';
import { capitalized } from '@/lib/stats/minimum-counts';
import { EXADATA_OUTLIER_MICROS } from '@/lib/stats/thresholds';
import { formatCount, formatNumber, numberFormat, UNIT_LABEL, type DisplayUnit } from './display-units';

const upTo3Decimals = numberFormat({ maximumFractionDigits: 3 });

export interface ThresholdTableProps {
  report: WaitscopeReport;
  unit: DisplayUnit;
  /**
   * The user's thresholds in µs, ascending, without the fixed ones. Absent for a read-only view
   * (a shared report has no samples to count again).
   */
  onThresholdsChange?: (micros: number[]) => void;
}

/** Thresholds every report has; they have no remove button. */
export const FIXED_THRESHOLDS_MICROS: readonly number[] = [EXADATA_OUTLIER_MICROS, ...REPORT_THRESHOLDS_MICROS];

/** Every threshold in the report, ascending (each dataset has the same ones). */
export function reportThresholds(report: WaitscopeReport): number[] {
  const all = report.datasets.flatMap((d) => d.distributions.thresholds.map((t) => t.threshold));
  return [...new Set(all)].sort((x, y) => x - y);
}

/** The thresholds the user added: what `onThresholdsChange` gets, minus or plus one. */
export function userThresholds(report: WaitscopeReport): number[] {
  return reportThresholds(report).filter((t) => !FIXED_THRESHOLDS_MICROS.includes(t));
}

/** A threshold typed in `unit`, as µs; positive and finite. Rounded to 0.001 µs so 0.1 ms is 100 µs, not 100.00000000000001. */
export function parseThresholdInput(text: string, unit: DisplayUnit): { ok: true; micros: number } | { ok: false; reason: string } {
  const trimmed = text.trim().replace(/,/g, '');
  if (trimmed === '') return { ok: false, reason: `Type a threshold in ${UNIT_LABEL[unit]}.` };
  const value = /^\+?(\d+(\.\d*)?|\.\d+)(e[+-]?\d+)?$/i.test(trimmed) ? Number(trimmed) : Number.NaN;
  if (!Number.isFinite(value) || value <= 0) return { ok: false, reason: `'${text.trim()}' is not a positive number of ${UNIT_LABEL[unit]}.` };
  const micros = Math.round((unit === 'ms' ? value * 1000 : value) * 1000) / 1000;
  if (micros <= 0) return { ok: false, reason: `'${text.trim()}' is below 0.001 µs.` };
  return { ok: true, micros };
}

/** "500 ms", "0.25 ms", "2,500 µs": the threshold in the unit with no trailing zeros. */
export function formatThreshold(micros: number, unit: DisplayUnit): string {
  const v = unit === 'ms' ? micros / 1000 : micros;
  return `${upTo3Decimals.format(v)} ${UNIT_LABEL[unit]}`;
}

/** Per million waits: whole numbers from 100 up, else 1 decimal, else 2 significant digits. */
export function formatRate(rate: number | null): string {
  if (rate === null || !Number.isFinite(rate)) return '–';
  if (rate === 0 || rate >= 100) return formatNumber(Math.round(rate));
  return rate >= 1 ? rate.toFixed(1) : String(Number(rate.toPrecision(2)));
}

const dataValue = (v: number | null) => (v === null ? undefined : String(v));

/** One count and its rate; `at` names the dataset, or says the cell is across all datasets. */
function Counts(props: { threshold: number; count: number | null; rate: number | null; at: { 'data-dataset': string } | { 'data-across': 'datasets' } }) {
  const { threshold, count, rate, at } = props;
  return (
    <td className="num">
      <span data-threshold={String(threshold)} data-kind="count" data-value={dataValue(count)} {...at}>
        {formatCount(count)}
      </span>{' '}
      <small>
        (<span data-threshold={String(threshold)} data-kind="rate" data-value={dataValue(rate)} {...at}>{formatRate(rate)}</span> per million)
      </small>
    </td>
  );
}

export function ThresholdTable({ report, unit, onThresholdsChange }: ThresholdTableProps) {
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const thresholds = reportThresholds(report);
  const mine = userThresholds(report);
  const totalWaits = report.datasets.reduce((s, d) => s + d.summary.count, 0);

  const add = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = parseThresholdInput(text, unit);
    if (!parsed.ok) return setProblem(parsed.reason);
    if (thresholds.includes(parsed.micros)) return setProblem(`${formatThreshold(parsed.micros, unit)} is already in the table.`);
    setProblem(null);
    setText('');
    onThresholdsChange?.([...mine, parsed.micros].sort((x, y) => x - y));
  };

  return (
    <div className="threshold-table" data-testid="threshold-table">
      <table>
        <caption>{`${capitalized(valuesNoun(report.measure))} longer than each threshold: count, and per million ${valuesNoun(report.measure)}`}</caption>
        <thead>
          <tr>
            <th scope="col">longer than</th>
            {report.datasets.map((d) => (
              <th key={d.id} scope="col" data-dataset={d.id}>{d.label}</th>
            ))}
            {report.datasets.length > 1 && <th scope="col">all datasets</th>}
            {mine.length > 0 && onThresholdsChange && <td />}
          </tr>
        </thead>
        <tbody>
          {thresholds.map((t) => {
            const counts = report.datasets.map((d) => d.distributions.thresholds.find((x) => x.threshold === t) ?? null);
            const total = counts.reduce((s, c) => s + (c?.count ?? 0), 0);
            return (
              <tr key={t} data-threshold={String(t)}>
                <th scope="row">{`> ${formatThreshold(t, unit)}`}</th>
                {report.datasets.map((d, i) => (
                  <Counts key={d.id} threshold={t} count={counts[i]?.count ?? null} rate={counts[i]?.ratePerMillion ?? null} at={{ 'data-dataset': d.id }} />
                ))}
                {report.datasets.length > 1 && (
                  <Counts threshold={t} count={total} rate={totalWaits > 0 ? (1e6 * total) / totalWaits : null} at={{ 'data-across': 'datasets' }} />
                )}
                {mine.length > 0 && onThresholdsChange && (
                  <td>
                    {mine.includes(t) && (
                      <button type="button" onClick={() => onThresholdsChange(mine.filter((x) => x !== t))} aria-label={`remove ${formatThreshold(t, unit)}`}>
                        remove
                      </button>
                    )}
                  </td>
                )}
              </tr>
            );
          })}
        </tbody>
      </table>
      {onThresholdsChange && (
      <form onSubmit={add}>
        <label>
          {`Add a threshold (${UNIT_LABEL[unit]}) `}
          <input type="text" inputMode="decimal" value={text} onChange={(e) => setText(e.target.value)} name="threshold" />
        </label>{' '}
        <button type="submit">add</button>
        {problem !== null && <p className="threshold-problem" aria-live="polite">{problem}</p>}
      </form>
      )}
    </div>
  );
}

