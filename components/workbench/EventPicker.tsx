'use client';
import { Fragment } from 'react';
import { measureLabel, type Measure } from '@/lib/trace/measure';
import type { DatasetStatus } from '@/lib/worker/protocol';
import { formatCount } from '../display-units';
import { eventProfile, formatShare } from './event-profile';
import { measureRows, type MeasureRow } from './measure-rows';
import styles from './workbench-extras.module.css';

export interface PickerDataset {
  id: string;
  label: string;
  color: string;
  status: DatasetStatus;
}

/** One name for every radio: the events, calls and statements are one group for the keyboard. */
const RADIO_GROUP = 'waitscope-event';

const GROUP_HEAD: Record<MeasureRow['group'], string> = {
  call: 'Database calls: the elapsed time (e) of each call of a type',
  commit: 'The commit, as the client feels it (count: XCTEND lines, commits and rollbacks)',
  statement: 'The statements with the most elapsed time: the calls of one statement',
};

const NOT_COUNTED = 'Not counted yet: this dataset’s files were read on both cores, which skips the calls. Choosing a call or the commit reads them again, and counts them.';

/**
 * What the report is of, chosen from a profile of the loaded files (issue 14 §4): each wait event's
 * waits, total time and share of wait time, by total time; then each call type with its calls and
 * elapsed time, the commit, and the statements that spent the most. The radios are one group, so Tab
 * reaches the chosen row and the arrow keys move the choice. Choosing another measure re-reads the
 * loaded files for it; nothing needs to be dropped again. A statement's SQL text is shown here only.
 */
export function EventPicker({ datasets, measure, onMeasure }: { datasets: readonly PickerDataset[]; measure: Measure; onMeasure: (m: Measure) => void }) {
  const label = measureLabel(measure);
  const withData = datasets.filter((d) => d.status.profile.length > 0 || d.status.calls);
  if (withData.length === 0) {
    return (
      <p className={`control ${styles.pickerEmpty}`} data-testid="event-picker" data-event={label} data-measure={measure.kind}>
        Measure: <strong>{label}</strong> <span className="hint">(no data yet: the events, calls and statements of the files you drop are listed here, with their counts and time)</span>
      </p>
    );
  }
  const statuses = withData.map((d) => d.status);
  const events = eventProfile(statuses, measure.kind === 'event' ? measure.event : null);
  const calls = measureRows(statuses, measure);
  const groups = (['call', 'commit', 'statement'] as const).map((g) => calls.filter((r) => r.group === g)).filter((rows) => rows.length > 0);
  const radio = (value: string, onChoose: () => void) => <input type="radio" name={RADIO_GROUP} value={value} checked={value === label} onChange={onChoose} />;
  return (
    <fieldset className={`control ${styles.profile}`} data-testid="event-picker" data-event={label} data-measure={measure.kind}>
      <legend>Measure: choose what to compare. Each wait event&apos;s waits, total time and share of the dataset&apos;s wait time; each call&apos;s count and elapsed time:</legend>
      <div className={styles.profileScroll}>
        <table>
          <thead>
            <tr>
              <th rowSpan={2} scope="col">Measure</th>
              {withData.map((d) => (
                <th key={d.id} colSpan={3} scope="colgroup" className={styles.datasetHead}>
                  <span className={`swatch ${styles.swatch}`} style={{ background: d.color }} aria-hidden /> {d.label}
                </th>
              ))}
            </tr>
            <tr>
              {withData.map((d) => (
                <Fragment key={d.id}>
                  <th scope="col" className="num">count</th>
                  <th scope="col" className="num">total time</th>
                  <th scope="col" className="num" title="Of the dataset's total wait time">share</th>
                </Fragment>
              ))}
            </tr>
          </thead>
          <tbody>
            {events.map((r) => (
              <tr key={r.event} data-event={r.event} className={r.event === label ? styles.chosen : undefined}>
                <th scope="row">
                  <label>
                    {radio(r.event, () => onMeasure({ kind: 'event', event: r.event }))} {r.event}
                  </label>
                </th>
                {r.cells.map((c, i) => (
                  <Fragment key={withData[i]!.id}>
                    <td className="num" data-dataset={withData[i]!.id} data-kind="count">{formatCount(c.count)}</td>
                    <td className="num" data-dataset={withData[i]!.id} data-kind="total">{c.count > 0 ? `${formatCount(Math.round(c.total))} µs` : '–'}</td>
                    <td className="num" data-dataset={withData[i]!.id} data-kind="share">{c.count > 0 ? formatShare(c.share) : '–'}</td>
                  </Fragment>
                ))}
              </tr>
            ))}
          </tbody>
          {groups.map((rows) => (
            <tbody key={rows[0]!.group} data-group={rows[0]!.group}>
              <tr>
                <th scope="rowgroup" colSpan={1 + 3 * withData.length} className={styles.groupHead}>{GROUP_HEAD[rows[0]!.group]}</th>
              </tr>
              {rows.map((r) => (
                <tr key={r.label} data-measure={r.label} className={r.label === label ? styles.chosen : undefined}>
                  <th scope="row">
                    <label>
                      {radio(r.label, () => onMeasure(r.measure))} {r.label}
                    </label>
                    {r.text !== null && (
                      <span className={styles.sqlLine} title="The statement's first line, from the trace: shown in this page only, never shared">
                        {r.text}
                      </span>
                    )}
                  </th>
                  {r.cells.map((c, i) => (
                    <Fragment key={withData[i]!.id}>
                      <td className="num" data-dataset={withData[i]!.id} data-kind="count" title={c.count === null ? NOT_COUNTED : undefined}>{c.count === null ? '?' : formatCount(c.count)}</td>
                      <td className="num" data-dataset={withData[i]!.id} data-kind="total">{c.total !== null && c.count !== null && c.count > 0 ? `${formatCount(Math.round(c.total))} µs` : '–'}</td>
                      <td className="num" data-dataset={withData[i]!.id} data-kind="share" />
                    </Fragment>
                  ))}
                </tr>
              ))}
            </tbody>
          ))}
        </table>
      </div>
      {withData.some((d) => d.status.source === 'traces' && !d.status.calls) && <p className="hint" data-testid="calls-not-counted">? {NOT_COUNTED}</p>}
    </fieldset>
  );
}
