/**
 * A figure whose text in the display unit is its axes' (names and tick labels), its tooltip's and
 * its marker lines' labels ("max 1.234 ms") draws that text on ChartFrame's overlay, a second chart of axes only: a units switch then sets
 * the options of that small chart alone, and the chart of the data is not touched. Merging new
 * labels into the chart of the data (label-patch.ts) made echarts lay out and draw every series
 * again: 15–20 ms for Figure 15.15's density lines and steps, against 1–3 ms for the axes alone
 * (issue 13 §2: a units switch in under 50 ms).
 *
 * The chart of the data is built once for every unit: its unit axes keep their ticks and grid
 * lines, and for names and labels transparent stand-ins as long as the longest of any unit, so the
 * chart keeps the room they take (echarts moves the plot in to fit them) whatever the unit shown;
 * its marker lines draw no labels, and its tooltip asks the option of the unit shown now. The overlay draws those names and labels (the marker lines there are
 * transparent) on the same grid and axis ranges (ChartFrame pins it
 * to the plot area, and fills in the ranges echarts chose where the option leaves them open).
 */
import { useEffect, useMemo, useRef } from 'react';
import type { DisplayUnit } from '../display-units';
import type { EChartsCoreOption } from './echarts-setup';

export type UnitAxis = 'xAxis' | 'yAxis';
type AxisOption = Record<string, unknown>;
type Formatter = (...args: unknown[]) => unknown;
interface SeriesOption {
  id?: string;
  name?: string;
  markLine?: { label?: AxisOption; lineStyle?: AxisOption };
}

const TRANSPARENT = 'rgba(0, 0, 0, 0)';
const seriesOf = (option: EChartsCoreOption) => (Array.isArray(option.series) ? (option.series as SeriesOption[]) : []);

/**
 * Text that takes the room of the longest of `texts` (the first of equal length) and says nothing:
 * digits become 0, letters x
 * (a units switch turns 1,000 µs into 1 ms and 100 µs into 0.1 ms).
 */
export function standIn(texts: readonly string[]): string {
  const longest = texts.reduce((a, b) => (b.length > a.length ? b : a), '');
  return longest.replace(/\d/g, '0').replace(/\p{L}/gu, 'x');
}

/**
 * The option without its text in the unit: `options` is the figure's option in every unit (the
 * first is drawn; the axes' text of all of them is measured), `current()` the option in the unit
 * shown now, for the tooltip.
 */
export function withoutUnitText(options: readonly EChartsCoreOption[], axes: readonly UnitAxis[], current: () => EChartsCoreOption): EChartsCoreOption {
  const option = options[0] as EChartsCoreOption;
  const out: EChartsCoreOption = { ...option };
  for (const key of axes) {
    const axis = option[key] as AxisOption;
    const all = options.map((o) => o[key] as AxisOption);
    const formatters = all.map((a) => (a.axisLabel as AxisOption | undefined)?.formatter as Formatter | undefined);
    const label = (...args: unknown[]) => standIn(formatters.map((f) => (f ? String(f(...args)) : String(args[0]))));
    out[key] = {
      ...axis,
      name: standIn(all.map((a) => String(a.name ?? ''))),
      nameTextStyle: { ...(axis.nameTextStyle as AxisOption), color: TRANSPARENT },
      axisLabel: { ...(axis.axisLabel as AxisOption), formatter: label, color: TRANSPARENT },
    };
  }
  out.series = seriesOf(option).map((s) => (s.markLine ? { ...s, markLine: { ...s.markLine, label: { ...s.markLine.label, show: false } } } : s));
  const tooltip = option.tooltip as AxisOption | undefined;
  if (tooltip?.formatter !== undefined) {
    out.tooltip = { ...tooltip, formatter: (...args: unknown[]) => ((current().tooltip as AxisOption).formatter as Formatter)(...args) };
  }
  return out;
}

/** The unit axes' names and labels and the marker lines' labels alone, on the option's grid and axes; the other axes are there, not drawn. */
export function unitTextOnly(option: EChartsCoreOption, axes: readonly UnitAxis[]): EChartsCoreOption {
  const axis = (key: UnitAxis) => {
    const own = option[key] as AxisOption;
    if (!axes.includes(key)) return { ...own, show: false };
    const hidden = { show: false };
    return { ...own, axisLine: hidden, axisTick: hidden, minorTick: hidden, splitLine: hidden, minorSplitLine: hidden };
  };
  // Each marker line again, transparent, on a series of no data: its label is placed as on the chart.
  const marked = seriesOf(option).flatMap((s) =>
    s.markLine ? [{ ...(s.id !== undefined ? { id: s.id } : {}), name: s.name, type: 'line', data: [], silent: true, animation: false, markLine: { ...s.markLine, lineStyle: { ...s.markLine.lineStyle, color: TRANSPARENT } } }] : [],
  );
  // A dataset hidden in the chart's legend hides its marker's label too: ChartFrame passes the
  // legend's state to this one, which is not drawn.
  const legend = option.legend as AxisOption | undefined;
  return {
    animation: false,
    textStyle: option.textStyle,
    grid: option.grid,
    ...(legend && marked.length > 0 ? { legend: { show: false, data: legend.data } } : {}),
    xAxis: axis('xAxis'),
    yAxis: axis('yAxis'),
    series: marked,
  };
}

/**
 * The chart's option (built once per `dataKey`, in µs, without its unit text), the overlay's (per
 * unit) and the whole option in the unit shown (the exports draw it). `build` makes the figure's
 * option in a unit; `dataKey` stands for everything else it reads (compared by identity).
 */
export function useUnitOverlay(build: (unit: DisplayUnit) => EChartsCoreOption, unit: DisplayUnit, axes: readonly UnitAxis[], dataKey: unknown) {
  // build is a new function each render; dataKey and unit stand for what it reads.
  const whole = useMemo(() => build(unit), [dataKey, unit]);
  const current = useRef(whole);
  useEffect(() => {
    current.current = whole;
  }, [whole]);
  const axesKey = axes.join(',');
  const option = useMemo(() => withoutUnitText([build('us'), build('ms')], axes, () => current.current), [dataKey, axesKey]);
  const overlay = useMemo(() => unitTextOnly(whole, axes), [whole, axesKey]);
  return { option, overlay, exportOption: whole };
}
