/** A format whose data waitscope unwraps; its errors (CompressedDataError) name it. */
export type CompressedFormat = 'gzip' | 'xz';

/**
 * How the data failed: `cut` short (what came out is right up to the cut), `corrupt` (what came out
 * before may be wrong), or `unsupported` (valid data the decoder does not read: xz filters or checks
 * xz-embedded lacks, a dictionary over its limit; it fails in the headers, before any byte comes out).
 */
export type DataDamage = 'cut' | 'corrupt' | 'unsupported';

/**
 * The stream ended inside the compressed data (gzip, xz, or an archive's member), or the data is
 * corrupt. The message is ours, never the platform's: Chromium's reads "Failed to execute 'close'
 * on 'WritableStreamDefaultWriter': …", and xz-decompress's "get_next_output failed with error code
 * 8", which tell a person nothing about their file (issue 12).
 */
export class CompressedDataError extends Error {
  /** The source failed (an I/O error, a Cancel), not the data: the message is the source's own. */
  readonly fromSource: boolean;
  /** What the source threw, when it failed. */
  readonly sourceError: unknown;

  /** `damage`: DataDamage; `format`: what the file is, for the outcome's words. */
  constructor(
    message: string,
    source?: { error: unknown },
    readonly damage: DataDamage = 'cut',
    readonly format: CompressedFormat = 'gzip',
  ) {
    super(message);
    this.fromSource = source !== undefined;
    this.sourceError = source?.error;
  }
}

/** The source's own failure (an I/O error, a Cancel) met while unwrapping `format`: its message, `fromSource`. */
export function sourceFailure(source: { error: unknown }, format: CompressedFormat): CompressedDataError {
  const message = source.error instanceof Error ? source.error.message : String(source.error);
  return new CompressedDataError(message, source, 'cut', format);
}

/** A warning that compressed data ended early (file-result.ts `truncated-gzip`, `truncated-xz`): what came after the cut, waits too, is lost. */
export const isCompressedCut = (code: string): boolean => code === 'truncated-gzip' || code === 'truncated-xz';

/** Why compressed data could not be read to its end, in words for the person whose file it is. */
export const cutText = (format: CompressedFormat) => `the ${format} data ends early (the file was cut short, or its last bytes are damaged)`;
export const corruptText = (format: CompressedFormat) => `the ${format} data is corrupt`;
