import type { RecordPosition, VisitedCall, VisitedCursor, VisitedWait } from '../../lib/trace/trace-visitor';

/** Hand-made visitor records for the profile's tests: what a scan would hand over, field by field. */
/** `callsNestInTime`: a 10.2-or-later trace's position (statement-book.ts adoptChildren's time test); off by default, as before 10.2. */
export const at = (pid: string | null = '1', session = 0, line = 0, callsNestInTime = false): RecordPosition => ({ line, offset: 0, pid, session, microsPerUnit: 1, callsNestInTime });

/** One id per event name, as a scan's event table gives them. */
const eventIds = new Map<string, number>();
const idOf = (event: string): number => eventIds.get(event) ?? (eventIds.set(event, eventIds.size), eventIds.size - 1);

export const wait = (event: string, ela: number, tim: number): VisitedWait => ({ event, id: idOf(event), ela, tim, bytes: new Uint8Array(0), start: 0, end: 0 });

export function call(call: string, cursor: string, f: Partial<Omit<VisitedCall, 'call' | 'cursor'>>): VisitedCall {
  return { call, cursor, c: NaN, e: NaN, p: NaN, cr: NaN, cu: NaN, mis: NaN, r: NaN, dep: NaN, og: NaN, plh: NaN, tim: NaN, type: NaN, rlbk: NaN, rdOnly: NaN, bytes: NaN, ...f };
}

export function cursor(cursor: string, f: Partial<Omit<VisitedCursor, 'cursor'>>): VisitedCursor {
  return { cursor, len: 0, dep: 0, uid: 0, oct: 3, lid: 0, tim: NaN, hv: NaN, ad: '', sqlId: null, text: '', textCut: false, ...f };
}
