// Scope and group on the book's scale (issue 15): one dataset of 4,000,000 waits, 20 sessions of
// 200,000, one a millisecond from a `***` stamp, as the page and the CLI hold them after a parse.
// Times what a brush, a typed window, a heat map and a group by session cost over them, next to a
// baseline measured in the same run: one pass that reads the same columns (ela, tim, session) and
// does nothing else, the floor any of these passes has.
//
//   node bench/scope-bench.mjs        (standalone; `npm run bench` runs it at the end)
//
// lib/ is TypeScript: scripts/import-ts.mjs bundles what we need in memory.
import { importTs } from '../scripts/import-ts.mjs';
import { pathToFileURL } from 'node:url';

export const SCOPE_BENCH = { sessions: 20, perSession: 200_000, runs: 5 };

async function loadLib() {
  const source = [
    `export { selectWindow } from './lib/scope/window-selection';`,
    `export { parseWindowEdge, NO_WINDOW } from './lib/scope/time-window';`,
    `export { selectSamples } from './lib/trace/sample-columns';`,
    `export { datasetOverTime } from './lib/outliers/dataset-over-time';`,
    `export { sampleGroups } from './lib/scope/sample-groups';`,
  ].join('\n');
  return (await importTs(source, { platform: 'node' })).module;
}

/** The dataset: 20 files of one session each, tim in µs one wait a millisecond, ela a deterministic spread. */
function dataset() {
  const { sessions, perSession } = SCOPE_BENCH;
  const n = sessions * perSession;
  const samples = { count: n, ela: new Float64Array(n), tim: new Float64Array(n), session: new Uint32Array(n), file: new Uint32Array(n), line: new Uint32Array(n), offset: new Float64Array(n) };
  let x = 1;
  for (let i = 0; i < n; i++) {
    x = (x * 48271) % 2147483647; // Lehmer: reproducible, no library
    samples.ela[i] = 200 + (x % 1000) + (x % 997 === 0 ? 50_000 : 0);
    samples.tim[i] = 1_344_507_302_000_000 + (i % perSession) * 1000;
    samples.session[i] = Math.floor(i / perSession);
    samples.file[i] = samples.session[i];
  }
  const anchor = { line: 1, text: '2012-08-09 10:15:02.000', wall: '2012-08-09T10:15:02.000', utcOffsetMinutes: null, tim: 1_344_507_302_000_000, timLine: 2, session: 0 };
  const files = Array.from({ length: sessions }, (_, f) => ({ fileName: `s${f}.trc`, facts: { unit: 'us', pid: String(f), instance: 'DB1' }, anchors: [anchor], sessions: [{ sid: f, serial: 1, pid: String(f), line: 1 }] }));
  return { samples, sessions: files.map((_, f) => ({ sid: f, serial: 1, pid: String(f), line: 1, file: f })), files };
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};

/** Runs each part `runs` times; returns rows { name, ms, wavesPerSec, heapMB } (medians), and the lines to print. */
export async function runScopeBench({ log = () => {} } = {}) {
  const lib = await loadLib();
  const d = dataset();
  const n = d.samples.count;
  const edge = (t) => lib.parseWindowEdge(t, '--from');
  const parts = [
    [
      'baseline: one pass over ela, tim, session',
      () => {
        let s = 0;
        for (let i = 0; i < n; i++) s += d.samples.ela[i] + d.samples.tim[i] * 0 + d.samples.session[i];
        return s;
      },
    ],
    ['window by tim:N edges (selectWindow)', () => lib.selectWindow(d, { ...lib.NO_WINDOW, from: edge('tim:1344507332000000'), to: edge('tim:1344507452000000') })],
    ['window by ISO edges (selectWindow, clock)', () => lib.selectWindow(d, { ...lib.NO_WINDOW, from: edge('2012-08-09T10:15:32'), to: edge('2012-08-09T10:17:32') })],
    ['skip first and last 30 s per session', () => lib.selectWindow(d, { ...lib.NO_WINDOW, skipFirstMicros: 30e6, skipLastMicros: 30e6 })],
    [
      'cut the columns to a window (selectSamples)',
      (() => {
        const sel = lib.selectWindow(d, { ...lib.NO_WINDOW, skipFirstMicros: 30e6, skipLastMicros: 30e6 });
        return () => lib.selectSamples(d.samples, sel.keep, sel.kept);
      })(),
    ],
    ['heat map cells, p50/p99 per interval (datasetOverTime)', () => lib.datasetOverTime(d)],
    ['group by session (sampleGroups)', () => lib.sampleGroups(d, 'session')],
  ];
  const rows = [];
  for (const [name, fn] of parts) {
    fn(); // warm-up
    const times = [];
    let heap = 0;
    for (let r = 0; r < SCOPE_BENCH.runs; r++) {
      const before = process.memoryUsage().heapUsed + process.memoryUsage().arrayBuffers;
      const t0 = performance.now();
      const out = fn();
      times.push(performance.now() - t0);
      heap = Math.max(heap, process.memoryUsage().heapUsed + process.memoryUsage().arrayBuffers - before);
      if (out === undefined) throw new Error(`${name} returned nothing`);
    }
    const ms = median(times);
    rows.push({ name, ms, wavesPerSec: n / (ms / 1000), heapMB: Math.max(0, heap) / 1e6 });
  }
  const base = rows[0].ms;
  const lines = [`scope and group over ${n.toLocaleString('en-US')} waits (${SCOPE_BENCH.sessions} sessions; median of ${SCOPE_BENCH.runs} runs; memory = heap and buffers added by one run):`];
  for (const r of rows) lines.push(`  ${r.name.padEnd(56)} ${r.ms.toFixed(0).padStart(6)} ms  ${(r.wavesPerSec / 1e6).toFixed(1).padStart(6)} M waits/s  ${(r.ms / base).toFixed(1).padStart(5)}× baseline  +${r.heapMB.toFixed(0)} MB`);
  for (const l of lines) log(l);
  return { rows, lines };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await runScopeBench({ log: (s) => console.log(s) });
