/**
 * Tooltip rows. echarts puts a formatter's string into the page as HTML, and dataset labels are
 * typed by users (or read from folder names), so every label is escaped.
 */
import { datasetColor } from './palette';

export function escapeHtml(text: string): string {
  return text.replace(/[<>&"']/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&#39;' })[c]!);
}

/** One dataset's line: its colour dot, its name and the (already safe) text. */
export function tooltipRow(index: number, name: string, html: string): string {
  return `<span style="color:${datasetColor(index)}">●</span> ${escapeHtml(name)}: ${html}`;
}
