/**
 * The offline report (issue 17 §3): one HTML file that opens from `file://` with no network, holding
 * the report as JSON and the viewer (components/offline, bundled by scripts/build-offline.mjs) inline.
 * Pure string assembly: the CLI (`waitscope report`) and the page's "Download report" call this one
 * function, so both write the same file for the same report.
 *
 * What the JSON holds is decided before it gets here, by share-content.ts (the share preview's rules):
 * this module writes what it is given, escaped so that no text in it can end the script element.
 */
import type { WaitscopeReport } from '../report/report-schema';

/** The id of the `<script type="application/json">` that holds the report, read by the viewer. */
export const OFFLINE_PAYLOAD_ID = 'waitscope-report';
/** The element the viewer renders into. */
export const OFFLINE_ROOT_ID = 'waitscope-offline';

/**
 * The viewer's two files, as scripts/build-offline.mjs names them: in dist/ for the CLI, and under
 * OFFLINE_ASSET_PATH for the page (public/offline-report/).
 */
export const OFFLINE_ASSET_FILES = { script: 'offline-report.js', css: 'offline-report.css' } as const;
export const OFFLINE_ASSET_PATH = '/offline-report/';

/** The viewer, bundled: one script and one style sheet. */
export interface OfflineAssets {
  script: string;
  css: string;
}

/**
 * The file can do nothing over the network, whatever its script does: no fetch, no image, font or
 * frame from anywhere. Inline script and style only; images from data: and blob: URLs (a figure's
 * PNG export draws its SVG through one).
 */
export const OFFLINE_CSP = "default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; img-src data: blob:; base-uri 'none'; form-action 'none'";

/**
 * JSON that can stand inside a `<script>` element: `<` as \u003c (so no `</script>` or `<!--` ends or
 * bends it), and U+2028/U+2029 escaped (JavaScript before ES2019 read them as line ends). JSON.parse
 * reads the escapes back as the same characters.
 */
export function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** Text for an HTML element or a quoted attribute. */
export function htmlText(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/**
 * Code or a style sheet inlined raw must not hold the closing tag of its element: the bundler escapes
 * `</script` in strings, and this refuses the file rather than write one the browser would cut short.
 */
function inlineRaw(text: string, element: 'script' | 'style'): string {
  if (new RegExp(`</${element}`, 'i').test(text)) throw new Error(`the offline viewer's ${element} holds "</${element}", which would end its element early`);
  return text;
}

/** The tab title: the datasets compared and what was measured. */
export function offlineTitle(report: WaitscopeReport): string {
  return `${report.datasets.map((d) => d.label).join(' vs ')}: ${report.event} · waitscope report`;
}

export function offlineReportHtml(report: WaitscopeReport, assets: OfflineAssets): string {
  return [
    '<!doctype html>',
    '<html lang="en">',
    '<head>',
    '<meta charset="utf-8">',
    `<meta http-equiv="Content-Security-Policy" content="${OFFLINE_CSP}">`,
    '<meta name="referrer" content="no-referrer">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<meta name="generator" content="waitscope ${htmlText(report.generator.version)}">`,
    `<title>${htmlText(offlineTitle(report))}</title>`,
    `<style>${inlineRaw(assets.css, 'style')}</style>`,
    '</head>',
    '<body>',
    `<main class="wide" id="${OFFLINE_ROOT_ID}"><p>This report needs JavaScript to draw its tables and figures; the numbers are in the JSON below.</p></main>`,
    `<script type="application/json" id="${OFFLINE_PAYLOAD_ID}">${scriptSafeJson(report)}</script>`,
    `<script>${inlineRaw(assets.script, 'script')}</script>`,
    '</body>',
    '</html>',
    '',
  ].join('\n');
}
