'use client';
/**
 * The workspace and the address bar: the URL is read once, after hydration (the server render cannot
 * see it), and from then on written from the workspace (urlOf), so a reload or a shared demo link
 * shows the same view.
 */
import { useEffect, useRef, useState, type Dispatch } from 'react';
import type { WorkerRequest } from '@/lib/worker/protocol';
import { DEMO_EVENT } from './demo-plan';
import { parseViewState } from './url-state';
import { urlOf, type Workspace, type WorkspaceAction } from './workspace';


export function useWorkspaceUrl(ws: Workspace, dispatch: Dispatch<WorkspaceAction>, send: (request: WorkerRequest) => void): void {
  const [loaded, setLoaded] = useState(false);
  const read = useRef(false);
  useEffect(() => {
    if (read.current) return; // StrictMode runs mount effects twice in development
    read.current = true;
    const parsed = parseViewState(window.location.search);
    dispatch({ type: 'url', view: parsed.demo ? { ...parsed, measure: { kind: 'event', event: DEMO_EVENT } } : parsed });
    setLoaded(true);
    if (parsed.demo) {
      send({ type: 'demo', datasetId: 'd1', preset: 'flash-on', event: DEMO_EVENT });
      send({ type: 'demo', datasetId: 'd2', preset: 'flash-off', event: DEMO_EVENT });
    }
  }, [dispatch, send]);

  const search = urlOf(ws);
  useEffect(() => {
    if (!loaded || search === window.location.search) return;
    const write = () => window.history.replaceState(null, '', `${window.location.pathname}${search}`);
    if (document.hidden) return write();
    // After the frame that shows the change: Next's patch of replaceState copies and syncs its router
    // state, 15-20 ms that a units switch or a threshold edit would otherwise wait for (issue 13 §2).
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => (timer = setTimeout(write, 0)));
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [search, loaded]);
}
