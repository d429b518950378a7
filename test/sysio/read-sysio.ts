// Test helper: a strace or fio text through the importer, in chunks of a chosen size.
import { parseSysio } from '../../lib/sysio/parse-sysio';
import type { TraceFileResult } from '../../lib/trace/types';
import { chunksOf } from '../helpers/chunks';

export async function readSysio(text: string | Uint8Array, fileName: string, event: string, chunkSize = 1 << 16): Promise<TraceFileResult> {
  const bytes = typeof text === 'string' ? new TextEncoder().encode(text) : text;
  const result = await parseSysio(chunksOf(bytes, chunkSize), { fileName, event });
  if (result === null) throw new Error(`${fileName} was not recognised as strace or fio output`);
  return result;
}

/** The first `count` values of a column, as a plain array. */
export const column = (values: Float64Array | Uint32Array, count: number) => Array.from(values.subarray(0, count));
