import { describe, expect, it } from 'vitest';
import { importSamplesFromChunks, importSamplesFromText, MAX_ROW_ERRORS, type ImportSamplesResult } from '@/lib/csv/import-samples';
import { chunksOf, toCrlf } from '../helpers/chunks';

const utf8 = (text: string) => new TextEncoder().encode(text);

function ok(result: ImportSamplesResult) {
  if (!result.ok) throw new Error(`expected ok, got: ${result.reason}`);
  return result;
}
function failed(result: ImportSamplesResult): string {
  if (result.ok) throw new Error('expected a failure');
  return result.reason;
}

describe('importSamplesFromText', () => {
  it('reads a single column without a header', () => {
    const r = ok(importSamplesFromText('120\n3.5\n0\n1e3\n'));
    expect(Array.from(r.values)).toEqual([120, 3.5, 0, 1000]);
    expect(r).toMatchObject({ rows: 4, column: 'column 1', errors: [], errorCount: 0 });
  });

  it('takes the column named like ela, whatever its case and position', () => {
    const r = ok(importSamplesFromText('time,LATENCY_US,op\n1,250,w\n2,7,r\n'));
    expect(Array.from(r.values)).toEqual([250, 7]);
    expect(r.column).toBe('LATENCY_US');
    expect(r.rows).toBe(2);
  });

  it('prefers ela over the later names, and knows ela_µs with either mu', () => {
    expect(ok(importSamplesFromText('us,ela\n1,2\n')).values[0]).toBe(2);
    expect(ok(importSamplesFromText('x;ELA_\u00b5s\n9;4\n')).column).toBe('ELA_\u00b5s');
    expect(ok(importSamplesFromText('x\tela_\u03bcs\n9\t5\n')).values[0]).toBe(5);
  });

  it('takes a single named column whatever its name', () => {
    const r = ok(importSamplesFromText('duration\n10\n20\n'));
    expect(r.column).toBe('duration');
    expect(Array.from(r.values)).toEqual([10, 20]);
  });

  it('skips blank lines without counting them, and handles CRLF and a BOM', () => {
    const r = ok(importSamplesFromText('\uFEFFela\r\n\r\n5\r\n6\r\n'));
    expect(Array.from(r.values)).toEqual([5, 6]);
    expect(r.rows).toBe(2);
  });

  it('reports bad rows with their 1-based line numbers and one-line reasons', () => {
    // Lines: 1 header, 2 "10", 3 "abc", 4 blank, 5 "-4", 6 "20", 7 "0x10", 8 "30", 9 empty cell, 10..13 good.
    const text = 'ela,x\n10,a\nabc,b\n\n-4,c\n20,d\n0x10,e\n30,f\n,g\n1,h\n2,i\n3,j\n4,k\n';
    const r = ok(importSamplesFromText(text));
    expect(Array.from(r.values)).toEqual([10, 20, 30, 1, 2, 3, 4]);
    expect(r.rows).toBe(11);
    expect(r.errorCount).toBe(4);
    expect(r.errors.map((e) => e.line)).toEqual([3, 5, 7, 9]);
    expect(r.errors[0]!.reason).toBe("line 3: 'abc' is not a number of µs");
    expect(r.errors[1]!.reason).toMatch(/^line 5: '-4' is negative/);
    expect(r.errors[2]!.reason).toBe("line 7: '0x10' is not a number of µs");
    expect(r.errors[3]!.reason).toBe('line 9: no value in column ela');
    for (const e of r.errors) expect(e.reason).not.toMatch(/\n/);
  });

  it('refuses infinite values, and a row too short for the column', () => {
    const r = ok(importSamplesFromText('a,ela\n1,1e999\n2,5\n3\n4,6\n5,7\n'));
    expect(Array.from(r.values)).toEqual([5, 6, 7]);
    expect(r.errors.map((e) => e.reason)).toEqual(["line 2: '1e999' is too large", 'line 4: no value in column ela']);
  });

  it('keeps the first 20 errors and counts them all', () => {
    const lines = ['ela'];
    for (let i = 0; i < 100; i++) lines.push(String(i));
    for (let i = 0; i < 30; i++) lines.push('bad');
    const r = ok(importSamplesFromText(lines.join('\n')));
    expect(MAX_ROW_ERRORS).toBe(20);
    expect(r.errors).toHaveLength(20);
    expect(r.errorCount).toBe(30);
    expect(r.errors[0]!.line).toBe(102);
    expect(r.values.length).toBe(100);
  });

  it('fails when more than half of the rows are bad, naming the first bad lines', () => {
    const reason = failed(importSamplesFromText('ela\n1\nx\ny\n2\nz\n'));
    expect(reason).toContain('3 of 5 rows');
    expect(reason).toContain('lines 3, 4, 6');
    // Exactly half bad is still accepted.
    expect(ok(importSamplesFromText('ela\n1\nx\n')).errorCount).toBe(1);
  });

  it('fails on an empty file, a header only, and several columns without a usable name', () => {
    expect(failed(importSamplesFromText(''))).toMatch(/no data rows/);
    expect(failed(importSamplesFromText('ela\n\n'))).toMatch(/no data rows/);
    expect(failed(importSamplesFromText('time,value\n1,2\n'))).toMatch(/'time', 'value'/);
    expect(failed(importSamplesFromText('1,2\n3,4\n'))).toMatch(/no header row/);
  });

  it('counts the lines of a quoted field with line breaks', () => {
    const r = ok(importSamplesFromText('note,ela\n"two\nlines",5\nx,bad\ny,6\nz,7\n'));
    expect(r.errors[0]!.line).toBe(4);
    expect(Array.from(r.values)).toEqual([5, 6, 7]);
  });
});

describe('importSamplesFromChunks', () => {
  const text = 'note,ela_us\n"a, ""quoted""\nnote",10\nµ,20\n\nx,bad\nlast,40';

  it.each([1, 2, 7, 64])('gives the same result with %i-byte chunks, LF and CRLF', async (size) => {
    const whole = ok(importSamplesFromText(text));
    expect(Array.from(whole.values)).toEqual([10, 20, 40]);
    expect(whole.errors.map((e) => e.line)).toEqual([6]);
    for (const bytes of [utf8(text), toCrlf(utf8(text))]) {
      const r = ok(await importSamplesFromChunks(chunksOf(bytes, size)));
      expect(Array.from(r.values)).toEqual([10, 20, 40]);
      expect(r).toMatchObject({ rows: 4, column: 'ela_us', errorCount: 1 });
      expect(r.errors[0]!.line).toBe(6);
    }
  });

  it('reads many rows in small chunks with exact values', async () => {
    const n = 50_000;
    const rows = Array.from({ length: n }, (_, i) => `${(i * 37) % 9973}.25`);
    const r = ok(await importSamplesFromChunks(chunksOf(utf8(`usec\n${rows.join('\n')}\n`), 4096)));
    expect(r.values.length).toBe(n);
    expect(r.values[0]).toBe(0.25);
    expect(r.values[n - 1]).toBe(((n - 1) * 37) % 9973 + 0.25);
  });

  it('drops a leading BOM', async () => {
    const bytes = new Uint8Array([0xef, 0xbb, 0xbf, ...utf8('ela\n3\n')]);
    const r = ok(await importSamplesFromChunks(chunksOf(bytes, 2)));
    expect(r.column).toBe('ela');
    expect(Array.from(r.values)).toEqual([3]);
  });

  it('reports bytes read after each chunk, and stops when aborted', async () => {
    const bytes = utf8('ela\n1\n2\n3\n');
    const seen: number[] = [];
    ok(await importSamplesFromChunks(chunksOf(bytes, 4), { onProgress: (n) => seen.push(n) }));
    expect(seen).toEqual([4, 8, 10]);

    const controller = new AbortController();
    const stopAfterFirst = { onProgress: () => controller.abort(new Error('cancelled')), signal: controller.signal };
    await expect(importSamplesFromChunks(chunksOf(bytes, 4), stopAfterFirst)).rejects.toThrow('cancelled');
  });
});
