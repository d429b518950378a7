// The timeline a shared report carries (outlierSection): when it must be cut to its budget, the line
// above which every wait is drawn moves up to what was really kept whole, so the shared figure never
// calls a thinned stretch complete (issue 12 §2, "the timeline paints false bands").
import { describe, expect, it } from 'vitest';
import type { OutlierAnalysis } from '@/lib/outliers/analyze';
import { SHARED_TIMELINE_POINTS } from '@/lib/outliers/timeline';
import { outlierSection, type DatasetOutliers } from '@/lib/worker/outlier-requests';

/** A dataset's outliers with the given timeline; the analysis holds nothing (not read for the timeline). */
function outliersWith(ela: number[], keepAbove: number): DatasetOutliers {
  const analysis = { threshold: 1, top: { total: 0, rows: [] }, windows: [] } as unknown as OutlierAnalysis;
  return {
    datasetId: 'd1',
    label: 'd1',
    analysis,
    top: { datasetId: 'd1', total: 0, rows: [] },
    timeline: { kind: 'utc', t: Float64Array.from(ela, (_, i) => i * 1000), ela: Float64Array.from(ela), keepAbove, elsewhere: 0 },
    hasTraceLines: true,
  };
}

describe('outlierSection timeline', () => {
  it('keeps its line where nothing had to be cut', () => {
    const section = outlierSection(outliersWith([5, 50, 500], 40), null);
    expect(section.timeline.ela).toEqual([5, 50, 500]);
    expect(section.timeline.keepAbove).toBe(40);
  });

  it('raises the line to the shortest wait kept whole when the points are cut, and keeps every wait above it', () => {
    // 30,000 points, ela = 1 … 30,000 µs (each once), in time order; the dataset's own line is 100 µs.
    const n = 30_000;
    const ela = Array.from({ length: n }, (_, i) => i + 1);
    const section = outlierSection(outliersWith(ela, 100), null);
    const whole = SHARED_TIMELINE_POINTS / 4; // 5,000 longest kept outright: 25,001 … 30,000 µs
    expect(section.timeline.keepAbove).toBe(n - whole + 1);
    const kept = new Set(section.timeline.ela);
    for (let v = n - whole + 1; v <= n; v++) expect(kept.has(v)).toBe(true);
    // Below the line the points are a sample: far fewer than the 25,000 waits there.
    expect(section.timeline.ela.filter((v) => v <= n - whole).length).toBeLessThan(n - whole);
    expect(section.timeline.ela.length).toBeLessThanOrEqual(SHARED_TIMELINE_POINTS + 1);
  });
});
