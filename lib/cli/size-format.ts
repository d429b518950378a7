import { formatCount, formatMicros, padTable } from './format';
import { notEstimableNote } from './group-format';
import type { GroupRow } from '../scope/group-stats';
import type { BlockSizes } from '../io/io-size';
import { dataBlockOrigin } from '../io/trace-block-size';
import { formatBytes, formatThroughput, type SizeClassRow, type SizeReport } from '../io/size-groups';

const cell = (v: number | null | undefined) => (v === null || v === undefined ? 'n/a' : formatMicros(v));

/** The block sizes a size was computed with, each marked when it is the default. */
export function blockSizesLine(b: BlockSizes): string {
  const redo = `${formatBytes(b.redoBlock)} (${b.redoDefault ? 'default; --redo-block-size BYTES to change' : '--redo-block-size'})`;
  return `block sizes: data ${formatBytes(b.dataBlock)} (${dataBlockOrigin(b, '--block-size')}), redo ${redo}`;
}

/** The total throughput: all bytes ÷ the sized waits' summed wait time. */
export function throughputLine(report: SizeReport): string {
  const t = report.throughput;
  return `throughput: ${formatBytes(t.bytes)} in ${formatCount(t.waits)} waits with a size, ${formatMicros(t.micros)} µs of wait time: ${formatThroughput(t.bytesPerSecond)} (bytes per second of wait time; MB = 10^6 B)`;
}

function rowsTable(rows: readonly (GroupRow & { upTo?: number })[], first: string, noun: string, exact: boolean): string {
  const table = [
    [first, ...(exact ? ['bytes each'] : []), noun, 'min µs', 'median µs', 'mean µs', 'p99 µs', 'max µs', 'total µs', 'bytes', 'MB/s'],
    ...rows.map((r) => {
      const size = exact && r.bytes !== null && r.bytes !== undefined ? Number(r.key) : null;
      return [
        exact ? (size === null ? r.key : formatBytes(size)) : r.key,
        ...(exact ? [size === null ? '' : formatCount(size)] : []),
        formatCount(r.count),
        cell(r.min),
        cell(r.median),
        cell(r.mean),
        cell(r.p99),
        cell(r.max),
        formatMicros(r.count > 0 ? r.sum : null),
        r.bytes === null || r.bytes === undefined ? '' : formatBytes(r.bytes),
        r.bytes === null || r.bytes === undefined ? '' : formatThroughput(r.throughput ?? null).replace(' MB/s', ''),
      ];
    }),
  ];
  return padTable(table, table[0]!.map((_, i) => i > 0));
}

/** `--group size`: the size distribution (exact sizes, ascending), latency by log2 size class, and the total throughput. */
export function sizeTables(rows: readonly GroupRow[], report: SizeReport, noun: string): string {
  const classes: readonly SizeClassRow[] = report.sizeClasses;
  return [
    `by size: ${formatCount(rows.length)} size${rows.length === 1 ? '' : 's'}, smallest first (the size distribution)`,
    blockSizesLine(report.blockSizes),
    '',
    rowsTable(rows, 'size', noun, true),
    '',
    classes.length === 0
      ? `by size class: none (no ${noun} of this measure has a size: its event and parameters give none)`
      : `by size class (sizes in (half, upper bound]; the exact sizes' latencies merged): ${formatCount(classes.length)} class${classes.length === 1 ? '' : 'es'}\n\n${rowsTable(classes, 'size class', noun, false)}`,
    '',
    throughputLine(report),
    notEstimableNote(noun),
  ].join('\n');
}

/** `compare --group size`: each side's throughput and latency by size class, side by side. */
export function sizeComparisonText(reports: [SizeReport, SizeReport], labels: [string, string], noun: string): string {
  const [la, lb] = labels;
  const upTos = [...new Set([...reports[0].sizeClasses, ...reports[1].sizeClasses].map((c) => c.upTo))].sort((x, y) => x - y);
  const find = (side: 0 | 1, upTo: number) => reports[side].sizeClasses.find((c) => c.upTo === upTo) ?? null;
  const table = [
    ['size class', `${la} ${noun}`, `${lb} ${noun}`, `${la} mean µs`, `${lb} mean µs`, `${la} MB/s`, `${lb} MB/s`],
    ...upTos.map((upTo) => {
      const [a, b] = [find(0, upTo), find(1, upTo)];
      const mbs = (r: SizeClassRow | null) => (r === null ? '—' : formatThroughput(r.throughput).replace(' MB/s', ''));
      return [`≤ ${formatBytes(upTo)}`, a ? formatCount(a.count) : '—', b ? formatCount(b.count) : '—', a ? cell(a.mean) : '—', b ? cell(b.mean) : '—', mbs(a), mbs(b)];
    }),
  ];
  return [
    'by size class, both sides:',
    blockSizesLine(reports[0].blockSizes),
    '',
    padTable(table, table[0]!.map((_, i) => i > 0)),
    '',
    `${la} ${throughputLine(reports[0])}`,
    `${lb} ${throughputLine(reports[1])}`,
  ].join('\n');
}
