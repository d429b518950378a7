// The split of a figure's option into the chart of the data (no text in the unit) and the overlay
// (only that text), unit-overlay.ts: a units switch then sets the overlay's option alone.
import { describe, expect, it } from 'vitest';
import { standIn, unitTextOnly, withoutUnitText } from '@/components/charts/unit-overlay';

const tick = (v: number) => `${v}`;
const tooltipMs = () => 'in ms';
const option = {
  legend: { top: 0, data: ['A', 'B'] },
  grid: { top: 40, left: 64, right: 40, bottom: 56 },
  textStyle: { color: '#111' },
  tooltip: { trigger: 'axis', formatter: () => 'in µs' },
  xAxis: { type: 'log', min: 10, max: 1000, name: 'wait time (µs, log scale)', axisLabel: { formatter: tick, color: '#666' }, splitLine: { show: true } },
  yAxis: { type: 'value', min: 0, name: 'waits per bin' },
  series: [
    { id: 'top-0', name: 'A', type: 'line', data: [[10, 1]], markLine: { lineStyle: { color: 'red', type: 'dashed' }, label: { formatter: 'max 0.500 ms' }, data: [{ xAxis: 500 }] } },
    { id: 'top-1', name: 'B', type: 'line', data: [[20, 2]] },
  ],
};

describe('standIn', () => {
  it('is as long as the longest text (the first of equal length), digits as 0 and letters as x', () => {
    expect(standIn(['0.1', '100'])).toBe('0.0');
    expect(standIn(['0.01', '10'])).toBe('0.00');
    expect(standIn(['1,000', '1'])).toBe('0,000');
    expect(standIn(['wait time (µs, log scale)', 'wait time (ms)'])).toBe('xxxx xxxx (xx, xxx xxxxx)');
  });
});

describe('withoutUnitText', () => {
  it('draws the unit axis with transparent stand-ins as long as any unit’s text, the markers without labels, and asks the current option for the tooltip', () => {
    const inMs = { ...option, xAxis: { ...option.xAxis, name: 'wait time (ms, log scale)', axisLabel: { formatter: (v: number) => `${v / 1000}`, color: '#666' } } };
    const inUs = { ...option, xAxis: { ...option.xAxis, axisLabel: { formatter: (v: number) => `${v.toLocaleString('en-US')}`, color: '#666' } } };
    const base = withoutUnitText([inUs, inMs], ['xAxis'], () => ({ tooltip: { formatter: tooltipMs } }));
    const x = base.xAxis as { name: string; nameTextStyle: { color: string }; axisLabel: { formatter: (v: number) => string; color: string }; min: number; splitLine: unknown };
    expect(x.name).toBe('xxxx xxxx (xx, xxx xxxxx)');
    expect(x.nameTextStyle.color).toBe('rgba(0, 0, 0, 0)');
    expect(x.axisLabel.color).toBe('rgba(0, 0, 0, 0)');
    // 10 µs is 0.01 ms, 100 µs 0.1 ms (as long: the first), 1,000 µs 1 ms: the longer of each pair.
    expect([10, 100, 1000].map(x.axisLabel.formatter)).toEqual(['0.00', '000', '0,000']);
    expect([x.min, x.splitLine]).toEqual([10, { show: true }]);
    expect(base.yAxis).toBe(option.yAxis);
    expect(base.series).toEqual([
      { ...option.series[0], markLine: { lineStyle: { color: 'red', type: 'dashed' }, label: { formatter: 'max 0.500 ms', show: false }, data: [{ xAxis: 500 }] } },
      option.series[1],
    ]);
    expect((base.tooltip as { trigger: string; formatter: () => string }).trigger).toBe('axis');
    expect((base.tooltip as { formatter: () => string }).formatter()).toBe('in ms');
    expect(base.legend).toBe(option.legend);
  });
});

describe('unitTextOnly', () => {
  it('keeps the unit axis’ name and labels on the same grid and range, the other axis hidden, the markers transparent', () => {
    const hidden = { show: false };
    expect(unitTextOnly(option, ['xAxis'])).toEqual({
      animation: false,
      textStyle: { color: '#111' },
      grid: { top: 40, left: 64, right: 40, bottom: 56 },
      legend: { show: false, data: ['A', 'B'] },
      xAxis: { ...option.xAxis, axisLine: hidden, axisTick: hidden, minorTick: hidden, splitLine: hidden, minorSplitLine: hidden },
      yAxis: { type: 'value', min: 0, name: 'waits per bin', show: false },
      series: [
        {
          id: 'top-0',
          name: 'A',
          type: 'line',
          data: [],
          silent: true,
          animation: false,
          markLine: { lineStyle: { color: 'rgba(0, 0, 0, 0)', type: 'dashed' }, label: { formatter: 'max 0.500 ms' }, data: [{ xAxis: 500 }] },
        },
      ],
    });
  });

  it('has no legend when nothing on it follows one', () => {
    const { series: _, ...noMarkers } = option;
    expect(unitTextOnly({ ...noMarkers, series: [option.series[1]] }, ['xAxis']).legend).toBeUndefined();
  });
});
