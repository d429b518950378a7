/**
 * Who a request comes from, for the rate limiter and the per-client connection cap. Route handlers
 * get no socket, so the HTTP server (http-server.ts) works the address out here and hands it to
 * them in CLIENT_HEADER, after removing any value the client sent under that name.
 *
 * Forwarded headers are the client's own words unless a proxy the operator trusts wrote them:
 * with trustedHops 0 they are ignored (a client rotating X-Forwarded-For or X-Real-IP, or sending
 * the address every direct client shares, gets nothing for it). X-Real-IP is never read: the hop
 * count says which X-Forwarded-For entry a proxy wrote, and nothing says who wrote X-Real-IP.
 */
import { isIPv6 } from 'node:net';

/** The request header that carries the client address from the HTTP server to the handlers. */
export const CLIENT_HEADER = 'x-waitscope-client';

const SECRET = Symbol.for('waitscope.client-header-secret');

/**
 * A random value of this process that prefixes CLIENT_HEADER. The HTTP server and the route handlers
 * run in one process; a request that reached the handlers some other way (`next dev`, a bare
 * `next start`) cannot know it, so a CLIENT_HEADER it wrote itself is not believed (without this,
 * each made-up value got a rate-limit bucket of its own).
 */
function processSecret(): string {
  const holder = globalThis as { [SECRET]?: string };
  return (holder[SECRET] ??= crypto.randomUUID());
}

/** The CLIENT_HEADER value the HTTP server writes for `address`. */
export function sealClientAddress(address: string): string {
  return `${processSecret()} ${address}`;
}

/** The address in a CLIENT_HEADER value written by this process's HTTP server, else null. */
export function openClientAddress(value: string | null | undefined): string | null {
  const prefix = `${processSecret()} `;
  return typeof value === 'string' && value.startsWith(prefix) ? value.slice(prefix.length) : null;
}

/**
 * One key per client. IPv4-mapped IPv6 (`::ffff:203.0.113.9`, what a dual-stack socket reports)
 * is the IPv4 address; other IPv6 addresses count by their /64, the block one host is given.
 */
export function normalizeAddress(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return mapped[1]!;
  if (!isIPv6(address)) return address;
  const [head = '', tail] = (address.toLowerCase().split('%')[0] ?? '').split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = [...left, ...Array<string>(Math.max(0, 8 - left.length - right.length)).fill('0'), ...right];
  return `${groups.slice(0, 4).map((g) => g.replace(/^0+(?=.)/, '')).join(':')}::/64`;
}

/**
 * The client of a request from `socketAddress` with these X-Forwarded-For values. With
 * `trustedHops` N > 0 the client is the entry N places from the right; when a request has fewer
 * entries, the leftmost one (still written by a trusted proxy); with none, the socket address.
 */
export function clientAddress(socketAddress: string | undefined, forwardedFor: string | string[] | undefined, trustedHops: number): string {
  const socket = socketAddress ? normalizeAddress(socketAddress) : 'unknown';
  if (trustedHops === 0 || forwardedFor === undefined) return socket;
  const entries = [forwardedFor]
    .flat()
    .join(',')
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry.length > 0);
  const entry = entries[Math.max(0, entries.length - trustedHops)];
  return entry ? normalizeAddress(entry) : socket;
}
