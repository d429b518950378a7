import { parseGroupKey } from '../scope/group-key';
import type { GroupSpec } from '../scope/group-collector';
import { parseWhere, WhereSyntaxError } from '../scope/where-parse';

/** `--group KEY` and `--where EXPR` (lib/scope): what stats, compare and profile group by, and which values they keep. */
export const GROUP_OPTIONS = {
  group: { type: 'string' },
  where: { type: 'string' },
} as const;

/**
 * The group spec of the options (undefined when neither was given), or the one-line reason a
 * key or expression is wrong (args.ts makes it a usage error).
 */
export function groupSpecOf(values: { group?: string; where?: string }): GroupSpec | undefined | string {
  if (values.group === undefined && values.where === undefined) return undefined;
  const key = values.group === undefined ? null : parseGroupKey(values.group);
  if (typeof key === 'string') return key;
  try {
    return { key, where: values.where === undefined ? null : parseWhere(values.where), ...(values.where !== undefined && { whereText: values.where }) };
  } catch (error) {
    if (error instanceof WhereSyntaxError) return error.message;
    throw error;
  }
}
