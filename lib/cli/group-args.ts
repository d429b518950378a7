import { parseGroupKey } from '../scope/group-key';
import type { GroupSpec } from '../scope/group-collector';
import { parseWhere, WhereSyntaxError } from '../scope/where-parse';

/** `--group KEY` and `--where EXPR` (lib/scope): what stats, compare and profile group by, and which values they keep; the block sizes of `--group size` (lib/io/io-size.ts). */
export const GROUP_OPTIONS = {
  group: { type: 'string' },
  where: { type: 'string' },
  'block-size': { type: 'string' },
  'redo-block-size': { type: 'string' },
} as const;

export interface GroupValues {
  group?: string;
  where?: string;
  'block-size'?: string;
  'redo-block-size'?: string;
}

/**
 * The group spec of the options (undefined when neither was given), or the one-line reason a
 * key, expression or block size is wrong (args.ts makes it a usage error).
 */
export function groupSpecOf(values: GroupValues): GroupSpec | undefined | string {
  const blockOption = values['block-size'] !== undefined ? '--block-size' : values['redo-block-size'] !== undefined ? '--redo-block-size' : null;
  if (values.group === undefined && values.where === undefined) return blockOption ? `${blockOption} sets the block size of --group size; give --group size` : undefined;
  let key = values.group === undefined ? null : parseGroupKey(values.group);
  if (typeof key === 'string') return key;
  if (blockOption && key?.kind !== 'size') return `${blockOption} sets the block size of --group size, not of --group ${values.group ?? '(none)'}`;
  if (key?.kind === 'size') {
    const data = blockSizeOf('--block-size', values['block-size']);
    const redo = blockSizeOf('--redo-block-size', values['redo-block-size']);
    if (typeof data === 'string') return data;
    if (typeof redo === 'string') return redo;
    key = { ...key, ...(data !== null && { dataBlock: data, dataDefault: false }), ...(redo !== null && { redoBlock: redo, redoDefault: false }) };
  }
  try {
    return { key, where: values.where === undefined ? null : parseWhere(values.where), ...(values.where !== undefined && { whereText: values.where }) };
  } catch (error) {
    if (error instanceof WhereSyntaxError) return error.message;
    throw error;
  }
}

/** A block size in bytes: a power of two from 512 B to 64 KiB (Oracle's data block sizes are 2-32 KiB; redo blocks 512 B-4 KiB). */
function blockSizeOf(option: string, text: string | undefined): number | null | string {
  if (text === undefined) return null;
  const n = /^\d+$/.test(text.trim()) ? Number(text.trim()) : NaN;
  if (!(n >= 512 && n <= 65536 && (n & (n - 1)) === 0)) return `${option} takes a block size in bytes, a power of two from 512 to 65536 (e.g. 8192), not '${text}'`;
  return n;
}
