/**
 * The server's settings, read from process.env once and validated with zod (style.md §7): a bad
 * value stops the server with the variable's name, instead of surfacing later as a strange 500.
 */
import { z } from 'zod';

const MIB = 1024 * 1024;

/** A whole number from an env string; empty counts as unset. */
const intVar = (fallback: number, min: number, max = Number.MAX_SAFE_INTEGER) =>
  z.preprocess(
    (v) => (v === undefined || v === '' ? undefined : v),
    z.coerce.number().int().min(min).max(max).default(fallback),
  );

export const serverEnvSchema = z.object({
  /** PostgreSQL connection string; when set, reports are stored there instead of SQLite. */
  DATABASE_URL: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
      .optional(),
  ),
  /** The SQLite file (relative to the working directory); its folder is created. */
  WAITSCOPE_DB_PATH: z.preprocess((v) => (v === '' ? undefined : v), z.string().default('./data/waitscope.db')),
  /** Largest accepted container, in bytes. */
  WAITSCOPE_MAX_REPORT_BYTES: intVar(8 * MIB, 1024),
  /** Creates and deletes per client per 60 s window (rate-limit.ts); 0 turns the limit off. */
  WAITSCOPE_RATE_WRITES_PER_MINUTE: intVar(30, 0),
  /** Reads per client per 60 s window; 0 turns the limit off. */
  WAITSCOPE_RATE_READS_PER_MINUTE: intVar(600, 0),
  /**
   * How many reverse proxies in front of the app append to X-Forwarded-For. 0 (the default, for a
   * directly exposed `npm start`): forwarded headers are ignored and clients are told apart by
   * their socket address, which they cannot choose. With N, the client is the entry N places from
   * the right (1: the one the nearest proxy appended); anything further left was written by the
   * client. Set it only when every request comes through such proxies.
   */
  WAITSCOPE_TRUSTED_PROXY_HOPS: intVar(0, 0),
  /** The port `npm start` listens on. */
  PORT: intVar(3000, 1, 65535),
  /** The address to listen on; empty: every interface. */
  WAITSCOPE_HOST: z.preprocess((v) => (v === '' ? undefined : v), z.string().optional()),
  /** Seconds a client has to send a request's headers, from the moment it connects. */
  WAITSCOPE_HEADERS_TIMEOUT_SECONDS: intVar(10, 1),
  /** Seconds a client has to send a whole request, body included (8 MiB at 1 Mbit/s takes 67 s). */
  WAITSCOPE_REQUEST_TIMEOUT_SECONDS: intVar(120, 1),
  /** Seconds an idle keep-alive connection stays open between requests. */
  WAITSCOPE_KEEP_ALIVE_TIMEOUT_SECONDS: intVar(5, 1),
  /**
   * Open connections allowed from one socket address (0: no cap). Without a proxy, this stops one
   * client from using up the process's file descriptors; it is not applied behind a proxy,
   * whose one address carries every client.
   */
  WAITSCOPE_MAX_CONNECTIONS_PER_CLIENT: intVar(100, 0),
  /** Seconds between purges of expired reports. */
  WAITSCOPE_PURGE_INTERVAL_SECONDS: intVar(600, 1),
});

export type ServerEnv = z.infer<typeof serverEnvSchema>;

export class ServerEnvError extends Error {}

export function parseServerEnv(env: Record<string, string | undefined>): ServerEnv {
  const parsed = serverEnvSchema.safeParse(env);
  if (parsed.success) return parsed.data;
  const lines = parsed.error.issues.map((issue) => `${issue.path.map(String).join('.')}: ${issue.message}`);
  throw new ServerEnvError(`Invalid server environment:\n  ${lines.join('\n  ')}`);
}
