import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { gunzip } from '../../lib/trace/compression';

describe('gunzip', () => {
  it('returns when its consumer stops early, instead of waiting on a write nobody reads', async () => {
    // 32 MiB of text in 64 KiB chunks: far more than the streams buffer, so the pump would block.
    const plain = Buffer.alloc(32 << 20, 'WAIT #1: nam=\'log file sync\' ela= 612\n');
    const packed = gzipSync(plain);
    async function* chunks() {
      for (let i = 0; i < packed.length; i += 65536) yield packed.subarray(i, i + 65536);
    }
    let seen = 0;
    const stopped = (async () => {
      for await (const chunk of gunzip(chunks())) {
        seen += chunk.length;
        if (seen > 1 << 20) break;
      }
      return 'returned';
    })();
    const timeout = new Promise((resolve) => setTimeout(() => resolve('hung'), 5_000));
    expect(await Promise.race([stopped, timeout])).toBe('returned');
    expect(seen).toBeGreaterThan(1 << 20);
  });
});
