/**
 * Distinct values (ascending) and how often each occurs, counted with a Map and a sort: the
 * independent reference for the parser's own counts by value (lib/trace/ela-tally.ts).
 */
export function countValues(values: ArrayLike<number>, n = values.length): { values: number[]; counts: number[] } {
  const byValue = new Map<number, number>();
  for (let i = 0; i < n; i++) byValue.set(values[i] as number, (byValue.get(values[i] as number) ?? 0) + 1);
  const sorted = [...byValue.keys()].sort((a, b) => a - b);
  return { values: sorted, counts: sorted.map((v) => byValue.get(v) as number) };
}
