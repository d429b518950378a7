'use client';
/**
 * Issue 12 §5: when not one loaded file has a wait of the default event, the page shows the event
 * with the most time instead of an empty report, and says so in a note.
 */
import { useEffect, useState } from 'react';
import { DEFAULT_EVENT } from '@/lib/trace/types';
import type { DatasetStatus } from '@/lib/worker/protocol';
import { eventWithMostTime } from './event-profile';

/**
 * `statuses`: the datasets that hold data. `pending` is true from the moment the switch is due until
 * it is made: no report of the absent event needs to be computed meanwhile.
 */
export function useAutoEvent(statuses: readonly DatasetStatus[], event: string, loading: boolean, choose: (event: string) => void) {
  const [picked, setPicked] = useState<{ from: string; to: string } | null>(null);
  const judged = statuses.filter((s) => s.profile.length > 0);
  const target = !loading && event === DEFAULT_EVENT && judged.length > 0 ? eventWithMostTime(judged, event) : null;
  useEffect(() => {
    if (target === null) return;
    setPicked({ from: event, to: target });
    choose(target);
    // Runs once per target: choosing it makes `event` the target, and `target` null again.
  }, [target]);
  const stillAbsent = picked !== null && event === picked.to && judged.length > 0 && !judged.some((s) => s.profile.some((r) => r.event === picked.from && r.count > 0));
  const note = stillAbsent ? `No '${picked.from}' waits in these files: showing '${picked.to}', the event with the most time.` : null;
  return { pending: target !== null, note };
}
