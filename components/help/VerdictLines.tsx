'use client';
/**
 * A comparison's verdict lines (verdict.ts), each explaining itself: hovering or focusing a line
 * (it is in the Tab order) shows below the list what it compares, what its CI means and which
 * method made it (help-text.ts), and that explanation is the line's accessible description. It
 * is drawn under the list, not inside the line, so a line's text stays the verdict's text alone.
 */
import { useId, useState } from 'react';
import type { Verdict } from '@/lib/stats/verdict';
import { verdictHelp } from './help-text';
import styles from './help.module.css';
import theme from './theme.module.css';

export function VerdictLines({ verdicts, confidence }: { verdicts: readonly Verdict[]; confidence: number }) {
  const base = useId();
  const [active, setActive] = useState<Verdict['statistic'] | null>(null);
  const shown = verdicts.find((v) => v.statistic === active);
  const idOf = (v: Verdict) => `${base}-${v.statistic}`;
  return (
    <>
      <ul onMouseLeave={() => setActive(null)}>
        {verdicts.map((v) => (
          <li
            key={v.statistic}
            data-statistic={v.statistic}
            data-direction={v.direction}
            data-method={v.ciSource ?? 'none'}
            className={`${theme.themed} ${styles.line}`}
            tabIndex={0}
            aria-describedby={idOf(v)}
            onMouseEnter={() => setActive(v.statistic)}
            onFocus={() => setActive(v.statistic)}
            onBlur={() => setActive((a) => (a === v.statistic ? null : a))}
            onKeyDown={(e) => e.key === 'Escape' && active !== null && (e.stopPropagation(), setActive(null))}
          >
            {v.text}
          </li>
        ))}
      </ul>
      {shown && (
        <p id={idOf(shown)} role="tooltip" className={`${theme.themed} ${styles.explain}`} data-testid="verdict-help" data-statistic={shown.statistic}>
          {verdictHelp(shown, confidence)}
        </p>
      )}
    </>
  );
}
