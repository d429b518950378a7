/**
 * fio's JSON output (`--output-format=json` / `json+`). Structure from fio's HOWTO, "Interpreting
 * the output" and "JSON+ output" (https://fio.readthedocs.io/en/latest/fio_doc.html#json-output):
 *
 *   { "fio version": "fio-3.35", "jobs": [ { "jobname": …, "read": {…}, "write": {…}, "trim": {…},
 *     "sync": { "lat_ns": {…} } } ] }
 *
 *   - per direction, `clat_ns`, `slat_ns`, `lat_ns` (fio ≥ 3.0, ns; commit d6bb626) or `clat`,
 *     `slat`, `lat` (fio 2.x, µs), each with min/max/mean/stddev/N and `percentile`;
 *   - json+ adds `bins` to the latencies whose percentiles fio keeps: keys are latencies (ns in
 *     3.x), values how many I/Os had that latency; fsync/fdatasync times are `sync.lat_ns`.
 *
 * A bin's key is the value fio's log-linear histogram stands for (stat.h, "Aggregate latency samples
 * for reporting percentile(s)": 64 bins per power of two, a value within 1/2^7 ≈ 0.8% of the
 * latency measured). With bins, each I/O is one value of event `<kind> <direction>` (`clat write`,
 * `lat sync`): every statistic, quantiles included, comes from the bins, and a warning with code
 * `histogram-bins` says so wherever the file's warnings are shown. Without bins (plain json) there
 * are only percentiles, no values to compute statistics of: the file is refused, saying how to get
 * them (json+ or --write_lat_log). Each job is a session; the values have no time.
 *
 * JSON cannot be parsed in pieces with the platform's parser, so the text is held whole: fio's JSON
 * is small (a json+ file is a few MB), and a larger one is refused before it is read.
 */
import { nanosToMicros } from './decimal-micros';
import type { SysioCollector } from './sysio-collector';

/** The most values one fio json+ file's bins may expand to for the measured event (5 columns of 8 bytes each: ~670 MB). */
export const MAX_BIN_VALUES = 1 << 24;
/** The largest fio JSON read (its text is held whole). */
export const MAX_FIO_JSON_BYTES = 64 << 20;
const DIRECTIONS = ['read', 'write', 'trim'] as const;
const KINDS = ['clat', 'slat', 'lat'] as const;

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/** A latency object's bins in µs, with fio 3's ns or fio 2's µs keys; null when it has none. */
function binsOf(latency: unknown, unitNs: boolean): { micros: number; count: number }[] | null | string {
  if (!isObject(latency) || !isObject(latency.bins)) return null;
  const out: { micros: number; count: number }[] = [];
  for (const [key, count] of Object.entries(latency.bins)) {
    if (!/^\d+$/.test(key)) return `bin '${key.slice(0, 20)}' is not a whole number of ${unitNs ? 'ns' : 'µs'}`;
    if (typeof count !== 'number' || !Number.isSafeInteger(count) || count < 0) return `bin ${key} has count '${String(count).slice(0, 20)}', not a whole number`;
    if (count > 0) out.push({ micros: unitNs ? nanosToMicros(key) : Number(key), count });
  }
  return out.sort((a, b) => a.micros - b.micros);
}

/** Reads the JSON text (after any notes fio printed before it) into the collector. */
export function readFioJson(text: string, out: SysioCollector): void {
  const name = out.ctx.fileName;
  const start = text.search(/^\s*\{/m);
  let doc: unknown;
  try {
    doc = JSON.parse(start > 0 ? text.slice(start) : text);
  } catch (error) {
    out.refusal = `${name} is not valid fio JSON: ${error instanceof Error ? error.message : String(error)}`;
    return;
  }
  if (!isObject(doc) || !Array.isArray(doc.jobs)) {
    out.refusal = `${name} is JSON without fio's "jobs" list: not fio --output-format=json+ output`;
    return;
  }
  const version = typeof doc['fio version'] === 'string' ? doc['fio version'] : 'fio (version not given)';
  const names = doc.jobs.map((j) => (isObject(j) && typeof j.jobname === 'string' ? j.jobname : 'job'));
  let bins = 0;
  let ios = 0;
  let percentiles = 0;
  const found: { event: string; label: string; got: { micros: number; count: number }[] }[] = [];
  doc.jobs.forEach((job, i) => {
    if (!isObject(job)) return;
    const label = names.filter((n) => n === names[i]).length > 1 ? `${names[i]} ${i + 1}` : names[i]!;
    const sections: [string, unknown][] = [];
    for (const direction of DIRECTIONS) {
      const dir = job[direction];
      if (!isObject(dir)) continue;
      for (const kind of KINDS) {
        if (dir[`${kind}_ns`] !== undefined) sections.push([`${kind} ${direction}`, dir[`${kind}_ns`]]);
        else if (dir[kind] !== undefined) sections.push([`${kind} ${direction}|us`, dir[kind]]);
      }
    }
    if (isObject(job.sync) && job.sync.lat_ns !== undefined) sections.push(['lat sync', job.sync.lat_ns]);
    for (const [key, latency] of sections) {
      const [event, unit] = key.split('|') as [string, string | undefined];
      if (isObject(latency) && isObject(latency.percentile)) percentiles++;
      const got = binsOf(latency, unit !== 'us');
      if (typeof got === 'string') {
        out.refusal ??= `${name}: job '${label}', ${event}: ${got}`;
        continue;
      }
      if (got === null || got.length === 0) continue;
      found.push({ event, label, got });
    }
  });
  if (out.refusal !== null) return;
  // The measured event's bins become one value per I/O (the dataset holds values): refuse before
  // expanding more than memory can hold — a 100-byte file may declare millions of I/Os.
  const measured = found.reduce((n, f) => n + (f.event === out.ctx.event ? f.got.reduce((m, b) => m + b.count, 0) : 0), 0);
  if (measured > MAX_BIN_VALUES) {
    out.refusal = `${name} is too large: its ${out.ctx.event} bins hold ${measured.toLocaleString('en-US')} I/Os, and waitscope reads a fio json+ file's bins as one value per I/O, at most ${MAX_BIN_VALUES.toLocaleString('en-US')} per file; use --write_lat_log with --log_avg_msec=0 on a shorter run`;
    return;
  }
  for (const { event, label, got } of found) {
    const session = out.session(label, 1);
    for (const b of got) {
      out.add(event, b.micros, NaN, 0, 0, session, b.count);
      bins++;
      ios += b.count;
    }
  }
  if (bins === 0 && percentiles > 0) {
    out.refusal = `${name} is fio JSON without --output-format=json+: it carries only percentiles, not samples; run fio with --output-format=json+ (latency bins) or --write_lat_log (every I/O)`;
  } else if (bins === 0) out.refusal = `${name} is fio JSON (${version}) with no latencies in any job`;
  else {
    out.warn('histogram-bins', 'bins', 0, () => `${version} json+: the values are fio's histogram bins (${ios.toLocaleString('en-US')} I/Os in ${bins.toLocaleString('en-US')} bins), so every statistic and quantile comes from the bins, each bin within about 0.8% of the latencies in it`);
  }
}
