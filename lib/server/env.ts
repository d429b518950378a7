/**
 * The server's settings, read from process.env once and validated with zod (style.md §7): a bad
 * value stops the server with the variable's name, instead of surfacing later as a strange 500.
 */
import { z } from 'zod';

const MIB = 1024 * 1024;

/** A whole number from an env string; empty counts as unset. */
const intVar = (fallback: number, min: number) =>
  z.preprocess(
    (v) => (v === undefined || v === '' ? undefined : v),
    z.coerce.number().int().min(min).default(fallback),
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
  /** Creates and deletes per client per minute (also the burst); 0 turns the limit off. */
  WAITSCOPE_RATE_WRITES_PER_MINUTE: intVar(30, 0),
  /** Reads per client per minute (also the burst); 0 turns the limit off. */
  WAITSCOPE_RATE_READS_PER_MINUTE: intVar(600, 0),
  /**
   * How many reverse proxies in front of the app append to X-Forwarded-For. The client is the
   * entry that many places from the right (1: the one the nearest proxy, or Next itself, added).
   */
  WAITSCOPE_TRUSTED_PROXY_HOPS: intVar(1, 1),
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
