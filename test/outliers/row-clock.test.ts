// How a listed value's time and process read under its file's clock (lib/outliers/row-clock.ts),
// shared by the CLI's outlier list and the page's tables. Expected texts are written by hand.
import { describe, expect, it } from 'vitest';
import { describeLoggedTime, describeProcess, rowClockOf } from '../../lib/outliers/row-clock';
import type { SampleTime } from '../../lib/outliers/wall-clock';

const time = (t: Partial<SampleTime>): SampleTime => ({ kind: 'tim', micros: null, domain: 2, iso: null, utcOffsetMinutes: null, anchorLine: null, warning: null, ...t });

describe("a listed value's clock", () => {
  it('is a strace or fio log\'s by its banner, else a trace\'s', () => {
    expect(rowClockOf({ banner: 'strace -T output' })).toBe('strace');
    expect(rowClockOf({ banner: 'fio latency log' })).toBe('fio-log');
    expect(rowClockOf({ banner: 'fio JSON output' })).toBe('fio-json');
    expect(rowClockOf({ banner: 'Oracle Database 19c Enterprise Edition Release 19.0.0.0.0 - Production' })).toBe('trace');
    expect(rowClockOf({ banner: null })).toBe('trace');
  });

  it('writes strace -t/-tt times as the time of day, -ttt ones as UTC, and fio log times from the job start', () => {
    // 09:00:01.000250 is 32,401,000,250 µs after midnight.
    expect(describeLoggedTime(time({ micros: 32_401_000_250 }), 'strace')).toBe('09:00:01.000250 (time of day)');
    // A call that started before midnight and was logged after it: its start is the day before's.
    expect(describeLoggedTime(time({ micros: -1_000_000 }), 'strace')).toBe('23:59:59.000000 (time of day)');
    expect(describeLoggedTime(time({ kind: 'utc', micros: 1_764_579_600_000_000, iso: '2025-12-01T09:00:00.000000+00:00', domain: 0, utcOffsetMinutes: 0 }), 'strace')).toBe('2025-12-01T09:00:00.000000+00:00');
    expect(describeLoggedTime(time({ micros: 2_500_125 }), 'fio-log')).toBe("+2.500125 s (from the job's start)");
    // More than a day of strace -ttt is never here (that is UTC); more than a day since a log's start is.
    expect(describeLoggedTime(time({ micros: 90_000_000_000 }), 'strace')).toBe("+90000.000000 s (from the log's start)");
    expect(describeLoggedTime(time({ kind: 'none', domain: -1 }), 'strace')).toBe('(no time in the log)');
    expect(describeLoggedTime(time({ micros: null }), 'fio-log')).toBe('(no time in the log)');
    expect(describeLoggedTime(time({ micros: 5 }), 'fio-json')).toBe('(a histogram bin)');
  });

  it('names the session, else the process, or the fio job', () => {
    expect(describeProcess({ session: '123.4567', pid: '900' }, 'trace')).toBe('123.4567');
    expect(describeProcess({ session: null, pid: '900' }, 'trace')).toBe('pid 900');
    expect(describeProcess({ session: null, pid: '2201' }, 'strace')).toBe('pid 2201');
    expect(describeProcess({ session: null, pid: 'randwrite' }, 'fio-log')).toBe('job randwrite');
    expect(describeProcess({ session: null, pid: '1' }, 'fio-json')).toBe('job 1');
    expect(describeProcess({ session: null, pid: null }, 'strace')).toBeNull();
    expect(describeProcess({ session: null, pid: '' }, 'trace')).toBeNull();
  });
});
