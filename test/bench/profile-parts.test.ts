/**
 * bench/profile-parts.mjs: the arithmetic of its shares, and one real run of its three parts on a
 * small synthetic trace, whose calls and WAITs the test counts itself.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { formatProfileParts, profileShares, runProfileParts } from '../../bench/profile-parts.mjs';
import { generateCommitLoop } from '@/lib/synth/commit-loop';

const dir = mkdtempSync(join(tmpdir(), 'waitscope-profile-parts-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('profileShares', () => {
  it('splits the profile into parse, hand-over and collector, and gives the no-collector floor on two threads', () => {
    // parse 100 ms, hand-over 300 ms, profile 500 ms on 256 MiB; the whole file is 4x that.
    const shares = profileShares({ parse: 100, handOver: 300, profile: 500 }, { sampleBytes: 256 * 2 ** 20, bytes: 1024 * 2 ** 20 });
    expect(shares.parse).toBeCloseTo(0.2, 12);
    expect(shares.handOver).toBeCloseTo(0.4, 12);
    expect(shares.collector).toBeCloseTo(0.4, 12);
    // 0.3 s per 256 MiB → 1.2 s per GiB on one thread → 0.6 s on two.
    expect(shares.floorSeconds).toBeCloseTo(0.6, 12);
  });
});

describe('runProfileParts', () => {
  it('runs the three parts on the same bytes, and both visitors are handed every call and WAIT of the trace', async () => {
    const commits = 1500;
    const text = [...generateCommitLoop({ preset: 'flash-on', seed: 'profile-parts', commits })].join('');
    const file = join(dir, 'loop.trc');
    writeFileSync(file, text);
    // Counted here from the text, not by the code under test: every call line and every WAIT line.
    const lines = text.split('\n');
    const calls = lines.filter((l) => /^(PARSE|EXEC|FETCH|CLOSE|XCTEND) /.test(l)).length;
    const waits = lines.filter((l) => l.startsWith('WAIT #')).length;
    expect(calls).toBeGreaterThan(2 * commits - 1);
    expect(Buffer.byteLength(text)).toBeLessThan(2 ** 20); // read whole: every line reaches the parts

    const result = await runProfileParts({ file, mb: 1, rounds: 2 });
    expect(result.sampleBytes).toBe(Buffer.byteLength(text));
    expect(result.flags).toBe('--no-use-osr --always-sparkplug');
    for (const key of ['parse', 'handOver', 'profile']) {
      expect(result.times[key]).toHaveLength(2);
      for (const ms of result.times[key]) expect(ms).toBeGreaterThan(0);
    }
    expect(result.calls).toBe(calls);
    expect(result.waits).toBe(waits);
    const printed = formatProfileParts(result, { bytes: Buffer.byteLength(text) });
    expect(printed).toContain('parse only (as stats)');
    expect(printed).toContain('+ the profile collector');
    expect(printed).toMatch(/two threads with no collector at all would need >= \d+\.\d{3} s/);
  }, 60_000);
});
