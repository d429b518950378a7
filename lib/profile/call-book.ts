import type { VisitedCall } from '../trace/trace-visitor';
import type { CallSums, CallTotals } from './profile-model';
import { DOUBLE_ZERO } from '../double-zero';

export const emptyCallSums = (): CallSums => ({ count: 0, e: DOUBLE_ZERO, c: DOUBLE_ZERO, p: DOUBLE_ZERO, cr: DOUBLE_ZERO, cu: DOUBLE_ZERO, r: DOUBLE_ZERO, mis: DOUBLE_ZERO });

/** Adds one call's fields; a field the line lacks (NaN) adds nothing. */
export function addCall(to: CallSums, call: VisitedCall): void {
  to.count++;
  if (call.e === call.e) to.e += call.e;
  if (call.c === call.c) to.c += call.c;
  if (call.p === call.p) to.p += call.p;
  if (call.cr === call.cr) to.cr += call.cr;
  if (call.cu === call.cu) to.cu += call.cu;
  if (call.r === call.r) to.r += call.r;
  if (call.mis === call.mis) to.mis += call.mis;
}

export function addSums(to: CallSums, from: CallSums): void {
  to.count += from.count;
  to.e += from.e;
  to.c += from.c;
  to.p += from.p;
  to.cr += from.cr;
  to.cu += from.cu;
  to.r += from.r;
  to.mis += from.mis;
}

export { depthOf } from '../trace/call-line';
import { depthOf } from '../trace/call-line';

/** Call totals per call name and depth (issue 14 §6 `calls`). */
export class CallBook {
  private readonly byCall = new Map<string, CallSums[]>();
  /** The two names last booked, and their entries: calls come in short cycles (EXEC, XCTEND, …). */
  private lastName = '';
  private lastByDep: CallSums[] = [];
  private otherName = '';
  private otherByDep: CallSums[] = [];

  add(call: VisitedCall): void {
    addCall((this.byDepOf(call.call)[depthOf(call)] ??= emptyCallSums()), call);
  }

  /** `n` calls of `name` at depth `dep` with no fields but their count (XCTEND: trace-visitor.ts onCommitRun). */
  count(name: string, dep: number, n: number): void {
    (this.byDepOf(name)[dep] ??= emptyCallSums()).count += n;
  }

  private byDepOf(name: string): CallSums[] {
    if (name === this.lastName) return this.lastByDep;
    let byDep: CallSums[];
    if (name === this.otherName) byDep = this.otherByDep;
    else {
      const known = this.byCall.get(name);
      if (known === undefined) this.byCall.set(name, (byDep = []));
      else byDep = known;
    }
    this.otherName = this.lastName;
    this.otherByDep = this.lastByDep;
    this.lastName = name;
    this.lastByDep = byDep;
    return byDep;
  }

  totals(): CallTotals[] {
    const out: CallTotals[] = [];
    for (const [call, byDep] of this.byCall) {
      byDep.forEach((sums, dep) => {
        if (sums !== undefined) out.push({ call, dep, ...sums });
      });
    }
    return out;
  }
}
