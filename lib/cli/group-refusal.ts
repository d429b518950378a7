import type { GroupSpec } from '../scope/group-collector';
import { UsageError } from './args';

/**
 * A command that would parse --group or --where (they are common options) but does not apply
 * them says so, rather than print unfiltered, ungrouped numbers as if they were.
 */
export function refuseGroup(group: GroupSpec | undefined, command: string, options: { where: boolean }): void {
  if (group?.key) throw new UsageError(`${command} does not take --group; stats --group KEY and compare --group KEY do`);
  if (group?.where && !options.where) throw new UsageError(`${command} does not take --where; stats, compare and outliers do`);
}
