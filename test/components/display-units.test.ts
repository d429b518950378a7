// The formatters made once give the text toLocaleString('en-US', …) gives (ECMA-402 defines that
// as a new Intl.NumberFormat with the same options), for counts, line numbers and ms/µs values.
import { describe, expect, it } from 'vitest';
import { formatCount, formatFixed, formatNumber, formatRelative, formatStatistic, formatTime, numberFormat } from '../../components/display-units';

const values = [0, 1, 7, 999, 1000, 1234.5, 12_345_678, 4_000_000, 0.0004, 0.001, 0.25, 2.5, 99.999, 1e15, -1234, NaN];

describe('display-units formatters', () => {
  it('formatNumber and formatCount write 1,234,567 as toLocaleString does', () => {
    expect(formatNumber(1_234_567)).toBe('1,234,567');
    expect(formatNumber(1234.5)).toBe('1,234.5');
    for (const v of values) expect(formatNumber(v), String(v)).toBe(v.toLocaleString('en-US'));
    expect(formatCount(4_000_000)).toBe('4,000,000');
    expect(formatCount(null)).toBe('–');
  });

  it('numberFormat(options) is made once per set of options, with toLocaleString’s text', () => {
    const options = { maximumFractionDigits: 3 };
    expect(numberFormat(options)).toBe(numberFormat({ maximumFractionDigits: 3 }));
    expect(numberFormat(options).format(0.0015)).toBe('0.002');
    for (const v of values) expect(numberFormat({ maximumSignificantDigits: 2 }).format(v)).toBe(v.toLocaleString('en-US', { maximumSignificantDigits: 2 }));
  });

  it('formatTime: whole µs with separators, ms to the µs', () => {
    expect(formatTime(1_234_567, 'us')).toBe('1,234,567');
    expect(formatTime(1_234_567, 'ms')).toBe('1,234.567');
    expect(formatTime(2.5, 'us')).toBe('2.50');
    expect(formatTime(0.25, 'us')).toBe('0.250');
    expect(formatTime(500, 'ms', { withUnit: true })).toBe('0.500 ms');
    // Bin edges and other labels stay whole.
    expect(formatTime(1_258.925, 'us')).toBe('1,259');
    // A statistic: a median of whole µs (R type 7) is often a half, kept as the CLI writes it, not 5,901.
    expect(formatStatistic(5_900.5, 'us')).toBe('5,900.5');
    expect(formatStatistic(5_110.75, 'us')).toBe('5,110.8');
    expect(formatStatistic(-3_999.5, 'us')).toBe('-3,999.5');
    // Tenths that round to a whole µs, and small values, as formatTime writes them.
    expect(formatStatistic(10_589.99999, 'us')).toBe('10,590');
    expect(formatStatistic(46.54, 'us')).toBe('46.54');
    expect(formatStatistic(5_900.5, 'ms')).toBe('5.901');
  });
});

describe('one thousands separator on every number (issue 17 §4)', () => {
  it('writes a relative change of 1,000% or more, and a fixed-decimal figure, with it', () => {
    expect(formatRelative(35.761)).toBe('+3,576.1%');
    expect(formatRelative(-0.176)).toBe('\u221217.6%');
    expect(formatRelative(0)).toBe('0.0%');
    expect(formatFixed(1960.04, 1)).toBe('1,960.0');
    expect(formatFixed(2.5, 0)).toBe('3');
  });
});
