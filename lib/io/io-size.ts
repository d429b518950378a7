/**
 * The size in bytes of one wait's I/O, from its event and parameters (issue 16 §3).
 *
 * Sources (Oracle Database Reference 12.1, appendix C.3 "Descriptions of Wait Events", and C.2
 * "Descriptions of Common Wait Event Parameters"):
 * - `blocks` (C.2): "the number of blocks that is being either read from or written to the file.
 *   Database files have a block size of DB_BLOCK_SIZE; logfiles and control files have a block size
 *   that is equivalent to the physical block size of the platform" (redo: 512 B on most platforms,
 *   4 KiB on some 4K-sector disks; hence --redo-block-size).
 * - `log file parallel write` (C.3): files, blocks, requests; `blocks` are the redo blocks written
 *   to each member (trace-format.md §7), so the size is blocks × redo block, not × files.
 * - `log file sequential read`, `log file single write` (C.3): log#, block#, blocks (redo).
 * - `db file sequential read` (C.3.37: blocks is 1), `db file scattered read` (C.3.36: the blocks
 *   read from file#/block#), `db file parallel read` (C.3.34: files, blocks = total blocks read,
 *   requests): data blocks.
 * - `direct path read` (C.3.41), `direct path write`, and their `temp` forms: `block cnt`, the
 *   number of valid buffers of the I/O context: data blocks (temp files share DB_BLOCK_SIZE).
 * - Exadata System Software User's Guide, "Monitoring Cell Disk I/O Using Database Statistics
 *   and Wait Events": the `cell …` events carry cellhash# (P1) and diskhash# (P2);
 *   `cell single block physical read` and `cell multiblock physical read` write `bytes` as P3,
 *   `cell list of blocks physical read` writes `blocks` (data blocks).
 * - Any other event with a `bytes` parameter: that many bytes.
 */

/** The block sizes a size is computed with, and whether each is the default (shown as such). */
export interface BlockSizes {
  /** Data file block (DB_BLOCK_SIZE), bytes. */
  dataBlock: number;
  /** Redo log block (the platform's physical block), bytes. */
  redoBlock: number;
  dataDefault: boolean;
  redoDefault: boolean;
  /**
   * What the trace itself showed of the data block (trace-block-size.ts), when no --block-size was
   * given: the distinct sizes of its single-block reads. One size: it is `dataBlock` (not a default);
   * several: the default stays, and these are shown beside it.
   */
  dataSeen?: { event: string; sizes: number[] };
}

export const DEFAULT_DATA_BLOCK = 8192;
export const DEFAULT_REDO_BLOCK = 512;
export const DEFAULT_BLOCK_SIZES: BlockSizes = { dataBlock: DEFAULT_DATA_BLOCK, redoBlock: DEFAULT_REDO_BLOCK, dataDefault: true, redoDefault: true };

/** The label of a wait whose event and parameters give no size. */
export const NO_SIZE = '(no size)';

type Unit = 'redo' | 'data' | 'bytes';

/** Per event: the parameter that counts the I/O and what one of it is. */
const RULES: ReadonlyMap<string, { param: string; unit: Unit }> = new Map([
  ['log file parallel write', { param: 'blocks', unit: 'redo' }],
  ['log file sequential read', { param: 'blocks', unit: 'redo' }],
  ['log file single write', { param: 'blocks', unit: 'redo' }],
  ['db file sequential read', { param: 'blocks', unit: 'data' }],
  ['db file scattered read', { param: 'blocks', unit: 'data' }],
  ['db file parallel read', { param: 'blocks', unit: 'data' }],
  ['direct path read', { param: 'block cnt', unit: 'data' }],
  ['direct path write', { param: 'block cnt', unit: 'data' }],
  ['direct path read temp', { param: 'block cnt', unit: 'data' }],
  ['direct path write temp', { param: 'block cnt', unit: 'data' }],
  ['cell single block physical read', { param: 'bytes', unit: 'bytes' }],
  ['cell multiblock physical read', { param: 'bytes', unit: 'bytes' }],
  ['cell list of blocks physical read', { param: 'blocks', unit: 'data' }],
] as const);

/** A wait's parameters by name (lib/trace/wait-params.ts WaitParams has it). */
export interface NamedParams {
  value(name: string): string | null;
}

/** What a wait's I/O counts: `n` bytes, redo blocks or data blocks; null when its event and parameters give none. */
export function ioCount(event: string, params: NamedParams): { n: number; unit: Unit } | null {
  const rule = RULES.get(event) ?? { param: 'bytes', unit: 'bytes' as const };
  const n = countOf(params.value(rule.param));
  return n === null ? null : { n, unit: rule.unit };
}

/** The wait's I/O size in bytes, or null when its event and parameters give none (a non-negative integer count is required). */
export function ioSize(event: string, params: NamedParams, sizes: BlockSizes): number | null {
  const count = ioCount(event, params);
  if (count === null) return null;
  return count.unit === 'bytes' ? count.n : count.n * (count.unit === 'redo' ? sizes.redoBlock : sizes.dataBlock);
}

function countOf(text: string | null): number | null {
  if (text === null || !/^\d+$/.test(text)) return null;
  const n = Number(text);
  return Number.isSafeInteger(n) ? n : null;
}
