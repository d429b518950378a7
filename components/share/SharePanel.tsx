'use client';
/**
 * Share: the report is reduced to what may leave (share-content.ts), shown in full with its size, and
 * only after the user says so encrypted in this page and uploaded. The link carries the key in its
 * fragment (#k=…), which browsers never send to a server.
 */
import { useEffect, useState } from 'react';
import type { OutlierSection, WaitscopeReport } from '@/lib/report/report-schema';
import { hasHostNames, shareableReport } from '@/lib/report/share-content';
import { sealReport, shareUrl } from '@/lib/share';
import { loadSharedEntries, saveSharedEntries, type SharedEntry } from './my-reports';
import { uploadReport, type Expiry } from './share-api';

const EXPIRIES: { value: Expiry; label: string }[] = [
  { value: '1d', label: '1 day' },
  { value: '7d', label: '7 days' },
  { value: '30d', label: '30 days' },
  { value: 'never', label: 'never' },
];

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;

/** What only the worker can add: the report with today's labels, each file's SHA-256, each dataset's outliers. */
export interface ShareExtras {
  report: WaitscopeReport;
  fingerprints: Record<string, Record<string, string>>;
  outliers: Record<string, OutlierSection>;
}

interface Props {
  report: WaitscopeReport;
  prepare: () => Promise<ShareExtras | string>;
  onClose: () => void;
  onShared: (entry: SharedEntry) => void;
}

export function SharePanel({ report, prepare, onClose, onShared }: Props) {
  const [extras, setExtras] = useState<ShareExtras | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [includeHosts, setIncludeHosts] = useState(false);
  const [expires, setExpires] = useState<Expiry>('30d');
  const [sealed, setSealed] = useState<{ json: string; bytes: Uint8Array<ArrayBuffer>; key: string } | null>(null);
  const [sending, setSending] = useState(false);
  const [link, setLink] = useState<SharedEntry | null>(null);

  useEffect(() => {
    let live = true;
    setExtras(null);
    if (!window.isSecureContext || !crypto.subtle) {
      setProblem('Sharing encrypts the report in this browser, which needs HTTPS (or localhost): this page was opened over plain HTTP.');
      return;
    }
    void prepare().then((r) => live && (typeof r === 'string' ? setProblem(r) : setExtras(r)));
    return () => void (live = false);
  }, [prepare]);

  // What will be sent, sealed as soon as it is known: the preview shows the very bytes' contents and size.
  useEffect(() => {
    if (!extras) return;
    let live = true;
    setSealed(null); // never send what was sealed before this choice (e.g. with host names)
    const content = shareableReport(extras.report, { includeHosts, fingerprints: extras.fingerprints, outliers: extras.outliers });
    sealReport(content).then(
      (s) => live && setSealed({ json: JSON.stringify(content, null, 2), bytes: s.ciphertext, key: s.key }),
      (error: unknown) => live && setProblem(`The report could not be encrypted: ${error instanceof Error ? error.message : String(error)}`),
    );
    return () => void (live = false);
  }, [extras, includeHosts]);

  const send = async () => {
    if (!sealed) return;
    setSending(true);
    const result = await uploadReport(sealed.bytes, expires);
    setSending(false);
    if (!result.ok) return setProblem(`Nothing was shared: ${result.message}`);
    const entry: SharedEntry = {
      id: result.value.id,
      title: `${(extras?.report ?? report).datasets.map((d) => d.label).join(' vs ')}: ${report.event}`,
      url: shareUrl(window.location.origin, result.value.id, sealed.key),
      createdAt: new Date().toISOString(),
      expiresAt: result.value.expiresAt,
      deleteToken: result.value.deleteToken,
    };
    saveSharedEntries(window.localStorage, [entry, ...loadSharedEntries(window.localStorage)]);
    setLink(entry);
    onShared(entry);
  };

  return (
    <section className="share-panel" data-testid="share-panel" aria-label="Share this report">
      <h2>Share this report</h2>
      <p>
        The report is encrypted in this browser with a fresh key, and only the ciphertext is uploaded: the server cannot read it. The key is
        in the link, after <code>#</code>, which browsers never send to a server. Trace files never leave this machine.
      </p>
      <p className="hint">Never included: SQL text, bind values, user, module and action names (waitscope does not put them in a report).</p>
      {hasHostNames(extras?.report ?? report) && (
        <label>
          <input type="checkbox" checked={includeHosts} onChange={(e) => setIncludeHosts(e.target.checked)} data-testid="share-include-hosts" /> Include host and
          instance names from the trace headers
        </label>
      )}
      <label className="control">
        Expires{' '}
        <select value={expires} onChange={(e) => setExpires(e.target.value as Expiry)} data-testid="share-expiry">
          {EXPIRIES.map((x) => (
            <option key={x.value} value={x.value}>{x.label}</option>
          ))}
        </select>
      </label>
      {!extras && !problem && <p className="computing">Fingerprinting the input files (SHA-256) and collecting the outliers…</p>}
      {problem && <p role="alert" className="failure">{problem}</p>}
      {sealed && !link && (
        <>
          <details open>
            <summary data-testid="share-size">
              Exactly what will be sent: {kb(sealed.json.length)} of JSON, {kb(sealed.bytes.length)} compressed and encrypted
            </summary>
            <pre className="share-preview" data-testid="share-preview">{sealed.json}</pre>
          </details>
          <button type="button" onClick={() => void send()} disabled={sending} data-testid="share-send">
            {sending ? 'Uploading…' : 'Encrypt and upload'}
          </button>{' '}
        </>
      )}
      {link && (
        <p>
          Shared. Anyone with this link can read the report{link.expiresAt ? ` until ${new Date(link.expiresAt).toLocaleString()}` : ''}:{' '}
          <input readOnly value={link.url} data-testid="share-link" size={60} onFocus={(e) => e.target.select()} />{' '}
          <button type="button" onClick={() => void navigator.clipboard?.writeText(link.url)}>Copy</button>
        </p>
      )}
      <button type="button" onClick={onClose}>{link ? 'Close' : 'Cancel'}</button>
    </section>
  );
}
