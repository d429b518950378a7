import { describe, expect, it } from 'vitest';
import { keepNameOf } from '@/components/outliers/SharedOutliers';
import { echarts } from '@/components/charts/echarts-setup';
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

describe('packTimeline with the keep line', () => {
  it('splits the points at keepAbove: above it complete, at or below it sampled', () => {
    const t = Float64Array.from([1, 2, 3, 4, 5]);
    const ela = Float64Array.from([50, 100, 101, 7, 0]);
    const packed = packTimeline({ t, ela }, 100);
    expect(Array.from(packed.xy)).toEqual([3, 101]);
    expect(Array.from(packed.sampled)).toEqual([1, 50, 2, 100, 4, 7]);
    expect(packed).toMatchObject({ count: 4, dropped: 1, minT: 1, maxT: 4 });
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

  it('draws wall time on a UTC value axis, a log ela axis, large scatters, and the thresholds as lines', () => {
    const option = timelineOption({ series, unit: 'ms', thresholds: [500_000, 0], timeKind: 'utc' }) as unknown as Option;
    expect(option.useUTC).toBe(true);
    expect(option.xAxis.type).toBe('value');
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

describe('timelineOption: sampled and complete points', () => {
  type Series = { id: string; name: string; symbolSize: number; itemStyle: { color: string }; data: Float64Array; markLine?: { data: { yAxis: number }[]; label: { formatter: string } } };
  it('draws the sample below p99 as a fainter, smaller series of the same legend name, with the p99 line', () => {
    const t = Float64Array.from([1, 2, 3, 4]);
    const ela = Float64Array.from([10, 20, 500, 900]);
    const option = timelineOption({ series: [{ label: 'on', colorIndex: 0, points: { t, ela }, keepAbove: 400 }], unit: 'us', thresholds: [], timeKind: 'utc' }) as unknown as { series: Series[] };
    const sampled = option.series.find((x) => x.id === 'timeline-0-sampled')!;
    const complete = option.series.find((x) => x.id === 'timeline-0')!;
    expect(Array.from(sampled.data)).toEqual([1, 10, 2, 20]);
    expect(Array.from(complete.data)).toEqual([3, 500, 4, 900]);
    expect(sampled.name).toBe(complete.name);
    expect(sampled.symbolSize).toBeLessThan(complete.symbolSize);
    const alpha = (c: string) => Number(/rgba\([^)]*,\s*([\d.]+)\)/.exec(c)![1]);
    expect(alpha(sampled.itemStyle.color)).toBeLessThan(alpha(complete.itemStyle.color) / 2);
    const keep = option.series.find((x) => x.id === 'thresholds')!.markLine!.data as unknown as { yAxis: number; label: { formatter: string } }[];
    expect(keep.map((k) => k.yAxis)).toEqual([400]);
    expect(keep[0]!.label.formatter).toBe('on: p99 400 µs, every wait above, a sample below');
    // The lines' own layer is above the points' (a marker does not take its series' layer).
    const layers = option.series as unknown as { id: string; zlevel: number; markLine?: { zlevel?: number } }[];
    const pointsLayer = Math.max(...layers.filter((x) => x.id.startsWith('timeline-')).map((x) => x.zlevel));
    expect(layers.find((x) => x.id === 'thresholds')!.markLine!.zlevel).toBeGreaterThan(pointsLayer);
  });

  it('labels a line that is not the p99 as what it is (a shared report cut to its longest waits)', () => {
    const t = Float64Array.from([1, 2]);
    const ela = Float64Array.from([10, 30_000]);
    const option = timelineOption({
      series: [{ label: 'on', colorIndex: 0, points: { t, ela }, keepAbove: 25_001, keepName: keepNameOf(25_001, 1_656) }],
      unit: 'us',
      thresholds: [],
      timeKind: 'utc',
    }) as unknown as { series: Series[] };
    const keep = option.series.find((x) => x.id === 'thresholds')!.markLine!.data as unknown as { label: { formatter: string } }[];
    expect(keep[0]!.label.formatter).toBe('on: the longest 5,000 from 25,001 µs, every wait above, a sample below');
    // At the dataset's own p99 the line is the p99; without a p99 (under 100 waits) it is never called one.
    expect(keepNameOf(1_656, 1_656)).toBe('p99');
    expect(keepNameOf(1_656, null)).toBe('the longest 5,000 from');
  });

  it('marks nothing when keepAbove is 0: every wait is a point', () => {
    const option = timelineOption({ series: [{ label: 'on', colorIndex: 0, points: { t: Float64Array.of(1, 2), ela: Float64Array.of(10, 900) }, keepAbove: 0 }], unit: 'us', thresholds: [], timeKind: 'utc' }) as unknown as { series: Series[] };
    expect(option.series.map((x) => x.id)).toEqual(['timeline-0', 'thresholds']);
    expect(Array.from(option.series[0]!.data)).toEqual([1, 10, 2, 900]);
  });
});

describe('timelineOption: wall-clock ticks', () => {
  /** The x-axis labels of the option rendered off screen by echarts itself: [centre x, text]. */
  function xLabels(t: Float64Array, width: number): { x: number; text: string }[] {
    const ela = Float64Array.from(t, (_, i) => 100 + (i % 97) * 10);
    const chart = echarts.init(null, null, { renderer: 'svg', ssr: true, width, height: 420 });
    try {
      chart.setOption({ ...timelineOption({ series: [{ label: 'a', colorIndex: 0, points: { t, ela } }], unit: 'us', thresholds: [], timeKind: 'utc' }), animation: false } as never);
      const svg = chart.renderToSVGString();
      // Labels below the plot (grid bottom 64 px of 420); the axis name is the longest, left out.
      const texts = [...svg.matchAll(/<text[^>]*transform="translate\(([\d.]+) ([\d.]+)\)"[^>]*>([^<]*)<\/text>/g)]
        .map((m) => ({ x: Number(m[1]), y: Number(m[2]), text: m[3]! }))
        .filter((l) => l.y > 420 - 64 && l.x > 72 && !l.text.startsWith('wall-clock'));
      const byX = new Map<number, string[]>();
      for (const l of texts) byX.set(Math.round(l.x), [...(byX.get(Math.round(l.x)) ?? []), l.text]);
      return [...byX].map(([x, lines]) => ({ x, text: lines.join(' ') })).sort((a, b) => a.x - b.x);
    } finally {
      chart.dispose();
    }
  }

  it.each([
    [Date.UTC(2026, 0, 25, 7, 13), 10],
    [Date.UTC(2026, 0, 28, 7, 13), 17],
    [Date.UTC(2026, 0, 20, 7, 13), 23],
    [Date.UTC(2026, 0, 3, 7, 13), 40],
    [Date.UTC(2026, 0, 15, 7, 13), 60],
  ])('from %s over %s days: distinct ISO dates, evenly spaced, none overlapping', (start, days) => {
    const n = 2000;
    const t = Float64Array.from({ length: n }, (_, i) => start + (i / (n - 1)) * days * 86_400_000);
    for (const width of [700, 1200]) {
      const labels = xLabels(t, width);
      expect(labels.length, `${width} px`).toBeGreaterThanOrEqual(2);
      expect(new Set(labels.map((l) => l.text)).size, labels.map((l) => l.text).join(' | ')).toBe(labels.length);
      for (const l of labels) expect(l.text).toMatch(/^\d{4}-\d\d-\d\d$/);
      // Evenly spaced in time: the same number of days between neighbours.
      const dayNumbers = labels.map((l) => Date.parse(`${l.text}T00:00:00Z`) / 86_400_000);
      const gaps = dayNumbers.slice(1).map((d, i) => d - dayNumbers[i]!);
      expect(new Set(gaps).size).toBe(1);
      // 12 px system-ui digits are under 7.5 px wide: centres further apart than a label plus 8 px never touch.
      for (let i = 1; i < labels.length; i++) expect(labels[i]!.x - labels[i - 1]!.x).toBeGreaterThan(10 * 7.5 + 8);
    }
  });
});
