/**
 * Synthetic fio output with known values, for the fio importers' tests (lib/sysio): a latency log
 * as `--write_lat_log` writes it (fio HOWTO, "Log File Formats": time ms, value ns, direction, block
 * size, offset), and `--output-format=json+` output whose bins hold known latencies (HOWTO, "JSON+
 * output": bins map a latency in ns to how many I/Os had it). The truth is returned beside the text.
 */
import { createRng, deriveSeed, type Seed } from './random';

export interface FioIoTruth {
  /** ms since the job started (the log's time column). */
  timeMs: number;
  /** The latency fio logged, whole ns. */
  ns: number;
  /** 0 read, 1 write. */
  direction: 0 | 1;
}

/** A clat log of `ios` I/Os, mostly writes, some reads; latencies in ns, not whole µs, so the µs are fractions. */
export function generateFioLatLog(seed: Seed, ios: number, options: { offsets?: boolean; priority?: boolean } = {}): { text: string; ios: FioIoTruth[] } {
  const rng = createRng(deriveSeed(seed, 'fio-log'));
  const truth: FioIoTruth[] = [];
  const lines: string[] = [];
  let ms = rng.int(0, 5);
  for (let i = 0; i < ios; i++) {
    ms += rng.int(0, 3);
    const direction = rng.chance(0.2) ? 0 : 1;
    const ns = Math.max(1, Math.round(Math.exp(Math.log(direction === 1 ? 450_000 : 120_000) + 0.5 * rng.normal())));
    truth.push({ timeMs: ms, ns, direction });
    const cols = [ms, ns, direction, 4096, ...(options.offsets ? [i * 4096] : []), ...(options.priority ? [0] : [])];
    lines.push(cols.join(', '));
  }
  return { text: `${lines.join('\n')}\n`, ios: truth };
}

export interface FioBinTruth {
  job: string;
  /** `clat write` or `lat sync`: the event the importer names it. */
  event: string;
  ns: number;
  count: number;
}

/**
 * fio-3.35 json+ output: `jobs` jobs of a write+fdatasync workload, each with write clat bins and sync
 * lat bins (`bins: false`: plain json, percentiles only). The percentile values are plausible, not
 * computed: the importer must not read them.
 */
export function generateFioJsonPlus(seed: Seed, jobs: number, binsPerEvent: number, options: { bins?: boolean } = {}): { text: string; bins: FioBinTruth[] } {
  const rng = createRng(deriveSeed(seed, 'fio-json'));
  const truth: FioBinTruth[] = [];
  const latency = (job: string, event: string, centreNs: number) => {
    const bins: Record<string, number> = {};
    let ns = centreNs;
    let n = 0;
    let sum = 0;
    for (let b = 0; b < binsPerEvent; b++) {
      ns += rng.int(1, 40) * 1024;
      const count = rng.int(1, 50);
      bins[String(ns)] = count;
      truth.push({ job, event, ns, count });
      n += count;
      sum += ns * count;
    }
    const keys = Object.keys(bins);
    return {
      min: Number(keys[0]),
      max: Number(keys[keys.length - 1]),
      mean: sum / n,
      stddev: 0,
      N: n,
      percentile: { '50.000000': Number(keys[Math.floor(keys.length / 2)]), '99.000000': Number(keys[keys.length - 1]) },
      ...(options.bins === false ? {} : { bins }),
    };
  };
  const empty = { min: 0, max: 0, mean: 0, stddev: 0, N: 0 };
  const doc = {
    'fio version': 'fio-3.35',
    timestamp: 1764579600,
    'global options': { rw: 'write', bs: '4k', fdatasync: '1' },
    jobs: Array.from({ length: jobs }, (_, i) => {
      const job = `redo${i + 1}`;
      return {
        jobname: job,
        groupid: 0,
        error: 0,
        read: { io_bytes: 0, slat_ns: empty, clat_ns: empty, lat_ns: empty },
        write: { io_bytes: 4096, slat_ns: empty, clat_ns: latency(job, 'clat write', 8_000), lat_ns: { ...empty } },
        trim: { io_bytes: 0, slat_ns: empty, clat_ns: empty, lat_ns: empty },
        sync: { total_ios: 0, lat_ns: latency(job, 'lat sync', 400_000) },
      };
    }),
  };
  // fio prints notes before its JSON when stdout and stderr share a file.
  return { text: `note: both iodepth >= 1 and synchronous I/O engine are selected, queue depth will be capped at 1\n${JSON.stringify(doc, null, 2)}\n`, bins: truth };
}
