// The heat map's option (issue 15 §3): every non-empty cell is drawn once with its count, the colour
// scale starts at 1 wait, the lines sit at the interval centres, and the labels are Oracle's.
import { describe, expect, it } from 'vitest';
import { bucketLabel, heatColourRange, heatMapOption, heatX0, heatX1, sinceStartLabel } from '@/components/charts/heat-map-option';
import { latencyOverTime } from '@/lib/stats/latency-over-time';
import type { DatasetHeatMap } from '@/lib/worker/over-time-request';

const S = 1_000_000;
// Three waits in interval 0 ([0, 10 s)), one in interval 2; bucket rows [512, 1024) and [1024, 2048).
function map(): DatasetHeatMap {
  const cut = latencyOverTime(Float64Array.of(600, 700, 1500, 900), Float64Array.of(1 * S, 2 * S, 3 * S, 25 * S), new Int32Array(4), { intervalMicros: 10 * S, domain: 0 });
  return { ...cut, axis: 'utc', datasetId: 'd1', label: 'one' };
}

type Option = { series: { type: string; name: string; data: unknown[]; markArea?: { data: { xAxis: number }[][] } }[]; xAxis: { min: number; max: number }[]; visualMap: { min: number; max: number } };

describe('heatMapOption', () => {
  const m = map();
  const option = heatMapOption({ map: m, unit: 'us', colour: 'count', axis: 'clock', colourRange: heatColourRange([m], 'count') }) as unknown as Option;
  const cells = (option.series.find((s) => s.type === 'heatmap')!.data as { value: number[] }[]).map((c) => c.value);

  it('draws each non-empty cell once, with its count, and the counts add up to the waits', () => {
    // (interval, bucket row, log10 count, count, µs): 600 and 700 in row 0 of interval 0, 1500 in row 1, 900 in row 0 of interval 2.
    expect(cells.map(([iv, b, , n, us]) => [iv, b, n, us])).toEqual([[0, 0, 2, 1300], [0, 1, 1, 1500], [2, 0, 1, 900]]);
    expect(cells.reduce((sum, c) => sum + c[3]!, 0)).toBe(4);
  });

  it('gives each cell a border of its own colour (no anti-aliased hairline between cells), lightest at 1 wait', () => {
    const styled = option.series.find((s) => s.type === 'heatmap')!.data as { value: number[]; itemStyle: { color: string; borderColor: string } }[];
    for (const c of styled) expect(c.itemStyle.borderColor).toBe(c.itemStyle.color);
    // The 1-wait cells sit at the bottom of the scale: the ramp's first colour, #fff7bc.
    expect(styled.find((c) => c.value[3] === 1)!.itemStyle.color).toBe('rgba(255,247,188,1)');
  });

  it('spans x from the first interval start to the last interval end, in ms', () => {
    expect([option.xAxis[0]!.min, option.xAxis[0]!.max]).toEqual([0, 30_000]);
    expect([heatX0(m, 'since-start'), heatX1(m, 'since-start')]).toEqual([0, 30_000]);
  });

  it('puts the p50 at each interval centre and leaves the empty interval out', () => {
    const p50 = option.series.find((s) => s.name === 'p50')!.data;
    // Interval 0: 600, 700, 1500 → 700 (type 7, h = 2); intervals 1 and 2 have under 2 waits.
    expect(p50).toEqual([[5000, 700], [15_000, null], [25_000, null]]);
  });

  it('greys the stretches before the first wait (1 s) and after the last (25 s)', () => {
    const areas = option.series.find((s) => s.name === 'no trace')!.markArea!.data;
    expect(areas.map((a) => [a[0]!.xAxis, a[1]!.xAxis])).toEqual([[0, 1000], [25_000, 30_000]]);
  });

  it('starts the colour scale at 1 wait, however many the smallest cell holds', () => {
    // Cells of 2 and 1 waits here: log10 from 0 to log10 2, widened to a decade.
    expect(option.visualMap).toMatchObject({ min: 0, max: 1 });
    const big = { ...m, count: Float64Array.of(500, 0, 0, 0, 800, 0) };
    expect(heatColourRange([big], 'count')).toEqual({ min: 0, max: Math.log10(800) });
  });
});

describe('heatMapOption parts: a units switch redraws the labels only', () => {
  const m = map();
  const input = { map: m, unit: 'ms' as const, colour: 'count' as const, axis: 'clock' as const, colourRange: { min: 0, max: 1 } };
  type Parted = { series: unknown[]; yAxis: { data?: string[]; axisLabel?: { color: string } }[] | { data: string[]; axisLabel: { color: string } } };
  it('the cells part draws the cells with its bucket labels transparent', () => {
    const cells = heatMapOption(input, 'cells') as unknown as Parted;
    expect((cells.yAxis as { axisLabel: { color: string } }[])[0]!.axisLabel.color).toBe('rgba(0, 0, 0, 0)');
    expect(cells.series.length).toBeGreaterThan(0);
  });
  it('the labels part draws the buckets in the unit and no series', () => {
    const labels = heatMapOption(input, 'labels') as unknown as Parted;
    expect((labels.yAxis as { data: string[] }).data).toEqual(['< 1.024 ms', '< 2.048 ms']);
    expect(labels.series).toEqual([]);
  });
});

describe('labels', () => {
  it("writes buckets as Oracle labels them, in the page's unit", () => {
    expect(bucketLabel({ lowerBound: 512, upperBound: 1024 }, 'us')).toBe('< 1,024 µs');
    expect(bucketLabel({ lowerBound: 512, upperBound: 1024 }, 'ms')).toBe('< 1.024 ms');
    expect(bucketLabel({ lowerBound: 2 ** 32, upperBound: null }, 'us')).toBe('≥ 4,294,967,296 µs');
  });
  it('writes time since the start as +h:mm:ss', () => {
    expect(sinceStartLabel(0)).toBe('+0:00:00');
    expect(sinceStartLabel(3_723_000)).toBe('+1:02:03');
    expect(sinceStartLabel(1500)).toBe('+0:00:01.500');
    expect(sinceStartLabel(999.6)).toBe('+0:00:01');
  });
});
