'use client';
/**
 * Share: the report is reduced to what may leave (share-content.ts) and described from its JSON
 * itself (a summary, then the JSON, collapsed); that JSON is sealed, and only after the user says so
 * is the ciphertext uploaded. The description comes first and needs no cryptography: over plain
 * HTTP, where nothing can be sealed, it still says what "Download report" will write. The link
 * carries the key in its fragment (#k=…), which browsers never send to a server.
 */
import { useEffect, useMemo, useState } from 'react';
import type { WaitscopeReport } from '@/lib/report/report-schema';
import { hasSqlText } from '@/lib/report/profile-section';
import { hasFileNames, hasHostNames, type ShareChoices, type ShareExtras } from '@/lib/report/share-content';
import { previewShare, sealPreview, shareUrl, type SealedShare } from '@/lib/share';
import { DownloadReportButton } from '../offline/DownloadReportButton';
import { loadSharedEntries, saveSharedEntries, type SharedEntry } from './my-reports';
import { uploadReport, type Expiry } from './share-api';
import { sizeText } from './share-formats';
import { SharedLink } from './SharedLink';
import { ShareSummaryList } from './ShareSummaryList';

export type { ShareExtras } from '@/lib/report/share-content';

const EXPIRIES: { value: Expiry; label: string }[] = [
  { value: '1d', label: '1 day' },
  { value: '7d', label: '7 days' },
  { value: '30d', label: '30 days' },
  { value: 'never', label: 'never' },
];

interface Props {
  report: WaitscopeReport;
  prepare: () => Promise<ShareExtras | string>;
  onClose: () => void;
  /** A report was shared or deleted: "My shared reports" reloads. */
  onShared: (entry: SharedEntry) => void;
}

/**
 * The JSON as sent, indented; built only when the user opens it (a big report is megabytes). Open or
 * closed is the panel's state, so it stays as it was when a choice re-seals the report.
 */
function RawJson({ json, bytes, sealable, open, onOpen }: { json: string; bytes: number; sealable: boolean; open: boolean; onOpen: (open: boolean) => void }) {
  const indented = useMemo(() => (open ? JSON.stringify(JSON.parse(json), null, 2) : ''), [json, open]);
  return (
    <details open={open} onToggle={(e) => onOpen(e.currentTarget.open)} data-testid="share-json">
      <summary>
        The JSON that will be {sealable ? 'encrypted' : 'in the report'} ({sizeText(bytes)}, shown indented)
      </summary>
      {open && <pre className="share-preview" data-testid="share-preview">{indented}</pre>}
    </details>
  );
}

const isSecure = () => window.isSecureContext && Boolean(crypto.subtle);

export function SharePanel({ report, prepare, onClose, onShared }: Props) {
  const [extras, setExtras] = useState<ShareExtras | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [choices, setChoices] = useState<ShareChoices>({ includeHosts: false, includeFileNames: false, includeSqlText: false });
  const [expires, setExpires] = useState<Expiry>('30d');
  const [sealed, setSealed] = useState<SealedShare | null>(null);
  const [sending, setSending] = useState(false);
  const [link, setLink] = useState<SharedEntry | null>(null);
  const [jsonOpen, setJsonOpen] = useState(false);

  useEffect(() => {
    let live = true;
    setExtras(null);
    setSealed(null);
    // Without HTTPS nothing can be encrypted, but the report can still be downloaded (DownloadReportButton).
    if (!isSecure()) setProblem('Sharing encrypts the report in this browser, which needs HTTPS (or localhost): this page was opened over plain HTTP.');
    void prepare().then((r) => live && (typeof r === 'string' ? setProblem(r) : setExtras(r)));
    return () => void (live = false);
  }, [prepare]);

  // What will be sent or downloaded, under the current choices; sealed as soon as it is known, so the
  // preview shows the very bytes' contents and size.
  const preview = useMemo(() => (extras ? previewShare(extras, choices) : null), [extras, choices]);
  useEffect(() => {
    if (!preview || !isSecure()) return;
    let live = true;
    setSealed(null); // never send what was sealed before this choice (e.g. with host names)
    sealPreview(preview).then(
      (s) => live && setSealed(s),
      (error: unknown) => live && setProblem(`The report could not be encrypted: ${error instanceof Error ? error.message : String(error)}`),
    );
    return () => void (live = false);
  }, [preview]);

  // The seal of the preview shown, never one made before the latest choice or report (the effect
  // above replaces it one render later): what is uploaded is what the preview shows.
  const current = sealed !== null && preview !== null && sealed.json === preview.json ? sealed : null;

  const send = async () => {
    if (!current) return;
    const upload = current;
    setSending(true);
    const result = await uploadReport(upload.ciphertext, expires);
    setSending(false);
    if (!result.ok) return setProblem(`Nothing was shared: ${result.message}`);
    const entry: SharedEntry = {
      id: result.value.id,
      title: `${(extras?.report ?? report).datasets.map((d) => d.label).join(' vs ')}: ${report.event}`,
      url: shareUrl(window.location.origin, result.value.id, upload.key),
      createdAt: new Date().toISOString(),
      expiresAt: result.value.expiresAt,
      deleteToken: result.value.deleteToken,
    };
    saveSharedEntries(window.localStorage, [entry, ...loadSharedEntries(window.localStorage)]);
    setLink(entry);
    onShared(entry);
  };

  const shown = extras?.report ?? report;
  const choose = (key: keyof ShareChoices) => (e: React.ChangeEvent<HTMLInputElement>) => setChoices((c) => ({ ...c, [key]: e.target.checked }));
  return (
    <section className="share-panel" data-testid="share-panel" aria-label="Share this report">
      <h2>Share this report</h2>
      <p>
        The report is encrypted in this browser with a fresh key, and only the ciphertext is uploaded: the server cannot read it. The key is
        in the link, after <code>#</code>, which browsers never send to a server. Trace files never leave this machine.
      </p>
      <p className="hint">
        Never included: bind values, user, module and action names (waitscope does not put them in a report). SQL text only if you tick it below.
      </p>
      {!link && (
        <div className="share-choices">
          {hasHostNames(shown) && (
            <label>
              <input type="checkbox" checked={choices.includeHosts} disabled={sending} onChange={choose('includeHosts')} data-testid="share-include-hosts" /> Include host and
              instance names from the trace headers
            </label>
          )}
          {hasFileNames(shown) && (
            <label>
              <input type="checkbox" checked={choices.includeFileNames} disabled={sending} onChange={choose('includeFileNames')} data-testid="share-include-files" /> Include
              file and folder names (Oracle names a trace after its instance, <code>cdb1_ora_3802.trc</code>); otherwise files are sent as “file 1”, “file 2”, …, and a dataset named after its folder as “Dataset N”
            </label>
          )}
          {hasSqlText(extras?.report.profile) && (
            <label>
              <input type="checkbox" checked={choices.includeSqlText === true} disabled={sending} onChange={choose('includeSqlText')} data-testid="share-include-sql" /> Include SQL
              text of the statements (it can hold table names, literals and comments); otherwise statements are sent by sql_id or hash value only
            </label>
          )}
          {/* Over plain HTTP nothing is uploaded, so nothing expires. */}
          {isSecure() && (
            <label className="control">
              Expires{' '}
              <select value={expires} onChange={(e) => setExpires(e.target.value as Expiry)} data-testid="share-expiry">
                {EXPIRIES.map((x) => (
                  <option key={x.value} value={x.value}>{x.label}</option>
                ))}
              </select>
            </label>
          )}
        </div>
      )}
      {!extras && !problem && <p className="computing">Fingerprinting the input files (SHA-256) and collecting the outliers…</p>}
      {problem && <p role="alert" className="failure">{problem}</p>}
      {preview && !link && (
        <>
          <ShareSummaryList summary={preview.summary} exposed={preview.exposed} sealable={isSecure()} sealedBytes={current ? current.ciphertext.length : null} />
          <RawJson json={preview.json} bytes={preview.summary.jsonBytes} sealable={isSecure()} open={jsonOpen} onOpen={setJsonOpen} />
          {isSecure() && !current && !problem && <p className="computing">Encrypting…</p>}
          {current && (
            <p>
              <button type="button" onClick={() => void send()} disabled={sending} data-testid="share-send">
                {sending ? 'Uploading…' : 'Encrypt and upload'}
              </button>
            </p>
          )}
          {/* The same content as what will be sent, as one file instead: below the summary that describes it. */}
          <DownloadReportButton content={preview.report} />
        </>
      )}
      {link && <SharedLink entry={link} onDeleted={() => onShared(link)} />}
      <button type="button" onClick={onClose}>{link ? 'Close' : 'Cancel'}</button>
    </section>
  );
}
