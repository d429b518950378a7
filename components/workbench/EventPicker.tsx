'use client';
import type { DatasetStatus } from '@/lib/worker/protocol';
import { formatCount } from '../display-units';

/** Events of every loaded trace, with their wait counts summed over datasets, most frequent first. */
export function eventsOf(statuses: readonly DatasetStatus[], current: string): { event: string; count: number }[] {
  const counts = new Map<string, number>();
  for (const s of statuses) for (const row of s.profile) counts.set(row.event, (counts.get(row.event) ?? 0) + row.count);
  if (!counts.has(current)) counts.set(current, 0);
  return [...counts].map(([event, count]) => ({ event, count })).sort((a, b) => b.count - a.count || a.event.localeCompare(b.event));
}

/** Choosing another event re-reads the loaded files for it; nothing needs to be dropped again. */
export function EventPicker({ statuses, event, onEvent, disabled }: { statuses: readonly DatasetStatus[]; event: string; onEvent: (e: string) => void; disabled: boolean }) {
  const events = eventsOf(statuses, event);
  return (
    <label className="control">
      Event{' '}
      <select data-testid="event-picker" value={event} disabled={disabled} onChange={(e) => onEvent(e.target.value)}>
        {events.map((e) => (
          <option key={e.event} value={e.event}>
            {e.event} ({formatCount(e.count)})
          </option>
        ))}
      </select>
    </label>
  );
}
