'use client';
/**
 * Share: whether the panel is open, and what it prepares (one worker request, collectShareExtras).
 * The request is read when Share is pressed (labels as they are then); a new one is prepared when the
 * data or the thresholds change under an open panel.
 */
import { useCallback, useRef, useState } from 'react';
import type { Ask } from '@/lib/worker/protocol';
import { collectShareExtras, type ShareRequest } from '../share/collect-share-extras';

export function useShare(ask: Ask, request: ShareRequest, dataKey: string) {
  const [sharing, setSharing] = useState(false);
  const [sharedVersion, setSharedVersion] = useState(0);
  const latest = useRef(request);
  latest.current = request;
  const thresholds = request.thresholds.join(',');
  const profile = JSON.stringify(request.profile ?? null);
  // dataKey, thresholds and the profile asked for stand for what the shared numbers depend on.
  const prepare = useCallback(() => collectShareExtras(ask, latest.current), [ask, dataKey, thresholds, profile]);
  return {
    sharing,
    open: () => setSharing(true),
    close: () => setSharing(false),
    /** Bumped when a report was shared or deleted: "My shared reports" reloads. */
    sharedVersion,
    onShared: () => setSharedVersion((v) => v + 1),
    prepare,
  };
}
