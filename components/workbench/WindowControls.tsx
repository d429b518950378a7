'use client';
/**
 * The analysis window typed in (issue 15 §1): From and To (ISO-8601 with or without an offset, or
 * tim:N) and each session's skipped first and last durations, for one dataset or all of them. A bad
 * field keeps the window as it was and says why beside the field (time-window.ts's words); Clear
 * goes back to the whole run. A drag on the timeline fills the same window (SpanWindowAction).
 * By keyboard: Tab through the labelled fields, Enter in any of them applies (the form's submit).
 */
import { useEffect, useState } from 'react';
import { isNoWindow, NO_WINDOW_SPEC, readWindowSpec, WINDOW_FIELD_LABEL, type WindowField, type WindowSpec } from './window-spec';
import styles from './window-controls.module.css';

export interface WindowTarget {
  id: string;
  label: string;
  window?: WindowSpec;
}

const ALL = '*';

const PLACEHOLDER: Record<WindowField, string> = {
  from: '2024-03-01T10:15:00 or tim:…',
  to: '2024-03-01T10:20:00+01:00',
  skipFirst: '30s',
  skipLast: '10s',
};

/** The window the target shows: its own, or for all datasets the one they share (none when they differ). */
function specOf(targets: readonly WindowTarget[], target: string): WindowSpec {
  const chosen = target === ALL ? targets : targets.filter((t) => t.id === target);
  const keys = new Set(chosen.map((t) => JSON.stringify(t.window ?? NO_WINDOW_SPEC)));
  return keys.size === 1 ? (chosen[0]?.window ?? NO_WINDOW_SPEC) : NO_WINDOW_SPEC;
}

export function WindowControls({ targets, onApply, noun = 'waits' }: { targets: readonly WindowTarget[]; onApply: (ids: string[], spec: WindowSpec) => void; noun?: string }) {
  const [target, setTarget] = useState(ALL);
  const applied = specOf(targets, target);
  const appliedKey = JSON.stringify(applied);
  const [fields, setFields] = useState<WindowSpec>(applied);
  const [errors, setErrors] = useState<Partial<Record<WindowField, string>>>({});
  // A window applied elsewhere (a drag on the timeline, the URL) or another target shows in the fields.
  useEffect(() => {
    setFields(applied);
    setErrors({});
  }, [appliedKey, target]);
  const ids = target === ALL ? targets.map((t) => t.id) : [target];
  const apply = () => {
    const read = readWindowSpec(fields);
    if ('errors' in read) {
      setErrors(read.errors);
      // A keyboard user who pressed Enter is taken to the first field to mend, whose error is its description.
      const first = (Object.keys(WINDOW_FIELD_LABEL) as WindowField[]).find((f) => read.errors[f]);
      if (first) document.getElementById(`window-${first}`)?.focus();
      return;
    }
    setErrors({});
    onApply(ids, fields);
  };
  const clear = () => {
    setFields(NO_WINDOW_SPEC);
    setErrors({});
    onApply(ids, NO_WINDOW_SPEC);
  };
  const anyWindow = targets.some((t) => !isNoWindow(t.window));
  return (
    <fieldset className="control" data-testid="window-controls">
      <legend>{`Analysis window: every statistic is of the ${noun} ending in [From, To)`}</legend>
      <form
        className={styles.form}
        onSubmit={(e) => {
          e.preventDefault();
          apply();
        }}
      >
        <label className={styles.field}>
          For
          <select data-testid="window-target" value={target} onChange={(e) => setTarget(e.target.value)}>
            <option value={ALL}>all datasets</option>
            {targets.map((t) => (
              <option key={t.id} value={t.id}>
                {t.label}
              </option>
            ))}
          </select>
        </label>
        {(Object.keys(WINDOW_FIELD_LABEL) as WindowField[]).map((field) => (
          <div key={field} className={styles.field}>
            <label htmlFor={`window-${field}`}>{WINDOW_FIELD_LABEL[field]}</label>
            <input
              id={`window-${field}`}
              data-testid={`window-${field}`}
              className={field === 'skipFirst' || field === 'skipLast' ? styles.duration : undefined}
              value={fields[field]}
              placeholder={PLACEHOLDER[field]}
              aria-invalid={errors[field] ? 'true' : 'false'}
              aria-describedby={errors[field] ? `window-${field}-error` : undefined}
              onChange={(e) => setFields({ ...fields, [field]: e.target.value })}
            />
            {errors[field] && (
              <p id={`window-${field}-error`} role="alert" className={styles.error} data-testid={`window-error-${field}`}>
                {errors[field]}
              </p>
            )}
          </div>
        ))}
        <div className={styles.actions}>
          <button type="submit" data-testid="window-apply">Apply</button>
          <button type="button" data-testid="window-clear" onClick={clear} disabled={!anyWindow && isNoWindow(fields)}>
            Clear
          </button>
        </div>
      </form>
    </fieldset>
  );
}
