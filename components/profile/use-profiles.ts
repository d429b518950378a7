'use client';
/**
 * The datasets' response-time profiles, asked of the worker only while the Profile or Statements view
 * is open (the pass reads every file again): whenever the data or the think time changes then. The
 * worker keeps each dataset's profile, so switching views or back asks again and gets it at once.
 * Its progress comes as 'profile-progress' messages, which answer no request.
 */
import { useEffect, useRef, useState } from 'react';
import type { Ask } from '@/lib/worker/protocol';
import type { DatasetCallProfile, ProfileProgress } from '@/lib/worker/profile-request';
import { sharedAnalysisClient } from '@/lib/worker/worker-client';

export interface ProfilesRequest {
  /** What the profiles depend on besides the ids and think time (the files of each dataset). */
  key: string;
  datasetIds: string[];
  thinkTimeMicros: number;
}

export interface ProfilesState {
  /** The profiles of `key`, or null while they are computed. */
  profiles: DatasetCallProfile[] | null;
  error: string | null;
  progress: Record<string, ProfileProgress>;
}

const NOTHING: ProfilesState = { profiles: null, error: null, progress: {} };

export function useProfiles(ask: Ask, request: ProfilesRequest | null): ProfilesState {
  const [state, setState] = useState<{ key: string; value: ProfilesState } | null>(null);
  const latest = useRef(0);
  const requestKey = request && JSON.stringify(request);

  useEffect(() => {
    if (!request || !requestKey) return;
    const mine = ++latest.current;
    setState({ key: requestKey, value: NOTHING });
    const unsubscribe = sharedAnalysisClient().subscribe((m) => {
      if (m.type !== 'profile-progress' || mine !== latest.current || !request.datasetIds.includes(m.progress.datasetId)) return;
      setState((s) => (s && s.key === requestKey && !s.value.profiles ? { key: requestKey, value: { ...s.value, progress: { ...s.value.progress, [m.progress.datasetId]: m.progress } } } : s));
    });
    void ask('profiles', { datasetIds: request.datasetIds, thinkTimeMicros: request.thinkTimeMicros }).then((reply) => {
      unsubscribe();
      if (mine !== latest.current) return; // overtaken by a newer request
      if (reply.type === 'request-failed' && reply.stale) return; // the data is loading: a new key follows
      const value: ProfilesState = reply.type === 'profiles' ? { profiles: reply.profiles, error: null, progress: {} } : { profiles: null, error: reply.message, progress: {} };
      setState({ key: requestKey, value });
    });
    return unsubscribe;
    // requestKey holds everything request does.
  }, [requestKey, ask]);

  return state && state.key === requestKey ? state.value : NOTHING;
}
