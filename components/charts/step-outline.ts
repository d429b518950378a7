/**
 * A histogram as the outline of its bars, for a line series: echarts bars cannot have widths of
 * their own on a log axis, while a line through (lo, 0), (lo, y), (hi, y), … (hi_last, 0) draws
 * bins of any width on any axis, and its area fill gives the lighter histogram under the KDE.
 */
export interface StepBin {
  lo: number;
  hi: number;
  y: number;
}

export function stepOutline(bins: readonly StepBin[]): [number, number][] {
  const points: [number, number][] = [];
  for (const bin of bins) {
    const previous = points[points.length - 1];
    // A gap between bins drops to zero, so an empty stretch is not drawn as a plateau.
    if (previous && previous[0] !== bin.lo) points.push([previous[0], 0], [bin.lo, 0]);
    if (!previous) points.push([bin.lo, 0]);
    points.push([bin.lo, bin.y], [bin.hi, bin.y]);
  }
  const last = points[points.length - 1];
  if (last) points.push([last[0], 0]);
  return points;
}
