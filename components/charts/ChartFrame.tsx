'use client';
/**
 * The frame every figure shares: title and subtitle, the PNG/SVG export buttons, and the chart
 * itself, drawn by echarts (SVG renderer unless told otherwise) into a div that browser tests can
 * find (`<testId>-chart`, with data-series-count, and data-ready plus data-draw-ms once echarts
 * reports the drawing finished, progressive chunks included).
 */
import { useEffect, useRef, useState } from 'react';
import { exportFigure } from './chart-export';
import styles from './chart-frame.module.css';
import { echarts, type EChartsCoreOption, type EChartsInstance } from './echarts-setup';

export interface ChartFrameProps {
  /** data-testid of the root element, e.g. "figure-all-waits". */
  testId: string;
  /** Names the downloads: waitscope-<figure>.png / .svg. */
  figure: string;
  title: string;
  subtitle?: string;
  option: EChartsCoreOption;
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
 * The layers of a canvas chart, flattened onto white as a PNG data URL: exactly what is on screen.
 * echarts' own getDataURL leaves out the progressive layer, i.e. every point of the timeline.
 */
function composeCanvases(div: HTMLDivElement): string | undefined {
  const layers = Array.from(div.querySelectorAll('canvas'));
  const first = layers[0];
  if (!first) return undefined;
  const out = document.createElement('canvas');
  out.width = first.width;
  out.height = first.height;
  const context = out.getContext('2d');
  if (!context) return undefined;
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, out.width, out.height);
  // DOM order is layer order (zrender appends a layer's canvas above the ones below it).
  for (const layer of layers) context.drawImage(layer, 0, 0, out.width, out.height);
  return out.toDataURL('image/png');
}

export function ChartFrame({ testId, figure, title, subtitle, option, seriesCount, height = 420, renderer = 'svg', interact }: ChartFrameProps) {
  const container = useRef<HTMLDivElement>(null);
  const chart = useRef<EChartsInstance | null>(null);
  const initialRenderer = useRef(renderer);
  const [ready, setReady] = useState(false);
  const [drawMs, setDrawMs] = useState<number | null>(null);
  const [exportError, setExportError] = useState<string | null>(null);

  // One echarts instance per mounted frame, resized with its box.
  useEffect(() => {
    const div = container.current;
    if (!div) return;
    const instance = echarts.init(div, null, { renderer: initialRenderer.current });
    chart.current = instance;
    const observer = new ResizeObserver(() => instance.resize());
    observer.observe(div);
    return () => {
      observer.disconnect();
      instance.dispose();
      chart.current = null;
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
    instance.setOption(option, { notMerge: true });
    return () => {
      instance.off('finished', onFinished);
    };
  }, [option]);

  // After the option effect, so it runs after every setOption (effects run in order).
  useEffect(() => {
    const instance = chart.current;
    if (!instance || !interact) return;
    return interact(instance) ?? undefined;
  }, [option, interact]);

  async function onExport(format: 'png' | 'svg') {
    const div = container.current;
    if (!div) return;
    setExportError(null);
    try {
      const instance = chart.current;
      // A canvas figure's PNG is its canvas (the same picture, in milliseconds); its SVG is drawn again as vectors.
      const raster = format === 'png' && initialRenderer.current === 'canvas' ? composeCanvases(div) : undefined;
      const legend = (instance?.getOption() as { legend?: { selected?: Record<string, boolean> }[] } | undefined)?.legend;
      const width = raster ? div.clientWidth : Math.max(640, div.clientWidth);
      await exportFigure(
        { option, legendSelected: legend?.[0]?.selected, title, subtitle, width, height: div.clientHeight, raster },
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
        ref={container}
        className={styles.chart}
        style={{ height }}
        data-testid={`${testId}-chart`}
        data-series-count={seriesCount}
        data-ready={ready ? 'true' : 'false'}
        data-draw-ms={drawMs ?? undefined}
        role="img"
        aria-label={subtitle ? `${title}. ${subtitle}` : title}
      />
    </figure>
  );
}
