'use client';
import { Fragment } from 'react';
import type { DatasetStatus } from '@/lib/worker/protocol';
import { formatCount } from '../display-units';
import { eventProfile, formatShare } from './event-profile';
import styles from './workbench-extras.module.css';

export interface PickerDataset {
  id: string;
  label: string;
  color: string;
  status: DatasetStatus;
}

/**
 * The event the report is of, chosen from a profile of the loaded files: each event's waits, total
 * time and share of wait time in each dataset, by total time. The radios are one group, so Tab
 * reaches the chosen event and the arrow keys move the choice. Choosing another event re-reads the
 * loaded files for it; nothing needs to be dropped again.
 */
export function EventPicker({ datasets, event, onEvent }: { datasets: readonly PickerDataset[]; event: string; onEvent: (e: string) => void }) {
  const withEvents = datasets.filter((d) => d.status.profile.length > 0);
  if (withEvents.length === 0) {
    return (
      <p className={`control ${styles.pickerEmpty}`} data-testid="event-picker" data-event={event}>
        Event: <strong>{event}</strong> <span className="hint">(no data yet: the events of the files you drop are listed here, with their waits and time)</span>
      </p>
    );
  }
  const rows = eventProfile(withEvents.map((d) => d.status), event);
  return (
    <fieldset className={`control ${styles.profile}`} data-testid="event-picker" data-event={event}>
      <legend>Event: choose the one to compare. Each event&apos;s waits, total time and share of the dataset&apos;s wait time:</legend>
      <div className={styles.profileScroll}>
        <table>
          <thead>
            <tr>
              <th rowSpan={2} scope="col">Event</th>
              {withEvents.map((d) => (
                <th key={d.id} colSpan={3} scope="colgroup" className={styles.datasetHead}>
                  <span className={`swatch ${styles.swatch}`} style={{ background: d.color }} aria-hidden /> {d.label}
                </th>
              ))}
            </tr>
            <tr>
              {withEvents.map((d) => (
                <Fragment key={d.id}>
                  <th scope="col" className="num">waits</th>
                  <th scope="col" className="num">total time</th>
                  <th scope="col" className="num" title="Of the dataset's total wait time">share</th>
                </Fragment>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.event} data-event={r.event} className={r.event === event ? styles.chosen : undefined}>
                <th scope="row">
                  <label>
                    <input type="radio" name="waitscope-event" value={r.event} checked={r.event === event} onChange={() => onEvent(r.event)} /> {r.event}
                  </label>
                </th>
                {r.cells.map((c, i) => (
                  <Fragment key={withEvents[i]!.id}>
                    <td className="num" data-dataset={withEvents[i]!.id} data-kind="count">{formatCount(c.count)}</td>
                    <td className="num" data-dataset={withEvents[i]!.id} data-kind="total">{c.count > 0 ? `${formatCount(Math.round(c.total))} µs` : '–'}</td>
                    <td className="num" data-dataset={withEvents[i]!.id} data-kind="share">{c.count > 0 ? formatShare(c.share) : '–'}</td>
                  </Fragment>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </fieldset>
  );
}
