'use client';
/**
 * One dataset's commit path (issue 16 §2): how much of the foreground's `log file sync` time LGWR
 * was writing, the remainder as a distribution, the two histograms side by side, the slow syncs
 * LGWR's writes explain less than half of and the slow writes with their sizes. Everything is
 * computed in the worker by lib/lgwr (as `waitscope lgwr --json`); this only draws it.
 */
import type { CommitPathReport, DistributionRow } from '@/lib/lgwr/pair-commit-path';
import { ChartFrame } from '../charts/ChartFrame';
import { count, micros, percent, raw } from '../profile/profile-format';
import styles from '../profile/profile.module.css';
import { commitPathHistogramOption } from './commit-path-option';
import own from './commit-path.module.css';

type Paired = Extract<CommitPathReport, { outcome: 'paired' }>;

function DistributionTable({ report }: { report: Paired }) {
  const writeName = report.mode === 'writes' ? 'log file parallel write' : 'LGWR log write warning';
  const rows: [string, string, DistributionRow][] = [
    ['sync', 'log file sync', report.syncDistribution],
    ['write', writeName, report.writeDistribution],
    ['remainder', 'remainder (sync − time LGWR was writing)', report.remainder],
  ];
  return (
    <table className={`${styles.profileTable} ${own.numbers}`} data-testid="commit-path-distribution">
      <thead>
        <tr>
          <th>µs</th><th>count</th><th>min</th><th>median</th><th>mean</th><th>p99</th><th>max</th>
        </tr>
      </thead>
      <tbody>
        {rows.map(([id, name, d]) => (
          <tr key={id} data-row={id}>
            <td>{name}</td>
            <td data-value={d.count}>{count(d.count)}</td>
            <td data-value={raw(d.min)}>{micros(d.min)}</td>
            <td data-value={raw(d.median)}>{micros(d.median)}</td>
            <td data-value={raw(d.mean)}>{micros(d.mean)}</td>
            <td data-value={raw(d.p99)}>{micros(d.p99)}</td>
            <td data-value={raw(d.max)}>{micros(d.max)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function SlowLists({ report }: { report: Paired }) {
  if (report.slowSyncMicros === null) return <p className={styles.note} data-testid="commit-path-no-threshold">No slow syncs or writes are listed: their threshold, the syncs’ p99, needs at least 100 syncs (waitscope lgwr --slow US sets one).</p>;
  const sizeNote = report.mode === 'writes' ? `blocks × ${report.redoBlockBytes} B${report.redoBlockBytesDefault ? ' (512 B: the default redo block size, not read from the trace)' : ''}` : 'as the warning writes it (KB × 1024)';
  return (
    <div className={styles.side}>
      <div>
        <h4>
          Slow syncs LGWR’s writes explain less than half of: {count(report.slowSyncsWithoutSlowWriteCount)} of {count(report.slowSyncCount)} syncs ≥ {micros(report.slowSyncMicros)} µs
          {report.slowSyncBasis === 'p99' ? ' (the syncs’ p99)' : ''}
        </h4>
        <table className={`${styles.profileTable} ${own.numbers}`} data-testid="commit-path-slow-syncs">
          <thead>
            <tr><th>file:line</th><th>ela µs</th><th>LGWR writing µs</th><th>remainder µs</th><th>writes</th></tr>
          </thead>
          <tbody>
            {report.slowSyncsWithoutSlowWrite.map((s) => (
              <tr key={`${s.file}:${s.line}`}>
                <td>{s.file}:{s.line}</td>
                <td data-value={s.ela}>{micros(s.ela)}</td>
                <td data-value={s.covered}>{micros(s.covered)}</td>
                <td data-value={s.remainder}>{micros(s.remainder)}</td>
                <td>{count(s.writes)}</td>
              </tr>
            ))}
          </tbody>
        </table>
        {report.slowSyncsWithoutSlowWrite.length === 0 && <p className={styles.note}>None: LGWR was writing during at least half of every slow sync.</p>}
      </div>
      <div>
        <h4>Slow writes: {count(report.slowWriteCount)} {report.mode === 'writes' ? `≥ ${micros(report.slowSyncMicros)} µs` : '(every warning)'}; size {sizeNote}</h4>
        <table className={`${styles.profileTable} ${own.numbers}`} data-testid="commit-path-slow-writes">
          <thead>
            <tr><th>file:line</th><th>ela µs</th><th>blocks</th><th>bytes</th><th>syncs overlapping</th></tr>
          </thead>
          <tbody>
            {report.slowWrites.map((w) => (
              <tr key={`${w.file}:${w.line}`}>
                <td>{w.file}:{w.line}</td>
                <td data-value={w.ela}>{micros(w.ela)}</td>
                <td>{w.blocks === null ? '–' : count(w.blocks)}</td>
                <td data-value={raw(w.sizeBytes)}>{w.sizeBytes === null ? '–' : count(w.sizeBytes)}</td>
                <td>{count(w.syncs)}</td>
              </tr>
            ))}
          </tbody>
        </table>
        {report.slowWrites.length === 0 && <p className={styles.note}>None.</p>}
      </div>
    </div>
  );
}

export function CommitPathPanel({ label, report }: { label: string; report: CommitPathReport }) {
  if (report.outcome === 'not-paired') {
    return (
      <section data-testid="commit-path-panel" data-outcome="not-paired">
        <h3>{label}</h3>
        <p className={styles.note} data-testid="commit-path-reason">Not paired: {report.reason}.</p>
      </section>
    );
  }
  const writeName = report.mode === 'writes' ? 'log file parallel write' : 'LGWR log write warning';
  return (
    <section data-testid="commit-path-panel" data-outcome="paired" data-clock={report.clock.kind} data-covered-share={report.syncs.coveredShare ?? undefined}>
      <h3>{label}</h3>
      <p className={styles.headline} data-testid="commit-path-headline">
        LGWR was writing during <strong>{percent(report.syncs.coveredShare)}%</strong> of the {count(report.syncs.placed)} log file sync waits’ time ({micros(report.syncs.coveredMicros)} of{' '}
        {micros(report.syncs.totalMicros)} µs); the rest, the remainder, is the post to LGWR, its wake-up, the post back, the foreground’s wake-up, CPU and scheduling.
      </p>
      {report.coarse && (
        <p className={styles.note} data-testid="commit-path-coarse">
          Coarse: {report.mode === 'warnings' ? 'LGWR’s trace has no WAIT lines, only its log write warnings — the writes over ~500 ms — timed by the *** stamp before each (ms precision at best); the faster writes are not seen, so the share counts the slow writes only. ' : ''}
          {report.precision.note} (foreground ±{micros(report.precision.foregroundMicros)} µs, LGWR ±{micros(report.precision.lgwrMicros)} µs).
        </p>
      )}
      <p className={styles.note}>Clock: {report.clock.kind === 'tim' ? 'tim' : 'wall clock (*** stamps)'} — {report.clock.reason}.</p>
      <DistributionTable report={report} />
      <ChartFrame
        testId="figure-commit-path"
        figure="commit-path"
        title="log file sync and LGWR’s writes, side by side"
        subtitle="Oracle’s log2 buckets (V$EVENT_HISTOGRAM_MICRO); a tail in both points at the write (storage), a tail in log file sync alone at CPU, scheduling or the post/wait path."
        option={commitPathHistogramOption(report.histogram, writeName)}
        seriesCount={2}
        height={320}
      />
      <SlowLists report={report} />
    </section>
  );
}
