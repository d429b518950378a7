// Reading an offline report file back as a browser would: the JSON element's text, parsed. Written
// here with a plain regular expression, not with the module that writes the file.
import { expect } from 'vitest';
import type { WaitscopeReport } from '@/lib/report/report-schema';

const PAYLOAD = /<script type="application\/json" id="waitscope-report">([\s\S]*?)<\/script>/g;

/** The one report the file carries (the file must hold exactly one JSON element). */
export function payloadText(html: string): string {
  const found = [...html.matchAll(PAYLOAD)];
  expect(found).toHaveLength(1);
  return found[0]![1]!;
}

export function payloadOf(html: string): WaitscopeReport {
  return JSON.parse(payloadText(html)) as WaitscopeReport;
}
