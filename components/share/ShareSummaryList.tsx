'use client';
/**
 * What a share sends (or a downloaded report holds), in a few lines above the raw JSON: read from
 * the payload's JSON (share-summary.ts). Not `sealable` over plain HTTP (no `crypto.subtle`): then it
 * describes the file "Download report" writes; `sealedBytes` is null until the JSON is sealed.
 */
import { type PrivateHit, type ShareSummary } from '@/lib/share';
import { sizeText } from './share-formats';

const n = (x: number) => x.toLocaleString('en-US');
const plural = (x: number, one: string, many = `${one}s`) => `${n(x)} ${x === 1 ? one : many}`;

const FILE_NAMES: Record<ShareSummary['fileNames'], string> = {
  real: 'included as they are, with their folders',
  numbered: 'not included: each file is sent as “file 1”, “file 2”, …, and a dataset named after its folder as “Dataset N”',
  none: 'none (no files)',
};

export function ShareSummaryList({ summary, exposed, sealable, sealedBytes }: { summary: ShareSummary; exposed: PrivateHit[]; sealable: boolean; sealedBytes: number | null }) {
  return (
    <div className="share-summary" data-testid="share-summary">
      <h3>{sealable ? 'What will be sent' : 'What a downloaded report holds'}</h3>
      <ul>
        {summary.datasets.map((d, i) => (
          <li key={i} data-testid="share-summary-dataset">
            Dataset {i + 1}, labelled <strong>“{d.label}”</strong> ({d.source}): {plural(d.waits, 'wait')}
            {d.sessions !== null && `, ${plural(d.sessions, 'session')}`}, {plural(d.files, 'file')}
            {d.topWaits > 0 && `; outliers: ${plural(d.topWaits, 'top wait')}, ${plural(d.timelinePoints, 'timeline point')}, ${plural(d.clusters, 'cluster')}`}
          </li>
        ))}
        <li>{plural(summary.comparisons, 'comparison')} with their tests, intervals and verdicts; each dataset’s summary and distribution series</li>
        <li data-testid="share-summary-profile">
          Response-time profile and statements:{' '}
          {summary.profile
            ? `included for ${plural(summary.profile.datasets, 'dataset')} (${plural(summary.profile.statements, 'statement')})`
            : 'not included (share from the Response-time profile or Statements view to include them)'}
        </li>
        <li data-testid="share-summary-sql">SQL text: {summary.sqlText ? 'included' : 'not included'}</li>
        <li data-testid="share-summary-hosts">Host and instance names: {summary.hostNames ? 'included' : 'not included'}</li>
        <li data-testid="share-summary-files">File names: {FILE_NAMES[summary.fileNames]}</li>
        <li>SHA-256 fingerprints of {plural(summary.fingerprints, 'file')}, so a recipient can tell which files were used</li>
        <li data-testid="share-size">
          Size: {sizeText(summary.jsonBytes)} of JSON{sealedBytes !== null && `, ${sizeText(sealedBytes)} compressed and encrypted`}
        </li>
      </ul>
      {exposed.length > 0 && (
        <div role="note" className="share-exposed" data-testid="share-exposed">
          <p>Names whose box is not ticked that are still in the report:</p>
          <ul>
            {exposed.map((h) => (
              <li key={h.text}>
                “{h.text}” ({h.kind}) is in {h.places.join(', ')}
                {` (${plural(h.count, 'place')} in all)`}
              </li>
            ))}
          </ul>
          <p className="hint">Labels you typed are sent as typed: rename a dataset to keep a name out. File names carry the instance.</p>
        </div>
      )}
    </div>
  );
}
