'use client';
/**
 * The Commit path view: each dataset's pairing of its foregrounds' `log file sync` with its LGWR
 * trace, asked of the worker while the view is open (commit-path-request.ts reads the files again),
 * with the explanation of the LGWR protocol and its sources.
 */
import { useEffect, useState } from 'react';
import { LGWR_SOURCES } from '@/lib/lgwr/lgwr-sources';
import type { DatasetCommitPath } from '@/lib/worker/commit-path-request';
import type { Ask } from '@/lib/worker/protocol';
import styles from '../profile/profile.module.css';
import { CommitPathPanel } from './CommitPathPanel';

interface Props {
  ask: Ask;
  datasets: readonly { id: string; label: string }[];
  /** What the pairing depends on: the datasets' files. */
  dataKey: string;
}

export function CommitPathResults({ ask, datasets, dataKey }: Props) {
  const [state, setState] = useState<{ key: string; results: DatasetCommitPath[] | null; error: string | null } | null>(null);
  const ids = datasets.map((d) => d.id);
  const key = JSON.stringify([dataKey, ids]);
  useEffect(() => {
    let current = true;
    setState({ key, results: null, error: null });
    void ask('commit-path', { datasetIds: ids }).then((reply) => {
      if (!current) return;
      if (reply.type === 'request-failed' && reply.stale) return;
      setState(reply.type === 'commit-path' ? { key, results: reply.results, error: null } : { key, results: null, error: reply.message });
    });
    return () => {
      current = false;
    };
    // key holds everything ids and dataKey do.
  }, [key, ask]);
  const mine = state && state.key === key ? state : null;
  const shown = (mine?.results ?? []).filter((r) => r.report !== null);
  return (
    <section data-testid="commit-path-results" data-state={mine?.error ? 'failed' : mine?.results ? 'ready' : 'computing'}>
      {mine?.error && <p role="alert" className="failure">{mine.error}</p>}
      {!mine?.results && !mine?.error && <p className="computing">Reading the trace files again for log file sync and LGWR’s writes…</p>}
      {mine?.results && shown.length === 0 && <p className={styles.note}>No dataset holds an LGWR trace (one whose process line says (LGWR), or named *_lgwr_*.trc).</p>}
      {shown.map((r) => (
        <CommitPathPanel key={r.datasetId} label={datasets.find((d) => d.id === r.datasetId)?.label ?? r.datasetId} report={r.report!} />
      ))}
      <div className={styles.note} data-testid="commit-path-explanation">
        <p>
          How a commit waits: the session posts LGWR and waits on <code>log file sync</code>; LGWR writes the log buffer (its own wait,{' '}
          <code>log file parallel write</code>: the time for the I/Os to complete), then posts the session, which wakes up. Oracle’s reference says the sync’s
          wait “includes the writing of the log buffer and the post”. Each sync is laid against LGWR’s writes in time: the part during which LGWR was writing
          is covered, the rest is the remainder. The traces do not say which write carried which commit, so a session that sleeps through a later write counts
          it as covered too: the remainder is a lower bound.
        </p>
        <p>
          Oracle’s guide for the Exadata Smart Flash Log compares the histograms: a long tail in both points at the write (storage); a tail in{' '}
          <code>log file sync</code> alone points at CPU, scheduling or the post/wait path.
        </p>
        <ul>
          {LGWR_SOURCES.map((s) => (
            <li key={s.url}>
              <a href={s.url} rel="noreferrer noopener" target="_blank">{s.title}</a>: {s.says}
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
