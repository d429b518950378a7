import type { TraceVisitor } from './trace-visitor';

/** The visitors given (nulls left out) as one, in order as bothVisitors pairs them; null when none is given. */
export function allVisitors(visitors: readonly (TraceVisitor | null)[]): TraceVisitor | null {
  return visitors.reduce<TraceVisitor | null>((all, v) => (v === null ? all : all === null ? v : bothVisitors(all, v)), null);
}

/**
 * Two visitors as one, each seeing every record. `b` sees a call before `a` does: `a` may be the
 * measure (measure-visitor.ts), which books the call's value as it sees it, and a `b` that
 * filters or groups the values (`measured`) must know the call by then. A value is kept only
 * when both keep it.
 */
export function bothVisitors(a: TraceVisitor, b: TraceVisitor | null): TraceVisitor {
  if (b === null) return a;
  const pair: TraceVisitor = {
    onWait: (w, at) => {
      a.onWait(w, at);
      b.onWait(w, at);
    },
  };
  // Only what one of them takes: without onCall the kernel keeps its fast path for call lines, and
  // with onWaitRun on both it books the WAITs itself (trace-visitor.ts).
  if (a.onCall || b.onCall) {
    pair.onCall = (c, at) => {
      b.onCall?.(c, at);
      a.onCall?.(c, at);
    };
  }
  if (a.onCursor || b.onCursor) {
    pair.onCursor = (c, at) => {
      a.onCursor?.(c, at);
      b.onCursor?.(c, at);
    };
  }
  if (a.onWaitRun && b.onWaitRun) {
    pair.onWaitRun = (run, from, to, at) => {
      a.onWaitRun?.(run, from, to, at);
      b.onWaitRun?.(run, from, to, at);
    };
  }
  if (a.onCommitRun && b.onCommitRun) {
    pair.onCommitRun = (run, from, to, at) => {
      a.onCommitRun?.(run, from, to, at);
      b.onCommitRun?.(run, from, to, at);
    };
  }
  if (a.onParseError || b.onParseError) {
    pair.onParseError = (dep, at) => {
      a.onParseError?.(dep, at);
      b.onParseError?.(dep, at);
    };
  }
  if (a.onKeyed || b.onKeyed) {
    pair.onKeyed = (key, value, at) => {
      a.onKeyed?.(key, value, at);
      b.onKeyed?.(key, value, at);
    };
  }
  if (a.sample || b.sample) pair.sample = (w, at) => (a.sample?.(w, at) ?? true) && (b.sample?.(w, at) ?? true);
  if (a.measured || b.measured) pair.measured = (v, tim, at) => (a.measured?.(v, tim, at) ?? true) && (b.measured?.(v, tim, at) ?? true);
  return pair;
}
