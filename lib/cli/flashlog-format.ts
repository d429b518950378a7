/** The cells' FLASHLOG metrics as terminal text: per cell, summed, the races, and beside a latency comparison. */
import { percentText, type RaceFigures } from '../cell/flash-first-share';
import type { FlashLogSummary } from '../cell/flashlog-summary';
import { formatCount, formatMicros, padTable } from './format';

let decimals: Intl.NumberFormat | null = null;
/** A metric's value as CellCLI prints it: thousands separated, decimals kept (1,536,112.4 MB). */
export function metricText(n: number | null, signed = false): string {
  if (n === null) return '—';
  decimals ??= new Intl.NumberFormat('en-US', { maximumFractionDigits: 3 });
  return `${signed && n >= 0 ? '+' : ''}${decimals.format(n)}`;
}

function raceRow(label: string, r: RaceFigures | null): string[] {
  return r ? [label, formatCount(r.flashFirst), formatCount(r.diskFirst), percentText(r.share), percentText(r.ratio)] : [label, '—', '—', '—', '—'];
}

/** `waitscope flashlog`: every metric of every cell, the sums over the cells, the races with their definition. */
export function flashLogText(s: FlashLogSummary): string {
  const out: string[] = [];
  const when = (x: { fileName: string; collectionTime: string | null }) => `${x.fileName}${x.collectionTime ? ` (${x.collectionTime})` : ''}`;
  out.push(s.after ? `Cell flash log: before ${when(s.before)}, after ${when(s.after)}` : `Cell flash log: ${when(s.before)} (one snapshot: no deltas)`);
  const withCell = s.cells.some((c) => c !== '');
  const head = [...(withCell ? ['Cell'] : []), 'Metric', 'Object', s.after ? 'Before' : 'Value', ...(s.after ? ['After', 'Δ'] : []), 'Unit', 'Kind'];
  const rows = s.rows.map((r) => [
    ...(withCell ? [r.cell] : []),
    r.known ? r.name : `${r.name} (?)`,
    r.object,
    metricText(r.before),
    ...(s.after ? [metricText(r.after), metricText(r.delta, true)] : []),
    r.unit,
    r.kind,
  ]);
  const numeric = head.map((h) => ['Before', 'Value', 'After', 'Δ'].includes(h));
  out.push('', padTable([head, ...rows], numeric));
  if (s.unknownNames.length > 0) out.push(`(?) not in the User's Guide's list of FLASHLOG metrics: ${s.unknownNames.join(', ')}; kept as printed, no delta unless DETAIL's metricType says Cumulative`);
  out.push('Δ only for cumulative counters: a rate or a percentage is not summed or subtracted.');
  if (withCell && s.cells.length > 1) {
    out.push('', `Sum over ${s.cells.length} cells (cumulative counters)`);
    const sumHead = ['Metric', 'Before', ...(s.after ? ['After', 'Δ'] : []), 'Unit'];
    const sums = s.totals.map((t) => [t.name, metricText(t.before), ...(s.after ? [metricText(t.after), metricText(t.delta, true)] : []), t.unit]);
    out.push(padTable([sumHead, ...sums], sumHead.map((h) => h !== 'Metric' && h !== 'Unit')));
  }
  out.push('', 'Races of each redo write to disk and flash');
  out.push(
    padTable(
      [
        ['', 'FL_FLASH_FIRST', 'FL_DISK_FIRST', 'share', 'ratio'],
        raceRow(s.after ? 'before (totals)' : 'totals', s.races.before),
        ...(s.after ? [raceRow('after (totals)', s.races.after), raceRow('interval (Δ)', s.races.interval)] : []),
      ],
      [false, true, true, true, true],
    ),
  );
  out.push(s.definitions.share, s.definitions.ratio);
  const po = s.preventedOutliers;
  if (po) out.push(`FL_PREVENTED_OUTLIERS: ${formatCount(po.before)}${po.after !== null ? ` before, ${formatCount(po.after)} after, ${metricText(po.delta, true)} in the interval` : ''}`);
  return `${out.join('\n')}\n`;
}

/**
 * Under `compare`: each side's flash-first share and prevented outliers beside its mean latency,
 * the book's juxtaposition (flash won a few % of the races, yet the mean log file sync fell).
 */
export function flashLogBesideLatency(labels: [string, string], sides: [FlashLogSummary | null, FlashLogSummary | null], means: [number | null, number | null], event: string): string {
  const races = (s: FlashLogSummary | null) => s?.races.interval ?? s?.races.after ?? s?.races.before ?? null;
  const scope = (s: FlashLogSummary | null) => (s === null ? '—' : s.races.interval ? 'interval (Δ)' : 'totals');
  const row = (label: string, f: (s: FlashLogSummary | null, i: 0 | 1) => string) => [label, f(sides[0], 0), f(sides[1], 1)];
  const table = padTable(
    [
      ['', ...labels],
      row(`mean ${event} (µs)`, (_s, i) => formatMicros(means[i])),
      row('flash-first share', (s) => percentText(races(s)?.share ?? null)),
      row('FL_FLASH_FIRST / FL_DISK_FIRST', (s) => percentText(races(s)?.ratio ?? null)),
      row('races counted over', scope),
      row('FL_FLASH_FIRST', (s) => (races(s) ? formatCount(races(s)!.flashFirst) : '—')),
      row('FL_DISK_FIRST', (s) => (races(s) ? formatCount(races(s)!.diskFirst) : '—')),
      row('FL_PREVENTED_OUTLIERS', (s) => (s?.preventedOutliers ? (s.preventedOutliers.delta !== null ? metricText(s.preventedOutliers.delta, true) : formatCount(s.preventedOutliers.before)) : '—')),
    ],
    [false, true, true],
  );
  const definitions = sides.find((s) => s !== null)?.definitions;
  return `\nCell flash log beside the latency\n${table}\n${definitions ? `${definitions.share}\n${definitions.ratio}\n` : ''}`;
}
