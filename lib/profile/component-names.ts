/**
 * The names of the response-time profile's rows, in Method R's words ("CPU: FETCH dbcalls") and
 * Millsap & Holt's ("unaccounted-for"), so a DBA who knows mrprof reads them without a legend.
 * Waits within calls carry the bare event name; those between calls say so.
 */
export const THINK_TIME_EVENT = 'SQL*Net message from client';

export const cpuComponent = (call: string): string => `CPU: ${call} dbcalls`;
export const waitWithinComponent = (event: string): string => event;
export const waitBetweenComponent = (event: string): string => `${event} [between calls]`;
export const THINK_TIME_COMPONENT = `${THINK_TIME_EVENT} [think time]`;
export const UNACCOUNTED_WITHIN = 'unaccounted-for within calls';
export const UNACCOUNTED_BETWEEN = 'unaccounted-for between calls';

/** Why a profile has no time at all (no session has a timed record), said by the CLI and the page. */
export const EMPTY_PROFILE_NOTE =
  "no database call or WAIT line with a tim: there is no response time to profile (an LGWR trace of log write warnings alone has none; its warnings are not a session's time)";

/**
 * Events that happen between calls, for waits whose position in time is unknown (no `tim`, before
 * 10g): Debes, citing Millsap & Holt p. 88 (response-time.md, "Ordering and attribution").
 */
export const BETWEEN_CALL_EVENTS: ReadonlySet<string> = new Set([
  'SQL*Net message from client',
  'SQL*Net message to client',
  'SQL*Net more data from client',
  'pmon timer',
  'smon timer',
  'rdbms ipc message',
]);
