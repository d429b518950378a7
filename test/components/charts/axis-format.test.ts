import { describe, expect, it } from 'vitest';
import { formatPercentile, formatTimeTick, percentileTickLabel, timeAxisName } from '@/components/charts/axis-format';

describe('percentileTickLabel', () => {
  it('names the decades of 1/(1−p) as percentiles, one more 9 each', () => {
    expect([1, 10, 100, 1000, 1e4, 1e6].map(percentileTickLabel)).toEqual(['min', 'p90', 'p99', 'p99.9', 'p99.99', 'p99.9999']);
  });

  it('labels other ticks with their rounded percentile, and nothing below 1', () => {
    expect(percentileTickLabel(2)).toBe('p50');
    expect(percentileTickLabel(0.5)).toBe('');
  });
});

describe('time ticks', () => {
  it('converts µs to the display unit with only the decimals a tick needs', () => {
    expect(formatTimeTick(100_000, 'us')).toBe('100,000');
    expect(formatTimeTick(100_000, 'ms')).toBe('100');
    expect(formatTimeTick(10, 'ms')).toBe('0.01');
    expect(formatTimeTick(2134, 'ms')).toBe('2.134');
  });

  it('names the unit and the scale on the axis', () => {
    expect(timeAxisName('ms', 'log')).toBe('wait time (ms, log scale)');
    expect(timeAxisName('us', 'linear')).toBe('wait time (µs)');
  });

  it('formats tooltip percentiles without float noise', () => {
    expect(formatPercentile(0.999)).toBe('p99.9');
    expect(formatPercentile(1 - 1 / 10 ** 4.5)).toBe('p99.996838');
    expect(formatPercentile(0)).toBe('min');
  });
});
