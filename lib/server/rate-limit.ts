/**
 * A token bucket per client, in memory (per app instance: with several instances behind a load
 * balancer each allows the full rate; good enough against one noisy client, not a quota).
 * A bucket holds `perMinute` tokens and refills at `perMinute` a minute, so a client may burst a
 * minute's worth and then goes at the steady rate.
 */
import { CLIENT_HEADER, openClientAddress } from './client-address';

export type RateDecision = { ok: true } | { ok: false; retryAfterSeconds: number };

const MAX_BUCKETS = 10_000;

export class RateLimiter {
  private readonly buckets = new Map<string, { tokens: number; at: number }>();
  private readonly perMs: number;

  /** `perMinute` 0 allows everything. */
  constructor(
    private readonly perMinute: number,
    private readonly now: () => number = Date.now,
  ) {
    this.perMs = perMinute / 60_000;
  }

  take(client: string): RateDecision {
    if (this.perMinute === 0) return { ok: true };
    const now = this.now();
    const bucket = this.buckets.get(client);
    let tokens = bucket ? Math.min(this.perMinute, bucket.tokens + (now - bucket.at) * this.perMs) : this.perMinute;
    if (tokens < 1) {
      return { ok: false, retryAfterSeconds: Math.max(1, Math.ceil((1 - tokens) / this.perMs / 1000)) };
    }
    tokens -= 1;
    if (!bucket && this.buckets.size >= MAX_BUCKETS) this.sweep(now);
    this.buckets.set(client, { tokens, at: now });
    return { ok: true };
  }

  /** Forgets buckets that have refilled (they behave like new ones); keeps memory bounded. */
  private sweep(now: number): void {
    for (const [client, bucket] of this.buckets) {
      if (bucket.tokens + (now - bucket.at) * this.perMs >= this.perMinute) this.buckets.delete(client);
    }
    // Still full of active clients: drop the oldest rather than grow without bound.
    for (const client of this.buckets.keys()) {
      if (this.buckets.size < MAX_BUCKETS) break;
      this.buckets.delete(client);
    }
  }
}

/**
 * The rate-limit key of a request: the address the HTTP server (http-server.ts) worked out from
 * the socket and, behind a trusted proxy, X-Forwarded-For (client-address.ts). A request that did
 * not come through that server (`next dev`, a bare `next start`) has none, or one the client wrote
 * (which lacks the process's secret prefix); such requests share one bucket.
 */
export function clientKey(headers: Headers): string {
  return openClientAddress(headers.get(CLIENT_HEADER)) ?? 'unidentified';
}
