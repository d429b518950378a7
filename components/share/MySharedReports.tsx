'use client';
import { useEffect, useState } from 'react';
import { ConfirmButton } from './ConfirmButton';
import { deleteSharedEntry, isExpired, loadSharedEntries, type SharedEntry } from './my-reports';
import { isoDateTime } from './share-formats';

/** The reports shared from this browser: a list kept here, not on the server. Times are UTC. */
export function MySharedReports({ refreshKey }: { refreshKey: number }) {
  const [entries, setEntries] = useState<SharedEntry[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  useEffect(() => setEntries(loadSharedEntries(window.localStorage)), [refreshKey]);
  if (entries.length === 0) return null;

  const remove = async (entry: SharedEntry) => {
    const result = await deleteSharedEntry(window.localStorage, entry);
    if (!result.ok) return setProblem(`Could not delete "${entry.title}": ${result.message}`);
    setEntries(result.left);
    setProblem(null);
  };

  return (
    <section className="my-reports" data-testid="my-shared-reports">
      <h2>My shared reports</h2>
      <table>
        <thead>
          <tr><th>title</th><th>created (UTC)</th><th>expires (UTC)</th><th /></tr>
        </thead>
        <tbody>
          {entries.map((e) => (
            <tr key={e.id} data-report-id={e.id}>
              <td><a href={e.url}>{e.title}</a></td>
              <td><time dateTime={e.createdAt}>{isoDateTime(e.createdAt)}</time></td>
              <td>{isExpired(e, Date.now()) ? 'expired' : e.expiresAt ? <time dateTime={e.expiresAt}>{isoDateTime(e.expiresAt)}</time> : 'never'}</td>
              <td>
                <button type="button" onClick={() => void navigator.clipboard?.writeText(e.url)}>Copy link</button>{' '}
                <ConfirmButton
                  label="Delete"
                  question="Delete it from the server? The link stops working."
                  confirmLabel="Delete it"
                  busyLabel="Deleting…"
                  onConfirm={() => remove(e)}
                  testId={`my-report-delete-${e.id}`}
                />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {problem && <p role="alert" className="failure">{problem}</p>}
    </section>
  );
}
