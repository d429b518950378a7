/**
 * PNG and SVG files of a figure, made in the page (nothing leaves the machine). The option is
 * rendered again off screen by echarts' SSR mode into an SVG string, without animation (an export
 * clicked mid-animation would otherwise catch half-drawn lines), with the figure's title on top
 * so a file is understandable on its own. The PNG is that same SVG drawn into a canvas at twice
 * the size, so both files show the same picture.
 */
import { echarts, type EChartsCoreOption } from './echarts-setup';
import { INK } from './palette';
import { download } from '../download';

export interface ExportRequest {
  option: EChartsCoreOption;
  /** Which datasets the legend currently shows (name → shown), so the file matches the screen. */
  legendSelected?: Record<string, boolean>;
  title: string;
  subtitle?: string;
  width: number;
  height: number;
  /**
   * The chart as already drawn on a canvas (a PNG data URL at any scale), used instead of
   * rendering the option again: the timeline's 400,000 points as SVG take seconds to render and
   * tens of seconds to rasterise, while its canvas already holds the picture.
   */
  raster?: string;
}

const TITLE_HEIGHT = 34;
const SUBTITLE_LINE = 16;
/** Average width of a 12 px system-font character: SVG text does not wrap, so lines are cut by count. */
const SUBTITLE_CHAR_WIDTH = 6.4;
const FONT = 'system-ui, -apple-system, Segoe UI, Roboto, Helvetica, Arial, sans-serif';

/** Greedy word wrap to lines of at most `maxChars` characters (a longer word gets a line of its own). */
export function wrapWords(text: string, maxChars: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    if (line && line.length + 1 + word.length > maxChars) {
      lines.push(line);
      line = word;
    } else {
      line = line ? `${line} ${word}` : word;
    }
  }
  if (line) lines.push(line);
  return lines;
}

const escapeXml = (text: string): string =>
  text.replace(/[<>&"']/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c]!);

/** The whole figure as a standalone SVG document: a white page, the title, then the chart. */
export function renderFigureSvg(request: ExportRequest): { svg: string; width: number; height: number } {
  const { width, height } = request;
  const chart = request.raster === undefined ? echarts.init(null, null, { renderer: 'svg', ssr: true, width, height }) : null;
  try {
    if (chart) {
      chart.setOption({ ...request.option, animation: false });
      if (request.legendSelected) chart.setOption({ legend: { selected: request.legendSelected } });
    }
    const lines = request.subtitle ? wrapWords(request.subtitle, Math.floor((width - 32) / SUBTITLE_CHAR_WIDTH)) : [];
    const header = TITLE_HEIGHT + lines.length * SUBTITLE_LINE + 8;
    // The inner <svg> keeps its own size; x/y place it under the header.
    const inner = chart
      ? chart.renderToSVGString().replace(/^<svg /, `<svg x="0" y="${header}" `)
      : `<image x="0" y="${header}" width="${width}" height="${height}" href="${escapeXml(request.raster ?? '')}"/>`;
    const total = height + header;
    const subtitle = lines
      .map((line, i) => `<text x="16" y="${TITLE_HEIGHT + 12 + i * SUBTITLE_LINE}" font-size="12" fill="${INK.muted}">${escapeXml(line)}</text>`)
      .join('');
    const svg =
      `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${total}" viewBox="0 0 ${width} ${total}" font-family="${FONT}">` +
      `<rect width="100%" height="100%" fill="#ffffff"/>` +
      `<text x="16" y="24" font-size="16" font-weight="600" fill="${INK.text}">${escapeXml(request.title)}</text>` +
      subtitle +
      inner +
      `</svg>`;
    return { svg, width, height: total };
  } finally {
    chart?.dispose();
  }
}

/** Draws the SVG into a canvas `scale` times its size and encodes it as PNG. */
export async function svgToPng(svg: string, width: number, height: number, scale = 2): Promise<Blob> {
  const url = URL.createObjectURL(new Blob([svg], { type: 'image/svg+xml' }));
  try {
    const image = new Image();
    image.src = url;
    await image.decode();
    const canvas = document.createElement('canvas');
    canvas.width = Math.round(width * scale);
    canvas.height = Math.round(height * scale);
    const context = canvas.getContext('2d');
    if (!context) throw new Error('this browser gave no 2D canvas to draw the PNG');
    context.drawImage(image, 0, 0, canvas.width, canvas.height);
    return await new Promise<Blob>((resolve, reject) =>
      canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('the canvas could not be encoded as PNG'))), 'image/png'),
    );
  } finally {
    URL.revokeObjectURL(url);
  }
}

export async function exportFigure(request: ExportRequest, format: 'png' | 'svg', filename: string): Promise<void> {
  const { svg, width, height } = renderFigureSvg(request);
  const blob = format === 'svg' ? new Blob([svg], { type: 'image/svg+xml' }) : await svgToPng(svg, width, height);
  download(filename, blob);
}
