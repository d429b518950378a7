// Parquet export (issue 17 §2): `waitscope export --format parquet` of the 1 GiB benchmark trace,
// MB/s of trace and peak RSS, beside a baseline measured in the same run on the same file: the
// plain `waitscope stats --json` pass. Target: >= 300 MB/s of trace.
//
// It also measures the encoders on the export's real column set (the waits table, 1,000,000 rows
// of the benchmark's shape): hyparquet-writer's own (ParquetWriter.write) against lib/export's
// typed-array writer, which is why lib/export encodes the column values itself.
//
//   node bench/export-bench.mjs        (standalone; `npm run bench` runs it after the main table)
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { importTs } from '../scripts/import-ts.mjs';
import { benchDir, ensureTrace } from './generate-trace.mjs';
import { measureOnce, median } from './measure.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const MB = 1e6;
export const EXPORT_TARGET_BYTES_PER_SECOND = 300 * MB;
const ENCODER_ROWS = 1_000_000;

/** The waits table's columns for `rows` rows shaped like the benchmark trace's (three events in turn). */
function waitColumns(lib, rows) {
  const batch = new lib.ColumnBatch(lib.WAITS, rows);
  const c = lib.columnIndex(lib.WAITS);
  const events = ['log file sync', 'SQL*Net message to client', 'SQL*Net message from client'];
  for (let i = 0; i < rows; i++) {
    const r = batch.rows++;
    const e = i % 3;
    batch.id(c.dataset)[r] = batch.idOf(c.dataset, 'A');
    batch.id(c.file)[r] = batch.idOf(c.file, 'commit-loop-1gib.trc');
    batch.number(c.line)[r] = 20 + Math.floor(i * 1.6);
    batch.number(c.byte_offset)[r] = 1400 + i * 160;
    batch.id(c.pid)[r] = batch.idOf(c.pid, '20000');
    batch.id(c.session)[r] = batch.idOf(c.session, '100.1000');
    batch.id(c.sql_id)[r] = -1;
    batch.id(c.event)[r] = batch.idOf(c.event, events[e]);
    batch.number(c.ela_us)[r] = 100 + ((i * 7919) % 2000);
    batch.number(c.tim)[r] = 1_344_507_302_124_592 + i * 1000;
    batch.number(c.wall_time)[r] = 1_344_507_302_123_000 + i * 1000;
    batch.number(c.wall_time_utc)[r] = NaN;
    batch.id(c.p1_name)[r] = batch.idOf(c.p1_name, e === 0 ? 'buffer#' : 'driver id');
    batch.number(c.p1)[r] = e === 0 ? 200 + (i % 100) : 1650815232;
    batch.id(c.p2_name)[r] = batch.idOf(c.p2_name, e === 0 ? 'sync scn' : '#bytes');
    batch.number(c.p2)[r] = e === 0 ? 40218191666442 + i : 1;
    batch.id(c.p3_name)[r] = batch.idOf(c.p3_name, 'p3');
    batch.number(c.p3)[r] = 0;
    batch.number(c.obj)[r] = -1;
  }
  return { batch, c };
}

/** Rows per second of lib/export's writer and of hyparquet-writer's on the same columns. */
async function encoderRates(log) {
  const { module: lib } = await importTs(
    [
      `export { ColumnBatch } from './lib/export/column-batch';`,
      `export { ParquetTableWriter } from './lib/export/parquet-table-writer';`,
      `export { WAITS, columnIndex } from './lib/export/parquet-tables';`,
      `export { schemaElements } from './lib/export/parquet-schema';`,
      `export { ParquetWriter, ByteWriter } from 'hyparquet-writer';`,
    ].join('\n'),
    { platform: 'node' },
  );
  const { batch } = waitColumns(lib, ENCODER_ROWS);
  // lib/export: the batch as one row group per 131,072 rows, as the export writes it.
  const ours = () => {
    let bytes = 0;
    const writer = new lib.ParquetTableWriter(lib.WAITS, { write: (b) => (bytes += b.length) });
    const part = new lib.ColumnBatch(lib.WAITS);
    for (let from = 0; from < ENCODER_ROWS; from += part.capacity) {
      const n = Math.min(part.capacity, ENCODER_ROWS - from);
      for (let k = 0; k < lib.WAITS.length; k++) {
        if (batch.numbers[k]) part.numbers[k].set(batch.numbers[k].subarray(from, from + n));
        else part.ids[k].set(batch.ids[k].subarray(from, from + n));
      }
      part.dictionaries.splice(0, part.dictionaries.length, ...batch.dictionaries);
      part.rows = n;
      writer.writeRowGroup(part);
    }
    writer.finish();
    return bytes;
  };
  // hyparquet-writer: the same values as its API takes them (BigInt for INT64, strings), no statistics, no compression.
  const columnData = lib.WAITS.map((spec, k) => {
    if (batch.ids[k]) {
      const dict = batch.dictionaries[k];
      const text = new TextDecoder();
      const words = dict.encoded.map((b) => text.decode(b));
      return { name: spec.name, data: Array.from(batch.ids[k], (id) => (id < 0 ? null : words[id])) };
    }
    return { name: spec.name, data: Array.from(batch.numbers[k], (v) => (v === v ? BigInt(v) : null)) };
  });
  const theirs = () => {
    const writer = new lib.ByteWriter();
    const w = new lib.ParquetWriter({ writer, schema: lib.schemaElements(lib.WAITS), statistics: false, codec: 'UNCOMPRESSED' });
    w.write({ columnData, rowGroupSize: 131_072 });
    w.finish();
    return writer.offset;
  };
  const rate = (fn) => {
    fn(); // warm-up
    const times = [];
    for (let i = 0; i < 3; i++) {
      const t = performance.now();
      fn();
      times.push((performance.now() - t) / 1000);
    }
    return ENCODER_ROWS / median(times);
  };
  const oursRate = rate(ours);
  const theirsRate = rate(theirs);
  log(`encoders on the waits table (${ENCODER_ROWS.toLocaleString('en-US')} rows of the benchmark's shape, median of 3): lib/export ${(oursRate / 1e6).toFixed(2)} M rows/s, hyparquet-writer ParquetWriter ${(theirsRate / 1e6).toFixed(2)} M rows/s`);
  return { oursRate, theirsRate };
}

/** Runs the export and the stats baseline `runs` times each (round-robin) on the benchmark trace. */
export async function runExportBench({ bin, runs = 3, log = () => {} } = {}) {
  const trace = await ensureTrace({ dir: benchDir(), log });
  const out = mkdtempSync(join(tmpdir(), 'waitscope-export-bench-'));
  const tools = [
    { key: 'stats', label: 'baseline: waitscope stats --json', argv: [bin, 'stats', '--json', trace.path] },
    { key: 'export', label: 'waitscope export --format parquet', argv: [bin, 'export', '--format', 'parquet', '--out', out, trace.path] },
  ];
  const results = { stats: [], export: [] };
  try {
    for (let round = 0; round <= runs; round++) {
      for (const t of tools) {
        const r = measureOnce(t.argv);
        if (round > 0) results[t.key].push(r);
        log(`round ${round}${round === 0 ? ' (warm-up)' : ''}  ${t.label.padEnd(34)} ${r.seconds.toFixed(3).padStart(8)} s  ${(r.rssBytes / MB).toFixed(1).padStart(7)} MB peak RSS  ${r.cpuSeconds.toFixed(2).padStart(6)} s CPU`);
      }
    }
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
  const summary = Object.fromEntries(
    tools.map((t) => {
      const rs = results[t.key];
      const seconds = median(rs.map((r) => r.seconds));
      return [t.key, { label: t.label, seconds, mbPerSecond: trace.bytes / MB / seconds, rssPeak: Math.max(...rs.map((r) => r.rssBytes)), cpuSeconds: median(rs.map((r) => r.cpuSeconds)) }];
    }),
  );
  const encoders = await encoderRates(log);
  return { bytes: trace.bytes, summary, encoders, target: EXPORT_TARGET_BYTES_PER_SECOND };
}

export function formatExportBench({ bytes, summary, target }) {
  const lines = Object.values(summary).map((s) => `  ${s.label.padEnd(34)} ${s.seconds.toFixed(3).padStart(8)} s  ${s.mbPerSecond.toFixed(0).padStart(6)} MB/s  ${s.cpuSeconds.toFixed(2).padStart(6)} s CPU  ${(s.rssPeak / MB).toFixed(1).padStart(7)} MB peak RSS`);
  const rate = summary.export.mbPerSecond * MB;
  lines.push(`  export throughput ${summary.export.mbPerSecond.toFixed(0)} MB/s of trace (${(bytes / 2 ** 30).toFixed(2)} GiB), goal >= ${(target / MB).toFixed(0)} MB/s: ${rate >= target ? 'PASS' : 'MISS'}`);
  return lines.join('\n');
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const bin = join(root, 'bin/waitscope.mjs');
  const runs = Math.max(1, Number(process.env.BENCH_RUNS) || 3);
  runExportBench({ bin, runs, log: (s) => console.log(`  ${s}`) })
    .then((r) => console.log(formatExportBench(r)))
    .catch((error) => {
      console.error(`export bench: ${error instanceof Error ? error.message : String(error)}`);
      process.exitCode = 1;
    });
}
