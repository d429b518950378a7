/**
 * The offline report's viewer as the app serves it (scripts/build-offline.mjs copies the bundle to
 * public/offline-report/): fetched from this server when the user downloads a report, never from
 * elsewhere.
 */
import { OFFLINE_ASSET_FILES, OFFLINE_ASSET_PATH, type OfflineAssets } from '@/lib/offline/offline-html';

export async function fetchOfflineAssets(): Promise<OfflineAssets | string> {
  try {
    const [script, css] = await Promise.all(
      [OFFLINE_ASSET_FILES.script, OFFLINE_ASSET_FILES.css].map((name) => `${OFFLINE_ASSET_PATH}${name}`).map(async (url) => {
        const response = await fetch(url, { cache: 'no-cache' });
        if (!response.ok) throw new Error(`${url} answered ${response.status}`);
        return response.text();
      }),
    );
    return { script: script!, css: css! };
  } catch (error) {
    return `The offline report's viewer could not be loaded from this server (${error instanceof Error ? error.message : String(error)}); npm install builds it (scripts/build-offline.mjs).`;
  }
}
