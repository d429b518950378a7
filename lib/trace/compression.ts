/**
 * Compression is told by magic bytes, never by file name (style.md §3): a `.gz` name over plain
 * text works, and so does a plain name over gzip. gzip is unwrapped while streaming with
 * `DecompressionStream`, which Node (18+) and browsers both have, so there is one code path; xz
 * with xz-decompress (xz-unwrap.ts), WebAssembly that runs in both as well.
 */
import { CompressedDataError, corruptText, cutText, sourceFailure } from './compressed-data-error';
import { unxz } from './xz-unwrap';
export { CompressedDataError, corruptText, cutText, type CompressedFormat, type DataDamage } from './compressed-data-error';

export type SniffedCompression =
  | { kind: 'none' }
  | { kind: 'gzip' }
  | { kind: 'xz' }
  | { kind: 'unsupported'; format: string; hint: string };

/** Bytes needed to tell every format below apart. */
export const SNIFF_LENGTH = 6;

export function sniffCompression(head: Uint8Array): SniffedCompression {
  const at = (i: number) => head[i];
  if (at(0) === 0x1f && at(1) === 0x8b) return { kind: 'gzip' };
  // The xz stream header's magic bytes (The .xz File Format 1.2.1, §2.1.1.1).
  if (at(0) === 0xfd && at(1) === 0x37 && at(2) === 0x7a && at(3) === 0x58 && at(4) === 0x5a && at(5) === 0x00) return { kind: 'xz' };
  if (at(0) === 0x42 && at(1) === 0x5a && at(2) === 0x68) return { kind: 'unsupported', format: 'bzip2', hint: 'bunzip2 -k FILE' };
  if (at(0) === 0x28 && at(1) === 0xb5 && at(2) === 0x2f && at(3) === 0xfd) return { kind: 'unsupported', format: 'zstd', hint: 'zstd -d FILE' };
  // zip is no compression of one trace but an archive of files: lib/archive reads it (and tar,
  // tar.gz) before any trace is parsed, each member a file of the dataset.
  // Legacy .lzma: a properties byte (0x5D for the default lc/lp/pb) and a little-endian dictionary size.
  if (at(0) === 0x5d && at(1) === 0x00 && at(2) === 0x00) return { kind: 'unsupported', format: 'lzma', hint: 'unlzma -k FILE' };
  return { kind: 'none' };
}

/** Why a file compressed as waitscope does not read is not read, and how to decompress `file`: "xz-compressed; waitscope reads …". */
export function unsupportedCompressionText(compression: Extract<SniffedCompression, { kind: 'unsupported' }>, file: string): string {
  return `${compression.format}-compressed; waitscope reads plain, gzip and xz traces, so decompress it first (${compression.hint.replace('FILE', file)})`;
}

/**
 * Reads at least `n` bytes (or all there is) and hands back a stream that still yields them, and
 * `close`, which ends the source for a caller that will not read `stream` (an xz source holds its
 * decoder's lock until it ends: xz-unwrap.ts).
 */
export async function peek(
  source: AsyncIterable<Uint8Array>,
  n: number,
): Promise<{ head: Uint8Array; stream: AsyncIterable<Uint8Array>; close: () => Promise<void> }> {
  const iterator = source[Symbol.asyncIterator]();
  const taken: Uint8Array[] = [];
  let have = 0;
  let finished = false;
  while (have < n) {
    const next = await iterator.next();
    if (next.done) {
      finished = true;
      break;
    }
    taken.push(next.value);
    have += next.value.length;
  }
  const head = new Uint8Array(Math.min(have, n));
  let filled = 0;
  for (const c of taken) {
    if (filled >= head.length) break;
    const part = c.subarray(0, head.length - filled);
    head.set(part, filled);
    filled += part.length;
  }
  let ended = finished;
  async function* replay(): AsyncGenerator<Uint8Array> {
    try {
      yield* taken;
      if (finished) return;
      for (;;) {
        const next = await iterator.next();
        if (next.done) {
          ended = true;
          return;
        }
        yield next.value;
      }
    } catch (error) {
      ended = true; // the source failed: it has ended
      throw error;
    } finally {
      // A consumer that stops early (a break, a return, an exception of its own) ends the source too:
      // an xz source holds its decoder's lock until it ends (xz-unwrap.ts).
      if (!ended) await iterator.return?.();
    }
  }
  const close = async () => {
    if (!ended) await iterator.return?.();
    ended = true;
  };
  return { head, stream: replay(), close };
}


/** Unwraps gzip with back-pressure: the next compressed chunk is written only when the last was consumed. */
export async function* gunzip(source: AsyncIterable<Uint8Array>): AsyncGenerator<Uint8Array> {
  const inflater = new DecompressionStream('gzip');
  const writer = inflater.writable.getWriter();
  const reader = inflater.readable.getReader();
  // Which side failed decides the message: the source (an I/O error or a Cancel: its own message),
  // the inflater before the last byte was written (corrupt), or at the end (cut short).
  let sourceError: { error: unknown } | null = null;
  let allWritten = false;
  // Set when the consumer stops early: the pump then aborts the inflater instead of writing on.
  let stopping = false;
  const pump = (async () => {
    const chunks = source[Symbol.asyncIterator]();
    let sourceDone = false;
    try {
      for (;;) {
        let next: IteratorResult<Uint8Array>;
        try {
          next = await chunks.next();
        } catch (error) {
          sourceDone = true;
          sourceError = { error };
          throw error;
        }
        if (next.done) break;
        if (stopping) throw new Error('stopped early');
        await writer.write(next.value as Uint8Array<ArrayBuffer>);
      }
      sourceDone = true;
      allWritten = true;
      await writer.close();
    } catch (error) {
      await writer.abort(error).catch(() => undefined);
    } finally {
      // Stopped early (a write failed): let the source close its file, as `for await` would.
      if (!sourceDone) await Promise.resolve(chunks.return?.()).catch(() => undefined);
    }
  })();
  const failure = (inflater: unknown): CompressedDataError => {
    const fromSource = sourceError as { error: unknown } | null;
    if (fromSource) return sourceFailure(fromSource, 'gzip');
    const cut = allWritten && !failedCheck(inflater);
    return new CompressedDataError(cut ? cutText('gzip') : corruptText('gzip'), undefined, cut ? 'cut' : 'corrupt');
  };
  let finished = false;
  try {
    for (;;) {
      let next: ReadableStreamReadResult<Uint8Array>;
      try {
        next = await reader.read();
      } catch (error) {
        throw failure(error);
      }
      if (next.done) break;
      yield next.value;
    }
    finished = true;
  } finally {
    // A consumer that stops early leaves the pump blocked on a write nobody reads. The output is
    // read out until the pump, told to stop, aborts the inflater (the read then fails) or the data
    // ends: never cancelled, as Node 20's adapter throws an uncaught "Controller is already closed"
    // when zlib's output meets a cancelled stream. What is read out is what the write in flight
    // inflates to (and, once every byte was written, the rest of the last few chunks).
    if (!finished) {
      stopping = true;
      await drain(reader);
    }
    reader.releaseLock();
    await pump;
  }
}

/**
 * The inflater read the whole stream and its CRC-32 or length in the gzip trailer did not match
 * (RFC 1952 §2.3.1): the data is damaged, not cut short, though the error came at its end. zlib
 * says so in Node ("incorrect data check", Z_DATA_ERROR; a cut stream is "unexpected end of file");
 * a platform that does not is taken as "ends early", as before.
 */
function failedCheck(error: unknown): boolean {
  return error instanceof Error && /incorrect (data|length) check/i.test(error.message);
}

async function drain(reader: ReadableStreamDefaultReader<Uint8Array>): Promise<void> {
  try {
    while (!(await reader.read()).done);
  } catch {
    // The data was damaged past where the consumer stopped: nothing to say about it.
  }
}

/** A trace's bytes as stored, and the bytes every pass over it reads. */
export interface DecompressedTrace {
  compression: SniffedCompression;
  /**
   * The decompressed bytes: gzip and xz unwrapped (a CompressedDataError where the data ends early
   * or is corrupt), anything else as stored (an unsupported format is refused by the caller, not here).
   */
  bytes: AsyncIterable<Uint8Array>;
}

/**
 * The one way into a trace's bytes: the parser and every second pass over a file (outliers,
 * co-occurrence, context lines) read through this, so byte offsets and line numbers agree.
 */
export async function decompress(source: AsyncIterable<Uint8Array>): Promise<DecompressedTrace> {
  const { head, stream } = await peek(source, SNIFF_LENGTH);
  const compression = sniffCompression(head);
  return { compression, bytes: compression.kind === 'gzip' ? gunzip(stream) : compression.kind === 'xz' ? unxz(stream) : stream };
}

/**
 * Up to `n` of the first bytes `head` decompresses to (gzip or xz; plain bytes as they are), for
 * telling what a file is by its content: a head that ends inside the data gives what came out of it.
 */
export async function decompressedHead(head: Uint8Array, n: number): Promise<Uint8Array> {
  const out = new Uint8Array(n);
  let have = 0;
  try {
    const { compression, bytes } = await decompress((async function* () { yield head; })());
    for await (const chunk of bytes) {
      const part = chunk.subarray(0, n - have);
      out.set(part, have);
      have += part.length;
      // xz stops as soon as there is enough (a head can decode to many times its size). gzip is
      // inflated to the head's end: Node 20's DecompressionStream throws an uncaught error when
      // cancelled while zlib still has output.
      if (have === n && compression.kind === 'xz') break;
    }
  } catch {
    // The head ends inside the compressed data, or it is damaged: what came out is the answer.
  }
  return out.subarray(0, have);
}

/** Counts the bytes as read, for progress and for the compressed size. */
export async function* countBytes(source: AsyncIterable<Uint8Array>, onBytes: (n: number) => void): AsyncGenerator<Uint8Array> {
  for await (const chunk of source) {
    onBytes(chunk.length);
    yield chunk;
  }
}
