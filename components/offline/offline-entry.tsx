/**
 * The offline report's script (bundled by scripts/build-offline.mjs into one file, inlined by
 * lib/offline/offline-html.ts): reads the report from its JSON element and draws it.
 */
import { createRoot } from 'react-dom/client';
import { OFFLINE_PAYLOAD_ID, OFFLINE_ROOT_ID } from '@/lib/offline/offline-html';
import { parseOfflinePayload } from '@/lib/offline/offline-payload';
import { OfflineBoundary } from './OfflineBoundary';
import { OfflineFailure, OfflineReport } from './OfflineReport';

const root = document.getElementById(OFFLINE_ROOT_ID);
if (root) {
  const payload = parseOfflinePayload(document.getElementById(OFFLINE_PAYLOAD_ID)?.textContent);
  createRoot(root).render(payload.ok ? <OfflineBoundary><OfflineReport report={payload.report} /></OfflineBoundary> : <OfflineFailure message={payload.message} />);
}
