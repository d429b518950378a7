/**
 * Dataset colours, shared by every figure so that dataset i has the same colour everywhere
 * (the legend of one figure explains the others). Okabe–Ito colours: distinguishable with the
 * common colour-vision deficiencies and in greyscale print, which a DBA's report often ends up in.
 */
const DATASET_COLORS = ['#0072B2', '#D55E00', '#009E73', '#CC79A7', '#E69F00', '#56B4E9'] as const;

export function datasetColor(index: number): string {
  // Also for a negative or fractional index (a caller's findIndex that found nothing): never undefined.
  const n = DATASET_COLORS.length;
  const i = Number.isFinite(index) ? ((Math.trunc(index) % n) + n) % n : 0;
  return DATASET_COLORS[i]!;
}

/** The colour with an alpha, for fills drawn under a line of the full colour. */
export function datasetFill(index: number, alpha: number): string {
  const hex = datasetColor(index);
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));
  return `rgba(${r}, ${g}, ${b}, ${alpha})`;
}

/** Colours of the chart furniture in the light scheme, as app/globals.css --chart-* has them (chart-theme.ts swaps them for the dark ones on screen). */
export const INK = { text: '#1b1f24', muted: '#57606a', grid: '#e4e8ec', axis: '#8c959f' } as const;
