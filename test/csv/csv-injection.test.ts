// CSV injection (issue 12): labels and file names a spreadsheet would run as a formula are written
// as text, in every CSV waitscope writes (samples, summary, histograms, `compare --format csv`),
// while numbers, negative ones included, stay numbers. Expected cells are written out by hand from
// OWASP's rule: a text cell starting with = + - @ TAB or CR gets a leading ' and is quoted.
import Papa from 'papaparse';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { csvCell, csvRow } from '@/lib/csv/write-csv';
import { buildReport } from '@/lib/report/build-report';
import { histogramCsv, samplesCsv, summaryCsv } from '@/lib/report/export-tables';
import { makeTempDir, runCli } from '../helpers/cli';

const HOSTILE = ['=HYPERLINK("x")', '+1', '-cmd', '@SUM(A1)'] as const;
/** What each must become once a CSV reader has unquoted it: the text with a leading apostrophe. */
const NEUTRAL = ["'=HYPERLINK(\"x\")", "'+1", "'-cmd", "'@SUM(A1)"];

const parse = (csv: string) => Papa.parse<Record<string, string>>(csv, { header: true, skipEmptyLines: true });

describe('csvCell', () => {
  it('neutralises text starting with = + - @ TAB or CR, and quotes it', () => {
    expect(HOSTILE.map(csvCell)).toEqual(['"\'=HYPERLINK(""x"")"', '"\'+1"', '"\'-cmd"', '"\'@SUM(A1)"']);
    expect(csvCell('\t=1+2')).toBe('"\'\t=1+2"');
    expect(csvCell('\r=1+2')).toBe('"\'\r=1+2"');
    // papaparse's escapeFormulae regex misses this one (its `.*$` stops at the LF).
    expect(csvCell('=1+2\nx')).toBe('"\'=1+2\nx"');
  });

  it('leaves numbers as numbers, negative ones included, and plain text as it is', () => {
    expect(csvRow([-153.4, 0, 1e-7, 'log file sync', 'a,b', 'say "hi"', ' padded', null, undefined, ''])).toBe(
      '-153.4,0,1e-7,log file sync,"a,b","say ""hi"""," padded",,,',
    );
    // Text in the middle of a cell is not a formula start.
    expect(csvCell('a=1')).toBe('a=1');
  });
});

describe('report exports', () => {
  const report = buildReport(
    HOSTILE.map((label, k) => ({ id: `d${k}`, label, source: 'csv' as const, values: Float64Array.of(100, 200), sessions: null, files: [] })),
    { event: 'log file sync', baseline: 0, bootstrap: false, generatorVersion: 'test', createdAt: '2026-01-01T00:00:00.000Z' },
  );

  it.each([
    ['summary', summaryCsv(report)],
    ['log10 histogram', histogramCsv(report, 'log10')],
    ['log2 histogram', histogramCsv(report, 'log2')],
  ])('%s: every dataset label is neutralised, numbers are not', (_name, csv) => {
    const { data, errors } = parse(csv);
    expect(errors).toEqual([]);
    expect([...new Set(data.map((r) => r.dataset))]).toEqual(NEUTRAL);
    // No cell but the labels starts with the apostrophe, and every other cell parses as a number.
    for (const row of data) {
      for (const [key, value] of Object.entries(row)) {
        if (key === 'dataset' || key === 'dataset_id' || key === 'statistic' || value === '') continue;
        // Two waits per dataset: statistics past their minimum sample size are the n/a text (plain words).
        if (value.startsWith('n/a (needs ≥ ')) continue;
        expect(Number.isFinite(Number(value)), `${key} = ${value}`).toBe(true);
      }
    }
  });

  it('samples: every file name is neutralised, ela, tim and line are not', () => {
    const columns = {
      ela: Float64Array.of(10, 20, 30, 40),
      tim: Float64Array.of(-5, NaN, 7, 8),
      file: Uint32Array.of(0, 1, 2, 3),
      line: Uint32Array.of(11, 12, 13, 14),
      count: 4,
    };
    const csv = [...samplesCsv(columns, HOSTILE)].join('');
    expect(csv).toBe(`ela_us,tim,file,line\n10,-5,"'=HYPERLINK(""x"")",11\n20,,"'+1",12\n30,7,"'-cmd",13\n40,8,"'@SUM(A1)",14\n`);
  });
});

describe('waitscope compare --format csv', () => {
  const temp = makeTempDir('csv-injection');
  // Folder names are the default labels: two hostile ones.
  const A = path.join(temp.dir, '-cmd');
  const B = path.join(temp.dir, '+1');
  beforeAll(async () => {
    for (const [preset, out] of [['flash-on', A], ['flash-off', B]] as const) {
      const run = await runCli(['synth', '--preset', preset, '--sessions', '2', '--commits', '500', '--out', out]);
      expect(run.status, run.stderr).toBe(0);
    }
  });
  afterAll(() => temp.remove());

  it.each([
    ['labels from folder names', [], ["'-cmd", "'+1"]],
    ['labels from --labels', ['--labels', '=HYPERLINK("x"),@SUM(A1)'], ["'=HYPERLINK(\"x\")", "'@SUM(A1)"]],
  ])('%s are neutralised; negative differences stay numbers', async (_name, extra, labels) => {
    const run = await runCli(['compare', '--format', 'csv', ...extra, A, '--vs', B]);
    expect(run.status, run.stderr).toBe(0);
    const { data, errors } = parse(run.stdout);
    expect(errors).toEqual([]);
    expect([...new Set(data.filter((r) => r.section !== 'summary').map((r) => r.dataset))]).toEqual(labels);
    // flash on is faster: A − B of the mean is negative, written as a bare number.
    const mean = data.find((r) => r.section === 'summary' && r.statistic === 'mean')!;
    expect(Number(mean.difference)).toBeLessThan(0);
    expect(Number(mean.difference)).toBeCloseTo(Number(mean.a) - Number(mean.b), 6);
    expect(run.stdout).toMatch(/^summary,mean,[\d.e+]+,[\d.e+]+,-[\d.e-]+,/m);
  });
});
