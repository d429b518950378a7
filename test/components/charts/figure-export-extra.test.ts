// Export of the figures added for issue 6: the brushable spectrum and the timeline still render
// off screen as SVG (echarts SSR), and a canvas figure's PNG embeds the canvas picture as is.
import { describe, expect, it } from 'vitest';
import { renderFigureSvg } from '@/components/charts/chart-export';
import { spectrumOption } from '@/components/charts/spectrum-option';
import { timelineOption } from '@/components/charts/timeline-option';
import { buildReport } from '@/lib/report/build-report';
import { bookExperimentWaits } from '@/lib/synth/book-experiment';

const waits = bookExperimentWaits('flash-off', { sessions: 1, commits: 3000 });
const report = buildReport([{ id: 'off', label: 'off', source: 'synthetic', values: waits.values, sessions: waits.sessions, files: [] }], {
  event: 'log file sync',
  baseline: 0,
  bootstrap: false,
  generatorVersion: 'test',
  createdAt: '2026-01-01T00:00:00Z',
});

describe('exporting the selectable figures', () => {
  it('the spectrum with a brush has a hidden toolbox and still renders', () => {
    const option = spectrumOption(report, 'ms', { brush: true }) as { brush?: { brushType: string; xAxisIndex: number }; toolbox?: { show: boolean } };
    expect(option.brush).toMatchObject({ brushType: 'lineX', xAxisIndex: 0 });
    expect(option.toolbox?.show).toBe(false);
    expect((spectrumOption(report, 'ms') as { brush?: unknown }).brush).toBeUndefined();
    const { svg } = renderFigureSvg({ option, title: 'spectrum', width: 800, height: 400 });
    expect(svg).toContain('<path');
  });

  it('the timeline renders its typed-array points and threshold label as SVG', () => {
    const t = Float64Array.from(waits.values, (_, i) => Date.UTC(2019, 6, 9, 10) + i * 1000);
    const option = timelineOption({ series: [{ label: 'off', colorIndex: 0, points: { t, ela: waits.values } }], unit: 'ms', thresholds: [500_000], timeKind: 'utc' });
    const { svg } = renderFigureSvg({ option, title: 'timeline', width: 800, height: 400 });
    expect(svg).toContain('500.000 ms');
    expect(svg).toContain('10:00');
    // Large mode draws all points as one path: far longer than the axes alone.
    expect(svg.length).toBeGreaterThan(3000 * 10);
  });

  it('a raster export embeds the given picture under the header instead of rendering the option', () => {
    const raster = 'data:image/png;base64,AAAA';
    const { svg, height } = renderFigureSvg({ option: {}, title: 'a & b', width: 640, height: 300, raster });
    expect(svg).toContain(`<image x="0" y="`);
    expect(svg).toContain(`href="${raster}"`);
    expect(svg).toContain('a &amp; b');
    expect(height).toBeGreaterThan(300);
  });
});
