// A cut or corrupt gzip file gives ONE message, in our words, with the line reached (issue 12: the
// page showed two, one of them Chromium's "Failed to execute 'close' on
// 'WritableStreamDefaultWriter'…"). Node's DecompressionStream says "unexpected end of file"
// instead: neither platform's text may reach the user. The same file in real Chromium:
// test/app/errors.browser.test.ts.
import { constants, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { generateCommitLoop } from '@/lib/synth/commit-loop';
import { parseTrace } from '@/lib/trace/parse-trace';
import { fileChunks } from '@/lib/worker/file-chunks';
import { statusOfResult } from '@/lib/worker/file-status';
import { gzipBytes } from '../helpers/chunks';

const text = [...generateCommitLoop({ preset: 'flash-off', seed: 3, commits: 3_000, sessionIndex: 0, pinExtremes: false })].join('');
const gz = gzipBytes(new TextEncoder().encode(text));

async function parseFile(bytes: Uint8Array, name: string) {
  const file = new File([bytes as Uint8Array<ArrayBuffer>], name);
  const result = await parseTrace(fileChunks(file), { fileName: name, event: 'log file sync' });
  return { result, status: statusOfResult(result, file.size) };
}

/** Lines in what zlib itself recovers from a cut stream: a last line without LF counts. */
function linesRecovered(bytes: Uint8Array): number {
  const plain = gunzipSync(bytes, { finishFlush: constants.Z_SYNC_FLUSH }).toString('latin1');
  return plain.split('\n').length - (plain.endsWith('\n') ? 1 : 0);
}

describe('a truncated gzip file', () => {
  it('gives one warning and one problem, naming the file once and the line reached, in our words', async () => {
    const cut = gz.slice(0, Math.floor(gz.length * 0.6));
    const line = linesRecovered(cut);
    expect(line).toBeGreaterThan(1000);
    const { result, status } = await parseFile(cut, 'cut.trc.gz');
    const ends = result.warnings.filter((w) => w.code === 'truncated-gzip' || w.code === 'truncated-final-line');
    expect(ends).toHaveLength(1);
    expect(ends[0]).toMatchObject({ code: 'truncated-gzip', lines: [line] });
    expect(ends[0]!.message).toMatch(/^cut\.trc\.gz: the gzip data ends early \(the file was cut short, or its last bytes are damaged\), after [\d,]+ decompressed bytes; everything before was parsed/);
    expect(status.problems).toEqual([{ kind: 'truncated', message: expect.stringMatching(new RegExp(`^cut\\.trc\\.gz is truncated at line ${line.toLocaleString('en-US')}: the gzip data ends early`)) }]);
    const said = status.problems[0]!.message;
    expect(said.split('cut.trc.gz')).toHaveLength(2); // the name, once
    expect(said).not.toMatch(/unexpected end of file|Failed to execute|WritableStream|\(line \d+\)/);
  });

  it('refuses a file damaged in the middle, once, counting nothing of it: what came out before the damage was found may be wrong', async () => {
    const bad = gz.slice();
    for (let i = 2000; i < 2400; i++) bad[i] = 0x55;
    const { result, status } = await parseFile(bad, 'bad.trc.gz');
    // The platform's stream may give nothing before it fails: then nothing was decompressed.
    expect(result.outcome).toEqual({ kind: 'not-a-trace', reason: expect.stringMatching(/^bad\.trc\.gz is a damaged gzip file: the gzip data is corrupt(, and nothing was decompressed| \(found after [\d,]+ decompressed bytes\); damaged data can decode to wrong bytes before the damage is found, so none of it was counted)/) });
    expect(result.warnings.map((x) => x.code).filter((c) => c === 'truncated-gzip' || c === 'damaged-gzip')).toEqual(['damaged-gzip']);
    expect(status.problems).toHaveLength(1);
  });

  it('refuses two bytes flipped in the middle, which inflate to plausible lines before the error (a DBA review found phantom calls)', async () => {
    const bad = gz.slice();
    const at = Math.floor(gz.length / 2);
    bad[at] = (bad[at] as number) ^ 0xff;
    bad[at + 1] = (bad[at + 1] as number) ^ 0xff;
    const { result } = await parseFile(bad, 'flip.trc.gz');
    expect(result.outcome.kind).toBe('not-a-trace');
    expect(result.warnings.map((x) => x.code)).toContain('damaged-gzip');
  });

  it('refuses a file whose data inflates to its end but fails the gzip trailer\'s CRC-32 check: some byte came out wrong (Node says so)', async () => {
    const bad = gz.slice();
    bad[bad.length - 6] = (bad[bad.length - 6] as number) ^ 0xff; // inside the trailer's CRC-32 (RFC 1952 §2.3)
    const { result, status } = await parseFile(bad, 'crc.trc.gz');
    expect(result.outcome).toEqual({ kind: 'not-a-trace', reason: expect.stringMatching(/^crc\.trc\.gz is a damaged gzip file: the gzip data is corrupt \(found after [\d,]+ decompressed bytes\)/) });
    // None of it counts: no waits, sessions or events for the dataset, and one message, not a second
    // "truncated at line N" for the line the inflater had reached.
    expect(result.bytes).toBeGreaterThan(0);
    expect(result.samples.count).toBe(0);
    expect(result.elaCounts).toBeUndefined();
    expect(result.sessions).toEqual([]);
    expect(result.profile).toEqual([]);
    expect(result.warnings.map((w) => w.code)).toEqual(['damaged-gzip']);
    expect(status.problems).toHaveLength(1);
  });

  it('says a gzip file damaged before its first byte is damaged, once, not empty', async () => {
    // A gzip header (1f 8b 08 00) and text where its deflate data should be: nothing inflates.
    const broken = Uint8Array.from([0x1f, 0x8b, 0x08, 0x00, ...new TextEncoder().encode('garbage')]);
    const { result, status } = await parseFile(broken, 'broken.trc.gz');
    expect(result.outcome).toEqual({ kind: 'not-a-trace', reason: 'broken.trc.gz is a damaged gzip file: the gzip data ends early (the file was cut short, or its last bytes are damaged), and nothing was decompressed before the damage was found (`gzip -t` tests the file)' });
    expect(result.warnings.map((w) => w.code)).toEqual(['damaged-gzip']);
    expect(status.problems).toHaveLength(1);
    expect(status.problems[0]!.message).not.toContain('empty');
  });
});
