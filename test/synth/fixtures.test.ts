import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { startTrace } from '../../lib/synth/fixture-kit';
import { buildFixtures, buildLongBindCase } from '../../lib/synth/fixtures';
import { formatGolden, toGolden } from '../../lib/synth/golden';

const ROOT = new URL('../../', import.meta.url);
const cases = buildFixtures();
const latin1 = (b: Uint8Array) => new TextDecoder('latin1').decode(b);

describe('fixture catalogue', () => {
  it('is deterministic: building twice gives the same bytes and truth', () => {
    const again = buildFixtures();
    expect(again.map((c) => c.name)).toEqual(cases.map((c) => c.name));
    again.forEach((c, i) => {
      expect(Buffer.compare(Buffer.from(c.bytes), Buffer.from(cases[i]?.bytes ?? []))).toBe(0);
      expect(c.waits).toEqual(cases[i]?.waits);
    });
  });

  it('differs when the seed differs', () => {
    const body = (seed: number) => {
      const { b, s } = startTrace('19c', seed);
      s.sessionStart();
      const c = s.parse(['update t1 set n = n + 1']);
      for (let i = 0; i < 5; i++) s.commit(c);
      return Buffer.from(b.toBytes());
    };
    expect(body(1).equals(body(1))).toBe(true);
    expect(body(1).equals(body(2))).toBe(false);
  });

  it('has names that are unique file names', () => {
    expect(new Set(cases.map((c) => c.name)).size).toBe(cases.length);
    for (const c of cases) expect(c.name).toMatch(/^[a-z0-9-]+$/);
  });

  // `node scripts/make-fixtures.mjs --check` as a test: the committed pairs are what the generator makes.
  it.each(cases.map((c) => [c.name, c] as const))('%s: the files in test/ match the generator', (name, c) => {
    const trc = readFileSync(new URL(`test/fixtures/${name}.trc`, ROOT));
    expect(Buffer.compare(trc, Buffer.from(c.bytes))).toBe(0);
    expect(readFileSync(new URL(`test/golden/${name}.json`, ROOT), 'utf8')).toBe(formatGolden(toGolden(c)));
  });
});

/**
 * The ground truth checked against the bytes with independent means: every truth entry points at a
 * `WAIT #` at its line and offset, complete entries re-parse to the same values, and every `WAIT #`
 * outside SQL text is in the truth.
 */
describe.each([...cases, buildLongBindCase(200_000)].map((c) => [c.name, c] as const))('ground truth of %s', (_name, c) => {
  const text = latin1(c.bytes); // one char per byte: string index = byte offset
  const WAIT = /^WAIT #(\d+): nam='(.*?)' ela=\s*(\d+)(.*?)(?: tim=(\d+))?$/;

  it('points at WAIT records, at the right line and offset', () => {
    for (const w of c.waits.filter((t) => t.event !== 'LGWR log write warning')) {
      expect(text.startsWith('WAIT #', w.offset)).toBe(true);
      let line = 1;
      for (let i = 0; i < w.offset; i++) if (text.charCodeAt(i) === 10) line++;
      expect(w.line).toBe(line);
      const end = text.indexOf('\n', w.offset);
      const rest = text.slice(w.offset, end === -1 ? undefined : end);
      const m = WAIT.exec(rest);
      if (w.complete) {
        expect(m?.[2]).toBe(w.event);
        expect(Number(m?.[3])).toBe(w.elaRaw);
        expect(m?.[5] === undefined ? null : Number(m[5])).toBe(w.tim);
        expect(w.elaMicros).toBe(w.elaRaw * (c.unit === 'cs' ? 10_000 : 1));
      } else {
        expect(rest).not.toContain(' tim=');
      }
    }
  });

  it('holds every WAIT outside SQL text', () => {
    const outsideSql = text.replace(/^PARSING IN CURSOR[^\n]*\n[\s\S]*?^END OF STMT$/gm, '');
    const found = outsideSql.match(/WAIT #/g)?.length ?? 0;
    expect(found).toBe(c.waits.filter((t) => t.event !== 'LGWR log write warning').length);
  });

  it('points at LGWR log write warnings, ela the written ms × 1000', () => {
    for (const w of c.waits.filter((t) => t.event === 'LGWR log write warning')) {
      const end = text.indexOf('\n', w.offset);
      const m = /^Warning: log write elapsed time (\d+)ms, size \d+KB$/.exec(text.slice(w.offset, end));
      expect(Number(m?.[1]) * 1000).toBe(w.elaMicros);
    }
    expect(c.waits.filter((t) => t.event === 'LGWR log write warning').length).toBe((text.match(/^Warning: log write /gm) ?? []).length);
  });
});
