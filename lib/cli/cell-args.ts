/** `compare --cell-a FILE[,FILE] --cell-b FILE[,FILE]`: each side's CellCLI FLASHLOG snapshot, or before,after. */
import { UsageError } from './args';

export const CELL_OPTIONS = {
  'cell-a': { type: 'string' },
  'cell-b': { type: 'string' },
} as const;

function pathsOf(name: string, v: string | undefined): string[] {
  if (v === undefined) return [];
  const parts = v.split(',').map((s) => s.trim());
  if (parts.length > 2 || parts.some((s) => s === '')) throw new UsageError(`--${name} takes one CellCLI snapshot file or a before,after pair (FILE or BEFORE,AFTER), not '${v}'`);
  return parts;
}

/** Each side's snapshot paths, or undefined when neither option is given. */
export function cellArgs(values: { 'cell-a'?: string; 'cell-b'?: string }, format: string, profile: boolean): [string[], string[]] | undefined {
  const a = pathsOf('cell-a', values['cell-a']);
  const b = pathsOf('cell-b', values['cell-b']);
  if (a.length === 0 && b.length === 0) return undefined;
  if (profile) throw new UsageError('--cell-a/--cell-b go with the latency comparison, not compare --profile');
  if (format === 'csv') throw new UsageError('--cell-a/--cell-b print with the table or --json, not --format csv');
  return [a, b];
}
