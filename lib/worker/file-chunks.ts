/**
 * A File's bytes as chunks, from `File.stream()`, pulled with back-pressure: the stream reads ahead
 * only to its small queue, so reading waits for parsing and memory stays flat whatever the size.
 *
 * Measured in Chromium on a 1 GiB trace in one worker: reading through `File.stream()` and parsing
 * took 1.8–2.05 s, against 2.1 s with 8 MiB `Blob.slice().arrayBuffer()` reads in the same thread
 * and 2.5 s with slices read by two other workers. The stream's data pipe is filled by the browser
 * process while this thread parses; a slice is copied in on the thread that asks for it.
 */

import { openBlobMember, type BlobMember } from '../archive/blob-inputs';
import { streamChunks } from '../archive/random-access';

/** Thrown out of the chunk source when the user cancels; the session reports it as "cancelled". */
export class CancelledError extends Error {
  constructor() {
    super('cancelled');
    this.name = 'CancelledError';
  }
}

/** `reuseBytes`: one buffer of that size, reused by BYOB reads (SCAN_READ_BYTES): each chunk is valid until the next is asked for. */
export async function* fileChunks(blob: Blob, signal?: AbortSignal, reuseBytes?: number): AsyncGenerator<Uint8Array> {
  if (signal?.aborted) throw new CancelledError();
  // A Cancel is heard while a read is outstanding, not only between reads: it cancels the stream,
  // which ends that read. (Not a Promise.race against the abort: each race left a reaction on a
  // promise that never settles, keeping every chunk read reachable.)
  for await (const chunk of streamChunks(blob.stream(), signal, reuseBytes === undefined ? undefined : Math.min(reuseBytes, Math.max(1, blob.size)))) {
    if (signal?.aborted) break;
    yield chunk;
  }
  if (signal?.aborted) throw new CancelledError();
}

/** A dataset's input in the page: a dropped file, or a member of a dropped archive (lib/archive/blob-inputs.ts). */
export interface InputBlob {
  file: Blob;
  member?: BlobMember;
}

/**
 * The one opener for every pass over an input in the page (the parse, profile, groups, outliers'
 * co-occurrence and context lines, the commit path, fingerprints): a file's bytes, or a member's
 * bytes as stored in its archive (a .trc.gz member is still gzip, a .trc.xz still xz: the parser unwraps them).
 */
export function openInput(input: InputBlob, signal?: AbortSignal): AsyncIterable<Uint8Array> {
  const member = input.member ? openBlobMember(input.file, input.member) : null;
  return member ? abortable(member, signal) : fileChunks(input.file, signal);
}

/** Its bytes as stored: a compressed member's, not its archive's. */
export const inputSize = (input: InputBlob): number => (input.member && !input.member.locator.span ? input.member.size : input.file.size);

/** Whether its bytes can be read from any offset (sliced), which a member compressed in its archive cannot. */
export const isRandomAccess = (input: InputBlob): boolean => !input.member || input.member.locator.span !== null;

async function* abortable(source: AsyncIterable<Uint8Array>, signal?: AbortSignal): AsyncGenerator<Uint8Array> {
  if (signal?.aborted) throw new CancelledError();
  for await (const chunk of source) {
    if (signal?.aborted) throw new CancelledError();
    yield chunk;
  }
}

/**
 * The bytes of one read of a range's scan (lib/worker/range-scan.ts), a BYOB read into one reused
 * buffer (streamChunks' `reuseBytes`): the scanner's push copies what it keeps of a chunk before it
 * asks for the next.
 *
 * Why: in Chromium 156 on this 2-core machine, reading the 1 GiB trace with nothing parsed,
 * `Blob.stream()`'s default reader gave 436–785 MB/s in one worker and 790–970 MB/s split over two;
 * BYOB reads of 1 MiB into one reused buffer gave 770–965 MB/s in one and 1,180–1,260 MB/s in two,
 * at the least CPU of the browser and renderer processes (`FileReaderSync` and `slice().arrayBuffer()`
 * cost 1.5–2× as much). A fresh buffer per read instead crashed the renderer (each read transfers
 * its buffer; the detached ones piled up faster than they were collected).
 */
export const SCAN_READ_BYTES = 1 << 20;
