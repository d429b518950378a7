'use client';
/**
 * The frame every figure shares: title and subtitle, the PNG/SVG export buttons, and the chart
 * itself, drawn by echarts (SVG renderer unless told otherwise) into a div that browser tests can
 * find (`<testId>-chart`, with data-series-count, and data-ready plus data-draw-ms once echarts
 * reports the drawing finished, progressive chunks included).
 *
 * A figure may lay a second chart over the first (`overlay`): text that changes without its data,
 * such as labels in the display unit, then redraws alone, and the many points under it are not
 * drawn again (issue 13 §2: a units switch in under 50 ms; unit-overlay.ts). data-options-set and
 * data-overlay-set count the setOption calls of each chart, so browser tests can tell what a change
 * redrew.
 */
import { useEffect, useRef, useState } from 'react';
import { exportFigure } from './chart-export';
import styles from './chart-frame.module.css';
import { themedOption, useChartInk } from './chart-theme';
import { echarts, type EChartsCoreOption, type EChartsInstance } from './echarts-setup';

export interface ChartFrameProps {
  /** data-testid of the root element, e.g. "figure-all-waits". */
  testId: string;
  /** Names the downloads: waitscope-<figure>.png / .svg. */
  figure: string;
  title: string;
  subtitle?: string;
  option: EChartsCoreOption;
  /**
   * Drawn by a second echarts instance of the same renderer, laid over the chart with the same size
   * and letting the pointer through; set it (or not) from the first render on.
   */
  overlay?: EChartsCoreOption;
  /** The option the SVG and PNG exports draw when `option` alone is not the whole figure (with an overlay). */
  exportOption?: EChartsCoreOption;
  /** Datasets drawn, exposed as data-series-count. */
  seriesCount: number;
  height?: number;
  /** 'canvas' for figures of very many points (the timeline); read once, when the frame mounts. */
  renderer?: 'svg' | 'canvas';
  /**
   * Wires clicks and brushes to the chart. Called after every setOption (which resets the brush's
   * cursor and the legend state); the function it returns, if any, undoes it.
   */
  interact?: (chart: EChartsInstance) => (() => void) | void;
}

/**
 * The layers of a canvas chart, flattened onto the page's background as a PNG data URL: exactly what is on screen.
 * echarts' own getDataURL leaves out the progressive layer, i.e. every point of the timeline.
 */
function composeCanvases(div: HTMLDivElement, background: string): string | undefined {
  const layers = Array.from(div.querySelectorAll('canvas'));
  const first = layers[0];
  if (!first) return undefined;
  const out = document.createElement('canvas');
  out.width = first.width;
  out.height = first.height;
  const context = out.getContext('2d');
  if (!context) return undefined;
  context.fillStyle = background;
  context.fillRect(0, 0, out.width, out.height);
  // DOM order is layer order (zrender appends a layer's canvas above the ones below it).
  for (const layer of layers) context.drawImage(layer, 0, 0, out.width, out.height);
  return out.toDataURL('image/png');
}

/**
 * The chart's plot area (px), as echarts laid it out, as an overlay's grid: pinned there (no
 * layout of its own from its labels), the overlay's axes and lines lie exactly over the chart's.
 * echarts has no public call for it; null if its model does not tell.
 */
function plotArea(instance: EChartsInstance): { left: number; top: number; width: number; height: number; outerBoundsMode: 'none' } | null {
  type Rect = { x: number; y: number; width: number; height: number };
  const model = (instance as unknown as { getModel?: () => { getComponent: (type: string, index: number) => { coordinateSystem?: { getRect?: () => Rect } } | undefined } | undefined }).getModel?.();
  const rect = model?.getComponent('grid', 0)?.coordinateSystem?.getRect?.();
  return rect ? { left: rect.x, top: rect.y, width: rect.width, height: rect.height, outerBoundsMode: 'none' } : null;
}

/**
 * The overlay's axes with the ranges echarts chose for the chart's where the overlay's option leaves
 * them open (a log axis rounded out to whole decades of its data): the overlay draws no data, so it
 * would choose others. Value axes take the chart's tick interval too.
 */
function pinnedAxes(instance: EChartsInstance, overlay: EChartsCoreOption): EChartsCoreOption {
  type Scale = { getExtent?: () => number[]; getInterval?: () => number };
  const model = (instance as unknown as { getModel?: () => { getComponent: (type: string, index: number) => { axis?: { scale?: Scale } } | undefined } | undefined }).getModel?.();
  const pinned: EChartsCoreOption = {};
  for (const key of ['xAxis', 'yAxis'] as const) {
    const own = overlay[key] as Record<string, unknown> | undefined;
    if (!own || Array.isArray(own) || (own.min !== undefined && own.max !== undefined)) continue;
    const scale = model?.getComponent(key, 0)?.axis?.scale;
    const extent = scale?.getExtent?.();
    if (!extent) continue;
    pinned[key] = { ...own, min: extent[0], max: extent[1], ...(own.type === 'value' && scale?.getInterval ? { interval: scale.getInterval() } : {}) };
  }
  return pinned;
}

/** Which legend entries of the chart are shown (undefined: it has no legend). */
function legendSelected(instance: EChartsInstance): Record<string, boolean> | undefined {
  return (instance.getOption() as { legend?: { selected?: Record<string, boolean> }[] } | undefined)?.legend?.[0]?.selected;
}

function hasOwnLegend(instance: EChartsInstance): boolean {
  return ((instance.getOption() as { legend?: unknown[] } | undefined)?.legend?.length ?? 0) > 0;
}

/** Adds one to a counter attribute of the chart's element, outside React's: counting must not render again. */
function countOn(element: HTMLElement | null, attribute: string) {
  element?.setAttribute(attribute, String(Number(element.getAttribute(attribute) ?? 0) + 1));
}

export function ChartFrame({ testId, figure, title, subtitle, option, overlay, exportOption, seriesCount, height = 420, renderer = 'svg', interact }: ChartFrameProps) {
  const box = useRef<HTMLDivElement>(null);
  const container = useRef<HTMLDivElement>(null);
  const overlayContainer = useRef<HTMLDivElement>(null);
  const chart = useRef<EChartsInstance | null>(null);
  const overlayChart = useRef<EChartsInstance | null>(null);
  const initialRenderer = useRef(renderer);
  const [hasOverlay] = useState(overlay !== undefined);
  const [chartReady, setReady] = useState(false);
  const [overlayReady, setOverlayReady] = useState(true);
  const ready = chartReady && overlayReady;
  const [drawMs, setDrawMs] = useState<number | null>(null);
  const [exportError, setExportError] = useState<string | null>(null);
  const ink = useChartInk();

  // One echarts instance per mounted frame (two with an overlay), resized with its box.
  useEffect(() => {
    const div = container.current;
    const frame = box.current;
    if (!div || !frame) return;
    const instance = echarts.init(div, null, { renderer: initialRenderer.current });
    chart.current = instance;
    const over = overlayContainer.current ? echarts.init(overlayContainer.current, null, { renderer: initialRenderer.current }) : null;
    overlayChart.current = over;
    // The overlay's series (marker labels) follow the chart's legend, when the overlay has one.
    const onLegend = (event: unknown) => {
      if (over && hasOwnLegend(over)) over.setOption({ legend: { selected: (event as { selected: Record<string, boolean> }).selected } });
    };
    instance.on('legendselectchanged', onLegend);
    const observer = new ResizeObserver(() => {
      instance.resize();
      if (!over) return;
      // The chart's plot area moves with its size: the overlay's follows it.
      const area = plotArea(instance);
      if (area) over.setOption({ grid: area });
      over.resize();
    });
    observer.observe(frame);
    return () => {
      observer.disconnect();
      instance.dispose();
      over?.dispose();
      chart.current = null;
      overlayChart.current = null;
    };
  }, []);

  useEffect(() => {
    const instance = chart.current;
    if (!instance) return;
    // Ready when echarts says the drawing is done: with progressive rendering (the timeline) that
    // is several frames after setOption returns, and data-draw-ms is the whole time.
    const started = performance.now();
    let done = false;
    const onFinished = () => {
      if (done) return;
      done = true;
      setDrawMs(Math.round(performance.now() - started));
      setReady(true);
    };
    setReady(false);
    instance.on('finished', onFinished);
    // notMerge: a figure's series change with the datasets and the bucket mode, and merging would
    // keep the series of a dataset that is gone.
    instance.setOption(themedOption(option, ink), { notMerge: true });
    countOn(box.current, 'data-options-set');
    return () => {
      instance.off('finished', onFinished);
    };
  }, [option, ink]);

  useEffect(() => {
    const instance = overlayChart.current;
    if (!instance || !overlay) return;
    let done = false;
    const onFinished = () => {
      if (done) return;
      done = true;
      setOverlayReady(true);
    };
    setOverlayReady(false);
    instance.on('finished', onFinished);
    const area = chart.current ? plotArea(chart.current) : null;
    const axes = chart.current ? pinnedAxes(chart.current, overlay) : {};
    const selected = overlay.legend && chart.current ? legendSelected(chart.current) : undefined;
    const legend = selected ? { legend: { ...(overlay.legend as object), selected } } : {};
    instance.setOption(themedOption({ ...overlay, ...axes, ...legend, ...(area ? { grid: area } : {}) }, ink), { notMerge: true });
    countOn(box.current, 'data-overlay-set');
    return () => {
      instance.off('finished', onFinished);
    };
    // After the chart's every setOption too, as its plot area may have moved.
  }, [overlay, option, ink]);

  // After the option effect, so it runs after every setOption that resets the chart (effects run in order).
  useEffect(() => {
    const instance = chart.current;
    if (!instance || !interact) return;
    return interact(instance) ?? undefined;
  }, [option, interact, ink]);

  async function onExport(format: 'png' | 'svg') {
    const div = box.current;
    if (!div) return;
    setExportError(null);
    try {
      const instance = chart.current;
      // A canvas figure's PNG is its canvas (the same picture, in milliseconds); its SVG is drawn again as vectors.
      const raster = format === 'png' && initialRenderer.current === 'canvas' ? composeCanvases(div, ink.bg) : undefined;
      const width = raster ? div.clientWidth : Math.max(640, div.clientWidth);
      await exportFigure(
        { option: exportOption ?? option, legendSelected: instance ? legendSelected(instance) : undefined, title, subtitle, width, height: div.clientHeight, raster },
        format,
        `waitscope-${figure}.${format}`,
      );
    } catch (error) {
      setExportError(`Could not export the ${format.toUpperCase()}: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  return (
    <figure className={styles.frame} data-testid={testId}>
      <div className={styles.header}>
        <div>
          <h3 className={styles.title}>{title}</h3>
          {subtitle && <p className={styles.subtitle}>{subtitle}</p>}
        </div>
        <div className={styles.buttons} role="group" aria-label={`Export ${title}`}>
          <button type="button" onClick={() => void onExport('png')} data-testid={`${testId}-export-png`}>
            PNG
          </button>
          <button type="button" onClick={() => void onExport('svg')} data-testid={`${testId}-export-svg`}>
            SVG
          </button>
        </div>
      </div>
      {exportError && (
        <p className={styles.error} role="alert">
          {exportError}
        </p>
      )}
      <div
        ref={box}
        className={styles.chart}
        style={{ height }}
        data-testid={`${testId}-chart`}
        data-series-count={seriesCount}
        data-ready={ready ? 'true' : 'false'}
        data-draw-ms={drawMs ?? undefined}
        role="img"
        aria-label={subtitle ? `${title}. ${subtitle}` : title}
      >
        <div ref={container} className={styles.layer} />
        {hasOverlay && <div ref={overlayContainer} className={styles.overlay} />}
      </div>
    </figure>
  );
}
