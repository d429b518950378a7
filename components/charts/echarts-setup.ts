/**
 * The one place echarts is assembled: modular imports only, so the bundle carries the line chart
 * and the few components the figures use instead of all of echarts (~1 MB). Histograms are
 * drawn as step outlines of line series (step-outline.ts), so no bar chart is needed.
 * Only the SVG renderer is registered: figures draw on screen with it, export renders the same
 * option to an SVG string off screen (SSR mode), and the PNG is that SVG drawn into a canvas
 * (chart-export.ts), so both files show exactly the same picture.
 */
import { LineChart } from 'echarts/charts';
import { GridComponent, LegendComponent, MarkLineComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { SVGRenderer } from 'echarts/renderers';

echarts.use([LineChart, GridComponent, LegendComponent, MarkLineComponent, TooltipComponent, SVGRenderer]);

export { echarts };
export type { EChartsCoreOption } from 'echarts/core';
