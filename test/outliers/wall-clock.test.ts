// Time anchoring: both `***` forms, with and without a UTC offset, nearest anchor, trcsess
// processes, centisecond tim, no anchor and no tim. Every expected time is worked out by hand in
// the comments from the trace lines.
import { describe, expect, it } from 'vitest';
import { DatasetClock, LOCAL_DOMAIN, NO_DOMAIN, UTC_DOMAIN } from '../../lib/outliers/wall-clock';
import { formatMicrosIso, parseStampMicros } from '../../lib/outliers/stamps';
import { analyzeOutliers } from '../../lib/outliers/analyze';
import { datasetOf, fixtureText } from './load';

const lfs = (ela: number, tim: number) => `WAIT #0: nam='log file sync' ela= ${ela} buffer#=1 sync scn=1 p3=0 obj#=-1 tim=${tim}`;
const B11 = 'Oracle Database 11g Enterprise Edition Release 11.2.0.4.0 - 64bit Production';
const B19 = 'Oracle Database 19c Enterprise Edition Release 19.0.0.0.0 - Production\nVersion 19.12.0.0.0';
const utc = (y: number, mo: number, d: number, h: number, mi: number, s: number, us: number) => Date.UTC(y, mo - 1, d, h, mi, s) * 1000 + us;

async function timesOf(text: string) {
  const ds = await datasetOf([{ name: 't.trc', text }]);
  const clock = new DatasetClock(ds);
  const times = Array.from({ length: ds.samples.count }, (_, i) => clock.timeOf(i));
  // The bulk columns must agree with the one-by-one times.
  const cols = clock.columns();
  times.forEach((t, i) => {
    expect(cols.domain[i]).toBe(t.domain);
    if (t.micros === null) expect(cols.micros[i]).toBeNaN();
    else expect(cols.micros[i]).toBe(t.micros);
  });
  return times;
}

describe('stamp text', () => {
  it('reads µs that Date.parse would drop, and writes them back with or without an offset', () => {
    expect(parseStampMicros('2019-07-09T09:57:07.703476')).toBe(utc(2019, 7, 9, 9, 57, 7, 703_476));
    expect(parseStampMicros('2012-08-09 10:15:02.123')).toBe(utc(2012, 8, 9, 10, 15, 2, 123_000));
    expect(parseStampMicros('2012-08-09T10:15:02')).toBe(utc(2012, 8, 9, 10, 15, 2, 0));
    expect(formatMicrosIso(utc(2019, 7, 9, 9, 57, 7, 703_476), -420)).toBe('2019-07-09T09:57:07.703476-07:00');
    expect(formatMicrosIso(utc(2012, 8, 9, 10, 15, 2, 5), null)).toBe('2012-08-09T10:15:02.000005');
    expect(formatMicrosIso(utc(2023, 1, 1, 0, 0, 0, 0), 330)).toBe('2023-01-01T00:00:00.000000+05:30');
  });
});

describe('wall-clock time of a wait', () => {
  it('old form `2012-08-09 10:15:02.123` (no offset): local wall time, flagged local', async () => {
    // Anchor: stamp 10:15:02.123 ↔ tim 1,000,000 (the first WAIT after it).
    // Second wait: tim 1,250,000 = 250,000 µs later → 10:15:02.373000.
    const t = await timesOf(`${B11}\n\n*** 2012-08-09 10:15:02.123\n${lfs(500, 1_000_000)}\n${lfs(700, 1_250_000)}\n`);
    expect(t.map((x) => [x.kind, x.iso, x.domain, x.anchorLine])).toEqual([
      ['local', '2012-08-09T10:15:02.123000', LOCAL_DOMAIN, 3],
      ['local', '2012-08-09T10:15:02.373000', LOCAL_DOMAIN, 3],
    ]);
    expect(t[1]?.micros).toBe(utc(2012, 8, 9, 10, 15, 2, 373_000));
    expect(t[1]?.utcOffsetMinutes).toBeNull();
  });

  it('ISO form with a UTC offset: epoch µs, shown in the stamp’s own offset', async () => {
    // 09:57:07.703476-07:00 ↔ tim 5000; tim 1,005,001 is 1,000,001 µs later → 09:57:08.703477-07:00 = 16:57:08.703477Z.
    const t = await timesOf(`${B19}\n\n*** 2019-07-09T09:57:07.703476-07:00 (EXAMPLESPDB(8))\n${lfs(9, 5000)}\n${lfs(9, 1_005_001)}\n`);
    expect(t[1]).toMatchObject({ kind: 'utc', iso: '2019-07-09T09:57:08.703477-07:00', utcOffsetMinutes: -420, domain: UTC_DOMAIN });
    expect(t[1]?.micros).toBe(utc(2019, 7, 9, 16, 57, 8, 703_477));
  });

  it('ISO form without an offset (trctools no_timezone.trc): local', async () => {
    // 05:28:00.339263 ↔ tim 77; tim 1077 → 05:28:00.340263.
    const t = await timesOf(`${B19}\n\n*** 2023-05-19T05:28:00.339263 (TESTPDB(11))\n${lfs(9, 77)}\n${lfs(9, 1077)}\n`);
    expect(t[1]).toMatchObject({ kind: 'local', iso: '2023-05-19T05:28:00.340263', domain: LOCAL_DOMAIN });
  });

  it('a SESSION ID stamp anchors too, and the nearest anchor by tim wins over the first', async () => {
    // Anchor 1: 10:00:00.000 ↔ tim 1,000,000. Anchor 2: 10:00:10.000 ↔ tim 11,000,100 (the clocks drifted 100 µs).
    // tim 2,000,000: nearer to anchor 1 (1,000,000 away, not 9,000,100) → 10:00:01.000000.
    // tim 10,000,000: nearer to anchor 2 (1,000,100 away, not 9,000,000) → 10:00:10 − 1,000,100 µs = 10:00:08.999900.
    const text = [B11, '', '*** SESSION ID:(7.9) 2012-01-01 10:00:00.000', lfs(1, 1_000_000), lfs(2, 2_000_000), lfs(3, 10_000_000), '*** 2012-01-01 10:00:10.000', lfs(4, 11_000_100), ''].join('\n');
    const t = await timesOf(text);
    expect(t.map((x) => x.iso)).toEqual(['2012-01-01T10:00:00.000000', '2012-01-01T10:00:01.000000', '2012-01-01T10:00:08.999900', '2012-01-01T10:00:10.000000']);
    expect(t.map((x) => x.anchorLine)).toEqual([3, 3, 7, 7]);
  });

  it('trcsess output: each process has its own tim base and anchors', async () => {
    // test/fixtures/trcsess-two-sessions.trc. Process 9850: last stamp before its first tim is
    // `*** CONTAINER ID:(3) 09:57:07.703546-07:00` ↔ tim 664028736517 (line 23; the WAITs in SQL text do not count).
    //   line 28, tim 664028740673: +4,156 µs → 09:57:07.707702-07:00.
    // Process 9857: `CONTAINER ID` 09:57:07.703545 ↔ tim 666395001892 (line 53).
    //   line 58, tim 666395003289: +1,397 µs → 09:57:07.704942-07:00.
    // Process 9850 again: stamp 09:57:07.927529 (line 62) ↔ tim 664028959102 (line 65): the nearest
    //   anchor, although extrapolating from the first would give 07.926131.
    const ds = await datasetOf([{ name: 'trcsess.trc', text: fixtureText('trcsess-two-sessions.trc') }]);
    const clock = new DatasetClock(ds);
    const at = (line: number) => clock.timeOf(Array.from(ds.samples.line).indexOf(line));
    expect(at(28).iso).toBe('2019-07-09T09:57:07.707702-07:00');
    expect(at(58).iso).toBe('2019-07-09T09:57:07.704942-07:00');
    expect(at(65).iso).toBe('2019-07-09T09:57:07.927529-07:00');
    expect(at(65).anchorLine).toBe(62);
  });

  it('centisecond tim (Oracle 8i) is scaled to µs', async () => {
    // 8i writes tim in 1/100 s (trace-format.md §1): tim 100 → 250 is 150 cs = 1.5 s → 12:00:01.500000.
    const text = `Oracle8i Enterprise Edition Release 8.1.7.0.0 - Production\n\n*** 2001-08-11 12:00:00.000\n${lfs(1, 100)}\n${lfs(2, 250)}\n`;
    const t = await timesOf(text);
    expect(t[1]?.iso).toBe('2001-08-11T12:00:01.500000');
  });

  it('without an anchor the raw tim is kept (own domain per process); without tim there is no time', async () => {
    const t = await timesOf(`${B11}\n\n${lfs(1, 123_456)}\n`);
    expect(t[0]).toMatchObject({ kind: 'tim', micros: 123_456, iso: null });
    expect(t[0]?.domain).toBeGreaterThan(LOCAL_DOMAIN);
    const ds = await datasetOf([{ name: '9i.trc', text: fixtureText('v9i-generic-params.trc') }]);
    const clock = new DatasetClock(ds);
    expect(ds.samples.count).toBeGreaterThan(0);
    expect(clock.timeOf(0)).toMatchObject({ kind: 'none', micros: null, domain: NO_DOMAIN });
  });

  it('two files never share a raw-tim domain', async () => {
    const ds = await datasetOf([
      { name: 'a.trc', text: `${B11}\n\n${lfs(1, 5)}\n` },
      { name: 'b.trc', text: `${B11}\n\n${lfs(1, 5)}\n` },
    ]);
    const clock = new DatasetClock(ds);
    expect(clock.timeOf(0).domain).not.toBe(clock.timeOf(1).domain);
  });

  it('says which domains a file’s waits can fall in, so a second pass can skip the others', async () => {
    const ds = await datasetOf([
      { name: 'utc.trc', text: `${B19}\n\n*** 2019-07-09T09:57:07.703476-07:00\n${lfs(9, 5000)}\n` },
      { name: 'local.trc', text: `${B11}\n\n*** 2012-08-09 10:15:02.123\n${lfs(9, 5000)}\n` },
      { name: 'raw.trc', text: `${B11}\n\n${lfs(9, 5000)}\n` },
    ]);
    const clock = new DatasetClock(ds);
    expect([...clock.domainsOfFile(0)]).toEqual([UTC_DOMAIN]);
    expect([...clock.domainsOfFile(1)]).toEqual([LOCAL_DOMAIN]);
    expect([...clock.domainsOfFile(2)]).toEqual([clock.timeOf(2).domain]);
  });
});

describe('tim out of range (issue 12: a 20-digit tim crashed `outliers` with "Invalid time value")', () => {
  const HUGE = '123456789012345678901'; // 1.2e20 µs: 3.9 million years, past 2^53 µs (285 years)

  it('a wait with a 20-digit tim gets no wall-clock time and a named warning; its neighbours keep theirs', async () => {
    // B19 is two lines, so: stamp on line 4, anchor 09:57:07.703476-07:00 ↔ tim 5000 on line 5; line 6
    // has the huge tim; line 7 (tim 1,005,000) is 1 s after the anchor.
    const text = `${B19}\n\n*** 2019-07-09T09:57:07.703476-07:00\n${lfs(9, 5000)}\n${lfs(8, HUGE as unknown as number)}\n${lfs(7, 1_005_000)}\n`;
    const t = await timesOf(text);
    expect(t.map((x) => [x.kind, x.iso, x.domain, x.warning])).toEqual([
      ['utc', '2019-07-09T09:57:07.703476-07:00', UTC_DOMAIN, null],
      ['none', null, NO_DOMAIN, 'tim-out-of-range'],
      ['utc', '2019-07-09T09:57:08.703476-07:00', UTC_DOMAIN, null],
    ]);
    const ds = await datasetOf([{ name: 'big-tim.trc', text }]);
    const analysis = analyzeOutliers(ds, 'd');
    expect(analysis.warnings).toEqual([
      { code: 'tim-out-of-range', count: 1, first: [{ file: 'big-tim.trc', line: 6 }], message: expect.stringContaining('big-tim.trc:6') },
    ]);
    expect(analysis.top.rows.find((r) => r.line === 6)?.time.kind).toBe('none');
  });

  it('an anchor with a huge tim is not used; a wall time past year 9999 is out of range too', async () => {
    // The first wait after the stamp (line 5) would be the anchor: its tim is out of range, so the
    // process has no anchor and line 6 gets its raw tim.
    const noAnchor = await timesOf(`${B19}\n\n*** 2019-07-09T09:57:07.703476-07:00\n${lfs(9, HUGE as unknown as number)}\n${lfs(9, 7000)}\n`);
    expect(noAnchor.map((x) => [x.kind, x.micros, x.warning])).toEqual([
      ['none', null, 'tim-out-of-range'],
      ['tim', 7000, null],
    ]);
    // 9999-12-31T23:59:59 ↔ tim 1; tim 2,000,001 is 2 s later: 10000-01-01T00:00:01, which ISO 8601's four digits cannot write.
    const late = await timesOf(`${B19}\n\n*** 9999-12-31T23:59:59.000000+00:00\n${lfs(9, 1)}\n${lfs(9, 2_000_001)}\n`);
    expect(late.map((x) => [x.kind, x.iso, x.warning])).toEqual([
      ['utc', '9999-12-31T23:59:59.000000+00:00', null],
      ['none', null, 'tim-out-of-range'],
    ]);
  });
});
