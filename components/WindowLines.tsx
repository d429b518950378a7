/**
 * Which time window each dataset's statistics are of (issue 15 §1), above the results of the page
 * and of a shared report: "Window: … (N waits outside it, M without a time left out)".
 */
import { capitalized } from '@/lib/stats/minimum-counts';
import type { DatasetReport, WaitscopeReport } from '@/lib/report/report-schema';
import { windowSentence } from '@/lib/scope/window-dataset';
import { formatCount } from './display-units';
import styles from './workbench/window-controls.module.css';

/** One dataset's window in words, as the CLI writes it above its table (windowSentence); null for the whole run. */
export function windowText(d: Pick<DatasetReport, 'window'>, report: Pick<WaitscopeReport, 'measure'>): string | null {
  if (!d.window) return null;
  // A call or commit measure's values are not waits (the CLI's words too).
  const text = windowSentence(d.window, report.measure ? 'values' : 'waits', formatCount);
  return capitalized(text);
}

export function WindowLines({ report }: { report: WaitscopeReport }) {
  const lines = report.datasets.flatMap((d) => {
    const text = windowText(d, report);
    return text ? [{ id: d.id, label: d.label, text }] : [];
  });
  if (lines.length === 0) return null;
  return (
    <section className={styles.lines} data-testid="window-lines">
      {lines.map((l) => (
        <p key={l.id} className={styles.line} data-testid={`window-line-${l.id}`}>
          <strong>{l.label}</strong>: {l.text}
        </p>
      ))}
    </section>
  );
}
