import type { CommitPathReport, DistributionRow } from '../lgwr/pair-commit-path';
import { formatCount, formatMicros, padTable } from './format';
import { safeText } from './terminal-text';

/** The pairing report as text: what `waitscope lgwr` prints without --json. All times µs. */
export function formatCommitPath(r: CommitPathReport): string {
  const lines: string[] = [];
  if (r.outcome === 'not-paired') {
    lines.push(`commit path: not paired: ${r.reason}`);
    lines.push(`foreground files: ${r.foregroundFiles.length}; LGWR files: ${r.lgwrFiles.length}`);
    return `${safeText(lines.join('\n'))}\n`;
  }
  const share = r.syncs.coveredShare === null ? '—' : `${(r.syncs.coveredShare * 100).toFixed(1)}%`;
  lines.push(`commit path: ${formatCount(r.syncs.placed)} log file sync waits (${r.foregroundFiles.length} foreground files) against ${formatCount(r.writes.placed)} ${r.mode === 'writes' ? "LGWR 'log file parallel write' waits" : 'LGWR log write warnings'} (${r.lgwrFiles.join(', ')})`);
  if (r.syncs.placed < r.syncs.count) lines.push(`  ${formatCount(r.syncs.count - r.syncs.placed)} syncs could not be placed in time (no *** stamp for their process) and are left out`);
  lines.push(`clock: ${r.clock.kind}: ${r.clock.reason}`);
  lines.push(`precision: ${r.precision.note} (foreground ±${formatMicros(r.precision.foregroundMicros)} µs, LGWR ±${formatMicros(r.precision.lgwrMicros)} µs)`);
  if (r.mode === 'warnings') lines.push('COARSE: LGWR’s trace has only log write warnings, i.e. the writes over ~500 ms; the faster writes are not seen, so the covered share counts the slow writes only.');
  lines.push('');
  lines.push(`LGWR was writing during ${share} of the sync time (${formatMicros(r.syncs.coveredMicros)} of ${formatMicros(r.syncs.totalMicros)} µs).`);
  lines.push('');
  const row = (name: string, d: DistributionRow) => [name, formatCount(d.count), formatMicros(d.min), formatMicros(d.median), formatMicros(d.mean), formatMicros(d.p99), formatMicros(d.max)];
  lines.push(
    padTable(
      [
        ['µs', 'count', 'min', 'median', 'mean', 'p99', 'max'],
        row('log file sync', r.syncDistribution),
        row(r.mode === 'writes' ? 'log file parallel write' : 'LGWR log write warning', r.writeDistribution),
        row('remainder (sync − covered)', r.remainder),
      ],
      [false, true, true, true, true, true, true],
    ),
  );
  lines.push('');
  lines.push('histogram (Oracle log2 buckets, µs):');
  lines.push(padTable([['bucket', 'log file sync', r.mode === 'writes' ? 'log file parallel write' : 'warnings'], ...r.histogram.map((h) => [h.upperBound === null ? `≥ ${formatCount(h.lowerBound)}` : `< ${formatCount(h.upperBound)}`, formatCount(h.syncs), formatCount(h.writes)])], [false, true, true]));
  lines.push('');
  const slow = r.slowSyncMicros === null ? '—' : formatMicros(r.slowSyncMicros);
  if (r.slowSyncMicros === null) lines.push('slow syncs: no threshold: the syncs’ p99 needs ≥ 100 waits; give one with --slow US');
  else lines.push(`slow syncs: ≥ ${slow} µs (${r.slowSyncBasis === 'p99' ? 'the syncs’ p99' : '--slow'}): ${formatCount(r.slowSyncCount)}; of them ${formatCount(r.slowSyncsWithoutSlowWriteCount)} with LGWR writing less than half their time (CPU, scheduling, post/wait):`);
  if (r.slowSyncsWithoutSlowWrite.length > 0) {
    lines.push(padTable([['file:line', 'ela', 'covered', 'remainder', 'writes'], ...r.slowSyncsWithoutSlowWrite.map((s) => [`${s.file}:${s.line}`, formatMicros(s.ela), formatMicros(s.covered), formatMicros(s.remainder), formatCount(s.writes)])], [false, true, true, true, true]));
  }
  const sizeNote = r.mode === 'writes' ? ` (size = blocks × ${r.redoBlockBytes} B${r.redoBlockBytesDefault ? ', the default redo block size' : ''})` : ' (size as the warning writes it, KB × 1024)';
  lines.push('');
  lines.push(`slow writes: ${formatCount(r.slowWriteCount)}${sizeNote}:`);
  if (r.slowWrites.length > 0) {
    lines.push(padTable([['file:line', 'ela', 'blocks', 'bytes', 'syncs'], ...r.slowWrites.map((w) => [`${w.file}:${w.line}`, formatMicros(w.ela), w.blocks === null ? '—' : formatCount(w.blocks), w.sizeBytes === null ? '—' : formatCount(w.sizeBytes), formatCount(w.syncs)])], [false, true, true, true, true]));
  }
  lines.push('');
  lines.push('How to read it: a long tail in both histograms points at the write (storage); a tail in log file sync alone points at CPU, scheduling or the post/wait path. Sources:');
  for (const s of r.sources) lines.push(`  ${s.title}: ${s.url}`);
  return `${safeText(lines.join('\n'))}\n`;
}
