'use client';
/**
 * After Share: the link, and what only this browser can do with it. Deleting needs the report's delete
 * token, which the server gave once and which lives only in this browser's storage: the user can copy
 * or save it (with the report id; never the key, so the saved file cannot open the report).
 */
import { useState } from 'react';
import { download } from '../download';
import { ConfirmButton } from './ConfirmButton';
import { deleteSharedEntry, type SharedEntry } from './my-reports';
import { isoDateTime } from './share-formats';

/** The delete token file: enough to delete the report from anywhere, nothing to read it. */
export function deleteTokenFile(entry: SharedEntry, origin: string): string {
  const api = `${origin}/api/reports/${entry.id}`;
  return `${JSON.stringify(
    {
      report: entry.id,
      deleteToken: entry.deleteToken,
      expiresAt: entry.expiresAt,
      howToDelete: `curl -X DELETE -H 'X-Delete-Token: ${entry.deleteToken}' ${api}`,
    },
    null,
    2,
  )}\n`;
}

export function SharedLink({ entry, onDeleted }: { entry: SharedEntry; onDeleted: () => void }) {
  const [note, setNote] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [deletedAt, setDeletedAt] = useState<string | null>(null);

  const copy = (text: string, what: string) =>
    navigator.clipboard.writeText(text).then(
      () => setNote(`${what} copied.`),
      () => setNote(`${what} could not be copied: select it and copy it by hand.`),
    );

  const remove = async () => {
    const result = await deleteSharedEntry(window.localStorage, entry);
    if (!result.ok) return setProblem(`The report was not deleted: ${result.message}`);
    setProblem(null);
    setDeletedAt(new Date().toISOString());
    onDeleted();
  };

  if (deletedAt) {
    return (
      <p role="status" data-testid="share-deleted">
        Deleted at {isoDateTime(deletedAt)}: the link now finds nothing, for anyone.
      </p>
    );
  }
  return (
    <div className="shared-link" data-testid="share-result">
      <p>
        Shared. Anyone with this link can read the report{' '}
        {entry.expiresAt ? <>until <time dateTime={entry.expiresAt} data-testid="share-expires">{isoDateTime(entry.expiresAt)}</time></> : 'until it is deleted (no expiry)'}:
      </p>
      <p>
        <input readOnly value={entry.url} data-testid="share-link" size={60} aria-label="Link to the shared report" onFocus={(e) => e.target.select()} />{' '}
        <button type="button" onClick={() => void copy(entry.url, 'The link')}>Copy link</button>{' '}
        <ConfirmButton
          label="Delete"
          question="Delete this report from the server? The link stops working for everyone."
          confirmLabel="Delete it"
          busyLabel="Deleting…"
          onConfirm={remove}
          testId="share-delete"
        />
      </p>
      <p className="hint">
        The delete token is kept only in this browser&apos;s storage (“My shared reports”). Keep a copy to delete the report from elsewhere, or after
        this browser&apos;s data is cleared:{' '}
        <button type="button" onClick={() => void copy(entry.deleteToken, 'The delete token')} data-testid="share-copy-token">Copy delete token</button>{' '}
        <button
          type="button"
          onClick={() => download(`waitscope-delete-token-${entry.id}.json`, deleteTokenFile(entry, window.location.origin), 'application/json')}
          data-testid="share-download-token"
        >
          Download delete token
        </button>
      </p>
      {note && <p role="status" className="hint">{note}</p>}
      {problem && <p role="alert" className="failure">{problem}</p>}
    </div>
  );
}
