import type { TraceVisitor } from './trace-visitor';

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
    onCall: (c, at) => {
      b.onCall?.(c, at);
      a.onCall?.(c, at);
    },
    onCursor: (c, at) => {
      a.onCursor?.(c, at);
      b.onCursor?.(c, at);
    },
  };
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
