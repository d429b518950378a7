/**
 * Where sealed reports are kept. The server holds only what it cannot read: the container bytes,
 * the id, the delete token's hash, created/expires times and the size. Two implementations share
 * this interface and one test suite: SQLite (sqlite-repository.ts, the default) and PostgreSQL
 * (postgres-repository.ts, when DATABASE_URL is set).
 */
import { deleteTokenMatches, hashDeleteToken, newDeleteToken, newReportId } from './ids';

export interface CreatedReport {
  id: string;
  /** Shown to the creator once; only its hash is stored. */
  deleteToken: string;
  createdAt: Date;
  expiresAt: Date | null;
}

export interface StoredReport {
  id: string;
  ciphertext: Uint8Array;
  createdAt: Date;
  expiresAt: Date | null;
  size: number;
}

export interface ReportTimes {
  createdAt: Date;
  expiresAt: Date | null;
}

export type DeleteOutcome = 'deleted' | 'forbidden' | 'not-found';

export interface ReportRepository {
  readonly kind: 'sqlite' | 'postgres';
  /** Stores a new report under a fresh id and delete token (expiresAt null: never). */
  create(ciphertext: Uint8Array, times: ReportTimes): Promise<CreatedReport>;
  /** null when unknown or expired (expired rows may linger until the next purge). */
  get(id: string): Promise<StoredReport | null>;
  /** 'not-found' for unknown or expired reports, whatever the token. */
  delete(id: string, deleteToken: string): Promise<DeleteOutcome>;
  /** Deletes every expired report; returns how many. */
  purgeExpired(): Promise<number>;
  close(): Promise<void>;
}

/** The clock, injectable so tests can step past an expiry. */
export type Clock = () => Date;
export const systemClock: Clock = () => new Date();

/** A new row's secrets: a fresh id and token, the token hashed. */
export function newReportRow() {
  const deleteToken = newDeleteToken();
  return { id: newReportId(), deleteToken, tokenHash: hashDeleteToken(deleteToken) };
}

export function checkDeleteToken(token: string, storedHash: Uint8Array | null): DeleteOutcome {
  if (storedHash === null) return 'not-found';
  return deleteTokenMatches(token, storedHash) ? 'deleted' : 'forbidden';
}
