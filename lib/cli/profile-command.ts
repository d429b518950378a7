import type { CommonArgs } from './args';
import { formatCount, formatMicros, padTable } from './format';
import { loadDataset } from './load-dataset';
import { safeJson } from './terminal-text';

/** `waitscope profile`: the resource profile by event (as mrskew groups), sorted by total time. */
export async function profileCommand(args: CommonArgs, out: NodeJS.WritableStream = process.stdout): Promise<void> {
  // The profile comes from every WAIT line; no per-wait samples are needed.
  const dataset = await loadDataset(args, { keep: 'counts' });
  const rows = dataset.profile;
  if (args.json) {
    out.write(safeJson({ unit: 'us', files: dataset.files.map((f) => f.fileName), events: rows.map((r) => ({ ...r, mean: r.total / r.count })) }));
    return;
  }
  const grand = rows.reduce((t, r) => t + r.total, 0);
  const table = [
    ['event', 'count', 'total µs', '%', 'mean µs', 'min µs', 'max µs'],
    ...rows.map((r) => [
      r.event,
      formatCount(r.count),
      formatCount(r.total),
      grand > 0 ? ((100 * r.total) / grand).toFixed(1) : '0.0',
      formatMicros(r.total / r.count),
      formatCount(r.min),
      formatCount(r.max),
    ]),
    ['total', formatCount(rows.reduce((n, r) => n + r.count, 0)), formatCount(grand), grand > 0 ? '100.0' : '0.0', '', '', ''],
  ];
  const files = dataset.files.length === 1 ? '1 file' : `${dataset.files.length} files`;
  // Event names are table cells, escaped by padTable (terminal-text.ts); the rest is our own words.
  out.write(`wait events in ${files}, by total time (µs)\n\n${padTable(table, [false, true, true, true, true, true, true])}\n`);
}
