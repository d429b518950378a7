/**
 * How statements are told apart: by sql_id where the trace gives one (11g+), else by hash value,
 * else, for a cursor whose PARSING IN CURSOR is not in the file (tracing started later), by its
 * cursor number (response-time.md, "Cursor numbers are reused after CLOSE").
 */
export function statementKey(sqlId: string | null, hashValue: number | null): string {
  if (sqlId !== null && sqlId !== '') return sqlId;
  if (hashValue !== null && hashValue === hashValue) return `hv:${hashValue}`;
  return 'hv:?';
}

export const unknownStatementKey = (cursor: string): string => `unknown statement (cursor #${cursor})`;

/**
 * A range's stand-in for the statement of a cursor it did not see parsed (range-profile.ts): never
 * shown, the join replaces it by the statement an earlier range left on that cursor number, or by
 * the unknown statement. Starts with NUL, so no sql_id or hash value key can equal it.
 */
export const rangeCursorKey = (cursor: string): string => `\u0000cursor #${cursor}`;

export const isRangeCursorKey = (key: string): boolean => key.startsWith('\u0000cursor #');
