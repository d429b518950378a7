/**
 * The browser side of selecting on a figure: pixels to data coordinates, the legend's shown
 * datasets, and the brush cursor. The mapping from coordinates to waits is pure and lives in
 * figure-selection.ts.
 */
import { echarts, type EChartsInstance } from './echarts-setup';
import { pickBin } from './range-selection';

/** How far above a bar's top (px) a click still counts as inside it: a 1 px outline is hard to hit. */
export const HIT_TOLERANCE_PX = 6;

interface ZrPointerEvent {
  offsetX: number;
  offsetY: number;
}

/** The point under the pointer in the grid's data coordinates, with the y tolerance in y units; null outside the grid. */
export function gridPoint(chart: EChartsInstance, event: ZrPointerEvent): { x: number; y: number; tolerance: number } | null {
  const pixel = [event.offsetX, event.offsetY];
  if (!chart.containPixel('grid', pixel)) return null;
  const at = chart.convertFromPixel('grid', pixel) as number[];
  const below = chart.convertFromPixel('grid', [event.offsetX, event.offsetY + HIT_TOLERANCE_PX]) as number[];
  const [x, y] = at;
  if (x === undefined || y === undefined) return null;
  return { x, y, tolerance: Math.abs(y - (below[1] ?? y)) };
}

/** Which datasets the legend shows, by name, kept up to date from legend events until disposed. */
export function trackLegend(chart: EChartsInstance, names: readonly string[]): { shown: () => boolean[]; dispose: () => void } {
  let selected: Record<string, boolean> = {};
  const onChange = (params: unknown) => {
    selected = { ...((params as { selected?: Record<string, boolean> }).selected ?? {}) };
  };
  chart.on('legendselectchanged', onChange);
  return {
    shown: () => names.map((name) => selected[name] !== false),
    dispose: () => chart.off('legendselectchanged', onChange),
  };
}

/**
 * A click-to-pick interaction: `pick` maps the grid point to something (or null), a click reports
 * it, and the pointer turns into a hand wherever a click would pick something.
 */
export function onGridPick<T>(chart: EChartsInstance, pick: (point: { x: number; y: number; tolerance: number }) => T | null, onPick: (hit: T) => void): () => void {
  const zr = chart.getZr();
  const hitAt = (event: ZrPointerEvent) => {
    const point = gridPoint(chart, event);
    return point ? pick(point) : null;
  };
  const onClick = (event: ZrPointerEvent) => {
    const hit = hitAt(event);
    if (hit !== null) onPick(hit);
  };
  const onMove = (event: ZrPointerEvent) => {
    if (hitAt(event) !== null) zr.setCursorStyle('pointer');
  };
  zr.on('click', onClick);
  zr.on('mousemove', onMove);
  return () => {
    zr.off('click', onClick);
    zr.off('mousemove', onMove);
  };
}

/**
 * Turns the pointer into a lineX brush on the x axis (drag to select a stretch), and reports the
 * stretch in x-axis data values when the drag ends. The brush option of the figure must name
 * xAxisIndex 0; a click without a drag clears the brush and reports nothing.
 */
export function onXBrush(chart: EChartsInstance, onRange: (x0: number, x1: number) => void): () => void {
  chart.dispatchAction({ type: 'takeGlobalCursor', key: 'brush', brushOption: { brushType: 'lineX', brushMode: 'single' } });
  const onEnd = (params: unknown) => {
    const area = (params as { areas?: { coordRange?: unknown }[] }).areas?.[0];
    const range = area?.coordRange;
    if (!Array.isArray(range) || range.length < 2) return;
    const [x0, x1] = range as [number, number];
    if (Number.isFinite(x0) && Number.isFinite(x1)) onRange(Math.min(x0, x1), Math.max(x0, x1));
  };
  chart.on('brushEnd', onEnd);
  return () => chart.off('brushEnd', onEnd);
}

/**
 * The brush component of a figure whose drags select x ranges: on the x axis only, and linked to
 * no series, so brushing never recolours points (with 400,000 points it would also redraw them all).
 */
export const X_BRUSH_OPTION = {
  xAxisIndex: 0,
  seriesIndex: [] as number[],
  brushType: 'lineX',
  brushMode: 'single',
  transformable: false,
  removeOnClick: true,
  brushStyle: { borderWidth: 1, color: 'rgba(31, 58, 95, 0.12)', borderColor: 'rgba(31, 58, 95, 0.6)' },
  outOfBrush: { colorAlpha: 1 },
  toolbox: ['lineX'],
} as const;

/** What a figure with X_BRUSH_OPTION adds to its option: the brush, and the toolbox echarts insists on, hidden. */
export const X_BRUSH = { brush: X_BRUSH_OPTION, toolbox: { show: false, feature: { brush: { type: ['lineX'] } } } } as const;

/**
 * A drag across the x axis drawn by hand in zrender, for the timeline: echarts' brush dispatches
 * an action on every move, which re-runs the series pipeline and redraws all points (a second per
 * move for 400,000 of them). Here the band is one rectangle on layer 0 while the points sit on
 * layer 1, so a move repaints only the band and the axes. Reports the stretch in x-axis data values
 * on release (a drag of under 3 px is a click: it clears the band and reports nothing).
 */
export function onXDrag(chart: EChartsInstance, grid: { top: number; bottom: number; left: number; right: number }, onRange: (x0: number, x1: number) => void): () => void {
  const zr = chart.getZr();
  const band = new echarts.graphic.Rect({
    shape: { x: 0, y: 0, width: 0, height: 0 },
    style: { fill: 'rgba(31, 58, 95, 0.12)', stroke: 'rgba(31, 58, 95, 0.6)', lineWidth: 1 },
    silent: true,
    z: 1000,
    invisible: true,
  });
  zr.add(band);
  let start: number | null = null;
  const clampX = (x: number) => Math.min(Math.max(x, grid.left), chart.getWidth() - grid.right);
  const draw = (x0: number, x1: number) => {
    band.attr({ invisible: false, shape: { x: Math.min(x0, x1), y: grid.top, width: Math.abs(x1 - x0), height: chart.getHeight() - grid.top - grid.bottom } });
  };
  const onDown = (event: ZrPointerEvent) => {
    if (!chart.containPixel('grid', [event.offsetX, event.offsetY])) return;
    start = clampX(event.offsetX);
    draw(start, start);
  };
  const onMove = (event: ZrPointerEvent) => {
    if (start === null) return;
    draw(start, clampX(event.offsetX));
  };
  const onUp = (event: ZrPointerEvent) => {
    if (start === null) return;
    const x0 = start;
    const x1 = clampX(event.offsetX);
    start = null;
    if (Math.abs(x1 - x0) < 3) {
      band.attr({ invisible: true });
      return;
    }
    const y = grid.top + 1;
    const a = (chart.convertFromPixel('grid', [Math.min(x0, x1), y]) as number[])[0];
    const b = (chart.convertFromPixel('grid', [Math.max(x0, x1), y]) as number[])[0];
    if (a !== undefined && b !== undefined && Number.isFinite(a) && Number.isFinite(b)) onRange(Math.min(a, b), Math.max(a, b));
  };
  zr.on('mousedown', onDown);
  zr.on('mousemove', onMove);
  zr.on('mouseup', onUp);
  zr.on('globalout', onUp);
  return () => {
    zr.off('mousedown', onDown);
    zr.off('mousemove', onMove);
    zr.off('mouseup', onUp);
    zr.off('globalout', onUp);
    zr.remove(band);
  };
}

/**
 * Click-to-select on a histogram figure: a click in a bin's column picks that bin (of a dataset the
 * legend shows) and hands the selection it maps to over. Returns the cleanup.
 */
export function pickBinsOn<Selection>(
  chart: EChartsInstance,
  names: readonly string[],
  bins: Parameters<typeof pickBin>[0],
  toSelection: (datasetIndex: number, binIndex: number) => Selection | null,
  onSelect: (selection: Selection) => void,
): () => void {
  const legend = trackLegend(chart, names);
  const stop = onGridPick(
    chart,
    ({ x, y, tolerance }) => pickBin(bins, x, y, tolerance, legend.shown()),
    (hit) => {
      const selection = toSelection(hit.datasetIndex, hit.binIndex);
      if (selection) onSelect(selection);
    },
  );
  return () => {
    stop();
    legend.dispose();
  };
}
