import { describe, expect, it } from 'vitest';
import { parseServerEnv } from '../../lib/server/env';
import { CLIENT_HEADER, sealClientAddress } from '../../lib/server/client-address';
import { clientKey } from '../../lib/server/rate-limit';

describe('parseServerEnv', () => {
  it('has defaults for everything: SQLite in ./data, 8 MiB, rate limits on, no proxy trusted, bounded slow clients', () => {
    expect(parseServerEnv({})).toEqual({
      DATABASE_URL: undefined,
      WAITSCOPE_DB_PATH: './data/waitscope.db',
      WAITSCOPE_MAX_REPORT_BYTES: 8 * 1024 * 1024,
      WAITSCOPE_RATE_WRITES_PER_MINUTE: 30,
      WAITSCOPE_RATE_READS_PER_MINUTE: 600,
      WAITSCOPE_TRUSTED_PROXY_HOPS: 0,
      PORT: 3000,
      WAITSCOPE_HOST: undefined,
      WAITSCOPE_HEADERS_TIMEOUT_SECONDS: 10,
      WAITSCOPE_REQUEST_TIMEOUT_SECONDS: 120,
      WAITSCOPE_KEEP_ALIVE_TIMEOUT_SECONDS: 5,
      WAITSCOPE_MAX_CONNECTIONS_PER_CLIENT: 100,
      WAITSCOPE_PURGE_INTERVAL_SECONDS: 600,
    });
    expect(parseServerEnv({ DATABASE_URL: '', WAITSCOPE_DB_PATH: '' }).WAITSCOPE_DB_PATH).toBe('./data/waitscope.db');
  });

  it('reads numbers and the database URL', () => {
    const env = parseServerEnv({
      DATABASE_URL: 'postgresql://u@db:5432/ws',
      WAITSCOPE_MAX_REPORT_BYTES: '1048576',
      WAITSCOPE_RATE_WRITES_PER_MINUTE: '0',
    });
    expect(env).toMatchObject({ DATABASE_URL: 'postgresql://u@db:5432/ws', WAITSCOPE_MAX_REPORT_BYTES: 1048576, WAITSCOPE_RATE_WRITES_PER_MINUTE: 0 });
  });

  it('refuses bad values, naming every variable', () => {
    expect(() =>
      parseServerEnv({ DATABASE_URL: 'mysql://x', WAITSCOPE_MAX_REPORT_BYTES: 'lots', WAITSCOPE_RATE_READS_PER_MINUTE: '-1' }),
    ).toThrow(/DATABASE_URL: must be a postgres[\s\S]*WAITSCOPE_MAX_REPORT_BYTES[\s\S]*WAITSCOPE_RATE_READS_PER_MINUTE/);
    expect(() => parseServerEnv({ PORT: '70000' })).toThrow(/PORT/);
    expect(() => parseServerEnv({ WAITSCOPE_TRUSTED_PROXY_HOPS: '-1' })).toThrow(/WAITSCOPE_TRUSTED_PROXY_HOPS/);
  });
});

describe('clientKey', () => {
  it('is the address the HTTP server set, never a forwarded header', () => {
    expect(clientKey(new Headers({ [CLIENT_HEADER]: sealClientAddress('203.0.113.9'), 'x-forwarded-for': '198.51.100.1' }))).toBe('203.0.113.9');
    // Not through the server (next dev): one shared bucket, not whatever the client claims.
    expect(clientKey(new Headers({ 'x-forwarded-for': '198.51.100.1', 'x-real-ip': '198.51.100.2' }))).toBe('unidentified');
  });

  it('does not believe a client header the client wrote itself (a bare next start passes it through)', () => {
    for (const claimed of ['203.0.113.9', 'a 203.0.113.9', ` ${sealClientAddress('x').split(' ')[0]!.slice(1)} 203.0.113.9`]) {
      expect(clientKey(new Headers({ [CLIENT_HEADER]: claimed }))).toBe('unidentified');
    }
  });
});
