import { describe, expect, it } from 'vitest';
import { decodeBase64url, encodeBase64url } from '../../lib/share';

describe('base64url', () => {
  it('matches Node for every length up to 40 bytes, both ways', () => {
    for (let n = 0; n <= 40; n++) {
      const bytes = crypto.getRandomValues(new Uint8Array(n));
      const expected = Buffer.from(bytes).toString('base64url');
      expect(encodeBase64url(bytes)).toBe(expected);
      expect(decodeBase64url(expected)).toEqual(bytes);
    }
  });

  it('refuses padding, other alphabets, impossible lengths and non-canonical tails', () => {
    expect(decodeBase64url('AA==')).toBeNull();
    expect(decodeBase64url('A+/A')).toBeNull();
    expect(decodeBase64url('AAAAA')).toBeNull();
    expect(decodeBase64url('AB')).toBeNull();
    expect(decodeBase64url('AQ')).toEqual(Uint8Array.of(1));
  });
});
