/**
 * The book demo draws waits, not traces, so it has no `tim` and no `***` stamps. To show its timeline
 * and clusters, each session gets a simulated clock: sessions start together at a fixed wall time
 * and each commit follows the previous one after its wait plus a fixed update-and-commit overhead.
 * Synthetic through and through, and labelled so on the page; the waits themselves are the model's.
 */
import type { ListInput } from '../outliers/top-list';
import type { TimeAnchor } from '../trace/types';

/** When the simulated run starts (local wall time, no offset: the book gives none). */
export const SYNTHETIC_START = '2012-08-09T10:00:00.000000';
/** µs of work between one commit's wait and the next (the update, the commit call itself). */
export const SYNTHETIC_OVERHEAD_MICROS = 150;

/** The demo's waits with their simulated times; `given`: times already simulated (a windowed view keeps its waits' own). */
export function syntheticListInput(values: Float64Array, sessions: Uint32Array, given?: Float64Array): ListInput {
  const n = values.length;
  const tim = given ?? simulatedTims(values, sessions);
  // Sessions come in blocks, in order: the last wait's is the highest.
  const sessionCount = n === 0 ? 0 : (sessions[n - 1] as number) + 1;
  const files = Array.from({ length: sessionCount }, (_, i) => {
    const anchor: TimeAnchor = { line: 0, text: SYNTHETIC_START, wall: SYNTHETIC_START, utcOffsetMinutes: null, tim: 0, timLine: null, session: 0, stampTim: true };
    return { fileName: `synthetic session ${i + 1}`, facts: { unit: 'us' as const, pid: String(i + 1), banner: null }, anchors: [anchor], sessions: [{ pid: String(i + 1) }] };
  });
  return {
    samples: { count: n, ela: values, tim, session: sessions, file: sessions, line: new Uint32Array(n), offset: new Float64Array(n) },
    sessions: files.map((_, i) => ({ pid: String(i + 1), sid: null, serial: null, file: i })),
    files,
  };
}

/** Each session's clock: a commit's wait ends its wait after the previous one's end plus the overhead. */
function simulatedTims(values: Float64Array, sessions: Uint32Array): Float64Array {
  const n = values.length;
  const tim = new Float64Array(n);
  const clock = new Float64Array(n === 0 ? 0 : (sessions[n - 1] as number) + 1);
  for (let i = 0; i < n; i++) {
    const s = sessions[i] as number;
    clock[s] = (clock[s] as number) + (values[i] as number);
    tim[i] = clock[s] as number; // a WAIT's tim is when it ended
    clock[s] = (clock[s] as number) + SYNTHETIC_OVERHEAD_MICROS;
  }
  return tim;
}
