import { describe, expect, it } from 'vitest';
import { generateCommitLoop } from '../../lib/synth/commit-loop';
import type { Family } from '../../lib/synth/dialects';
import { startTrace } from '../../lib/synth/fixture-kit';
import { sampleWaits } from '../../lib/synth/wait-model';

/** Independent of the parser: a WAIT at the start of a line, `log file sync` exactly. */
function syncElas(text: string): number[] {
  return [...text.matchAll(/^WAIT #\d+: nam='log file sync' ela=\s*(\d+)/gm)].map((m) => Number(m[1]));
}

describe('the direct sampler equals the trace path for the same seed', () => {
  it.each(['9i', '10.2', '11.2', '19c', '23c', 'no-banner', 'trcsess'] as const)('session writer, %s', (family: Family) => {
    const n = 300;
    const { b, s } = startTrace(family, 1234, { preset: 'flash-off' });
    s.sessionStart();
    const c = s.parse(['update t1 set n = n + 1 where id = :b1']);
    for (let i = 0; i < n; i++) s.commit(c, { during: i % 50 === 7 ? ['db file sequential read', 'log file sync: SCN ordering'] : [] });
    const text = new TextDecoder().decode(b.toBytes());
    expect(syncElas(text)).toEqual([...sampleWaits('flash-off', n, 1234)]);
  });

  it('session writer, 8i: centiseconds of the scaled model values', () => {
    const n = 200;
    const { b, s } = startTrace('8i', 77, { preset: 'flash-off', elaScale: 15 });
    s.sessionStart();
    const c = s.parse(['update t1 set n = n + 1 where id = :b1']);
    for (let i = 0; i < n; i++) s.commit(c);
    const text = new TextDecoder().decode(b.toBytes());
    expect(syncElas(text)).toEqual([...sampleWaits('flash-off', n, 77)].map((us) => Math.round(Math.round(us * 15) / 10_000)));
  });

  it.each([false, true])('commit loop (pinExtremes %s), in 64 KiB chunks', (pinExtremes) => {
    const commits = 20_000;
    const chunks = [...generateCommitLoop({ preset: 'flash-on', seed: 42, commits, sessionIndex: 3, chunkChars: 1 << 16, stampEvery: 5000, pinExtremes })];
    expect(chunks.length).toBeGreaterThan(10);
    for (const ch of chunks.slice(0, -1)) expect(ch.length).toBeGreaterThanOrEqual(1 << 16);
    const text = chunks.join('');
    expect(syncElas(text)).toEqual([...sampleWaits('flash-on', commits, 42, { pinExtremes })]);
  });
});

describe('commit loop', () => {
  const text = [...generateCommitLoop({ preset: 'flash-off', seed: 9, commits: 12_000, stampEvery: 4000 })].join('');
  const lines = text.split('\n');

  it('is deterministic, and depends on seed and session', () => {
    const again = [...generateCommitLoop({ preset: 'flash-off', seed: 9, commits: 12_000, stampEvery: 4000 })].join('');
    expect(again).toBe(text);
    const other = [...generateCommitLoop({ preset: 'flash-off', seed: 9, commits: 12_000, stampEvery: 4000, sessionIndex: 1 })].join('');
    expect(other).not.toBe(text);
    expect(syncElas(other)).toEqual(syncElas(text)); // the ela stream depends on the seed only
  });

  it('is an 11.2 trace: banner, session, one UPDATE cursor, 15-digit cursor numbers', () => {
    expect(lines[1]).toBe('Oracle Database 11g Enterprise Edition Release 11.2.0.4.0 - 64bit Production');
    expect(lines.filter((l) => l.startsWith('*** SESSION ID:('))).toHaveLength(1);
    expect(text).toMatch(/^PARSING IN CURSOR #\d{15} len=\d+ dep=0 .*\nupdate t1 set n = n \+ 1 where id = :b1\nEND OF STMT$/m);
    expect(lines.filter((l) => l.startsWith('EXEC #'))).toHaveLength(12_000);
    expect(lines.filter((l) => l.startsWith('XCTEND rlbk=0, rd_only=0, tim='))).toHaveLength(12_000);
    expect(lines.filter((l) => /^\*\*\* \d{4}-\d\d-\d\d \d\d:\d\d:\d\d\.\d{3}$/.test(l))).toHaveLength(1 + 2);
  });

  it('writes the three WAITs of each commit with the 11.2 parameters', () => {
    const sync = lines.filter((l) => l.includes("nam='log file sync'"));
    expect(sync).toHaveLength(12_000);
    for (const l of sync.slice(0, 50)) expect(l).toMatch(/^WAIT #0: nam='log file sync' ela= \d+ buffer#=\d+ sync scn=\d+ p3=0 obj#=-1 tim=\d+$/);
    expect(lines.filter((l) => l.startsWith("WAIT #0: nam='SQL*Net message to client' ela= "))).toHaveLength(12_000);
    expect(lines.filter((l) => /^WAIT #0: nam='SQL\*Net message from client' ela= \d+ driver id=1650815232 #bytes=1 p3=0 obj#=-1 tim=\d+$/.test(l))).toHaveLength(12_000);
    expect(lines.some((l) => l.includes("nam='db file sequential read'"))).toBe(true);
  });

  it('advances tim and the sync scn monotonically, with tim ≈ the stamps', () => {
    const tims = [...text.matchAll(/tim=(\d+)/g)].map((m) => Number(m[1]));
    expect(tims.filter((t, i) => i > 0 && t < (tims[i - 1] ?? 0))).toEqual([]);
    const scns = [...text.matchAll(/sync scn=(\d+)/g)].map((m) => Number(m[1]));
    expect(scns.filter((v, i) => i > 0 && v <= (scns[i - 1] ?? 0))).toEqual([]);
    // tim ≈ epoch µs in 11.2 (trace-format.md §1): the last stamp and the next tim agree to the ms.
    const at = lines.findLastIndex((l) => /^\*\*\* \d{4}-/.test(l));
    const stampMs = Date.parse(`${(lines[at] ?? '').slice(4).replace(' ', 'T')}Z`);
    const nextTim = Number(/tim=(\d+)/.exec(lines.slice(at).join('\n'))?.[1]);
    expect(Math.abs(nextTim / 1000 - stampMs)).toBeLessThan(10);
  });
});
