// The timeline drawn as two charts (issue 13 §2): 'points' shows no text in a unit (so a units
// switch does not draw its 400,000 points again), 'labels' shows that text and nothing else.
import { describe, expect, it } from 'vitest';
import { timelineOption } from '@/components/charts/timeline-option';

type Label = { show?: boolean; formatter: string | ((p: { value?: number }) => string) };
type Axis = { type: string; min?: number; max?: number; show?: boolean; name?: string; nameTextStyle?: { color: string }; axisLabel: { color: string; width?: number; formatter: (v: number) => string }; axisLine?: { show: boolean }; splitLine?: { show?: boolean } };
type MarkItem = { yAxis: number; lineStyle?: { color: string }; label?: Label };
type Series = { type: string; data: Float64Array | unknown[]; markLine?: { lineStyle: { color: string }; label: Label; data: MarkItem[] } };
type Option = { xAxis: Axis; yAxis: Axis; series: Series[]; tooltip?: unknown; legend?: unknown };

const TRANSPARENT = 'rgba(0, 0, 0, 0)';
// Waits of 20 and 40,000 µs: the y axis spans 10–100,000 µs; 'on' keeps every wait above 30 µs.
const series = [{ label: 'on', colorIndex: 0, points: { t: Float64Array.of(1, 2), ela: Float64Array.of(20, 40_000) }, keepAbove: 30 }];
const input = (unit: 'us' | 'ms') => ({ series, unit, thresholds: [50_000], timeKind: 'utc' as const, yLabelWidth: 37 });
const lines = (o: Option) => o.series.find((s) => s.markLine)!.markLine!;
const text = (label: Label, value: number) => (typeof label.formatter === 'string' ? label.formatter : label.formatter({ value }));

describe("timelineOption's parts", () => {
  it("'points' draws the points and lines, with the axis' text transparent and no line labels", () => {
    const points = timelineOption(input('us'), undefined, 'points') as unknown as Option;
    expect(points.series.filter((s) => s.type === 'scatter' && (s.data as Float64Array).length > 0)).toHaveLength(2);
    expect(points.yAxis.axisLabel.color).toBe(TRANSPARENT);
    expect(points.yAxis.nameTextStyle?.color).toBe(TRANSPARENT);
    // The labels' room is the same in every part: the given width.
    expect(points.yAxis.axisLabel.width).toBe(37);
    expect(lines(points).label.show).toBe(false);
    expect(lines(points).data.map((d) => d.label?.show)).toEqual([undefined, false]);
    expect(lines(points).lineStyle.color).not.toBe(TRANSPARENT);
  });

  it("'labels' draws the y axis' name, ticks and line labels in the unit, on the same y range, and nothing else", () => {
    const labels = timelineOption(input('ms'), undefined, 'labels') as unknown as Option;
    const whole = timelineOption(input('ms')) as unknown as Option;
    expect(labels.yAxis).toMatchObject({ type: 'log', min: 10, max: 100_000, name: 'wait time (ms, log scale)' });
    expect(labels.yAxis).toMatchObject({ min: whole.yAxis.min, max: whole.yAxis.max });
    expect(labels.yAxis.axisLabel.formatter(100)).toBe('0.1');
    expect(labels.yAxis.axisLabel.width).toBe(37);
    expect(labels.yAxis.axisLine?.show).toBe(false);
    expect(labels.yAxis.splitLine?.show).toBe(false);
    expect(labels.xAxis.show).toBe(false);
    expect(labels.tooltip).toBeUndefined();
    expect(labels.legend).toBeUndefined();
    expect(labels.series).toHaveLength(1);
    expect(labels.series[0]!.data).toEqual([]);
    const marks = lines(labels);
    expect(marks.lineStyle.color).toBe(TRANSPARENT);
    expect(marks.data.map((d) => d.yAxis)).toEqual([50_000, 30]);
    expect(marks.data[1]!.lineStyle?.color).toBe(TRANSPARENT);
    expect(text(marks.label, 50_000)).toBe('50.000 ms');
    expect(text(marks.data[1]!.label!, 30)).toBe('on: p99 0.030 ms, every wait above, a sample below');
  });

  it("'whole' draws everything visible, as before the split", () => {
    const whole = timelineOption(input('us')) as unknown as Option;
    expect(whole.yAxis.axisLabel.color).not.toBe(TRANSPARENT);
    expect(whole.yAxis.nameTextStyle).toBeUndefined();
    expect(whole.yAxis.name).toBe('wait time (µs, log scale)');
    expect(lines(whole).label.show).toBe(true);
    expect(text(lines(whole).label, 50_000)).toBe('50,000 µs');
    expect(lines(whole).lineStyle.color).not.toBe(TRANSPARENT);
  });
});
