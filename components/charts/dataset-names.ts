/**
 * Series names of the datasets. echarts' legend toggles every series of one name together (a
 * dataset's KDE and histogram), so names must be unique: two datasets both labelled "run" would
 * otherwise share a legend entry. A repeated or empty label gets its position appended.
 */
import type { WaitscopeReport } from '@/lib/report/report-schema';

export function datasetNames(report: WaitscopeReport): string[] {
  const seen = new Set<string>();
  return report.datasets.map((dataset, i) => {
    let name = dataset.label.trim() || `dataset ${i + 1}`;
    if (seen.has(name)) name = `${name} (${i + 1})`;
    seen.add(name);
    return name;
  });
}
