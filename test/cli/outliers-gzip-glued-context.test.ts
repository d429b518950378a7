// `outliers --context` on a gzipped file gives the plain file's contexts, wait for wait, including
// the WAIT glued after a FETCH on line 57 of the glued-line fixture (test/fixtures/README.md): the
// gzip file is read through lib/trace's decompress, in the decompressed offsets the parser gave.
import { copyFileSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { makeTempDir, parseJsonOutput, runCli } from '../helpers/cli';

const FIXTURE = new URL('../fixtures/damage-glued-line.trc', import.meta.url);

interface Json {
  top: { rows: { line: number; offset: number }[] };
  context: { waits: { rank: number; cursor: string | null; lines: { line: number; offset: number; text: string; isWait: boolean }[] }[] };
}

describe('outliers --context on a gzipped file', () => {
  const temp = makeTempDir('gzip-glued-context');
  afterAll(() => temp.remove());

  it('equals the plain file’s contexts, the glued WAIT’s included', async () => {
    const plain = path.join(temp.dir, 'glued.trc');
    const gz = path.join(temp.dir, 'glued.trc.gz');
    copyFileSync(FIXTURE, plain);
    writeFileSync(gz, gzipSync(readFileSync(FIXTURE)));
    const args = ['outliers', '--json', '--context', '3', '--top', '8'];
    const [p, z] = [await runCli([...args, plain]), await runCli([...args, gz])];
    expect(p.status, p.stderr).toBe(0);
    expect(z.status, z.stderr).toBe(0);
    const [pj, zj] = [parseJsonOutput<Json>(p), parseJsonOutput<Json>(z)];
    // The fixture's 8 log file syncs, all listed, each with 3 lines before and 1 after.
    expect(zj.context.waits).toHaveLength(8);
    expect(zj.context.waits).toEqual(pj.context.waits);
    // The same waits at the same lines and offsets (the rows name their file: glued.trc, glued.trc.gz).
    const where = (j: Json) => j.top.rows.map((r) => [r.line, r.offset]);
    expect(where(zj)).toEqual(where(pj));
    // The glued one: its offset is the W inside line 57, the line shown is the whole physical line.
    const lines = readFileSync(FIXTURE, 'latin1').split('\n');
    const glued = lines[56] as string;
    const rank = zj.top.rows.findIndex((r) => r.line === 57);
    expect(rank).toBeGreaterThanOrEqual(0);
    const lineStart = lines.slice(0, 56).reduce((n, l) => n + Buffer.byteLength(l, 'latin1') + 1, 0);
    expect(zj.top.rows[rank]!.offset).toBe(lineStart + glued.indexOf('WAIT #0'));
    const ctx = zj.context.waits[rank]!;
    expect(ctx.cursor).toBe('0');
    expect(ctx.lines.find((l) => l.isWait)).toEqual({ line: 57, offset: lineStart, text: glued, isWait: true, inStatement: false, cut: false });
    expect(ctx.lines.map((l) => l.line)).toEqual([54, 55, 56, 57, 58]);
  });
});
