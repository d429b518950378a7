'use client';
/**
 * "Download report" (issue 17 §3): the share preview's content, under its choices, as one HTML file
 * that opens offline. The very content the preview describes and the share would encrypt
 * (previewShare), assembled by the same function as `waitscope report` (offlineReportHtml), so the
 * file holds exactly what the preview shows.
 */
import { useRef, useState } from 'react';
import { offlineReportHtml } from '@/lib/offline/offline-html';
import type { WaitscopeReport } from '@/lib/report/report-schema';
import { download } from '../download';
import { sizeText } from '../share/share-formats';
import { fetchOfflineAssets } from './offline-assets';
import styles from './offline.module.css';

/** The file's name says what was measured, never a label (a label can be a folder's name). */
export function offlineFileName(event: string): string {
  return `waitscope-${event.replace(/[^A-Za-z0-9]+/g, '-').replace(/^-|-$/g, '')}-report.html`;
}

export function DownloadReportButton({ content }: { content: WaitscopeReport }) {
  const [busy, setBusy] = useState(false);
  const [note, setNote] = useState<{ ok: boolean; text: string } | null>(null);
  // The content as the preview shows it now: a choice changed while the viewer loads (below) is in the file.
  const latest = useRef(content);
  latest.current = content;
  const save = async () => {
    setBusy(true);
    setNote(null);
    const assets = await fetchOfflineAssets();
    setBusy(false);
    if (typeof assets === 'string') return setNote({ ok: false, text: assets });
    const content = latest.current;
    const html = offlineReportHtml(content, assets);
    const name = offlineFileName(content.event);
    download(name, html, 'text/html');
    setNote({ ok: true, text: `Saved ${name} (${sizeText(new Blob([html]).size)}): it opens in a browser without a network, and holds what the preview above describes.` });
  };
  return (
    <div className={styles.download}>
      <button type="button" onClick={() => void save()} disabled={busy} data-testid="download-report">
        {busy ? 'Preparing…' : 'Download report'}
      </button>{' '}
      <span className="hint">one HTML file with the table, verdicts and figures, that opens offline; nothing is uploaded</span>
      {note && (
        <p role={note.ok ? 'status' : 'alert'} className={note.ok ? 'hint' : 'failure'} data-testid="download-report-note">
          {note.text}
        </p>
      )}
    </div>
  );
}
