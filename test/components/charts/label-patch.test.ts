// What a units switch merges into a figure whose data did not change (label-patch.ts): axes,
// tooltip and series markers, never a series' data.
import { describe, expect, it } from 'vitest';
import { labelPatch } from '@/components/charts/label-patch';

describe('labelPatch', () => {
  it('keeps the axes, the tooltip and the markers by series id, drops the data and turns off the update animation', () => {
    const formatter = (v: number) => `${v / 1000}`;
    const markLine = { data: [{ xAxis: 5 }], label: { formatter: 'max 0.005 ms' } };
    const option = {
      legend: { data: ['a'] },
      tooltip: { trigger: 'axis' },
      xAxis: { type: 'log', name: 'wait time (ms, log scale)', axisLabel: { formatter } },
      yAxis: { type: 'value', min: 0 },
      series: [
        { id: 'top-0', type: 'line', data: [[1, 2]], markLine },
        { id: 'anchors', type: 'line', data: [[3, 4]] },
      ],
    };
    expect(labelPatch(option)).toEqual({
      animation: false,
      tooltip: option.tooltip,
      xAxis: option.xAxis,
      yAxis: option.yAxis,
      series: [{ id: 'top-0', markLine }, { id: 'anchors' }],
    });
  });
});
