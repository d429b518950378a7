import type { Counts } from '../stats/counts';

/**
 * What a pass over the call lines of a dataset yields (response-time.md): the response-time
 * profile's components, the call totals and the statements. Plain data, so it can cross a worker
 * boundary; files and ranges are merged with merge-profiles.ts.
 */

/** Where the time of a component went, as Method R and Millsap & Holt name it (response-time.md). */
export type ComponentKind = 'cpu' | 'wait-within' | 'wait-between' | 'think-time' | 'unaccounted-within' | 'unaccounted-between';

export interface ProfileComponent {
  /** The row's name: `CPU: EXEC dbcalls`, an event name, `<event> [between calls]`, … (component-names.ts). */
  component: string;
  kind: ComponentKind;
  /** The call type of a CPU row, the event of a wait row; null otherwise. */
  subject: string | null;
  /** µs. */
  total: number;
  count: number;
  /** The distribution of the row's values (one per call or wait), µs; null where a row has none (unaccounted-for between calls). */
  counts: Counts | null;
}

/** One call name at one depth, summed over a dataset (issue 14 §6's `calls`). e and c are µs. */
export interface CallTotals {
  call: string;
  dep: number;
  count: number;
  e: number;
  c: number;
  p: number;
  cr: number;
  cu: number;
  r: number;
  mis: number;
}

/** A statement's calls of one type: tkprof's Parse/Execute/Fetch rows. */
export type CallSums = Omit<CallTotals, 'call' | 'dep'>;

export interface StatementTotals {
  /** sql_id, else `hv:<hash value>`, else `unknown statement (cursor #N)` (statement-key.ts). */
  key: string;
  sqlId: string | null;
  hashValue: number | null;
  /** The cursor number, for a statement whose PARSING IN CURSOR is not in the file. */
  unknownCursor: string | null;
  /**
   * The depths its calls ran at, the shallowest and the deepest (its CLOSEs left out: statement-book.ts;
   * both its PARSING IN CURSOR's dep when it has no other call): one statement may run at several,
   * as dictionary SQL under hard parses at dep 1 and 2, or PL/SQL that recurses (the corpus'
   * js122a1_ora_9850.trc has statements at dep 1 to 3); its sums are of all of them. `dep` was the
   * depth of its first PARSING IN CURSOR, which left a statement at dep 2 and 3 out of
   * `--min-dep 3` when first parsed at dep 2.
   */
  dep: number;
  maxDep: number;
  /** Whether dep and maxDep are of its calls, else of its PARSING IN CURSOR (or CLOSE alone): a merge prefers the former. */
  callDepths: boolean;
  /** The SQL text from PARSING IN CURSOR (null when never parsed in the file). Never shared unless asked. */
  text: string | null;
  /** Per call name (PARSE, EXEC, FETCH, CLOSE, …). */
  calls: Record<string, CallSums>;
  /** Waits attributed to this statement's own calls, by event: count and µs. */
  waits: Record<string, { count: number; total: number }>;
  /** µs of elapsed time of its direct recursive (dep + 1) calls, included in its own e. */
  recursiveE: number;
  /** Keys of its direct recursive statements, and of the statements it ran under. */
  children: string[];
  parents: string[];
  /** e per execution (EXEC and the FETCHes after it, µs). */
  executions: Counts;
}

export interface DatasetProfile {
  /** Σ over sessions of R = t1 − t0, µs (response-time.md). */
  responseTime: number;
  sessions: number;
  /** Rows in the order the pass met them; profile-rows.ts sorts and adds statistics. */
  components: ProfileComponent[];
  calls: CallTotals[];
  statements: StatementTotals[];
  /** SQL*Net message from client waits at or above this many µs are think time. */
  thinkTimeMicros: number;
}
