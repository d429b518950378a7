/**
 * CSV import of wait samples (issue 4 §3): a column of `ela` values in µs, e.g. from fio, strace or
 * another tool, becomes a dataset. papaparse splits the text; zod checks each value, because a CSV
 * is a trust boundary (style.md §7). Bad rows are skipped and reported by line; a file that is
 * mostly bad is refused as a whole, since it is more likely the wrong file than a damaged one.
 *
 * Input is a string or an AsyncIterable<Uint8Array> (`File.stream()`): a CSV may be tens of MB, so
 * chunks are decoded and parsed piece by piece, never joined into one string (style.md §2).
 */
import Papa from 'papaparse';
import { z } from 'zod';
import { maybeDelimiter, pickColumn } from './sample-columns';

/** One skipped row: its 1-based line number and a one-line reason that starts with "line N: ". */
export interface RowError {
  line: number;
  reason: string;
}

export type ImportSamplesResult =
  | {
      ok: true;
      /** The good values, µs, in file order. */
      values: Float64Array;
      /** Data rows read (good and bad; not the header or blank lines). */
      rows: number;
      /** The header name of the column read, or "column 1" when there is no header. */
      column: string;
      /** The first MAX_ROW_ERRORS bad rows. */
      errors: RowError[];
      /** All bad rows, including those not kept in `errors`. */
      errorCount: number;
    }
  | { ok: false; reason: string };

export const MAX_ROW_ERRORS = 20;

/** A plain decimal, optionally with an exponent; Number() alone would also take "0x1f", "" and " ". */
const DECIMAL = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:e[+-]?\d+)?$/i;

/** One cell of the ela column: a non-negative finite number of µs. Messages complete "'<cell>' …". */
const microsCell = z
  .string()
  .trim()
  .regex(DECIMAL, 'is not a number of µs')
  .transform(Number)
  .pipe(z.number({ error: 'is too large' }).nonnegative('is negative (µs cannot be)')); // zod 4 numbers refuse ±Infinity

/** A cell as quoted in a message: at most 40 characters, on one line. */
function quote(cell: string): string {
  const flat = cell.replace(/[\r\n\t]+/g, ' ');
  return `'${flat.length > 40 ? `${flat.slice(0, 40)}…` : flat}'`;
}

/** Rows in, values out. One instance per file; `push` takes complete rows only. */
class SampleCollector {
  private values = new Float64Array(1024);
  private count = 0;
  private line = 0;
  private delimiter: string | null = null;
  private columnIndex = -1;
  private column = '';
  private failure: string | null = null;
  rows = 0;
  errors: RowError[] = [];
  errorCount = 0;

  /** Parses text that ends at a row boundary (or is the end of the file). */
  push(text: string): void {
    if (this.failure !== null || text.length === 0) return;
    this.delimiter ??= maybeDelimiter(text);
    const data = Papa.parse<string[]>(text, { delimiter: this.delimiter, skipEmptyLines: false }).data;
    // A piece that ends in a line break gives one last empty row that is no line of the file.
    if (/\r?\n$|\r$/.test(text) && data.length > 0 && data[data.length - 1]!.join('') === '') data.pop();
    for (const row of data) {
      this.line++;
      this.row(row);
      // A quoted field may hold line breaks: keep later line numbers true to the file.
      for (const field of row) this.line += field.split(/\r\n|\r|\n/).length - 1;
      if (this.failure !== null) return;
    }
  }

  private row(row: string[]): void {
    if (row.every((cell) => cell.trim() === '')) return;
    if (this.columnIndex < 0) {
      const choice = pickColumn(row);
      if (!choice.ok) {
        this.failure = choice.reason;
        return;
      }
      this.columnIndex = choice.index;
      this.column = choice.name;
      if (choice.header) return;
    }
    this.rows++;
    const cell = row[this.columnIndex];
    if (cell === undefined || cell.trim() === '') {
      this.reject(`no value in column ${this.column}`);
      return;
    }
    const parsed = microsCell.safeParse(cell);
    if (!parsed.success) {
      this.reject(`${quote(cell)} ${parsed.error.issues[0]?.message ?? 'is not a number of µs'}`);
      return;
    }
    if (this.count === this.values.length) {
      const grown = new Float64Array(this.values.length * 2);
      grown.set(this.values);
      this.values = grown;
    }
    this.values[this.count++] = parsed.data;
  }

  private reject(why: string): void {
    this.errorCount++;
    if (this.errors.length < MAX_ROW_ERRORS) this.errors.push({ line: this.line, reason: `line ${this.line}: ${why}` });
  }

  result(): ImportSamplesResult {
    if (this.failure !== null) return { ok: false, reason: this.failure };
    if (this.rows === 0) return { ok: false, reason: 'no samples: the CSV has no data rows' };
    if (this.errorCount * 2 > this.rows) {
      const lines = this.errors.slice(0, 5).map((e) => e.line).join(', ');
      const first = this.errors[0]?.reason ?? '';
      return {
        ok: false,
        reason: `${this.errorCount} of ${this.rows} rows are not µs values (lines ${lines}${this.errorCount > 5 ? ', …' : ''}; ${first}): is this a CSV of samples?`,
      };
    }
    return {
      ok: true,
      values: this.values.slice(0, this.count),
      rows: this.rows,
      column: this.column,
      errors: this.errors,
      errorCount: this.errorCount,
    };
  }
}

/** Imports samples from CSV text held in memory. */
export function importSamplesFromText(text: string): ImportSamplesResult {
  const collector = new SampleCollector();
  collector.push(text.replace(/^\uFEFF/, ''));
  return collector.result();
}

/**
 * Where `text` can be cut so that the part before is whole rows: after the last line break outside
 * quotes (-1 if none). `inQuotes` is the quote state where `text` starts; `endsInQuotes` the state
 * where it ends, which is where the next chunk's text starts. An escaped quote ("") flips twice.
 */
function lastRowBoundary(text: string, inQuotes: boolean): { cut: number; endsInQuotes: boolean } {
  let cut = -1;
  let quoted = inQuotes;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 34 /* " */) quoted = !quoted;
    else if (c === 10 /* \n */ && !quoted) cut = i + 1;
  }
  return { cut, endsInQuotes: quoted };
}

export interface ImportChunksOptions {
  /** Called after each chunk with the bytes read so far, for a progress bar. */
  onProgress?: (bytesRead: number) => void;
  /** Checked before each chunk; when aborted, the import stops by throwing `signal.reason`. */
  signal?: AbortSignal;
}

/**
 * Imports samples from a stream of bytes (UTF-8), e.g. `File.stream()`. Each chunk is parsed up to
 * its last complete row; the rest is carried into the next chunk. Pure and DOM-free, so it runs in
 * the parse worker: papaparse and zod take about 2 µs per row (2 M rows of 26 MB in ~5 s, measured
 * on the 2-core dev machine), too long for the page's main thread.
 */
export async function importSamplesFromChunks(chunks: AsyncIterable<Uint8Array>, options: ImportChunksOptions = {}): Promise<ImportSamplesResult> {
  const collector = new SampleCollector();
  // The default TextDecoder drops a leading BOM and keeps multi-byte characters split across chunks.
  const decoder = new TextDecoder('utf-8');
  let carry = '';
  let inQuotes = false;
  let bytesRead = 0;
  for await (const chunk of chunks) {
    options.signal?.throwIfAborted();
    bytesRead += chunk.byteLength;
    const text = carry + decoder.decode(chunk, { stream: true });
    // Only the new text is scanned: the carry was scanned before, and its quote state kept.
    const scanned = lastRowBoundary(text.slice(carry.length), inQuotes);
    inQuotes = scanned.endsInQuotes;
    if (scanned.cut < 0) {
      carry = text;
    } else {
      const cut = carry.length + scanned.cut;
      collector.push(text.slice(0, cut));
      carry = text.slice(cut);
    }
    options.onProgress?.(bytesRead);
  }
  collector.push(carry + decoder.decode());
  return collector.result();
}
