import type { Counts } from '../stats/counts';
import { mergeGroupTallies } from '../scope/group-stats';
import type { BlockSizes } from './io-size';

/**
 * The data block size where the trace itself shows it (issue 16 §3: "the block size comes from the
 * trace where it is known"). No 10046 line states DB_BLOCK_SIZE; one event measures it: Exadata's
 * `cell single block physical read` writes the bytes of its one block as P3 (Exadata System
 * Software User's Guide, "Monitoring Cell Disk I/O Using Database Statistics and Wait Events";
 * io-size.ts). A tablespace of another block size reads blocks of that size, so the trace can show
 * several: then the size is not known, and the default stays, shown with the sizes seen.
 *
 * The redo block has no such witness in a trace (`log file parallel write` counts blocks, never
 * bytes), so it comes from --redo-block-size or the 512-byte default.
 *
 * Without --block-size, a data-block wait is grouped by its block count (a label `dataBlocksLabel`)
 * while the trace is read, and turned into bytes once every file's single-block reads are known.
 */
export const SINGLE_BLOCK_EVENT = 'cell single block physical read';

const DATA_BLOCKS = /^(\d+) data blocks$/;

/** The size label of a wait of `n` data blocks, until the block size is known. */
export function dataBlocksLabel(n: number): string {
  return `${n} data blocks`;
}

/** Distinct single-block read sizes, ascending (plain data: it crosses a worker boundary). */
export function mergeSeenSizes(parts: readonly (readonly number[] | undefined)[]): number[] {
  const all = new Set<number>();
  for (const part of parts) for (const size of part ?? []) all.add(size);
  return [...all].sort((a, b) => a - b);
}

/** The block sizes a dataset's sizes are computed with: an option wins; else one size the trace shows; else the default, with what the trace showed. */
export function blockSizesWithTrace(key: BlockSizes, seen: readonly number[]): BlockSizes {
  if (!key.dataDefault || seen.length === 0) return key;
  const dataSeen = { event: SINGLE_BLOCK_EVENT, sizes: [...seen] };
  return seen.length === 1 ? { ...key, dataBlock: seen[0] as number, dataDefault: false, dataSeen } : { ...key, dataSeen };
}

/** The size groups with every `N data blocks` label turned into bytes (N × dataBlock), groups of equal bytes merged. */
export function resolveDataBlockLabels(groups: ReadonlyMap<string, Counts>, dataBlock: number): Map<string, Counts> {
  const bytesOf = (label: string) => {
    const blocks = DATA_BLOCKS.exec(label);
    return blocks ? String(Number(blocks[1]) * dataBlock) : label;
  };
  return mergeGroupTallies([{ labels: [...groups.keys()].map(bytesOf), counts: [...groups.values()] }]);
}

/** Where the data block size came from, in words after the size: '(default)', '(from the trace: …)', or the sizes the trace showed beside the default. */
export function dataBlockOrigin(b: BlockSizes, option: string | null): string {
  const seen = b.dataSeen;
  if (seen && !b.dataDefault) return `from the trace: its ${seen.event} waits read ${formatBlock(seen.sizes[0] as number)}`;
  const change = option === null ? '' : `; ${option} BYTES to change`;
  if (seen) return `default: the trace's ${seen.event} waits read ${seen.sizes.map(formatBlock).join(' and ')}, so its block size is not one${option === null ? '' : `; ${option} BYTES to choose`}`;
  return b.dataDefault ? `default${change}` : (option ?? 'given');
}

// Block sizes are powers of two from 2 KiB to 32 KiB: whole KiB.
const formatBlock = (bytes: number): string => (bytes % 1024 === 0 ? `${bytes / 1024} KiB` : `${bytes} B`);
