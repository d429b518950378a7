import { describe, expect, it } from 'vitest';
import { formatTimelineTime, packTimeline, timelineAxisName, timelineOption, timelineYRange } from '@/components/charts/timeline-option';

describe('packTimeline', () => {
  it('interleaves t and ela, leaving out ela ≤ 0 and non-finite values, with the ela extremes', () => {
    const t = Float64Array.from([1000, 2000, 3000, 4000, NaN, 6000]);
    const ela = Float64Array.from([5, 0, 700, -1, 9, 30]);
    const packed = packTimeline({ t, ela });
    expect(Array.from(packed.xy)).toEqual([1000, 5, 3000, 700, 6000, 30]);
    expect(packed).toMatchObject({ count: 3, dropped: 3, minEla: 5, maxEla: 700 });
  });

  it('keeps epoch ms of today exactly (Float64, not Float32)', () => {
    const ms = Date.UTC(2019, 6, 9, 9, 57, 27, 469) + 0.6;
    expect(packTimeline({ t: Float64Array.of(ms), ela: Float64Array.of(290_000) }).xy[0]).toBe(ms);
  });
});

describe('timelineYRange', () => {
  it('spans whole decades around the waits and the thresholds', () => {
    const packed = [packTimeline({ t: Float64Array.of(0, 1), ela: Float64Array.of(3, 40_000) })];
    expect(timelineYRange(packed, [])).toEqual({ min: 1, max: 100_000 });
    expect(timelineYRange(packed, [500_000])).toEqual({ min: 1, max: 1_000_000 });
    expect(timelineYRange(packed, [0, -5])).toEqual({ min: 1, max: 100_000 });
  });

  it('gives a decade for a single value and null without points', () => {
    expect(timelineYRange([packTimeline({ t: Float64Array.of(0), ela: Float64Array.of(100) })], [])).toEqual({ min: 100, max: 1000 });
    expect(timelineYRange([packTimeline({ t: new Float64Array(0), ela: new Float64Array(0) })], [1000])).toBeNull();
  });
});

describe('formatTimelineTime', () => {
  // 2019-07-09T16:57:27.469600Z as ms on the axis.
  const ms = Date.UTC(2019, 6, 9, 16, 57, 27) + 469.6;
  it('writes UTC with +00:00, local wall time unshifted and marked, and the raw tim', () => {
    expect(formatTimelineTime(ms, 'utc')).toBe('2019-07-09T16:57:27.469600+00:00');
    expect(formatTimelineTime(ms, 'local')).toBe('2019-07-09T16:57:27.469600 (local)');
    expect(formatTimelineTime(123_456_789.012, 'tim')).toBe('tim=123456789012');
  });
});

describe('timelineOption', () => {
  const series = [
    { label: 'on', colorIndex: 0, points: { t: Float64Array.of(1, 2, 3), ela: Float64Array.of(10, 20, 0) } },
    { label: 'on', colorIndex: 1, points: { t: Float64Array.of(1, 2), ela: Float64Array.of(30, 40) } },
  ];
  type Option = {
    useUTC: boolean;
    xAxis: { type: string; name: string };
    yAxis: { type: string; min: number; max: number };
    legend: { data: string[] };
    series: { type: string; large?: boolean; data: Float64Array | unknown[]; markLine?: { data: { yAxis: number }[] } }[];
  };

  it('draws wall time on a UTC time axis, a log ela axis, large scatters, and the thresholds as lines', () => {
    const option = timelineOption({ series, unit: 'ms', thresholds: [500_000, 0], timeKind: 'utc' }) as unknown as Option;
    expect(option.useUTC).toBe(true);
    expect(option.xAxis.type).toBe('time');
    expect(option.xAxis.name).toMatch(/UTC/);
    expect(option.yAxis).toMatchObject({ type: 'log', min: 10, max: 1_000_000 });
    expect(option.legend.data).toEqual(['on', 'on (2)']);
    expect(option.series).toHaveLength(3);
    expect(option.series[0]!).toMatchObject({ type: 'scatter', large: true });
    expect(Array.from(option.series[0]!.data as Float64Array)).toEqual([1, 10, 2, 20]);
    expect(option.series[2]!.markLine!.data).toEqual([{ yAxis: 500_000 }]);
  });

  it('names each kind of time, and puts raw tim on a value axis', () => {
    const tim = timelineOption({ series, unit: 'us', thresholds: [], timeKind: 'tim' }) as unknown as Option;
    expect(tim.xAxis.type).toBe('value');
    expect(timelineAxisName('local')).toMatch(/local/);
    expect(timelineAxisName('tim')).toMatch(/tim/);
  });
});
