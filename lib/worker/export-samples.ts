/** One dataset's samples as a CSV Blob (ela, tim, file, line), built in chunks in the worker. */
import { samplesCsv, type SampleColumns } from '../report/export-tables';
import type { DatasetState } from './dataset-state';

function columnsOf(d: DatasetState): { columns: SampleColumns; names: string[] } {
  if (d.synthetic) {
    const n = d.synthetic.values.length;
    const sessions = Math.max(0, ...d.synthetic.sessions.subarray(n - 1)) + 1;
    // Synthetic waits have no trace line: `file` names the simulated session, `line` is 0.
    return {
      columns: { ela: d.synthetic.values, tim: new Float64Array(n).fill(NaN), file: d.synthetic.sessions, line: new Uint32Array(n), count: n },
      names: Array.from({ length: sessions }, (_, i) => `synthetic session ${i + 1}`),
    };
  }
  const parsed = d.traces.flatMap((t) => (t.result ? [t.result] : []));
  const dataset = d.combined();
  const s = dataset.samples;
  const csvCount = d.csv.reduce((n, c) => n + c.values.length, 0);
  if (csvCount === 0) return { columns: { ela: s.ela, tim: s.tim, file: s.file, line: s.line, count: s.count }, names: parsed.map((r) => r.fileName) };
  // CSV inputs: their values follow the traces' samples; they have no tim and no trace line (0).
  const n = s.count + csvCount;
  const columns: SampleColumns = { ela: new Float64Array(n), tim: new Float64Array(n).fill(NaN), file: new Uint32Array(n), line: new Uint32Array(n), count: n };
  columns.ela.set(s.ela.subarray(0, s.count));
  columns.tim.set(s.tim.subarray(0, s.count));
  columns.file.set(s.file.subarray(0, s.count));
  columns.line.set(s.line.subarray(0, s.count));
  const names = parsed.map((r) => r.fileName);
  let at = s.count;
  for (const c of d.csv) {
    columns.ela.set(c.values, at);
    columns.file.fill(names.length, at, at + c.values.length);
    names.push(c.status.name);
    at += c.values.length;
  }
  return { columns, names };
}

export function exportSamplesBlob(d: DatasetState): { blob: Blob; rows: number } {
  const { columns, names } = columnsOf(d);
  return { blob: new Blob([...samplesCsv(columns, names)], { type: 'text/csv' }), rows: columns.count };
}
