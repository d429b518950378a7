// `waitscope compare --json` on the book's two full datasets against `waitscope stats --json` over both
// folders together, in the same run (issue 13): compare reads the same bytes and adds the report
// (sessions, bootstrap, every distribution), so its wall time should stay within 1.5x of stats', and
// its peak RSS under 300 MB + 20 B a wait. Round-robin like run.mjs, so drift hits both alike.
import { statSync } from 'node:fs';
import { bookFolders } from './book-folders.mjs';
import { measureOnce, median } from './measure.mjs';

export const COMPARE_GOALS = { overStats: 1.5, rssBaseBytes: 300e6, rssBytesPerWait: 20 };

/** Runs both commands `runs` times (after a warm-up round); returns their medians, peaks and the checks. */
export function runCompareBench({ bin, runs, log = console.log }) {
  const book = bookFolders({ log });
  const bytes = [...book.onFiles, ...book.offFiles].reduce((n, f) => n + statSync(f).size, 0);
  const tools = [
    { key: 'stats', label: 'stats --json ON OFF', argv: [bin, 'stats', '--json', book.on, book.off], waits: (out) => JSON.parse(out).count },
    { key: 'compare', label: 'compare --json ON --vs OFF', argv: [bin, 'compare', '--json', book.on, '--vs', book.off], waits: (out) => JSON.parse(out).datasets.reduce((n, d) => n + d.summary.count, 0) },
  ];
  const results = { stats: [], compare: [] };
  const waits = {};
  for (let round = 0; round <= runs; round++) {
    for (const t of tools) {
      const r = measureOnce(t.argv);
      waits[t.key] = t.waits(r.stdout);
      if (round > 0) results[t.key].push(r);
      log(`  round ${round}${round === 0 ? ' (warm-up)' : '          '}  ${t.label.padEnd(27)} ${r.seconds.toFixed(3).padStart(7)} s  ${(r.rssBytes / 1e6).toFixed(1).padStart(7)} MB peak RSS`);
    }
  }
  const of = (key) => ({ median: median(results[key].map((r) => r.seconds)), rssPeak: Math.max(...results[key].map((r) => r.rssBytes)) });
  return { bytes, waits, stats: of('stats'), compare: of('compare'), sameWaits: waits.stats === waits.compare };
}

export function formatCompareBench(r) {
  const ratio = r.compare.median / r.stats.median;
  const budget = COMPARE_GOALS.rssBaseBytes + COMPARE_GOALS.rssBytesPerWait * r.waits.compare;
  const verdict = (ok) => (ok ? 'PASS' : 'MISS');
  return [
    `  ${(r.bytes / 1e9).toFixed(2)} GB, ${r.waits.compare.toLocaleString('en-US')} waits (stats counted ${r.waits.stats.toLocaleString('en-US')}${r.sameWaits ? ', the same' : ': DIFFERENT'})`,
    `  stats --json over both folders: ${r.stats.median.toFixed(3)} s median, ${(r.stats.rssPeak / 1e6).toFixed(1)} MB peak RSS`,
    `  compare --json:                 ${r.compare.median.toFixed(3)} s median, ${(r.compare.rssPeak / 1e6).toFixed(1)} MB peak RSS`,
    `  compare / stats wall time: ${ratio.toFixed(2)} (goal <= ${COMPARE_GOALS.overStats}) ${verdict(ratio <= COMPARE_GOALS.overStats)}`,
    `  compare peak RSS: ${(r.compare.rssPeak / 1e6).toFixed(1)} MB (goal < ${(budget / 1e6).toFixed(1)} MB = 300 MB + 20 B x ${r.waits.compare.toLocaleString('en-US')} waits) ${verdict(r.compare.rssPeak < budget)}`,
  ].join('\n');
}
