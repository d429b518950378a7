/**
 * The one place echarts is assembled: modular imports only, so the bundle carries the line and
 * scatter charts and the few components the figures use instead of all of echarts (~1 MB).
 * Histograms are drawn as step outlines of line series (step-outline.ts), so no bar chart is needed.
 * Figures draw with the SVG renderer; export renders the same option to an SVG string off screen
 * (SSR mode), and the PNG is that SVG drawn into a canvas (chart-export.ts), so both files show
 * exactly the same picture. The canvas renderer is there for the timeline only: its hundreds of
 * thousands of points draw progressively on a canvas, which SVG (one DOM path) cannot do.
 * The heat map of latency over time (issue 15 §3) is echarts' heatmap, coloured by a continuous visualMap.
 * The brush draws the drag selections (spectrum percentiles, timeline windows); its buttons
 * (the toolbox) stay hidden: a drag starts a brush without them (chart-interaction.ts).
 */
import { HeatmapChart, LineChart, ScatterChart } from 'echarts/charts';
import { BrushComponent, GridComponent, LegendComponent, MarkAreaComponent, MarkLineComponent, ToolboxComponent, TooltipComponent, VisualMapContinuousComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer, SVGRenderer } from 'echarts/renderers';

// The brush component always adds a toolbox to the option (its preprocessor); X_BRUSH_OPTION hides it.
echarts.use([LineChart, ScatterChart, HeatmapChart, VisualMapContinuousComponent, BrushComponent, ToolboxComponent, GridComponent, LegendComponent, MarkAreaComponent, MarkLineComponent, TooltipComponent, SVGRenderer, CanvasRenderer]);

export { echarts };
export type { EChartsCoreOption } from 'echarts/core';
export type EChartsInstance = ReturnType<typeof echarts.init>;
