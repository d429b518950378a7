'use client';
/** A button whose action is asked about first, in the page (window.confirm blocks the page and tests). */
import { useState } from 'react';

interface Props {
  label: string;
  question: string;
  confirmLabel: string;
  /** Shown on the confirm button while the action runs. */
  busyLabel: string;
  onConfirm: () => Promise<void>;
  testId: string;
}

export function ConfirmButton({ label, question, confirmLabel, busyLabel, onConfirm, testId }: Props) {
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  if (!asking) {
    return <button type="button" onClick={() => setAsking(true)} data-testid={testId}>{label}</button>;
  }
  const confirm = async () => {
    setBusy(true);
    await onConfirm();
    setBusy(false);
    setAsking(false);
  };
  return (
    <span role="group" aria-label={question} className="confirm" data-testid={`${testId}-question`}>
      {question}{' '}
      <button type="button" onClick={() => void confirm()} disabled={busy} data-testid={`${testId}-confirm`}>
        {busy ? busyLabel : confirmLabel}
      </button>{' '}
      <button type="button" onClick={() => setAsking(false)} disabled={busy}>Cancel</button>
    </span>
  );
}
