'use client';
import { useEffect, useState } from 'react';
import { isExpired, loadSharedEntries, saveSharedEntries, type SharedEntry } from './my-reports';
import { deleteReport } from './share-api';

const when = (iso: string | null) => (iso === null ? 'never' : new Date(iso).toLocaleString());

/** The reports shared from this browser: a list kept here, not on the server. */
export function MySharedReports({ refreshKey }: { refreshKey: number }) {
  const [entries, setEntries] = useState<SharedEntry[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  useEffect(() => setEntries(loadSharedEntries(window.localStorage)), [refreshKey]);
  if (entries.length === 0) return null;

  const remove = async (entry: SharedEntry) => {
    const result = await deleteReport(entry.id, entry.deleteToken);
    if (!result.ok) return setProblem(`Could not delete "${entry.title}": ${result.message}`);
    const left = loadSharedEntries(window.localStorage).filter((e) => e.id !== entry.id);
    saveSharedEntries(window.localStorage, left);
    setEntries(left);
    setProblem(null);
  };

  return (
    <section className="my-reports" data-testid="my-shared-reports">
      <h2>My shared reports</h2>
      <table>
        <thead>
          <tr><th>title</th><th>created</th><th>expires</th><th /></tr>
        </thead>
        <tbody>
          {entries.map((e) => (
            <tr key={e.id} data-report-id={e.id}>
              <td><a href={e.url}>{e.title}</a></td>
              <td>{when(e.createdAt)}</td>
              <td>{isExpired(e, Date.now()) ? 'expired' : when(e.expiresAt)}</td>
              <td>
                <button type="button" onClick={() => void navigator.clipboard?.writeText(e.url)}>Copy link</button>{' '}
                <button type="button" onClick={() => void remove(e)}>Delete</button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {problem && <p role="alert" className="failure">{problem}</p>}
    </section>
  );
}
