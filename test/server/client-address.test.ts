// Who a request comes from (issue 12 "rate limit evasion"): the socket address unless a proxy is
// configured, and then only the X-Forwarded-For entry that proxy wrote.
import { describe, expect, it } from 'vitest';
import { clientAddress, normalizeAddress } from '../../lib/server/client-address';

describe('clientAddress without a trusted proxy (hops 0, the default)', () => {
  it('is the socket address whatever X-Forwarded-For says', () => {
    for (const forwarded of ['198.51.100.1', '198.51.100.2, 198.51.100.3', ',', '::ffff:127.0.0.1', ['1.1.1.1', '2.2.2.2']]) {
      expect(clientAddress('203.0.113.9', forwarded, 0)).toBe('203.0.113.9');
    }
    expect(clientAddress('::ffff:203.0.113.9', '127.0.0.1', 0)).toBe('203.0.113.9');
  });
});

describe('clientAddress behind trusted proxies', () => {
  it('takes the entry the nearest N proxies wrote, not what the client put to its left', () => {
    expect(clientAddress('10.0.0.2', '203.0.113.9', 1)).toBe('203.0.113.9');
    expect(clientAddress('10.0.0.2', 'spoofed, 203.0.113.9', 1)).toBe('203.0.113.9');
    expect(clientAddress('10.0.0.2', 'spoofed, 203.0.113.9, 10.0.0.1', 2)).toBe('203.0.113.9');
    expect(clientAddress('10.0.0.2', ['spoofed', '203.0.113.9'], 1)).toBe('203.0.113.9');
    // Fewer entries than hops: the leftmost was still written by a trusted proxy.
    expect(clientAddress('10.0.0.2', '203.0.113.9', 3)).toBe('203.0.113.9');
  });

  it('falls back to the socket when X-Forwarded-For has no entry (",", empty, absent)', () => {
    expect(clientAddress('10.0.0.2', ',', 1)).toBe('10.0.0.2');
    expect(clientAddress('10.0.0.2', ' , ,', 2)).toBe('10.0.0.2');
    expect(clientAddress('10.0.0.2', '', 1)).toBe('10.0.0.2');
    expect(clientAddress('10.0.0.2', undefined, 1)).toBe('10.0.0.2');
    expect(clientAddress(undefined, undefined, 0)).toBe('unknown');
  });
});

describe('normalizeAddress', () => {
  it('makes IPv4-mapped addresses plain IPv4 and counts IPv6 by its /64', () => {
    expect(normalizeAddress('::ffff:127.0.0.1')).toBe('127.0.0.1');
    expect(normalizeAddress('127.0.0.1')).toBe('127.0.0.1');
    expect(normalizeAddress('2001:db8:0:1:aaaa::1')).toBe('2001:db8:0:1::/64');
    expect(normalizeAddress('2001:DB8:0:1:bbbb:cccc:dddd:eeee')).toBe('2001:db8:0:1::/64');
    expect(normalizeAddress('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(normalizeAddress('::1')).toBe('0:0:0:0::/64');
    expect(normalizeAddress('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
  });
});
