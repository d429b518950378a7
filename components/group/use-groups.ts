'use client';
/**
 * The datasets' groups, asked of the worker only while the Group view is open (the pass reads every
 * file again): whenever the data, the measure or the key changes then. The worker keeps each
 * dataset's groups, so switching views or back asks again and gets them at once.
 */
import { useEffect, useRef, useState } from 'react';
import type { DatasetGroups } from '@/lib/worker/group-request';
import type { Ask } from '@/lib/worker/protocol';

export interface GroupsRequest {
  /** What the groups depend on besides the ids and key (the datasets' files and measure). */
  dataKey: string;
  datasetIds: string[];
  key: string;
}

export interface GroupsState {
  /** The groups of the request, or null while they are computed. */
  groups: DatasetGroups[] | null;
  error: string | null;
}

const NOTHING: GroupsState = { groups: null, error: null };

export function useGroups(ask: Ask, request: GroupsRequest | null): GroupsState {
  const [state, setState] = useState<{ key: string; value: GroupsState } | null>(null);
  const latest = useRef(0);
  const requestKey = request && JSON.stringify(request);

  useEffect(() => {
    if (!request || !requestKey) return;
    const mine = ++latest.current;
    setState({ key: requestKey, value: NOTHING });
    void ask('groups', { datasetIds: request.datasetIds, key: request.key }).then((reply) => {
      if (mine !== latest.current) return; // overtaken by a newer request
      if (reply.type === 'request-failed' && reply.stale) return; // the data is loading: a new key follows
      setState({ key: requestKey, value: reply.type === 'groups' ? { groups: reply.groups, error: null } : { groups: null, error: reply.message } });
    });
    // requestKey holds everything request does.
  }, [requestKey, ask]);

  return state && state.key === requestKey ? state.value : NOTHING;
}
