import type { WarningCode } from '../trace/types';
import type { ElaUnit } from '../units';
import type { FixtureCase } from './fixture-kit';

/**
 * The golden JSON of a fixture, derived from the generator's ground truth (never from the parser).
 * All durations are µs; only complete WAITs count.
 */
export interface Golden {
  event: string;
  outcome: 'parsed' | 'no-event' | 'not-a-trace';
  unit: ElaUnit;
  oracleVersion: string | null;
  count: number;
  /** Every event with at least one complete WAIT. */
  profile: Record<string, { count: number; total: number; min: number; max: number }>;
  /** Complete WAITs of `event`, in file order; `tim` null where the line has none. */
  samples: { ela: number; line: number; offset: number; tim: number | null }[];
  warnings: WarningCode[];
}

export function toGolden(c: FixtureCase): Golden {
  const profile: Golden['profile'] = {};
  const samples: Golden['samples'] = [];
  for (const w of c.waits) {
    if (!w.complete) continue;
    const row = (profile[w.event] ??= { count: 0, total: 0, min: Infinity, max: -Infinity });
    row.count++;
    row.total += w.elaMicros;
    row.min = Math.min(row.min, w.elaMicros);
    row.max = Math.max(row.max, w.elaMicros);
    if (w.event === c.event) samples.push({ ela: w.elaMicros, line: w.line, offset: w.offset, tim: w.tim });
  }
  const sortedProfile: Golden['profile'] = {};
  for (const k of Object.keys(profile).sort()) {
    const row = profile[k];
    if (row) sortedProfile[k] = row;
  }
  if (c.outcome === 'parsed' && samples.length === 0) throw new Error(`${c.name}: outcome parsed but no ${c.event} samples`);
  if (c.outcome !== 'parsed' && samples.length > 0) throw new Error(`${c.name}: outcome ${c.outcome} but ${samples.length} samples`);
  return {
    event: c.event,
    outcome: c.outcome,
    unit: c.unit,
    oracleVersion: c.oracleVersion,
    count: samples.length,
    profile: sortedProfile,
    samples,
    warnings: [...c.warnings].sort(),
  };
}

/** JSON with one sample per line, so that diffs and hand checks stay readable. */
export function formatGolden(g: Golden): string {
  const { samples, ...rest } = g;
  const head = JSON.stringify({ ...rest, samples: [] }, null, 2);
  if (samples.length === 0) return `${head}\n`;
  const lines = samples.map((s) => `    ${JSON.stringify(s)}`).join(',\n');
  return `${head.replace('"samples": []', `"samples": [\n${lines}\n  ]`)}\n`;
}
