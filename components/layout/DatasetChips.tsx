'use client';
/**
 * The datasets in the header, one chip each: its colour in the figures and its label, which is an
 * input that looks like one (a pencil, an underline on hover): typing renames the dataset everywhere.
 */
import styles from './layout.module.css';

export interface Chip {
  id: string;
  label: string;
  color: string;
  /** The others are compared with it. */
  baseline: boolean;
}

export function DatasetChips({ chips, onLabel }: { chips: readonly Chip[]; onLabel: (id: string, label: string) => void }) {
  return (
    <ul className={styles.chipList} aria-label="Datasets">
      {chips.map((c, i) => (
        <li key={c.id} className={styles.chip} data-testid={`chip-${c.id}`}>
          <span className={styles.chipSwatch} style={{ background: c.color }} aria-hidden />
          <input
            className={styles.chipLabel}
            aria-label={`Label of dataset ${i + 1}`}
            title="Click to rename"
            value={c.label}
            size={Math.max(6, Math.min(28, c.label.length + 1))}
            onChange={(e) => onLabel(c.id, e.target.value)}
          />
          <span className={styles.pencil} aria-hidden>✎</span>
          {c.baseline && <span className={styles.baselineMark} title="The other datasets are compared with the baseline">baseline</span>}
        </li>
      ))}
    </ul>
  );
}
