// fio latency logs and json+ output as samples (lib/sysio/fio-*.ts). Expected values come from the
// generators' truth (lib/synth/fio-output.ts): ns / 1000 for µs, ms × 1000 for tim.
import { describe, expect, it } from 'vitest';
import { generateFioJsonPlus, generateFioLatLog } from '../../lib/synth/fio-output';
import { sniffSysioFormat } from '../../lib/sysio/sysio-format';
import { column, readSysio } from './read-sysio';

describe('fio latency logs', () => {
  const { text, ios } = generateFioLatLog('fio-unit', 500, { offsets: true });
  const writes = ios.filter((io) => io.direction === 1);
  const reads = ios.filter((io) => io.direction === 0);

  it.each([1, 13, 1 << 16])('gives each write as a `clat write` value in µs with its time (chunks of %i bytes)', async (size) => {
    const r = await readSysio(text, 'job_clat.1.log', 'clat write', size);
    expect(r.outcome).toEqual({ kind: 'parsed' });
    expect(column(r.samples.ela, r.samples.count)).toEqual(writes.map((io) => io.ns / 1000));
    expect(column(r.samples.tim, r.samples.count)).toEqual(writes.map((io) => io.timeMs * 1000));
    // Some values are fractional µs (ns not a multiple of 1,000): kept, not rounded.
    expect(writes.some((io) => io.ns % 1000 !== 0)).toBe(true);
    expect(r.profile.map((p) => [p.event, p.count]).sort()).toEqual([['clat read', reads.length], ['clat write', writes.length]]);
    expect(r.warnings).toEqual([{ code: 'unit-assumed', message: 'job_clat.1.log: a fio log names no fio version: its values are read as ns (fio 3.0 and later; fio 2.x wrote µs)', count: 1, lines: [] }]);
  });

  it('names the kind from the file name (lat), else `latency`; takes 4 to 6 columns', async () => {
    const six = generateFioLatLog('fio-six', 20, { offsets: true, priority: true });
    expect((await readSysio(six.text, 'run_lat.3.log', 'lat read')).profile.map((p) => p.event).sort()).toEqual(['lat read', 'lat write']);
    const four = generateFioLatLog('fio-four', 20);
    expect((await readSysio(four.text, 'latencies.txt', 'latency write')).samples.count).toBe(four.ios.filter((io) => io.direction === 1).length);
  });

  it('refuses bandwidth and IOPS logs by their names, and counts bad lines with file:line', async () => {
    const bw = await readSysio(text, 'job_bw.1.log', 'clat write');
    expect(bw.outcome).toEqual({ kind: 'not-a-trace', reason: 'job_bw.1.log is a fio bandwidth log (its name says _bw): its values are no latencies; use the _clat or _lat log' });
    // Compressed, its name still says what it is (gzip and xz are read).
    for (const name of ['job_iops.1.log.gz', 'job_iops.1.log.xz']) {
      expect((await readSysio(text, name, 'clat write')).outcome.kind, name).toBe('not-a-trace');
    }
    expect((await readSysio(text, 'job_clat.1.log.xz', 'clat write')).profile.map((p) => p.event).sort()).toEqual((await readSysio(text, 'job_clat.1.log', 'clat write')).profile.map((p) => p.event).sort());
    const damaged = await readSysio('10, 250000, 1, 4096\n11, 260000, 1, 4096\n12, 270000, 1, 4096\n13, 280000, 1, 4096\n14, 290000, 1, 4096\n15, x, 1, 4096\n16, 300000, 1, 4096\n', 'j_clat.1.log', 'clat write');
    expect(column(damaged.samples.ela, damaged.samples.count)).toEqual([250, 260, 270, 280, 290, 300]);
    expect(damaged.warnings.find((w) => w.code === 'unrecognised-line')).toMatchObject({ message: "j_clat.1.log: not a fio log line (time, value, direction, block size[, offset[, priority]]): '15, x, 1, 4096'", lines: [6] });
  });
});

describe('fio json+ output', () => {
  const { text, bins } = generateFioJsonPlus('fio-json-unit', 3, 25);

  it('expands each event\'s bins into values (ns → µs), one session per job, and flags that the statistics are the bins\'', async () => {
    const r = await readSysio(text, 'result.json', 'lat sync', 97);
    expect(r.outcome).toEqual({ kind: 'parsed' });
    const sync = bins.filter((b) => b.event === 'lat sync');
    const expected = sync.flatMap((b) => Array.from({ length: b.count }, () => b.ns / 1000));
    expect(column(r.samples.ela, r.samples.count)).toEqual(expected);
    const jobs = column(r.samples.session, r.samples.count).map((s) => r.sessions[s]!.pid);
    expect(jobs).toEqual(sync.flatMap((b) => Array.from({ length: b.count }, () => b.job)));
    const ios = bins.reduce((n, b) => n + b.count, 0);
    expect(r.warnings).toEqual([
      { code: 'histogram-bins', message: `result.json: fio-3.35 json+: the values are fio's histogram bins (${ios.toLocaleString('en-US')} I/Os in ${bins.length} bins), so every statistic and quantile comes from the bins, each bin within about 0.8% of the latencies in it`, count: 1, lines: [] },
    ]);
    expect(r.profile.map((p) => p.event).sort()).toEqual(['clat write', 'lat sync']);
  });

  it('refuses plain json (percentiles only) with what to run instead', async () => {
    const plain = generateFioJsonPlus('fio-json-plain', 1, 5, { bins: false });
    const r = await readSysio(plain.text, 'plain.json', 'lat sync');
    expect(r.outcome).toEqual({
      kind: 'not-a-trace',
      reason: 'plain.json is fio JSON without --output-format=json+: it carries only percentiles, not samples; run fio with --output-format=json+ (latency bins) or --write_lat_log (every I/O)',
    });
  });
});

describe('fio json+ bins too large to expand', () => {
  // Hand-written: one job whose 'clat write' has a single bin declaring 2^24 + 1 I/Os (the limit + 1), in 200 bytes.
  const text = JSON.stringify({ 'fio version': 'fio-3.36', jobs: [{ jobname: 'big', write: { clat_ns: { bins: { '1000': 16_777_217 } } } }] });

  it('refuses the measured event with the count and the limit, before expanding anything', async () => {
    const r = await readSysio(text, 'big.json', 'clat write');
    expect(r.outcome).toEqual({
      kind: 'not-a-trace',
      reason: "big.json is too large: its clat write bins hold 16,777,217 I/Os, and waitscope reads a fio json+ file's bins as one value per I/O, at most 16,777,216 per file; use --write_lat_log with --log_avg_msec=0 on a shorter run",
    });
  });

  it('reads the same file when another event is measured (its bins are not expanded)', async () => {
    const r = await readSysio(text, 'big.json', 'clat read');
    expect(r.outcome.kind).not.toBe('not-a-trace');
    expect(r.samples.count).toBe(0);
  });
});

describe('format detection by content', () => {
  it('tells strace, fio logs, fio JSON from traces and CSVs', () => {
    expect(sniffSysioFormat('[pid 1] 10:00:00.000001 fsync(3) = 0 <0.000100>\n')).toBe('strace');
    expect(sniffSysioFormat('strace: Process 5 attached\n5 fsync(3) = 0 <0.000100>\n')).toBe('strace');
    expect(sniffSysioFormat('3, 250000, 1, 4096\n4, 260000, 0, 4096, 8192\n')).toBe('fio-log');
    expect(sniffSysioFormat('note: x\n{\n  "fio version" : "fio-3.35",\n  "jobs": []\n}\n')).toBe('fio-json');
    expect(sniffSysioFormat("WAIT #0: nam='log file sync' ela= 800 tim=1\n")).toBeNull();
    expect(sniffSysioFormat('ela\n800\n900\n')).toBeNull();
    expect(sniffSysioFormat('{"jobs": []}')).toBeNull();
    expect(sniffSysioFormat('')).toBeNull();
  });
});
