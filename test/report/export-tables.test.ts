import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { buildReport } from '@/lib/report/build-report';
import { comparisonCsv, histogramCsv, reportJson, samplesCsv, SAMPLES_CSV_ROWS_PER_CHUNK, summaryCsv } from '@/lib/report/export-tables';
import { reportSchema } from '@/lib/report/report-schema';

// Dataset A: 100, 200, 300, 400 µs; B: one wait of 50 µs (too few for a stddev or a median).
// A label with a comma and a quote tests the quoting of lib/csv/write-csv.ts on the way out and papaparse's on the way in.
const report = buildReport(
  [
    { id: 'on', label: 'flash "on", 11g', source: 'csv', values: Float64Array.of(100, 200, 300, 400), sessions: null, files: [] },
    { id: 'off', label: 'off', source: 'csv', values: Float64Array.of(50), sessions: null, files: [] },
  ],
  { event: 'log file sync', baseline: 1, bootstrap: false, generatorVersion: 'test', createdAt: '2026-01-01T00:00:00.000Z' },
);

const parse = (csv: string) => Papa.parse<Record<string, string>>(csv, { header: true, skipEmptyLines: true });

describe('summaryCsv', () => {
  it('has one row per dataset and statistic, and round-trips through papaparse', () => {
    const { data, errors, meta } = parse(summaryCsv(report));
    expect(errors).toEqual([]);
    expect(meta.fields).toEqual(['dataset_id', 'dataset', 'statistic', 'value']);
    expect(data).toHaveLength(2 * 11);
    const value = (id: string, statistic: string) => data.find((r) => r.dataset_id === id && r.statistic === statistic)?.value;
    // A: mean 250; median (type 7, h = 2.5) 250; sum 1000; sd = sqrt((150² + 50² + 50² + 150²)/3) = sqrt(50000/3).
    // p90 needs n·0.1 ≥ 1, i.e. 10 waits; A has 4, so the cell says so instead of type 7's 370.
    expect(value('on', 'count')).toBe('4');
    expect(value('on', 'median')).toBe('250');
    expect(value('on', 'p90')).toBe('n/a (needs ≥ 10 waits)');
    expect(value('on', 'p99')).toBe('n/a (needs ≥ 100 waits)');
    expect(value('on', 'sum')).toBe('1000');
    expect(Number(value('on', 'stddev'))).toBeCloseTo(Math.sqrt(50000 / 3), 9);
    expect(value('off', 'max')).toBe('50');
    expect(value('off', 'stddev')).toBe('n/a (needs ≥ 2 waits)');
    expect(value('off', 'median')).toBe('n/a (needs ≥ 2 waits)');
    expect(data.find((r) => r.dataset_id === 'on')?.dataset).toBe('flash "on", 11g');
  });
});

describe('histogramCsv', () => {
  it('log2: Oracle buckets with percent of the dataset', () => {
    const { data, meta } = parse(histogramCsv(report, 'log2'));
    expect(meta.fields).toEqual(['dataset_id', 'dataset', 'lower_us', 'upper_us', 'count', 'percent']);
    // 100 is in [64, 128), 200 in [128, 256), 300 and 400 in [256, 512): 25%, 25%, 50%.
    const on = data.filter((r) => r.dataset_id === 'on' && r.count !== '0');
    expect(on.map((r) => [r.lower_us, r.upper_us, r.count, r.percent])).toEqual([
      ['64', '128', '1', '25'],
      ['128', '256', '1', '25'],
      ['256', '512', '2', '50'],
    ]);
    const total = data.filter((r) => r.dataset_id === 'off').reduce((s, r) => s + Number(r.count), 0);
    expect(total).toBe(1);
  });

  it('log10: 20 bins per decade, counts summing to the waits, density per decade', () => {
    const { data, meta } = parse(histogramCsv(report, 'log10'));
    expect(meta.fields).toContain('density_per_decade');
    const on = data.filter((r) => r.dataset_id === 'on');
    expect(on.reduce((s, r) => s + Number(r.count), 0)).toBe(4);
    // 100 = 10^2 is the lower edge of the first bin; 1 of 4 waits in a bin 1/20 decade wide: 25%, density 0.25·20 = 5.
    expect(Number(on[0]!.lower_us)).toBe(100);
    expect(Number(on[0]!.percent)).toBe(25);
    expect(Number(on[0]!.density_per_decade)).toBeCloseTo(5, 9);
    for (const r of on) expect(Number(r.upper_us)).toBeGreaterThan(Number(r.lower_us));
  });
});

describe('reportJson', () => {
  it('parses back to the same report, valid under the schema', () => {
    const text = reportJson(report);
    expect(text).toContain('\n  "version": 2,');
    const back: unknown = JSON.parse(text);
    expect(back).toEqual(report);
    expect(reportSchema.safeParse(back).success).toBe(true);
  });
});

describe('samplesCsv', () => {
  const columns = {
    ela: Float64Array.of(162, 7.5, 0, 99),
    tim: Float64Array.of(1234567890123, Number.NaN, 42, 0),
    file: Uint32Array.of(0, 1, 1, 0),
    line: Uint32Array.of(17, 3, 40, 9),
    count: 3, // the fourth sample is spare capacity and must not be written
  };
  const names = ['a.trc', 'dir/b, "odd".trc'];

  it('writes the header and exactly these rows', () => {
    const text = [...samplesCsv(columns, names)].join('');
    expect(text).toBe('ela_us,tim,file,line\n162,1234567890123,a.trc,17\n7.5,,"dir/b, ""odd"".trc",3\n0,42,"dir/b, ""odd"".trc",40\n');
  });

  it('round-trips through papaparse', () => {
    const { data, errors } = parse([...samplesCsv(columns, names)].join(''));
    expect(errors).toEqual([]);
    expect(data).toEqual([
      { ela_us: '162', tim: '1234567890123', file: 'a.trc', line: '17' },
      { ela_us: '7.5', tim: '', file: 'dir/b, "odd".trc', line: '3' },
      { ela_us: '0', tim: '42', file: 'dir/b, "odd".trc', line: '40' },
    ]);
  });

  it('yields whole rows in bounded chunks', () => {
    const n = SAMPLES_CSV_ROWS_PER_CHUNK * 2 + 5;
    const big = {
      ela: Float64Array.from({ length: n }, (_, i) => i),
      tim: new Float64Array(n).fill(Number.NaN),
      file: new Uint32Array(n),
      line: Uint32Array.from({ length: n }, (_, i) => i + 1),
      count: n,
    };
    const chunks = [...samplesCsv(big, ['x.trc'])];
    expect(chunks).toHaveLength(4);
    for (const c of chunks) expect(c.endsWith('\n')).toBe(true);
    expect(chunks[2]!.split('\n')[0]).toBe(`${SAMPLES_CSV_ROWS_PER_CHUNK},,x.trc,${SAMPLES_CSV_ROWS_PER_CHUNK + 1}`);
    expect(chunks[3]).toBe(`${n - 5},,x.trc,${n - 4}\n${n - 4},,x.trc,${n - 3}\n${n - 3},,x.trc,${n - 2}\n${n - 2},,x.trc,${n - 1}\n${n - 1},,x.trc,${n}\n`);
  });

  it('refuses a file index without a name', () => {
    expect(() => [...samplesCsv({ ...columns, file: Uint32Array.of(0, 2, 0, 0) }, names)]).toThrow(RangeError);
  });
});

describe('comparisonCsv', () => {
  it('writes the comparison rows, then both datasets\' log2 buckets and log10 bins, one section column', () => {
    const { data, errors } = parse(comparisonCsv(report, report.comparisons[0]!));
    expect(errors).toEqual([]);
    const summary = data.filter((r) => r.section === 'summary');
    expect(summary.map((r) => r.statistic)).toEqual(['count', 'min', 'median', 'mean', 'p90', 'p95', 'p99', 'p99.9', 'max', 'stddev', 'sum']);
    // By hand: A = 100..400 (mean 250, sum 1000) against B = 50 (sum 50): difference 950, ratio 20.
    expect(summary.find((r) => r.statistic === 'sum')).toMatchObject({ a: '1000', b: '50', difference: '950', ratio: '20' });
    // B's one wait has no median (it needs 2): its cell and the difference say why, not a number.
    expect(summary.find((r) => r.statistic === 'median')).toMatchObject({ a: '250', b: 'n/a (needs ≥ 2 waits)', difference: 'n/a (needs ≥ 2 waits)' });
    // 100 and 200 µs are "< 128" and "< 256"; 300, 400 "< 512"; B's 50 "< 64" (Oracle's log2 buckets).
    const buckets = (label: string) => data.filter((r) => r.section === 'log2-buckets' && r.dataset === label).map((r) => [r.upper_us, r.count]);
    expect(buckets('flash "on", 11g')).toEqual([['128', '1'], ['256', '1'], ['512', '2']]);
    expect(buckets('off')).toEqual([['64', '1']]);
    expect(data.filter((r) => r.section === 'log10-bins').reduce((n, r) => n + Number(r.count), 0)).toBe(5);
  });
});
