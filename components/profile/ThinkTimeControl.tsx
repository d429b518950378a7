'use client';
/**
 * The think-time threshold of the profile (the CLI's --think-time, mrprof's --thinktime): SQL*Net
 * message from client waits at or above it get a row of their own, so a user can crop them out.
 * Typed in ms and applied on Enter or when the field is left, so typing "250" does not start three passes.
 */
import { useEffect, useState } from 'react';

export function ThinkTimeControl({ micros, onChange }: { micros: number; onChange: (micros: number) => void }) {
  const [text, setText] = useState(String(micros / 1000));
  useEffect(() => setText(String(micros / 1000)), [micros]);
  const value = Number(text);
  const valid = text.trim() !== '' && Number.isFinite(value) && value >= 0;
  const apply = () => {
    if (!valid) return;
    const next = Math.round(value * 1000);
    if (next !== micros) onChange(next);
  };
  return (
    <form
      className="control"
      data-testid="think-time"
      onSubmit={(e) => {
        e.preventDefault();
        apply();
      }}
    >
      <label>
        Think time: SQL*Net message from client ≥{' '}
        <input type="number" min={0} step="any" value={text} onChange={(e) => setText(e.target.value)} onBlur={apply} aria-invalid={!valid} data-testid="think-time-ms" /> ms
      </label>
      {!valid && <span className="threshold-problem"> a duration of 0 ms or more</span>}
    </form>
  );
}
