import { describe, expect, it } from 'vitest';
import { allWaitsOption, allWaitsView } from '@/components/charts/all-waits-option';
import { renderFigureSvg, wrapWords } from '@/components/charts/chart-export';
import { spectrumOption } from '@/components/charts/spectrum-option';
import { topWaitsOption, topWaitsView } from '@/components/charts/top-waits-option';
import { buildReport } from '@/lib/report/build-report';
import { bookExperimentWaits } from '@/lib/synth/book-experiment';

// A small report of the book's two configurations, through the same builder the page uses.
const report = buildReport(
  (['flash-on', 'flash-off'] as const).map((preset) => {
    const waits = bookExperimentWaits(preset, { sessions: 2, commits: 2000 });
    return { id: preset, label: preset === 'flash-on' ? 'on <&>' : 'off', source: 'synthetic' as const, values: waits.values, sessions: waits.sessions, files: [] };
  }),
  { event: 'log file sync', baseline: 1, bootstrap: false, generatorVersion: 'test', createdAt: '2026-01-01T00:00:00Z' },
);

describe('renderFigureSvg', () => {
  it.each([
    ['all waits', allWaitsOption(report, 'ms', 'log10', allWaitsView(report, 'log10'))],
    ['top waits', topWaitsOption(report, 'us', topWaitsView(report))],
    ['spectrum', spectrumOption(report, 'us')],
  ])('renders the %s figure off screen as one standalone SVG with its title', (_, option) => {
    const { svg, width, height } = renderFigureSvg({ option, title: "Waits of 'log file sync'", subtitle: 'a '.repeat(200), width: 800, height: 400 });
    expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg" width="800"')).toBe(true);
    expect(height).toBeGreaterThan(400);
    expect(width).toBe(800);
    // The chart is nested under the header, the title escaped, the legend labels escaped by echarts.
    expect(svg).toMatch(/<svg x="0" y="\d+" /);
    expect(svg).toContain('Waits of &apos;log file sync&apos;');
    expect(svg).toContain('on &lt;&amp;&gt;');
    expect(svg.match(/<path/g)!.length).toBeGreaterThan(10);
    // The long subtitle was wrapped onto several lines.
    expect(svg.match(/font-size="12"/g)!.length).toBeGreaterThan(2);
  });

  it('leaves out a dataset the legend hides, as the screen does', () => {
    const option = topWaitsOption(report, 'us', topWaitsView(report));
    const both = renderFigureSvg({ option, title: 't', width: 800, height: 400 }).svg;
    const one = renderFigureSvg({ option, title: 't', width: 800, height: 400, legendSelected: { off: false } }).svg;
    expect(one.match(/<path/g)!.length).toBeLessThan(both.match(/<path/g)!.length);
  });
});

describe('wrapWords', () => {
  it('wraps greedily at word boundaries and keeps a long word whole', () => {
    expect(wrapWords('aa bb cc dd', 5)).toEqual(['aa bb', 'cc dd']);
    expect(wrapWords('abcdefgh ij', 5)).toEqual(['abcdefgh', 'ij']);
    expect(wrapWords('', 5)).toEqual([]);
  });
});
