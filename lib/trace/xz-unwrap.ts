import xzDecompress from 'xz-decompress';
import { CompressedDataError, corruptText, cutText, sourceFailure } from './compressed-data-error';

/**
 * xz-decompress's decoder is xz-embedded (https://tukaani.org/xz/embedded.html) built to
 * WebAssembly; it fails with "get_next_output failed with error code N", N an `enum xz_ret` of
 * xz-embedded's xz.h:
 * - XZ_BUF_ERROR (8): no progress is possible, which with all input given means the data stopped
 *   early (a file cut short, or bytes after the last stream);
 * - XZ_DATA_ERROR (7, which includes a CRC that does not match) and XZ_FORMAT_ERROR (5): corrupt;
 * - the others: valid xz this build does not read, found in the headers before any byte comes out.
 *   Measured with xz 5.4 (2026-12-05): `--check=sha256`, `--delta` and `--x86` give
 *   XZ_OPTIONS_ERROR (6); a dictionary of 65 MiB or more XZ_MEMLIMIT_ERROR (4); `xz -9` (64 MiB)
 *   and the default CRC64 check are read. `xz -t` passes on all of them.
 */
const XZ_BUF_ERROR = 8;
const XZ_CORRUPT: Record<number, string> = { 5: 'its headers are not valid xz', 7: '' };
const XZ_UNSUPPORTED: Record<number, string> = {
  2: 'its integrity check is of a kind the decoder does not compute',
  3: 'the decoder could not allocate its dictionary',
  4: 'its dictionary is larger than the decoder allows (64 MiB, as xz -9 writes, is read)',
  6: 'it uses a filter or an integrity check the decoder does not read (such as delta, a BCJ filter like --x86, or SHA-256)',
};

/** The xz decoder's error as ours: cut short, corrupt, or valid xz it does not read. */
function xzFailure(error: unknown): CompressedDataError {
  const code = Number(/error code (\d+)/.exec(error instanceof Error ? error.message : String(error))?.[1]);
  if (code === XZ_BUF_ERROR) return new CompressedDataError(cutText('xz'), undefined, 'cut', 'xz');
  const unsupported = XZ_UNSUPPORTED[code];
  if (unsupported !== undefined) return new CompressedDataError(unsupported, undefined, 'unsupported', 'xz');
  const detail = XZ_CORRUPT[code];
  return new CompressedDataError(detail ? `${corruptText('xz')} (${detail})` : corruptText('xz'), undefined, 'corrupt', 'xz');
}

/**
 * Unwraps xz with back-pressure (the next compressed chunk is read only when the decoder asks for
 * it), as gunzip unwraps gzip, with the same errors: a CompressedDataError that is cut short,
 * corrupt, valid xz the decoder does not read, or (`fromSource`) the source's own failure. Concatenated xz streams are read one after
 * the other, as `xz -d` reads them.
 *
 * xz-decompress lets one stream decode at a time per thread (a lock taken when its stream starts,
 * released at its end, on an error, or when it is cancelled), so a consumer that stops early must
 * cancel it: the `finally` below does, or the next xz file on this thread would wait forever.
 */
export async function* unxz(source: AsyncIterable<Uint8Array>): AsyncGenerator<Uint8Array> {
  let sourceError: { error: unknown } | null = null;
  const chunks = source[Symbol.asyncIterator]();
  const compressed = new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        let next: IteratorResult<Uint8Array>;
        try {
          next = await chunks.next();
        } catch (error) {
          sourceError = { error };
          throw error;
        }
        if (next.done) controller.close();
        else controller.enqueue(next.value);
      },
      async cancel() {
        await chunks.return?.();
      },
    },
    { highWaterMark: 0 },
  );
  const reader = new xzDecompress.XzReadableStream(compressed).getReader();
  let finished = false;
  try {
    for (;;) {
      let next: ReadableStreamReadResult<Uint8Array>;
      try {
        next = await reader.read();
      } catch (error) {
        finished = true; // the decoder released its lock when it failed
        const fromSource = sourceError as { error: unknown } | null;
        if (fromSource) throw sourceFailure(fromSource, 'xz');
        throw xzFailure(error);
      }
      if (next.done) {
        finished = true;
        return;
      }
      // The decoder hands out a 64 KiB buffer it empties when it fills; an empty one (input taken, nothing out yet) is nothing to pass on.
      if (next.value.length > 0) yield next.value;
    }
  } finally {
    if (!finished) await reader.cancel().catch(() => undefined);
    reader.releaseLock();
  }
}
