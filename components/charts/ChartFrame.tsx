'use client';
/**
 * The frame every figure shares: title and subtitle, the PNG/SVG export buttons, and the chart
 * itself, drawn by echarts' SVG renderer into a div that browser tests can find
 * (`<testId>-chart`, with data-series-count and data-ready once drawn).
 */
import { useEffect, useRef, useState } from 'react';
import { exportFigure } from './chart-export';
import styles from './chart-frame.module.css';
import { echarts, type EChartsCoreOption } from './echarts-setup';

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
}

type EChartsInstance = ReturnType<typeof echarts.init>;

export function ChartFrame({ testId, figure, title, subtitle, option, seriesCount, height = 420 }: ChartFrameProps) {
  const container = useRef<HTMLDivElement>(null);
  const chart = useRef<EChartsInstance | null>(null);
  const [ready, setReady] = useState(false);
  const [exportError, setExportError] = useState<string | null>(null);

  // One echarts instance per mounted frame, resized with its box.
  useEffect(() => {
    const div = container.current;
    if (!div) return;
    const instance = echarts.init(div, null, { renderer: 'svg' });
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
    // notMerge: a figure's series change with the datasets and the bucket mode, and merging would
    // keep the series of a dataset that is gone.
    chart.current?.setOption(option, { notMerge: true });
    setReady(chart.current !== null);
  }, [option]);

  async function onExport(format: 'png' | 'svg') {
    const div = container.current;
    if (!div) return;
    setExportError(null);
    try {
      const legend = (chart.current?.getOption() as { legend?: { selected?: Record<string, boolean> }[] } | undefined)?.legend;
      await exportFigure(
        { option, legendSelected: legend?.[0]?.selected, title, subtitle, width: Math.max(640, div.clientWidth), height: div.clientHeight },
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
        role="img"
        aria-label={subtitle ? `${title}. ${subtitle}` : title}
      />
    </figure>
  );
}
