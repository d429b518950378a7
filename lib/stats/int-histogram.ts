/**
 * @deprecated Names lib/node still imports (the parser helper of issue 13 owns lib/node); the one
 * count type is `Counts` in counts.ts. Delete this file once lib/node imports counts.ts.
 */
import { countsFrom, type Counts } from './counts';

/** @deprecated use Counts (counts.ts). */
export type IntHistogram = Counts;
/** @deprecated use countsFrom (counts.ts). */
export const fromCounts = countsFrom;
