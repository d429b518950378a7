'use client';
/**
 * `size` groups folded into log2 size classes (lib/io/size-groups.ts, computed in the worker): per
 * class the exact latency statistics, bytes and throughput, then the dataset's total throughput and
 * the block sizes used, each said to be a default when it is one.
 */
import { formatBytes, formatThroughput, type SizeReport } from '@/lib/io/size-groups';
import { dataBlockOrigin } from '@/lib/io/trace-block-size';
import { count, micros } from '../profile/profile-format';
import styles from '../profile/profile.module.css';
import { GroupStat, SizeCells } from './GroupTable';

const STATS = ['min', 'median', 'mean', 'p99', 'max'] as const;

export function SizeClassTable({ view, noun }: { view: { id: string; label: string; color: string; size: SizeReport }; noun: string }) {
  const { sizeClasses, throughput, blockSizes } = view.size;
  const block = (bytes: number, isDefault: boolean) => `${formatBytes(bytes)}${isDefault ? ' (default)' : ''}`;
  return (
    <div className={styles.scroll} data-testid="size-classes" data-dataset={view.id}>
      {sizeClasses.length > 0 && (
        <table className={`comparison-table ${styles.profileTable}`}>
          <caption>
            <span className={styles.swatch} style={{ background: view.color }} /> <strong>{view.label}</strong>: latency by size class (each holds the sizes above half its bound up to it)
          </caption>
          <thead>
            <tr>
              <th>size class</th>
              <th className="num">{noun}</th>
              {STATS.map((s) => (
                <th key={s} className="num">{s} µs</th>
              ))}
              <th className="num">total µs</th>
              <th className="num">bytes</th>
              <th className="num">MB/s</th>
            </tr>
          </thead>
          <tbody>
            {sizeClasses.map((c) => (
              <tr key={c.upTo} data-testid="size-class-row" data-key={c.key}>
                <td className={styles.key}>{c.key}</td>
                <td className="num" data-stat="count" data-value={c.count}>{count(c.count)}</td>
                {STATS.map((s) => (
                  <GroupStat key={s} row={c} stat={s} />
                ))}
                <GroupStat row={c} stat="sum" />
                <SizeCells row={c} />
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <p className={styles.note} data-testid="size-throughput" data-value={throughput.bytesPerSecond ?? undefined}>
        <strong>{view.label}</strong>:{' '}
        {throughput.waits === 0
          ? `no ${noun} of this measure has a size (its event and parameters give none).`
          : `${formatBytes(throughput.bytes)} in ${count(throughput.waits)} ${noun} with a size, ${micros(throughput.micros)} µs of wait time: ${formatThroughput(throughput.bytesPerSecond)} (bytes per second of wait time; MB = 10^6 B).`}{' '}
        Block sizes: data {formatBytes(blockSizes.dataBlock)} ({dataBlockOrigin(blockSizes, null)}), redo {block(blockSizes.redoBlock, blockSizes.redoDefault)}.
      </p>
    </div>
  );
}
