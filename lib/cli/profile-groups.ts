import { mergeProfiles } from '../profile/merge-profiles';
import type { DatasetProfile } from '../profile/profile-model';
import { profileTable } from '../profile/profile-rows';
import type { GroupSpec } from '../scope/group-collector';
import { groupKeyText } from '../scope/group-key';
import { PROFILE_GROUP_KEYS, type GroupProfiles } from '../scope/grouped-profiles';
import { UsageError } from './args';
import { formatCount } from './format';
import { responseTimeText } from './profile-format';

/** profile --group takes what a session is doing (session, module, action, client); no --where (the profile is of every record). */
export function checkProfileGroup(group: GroupSpec | undefined): void {
  if (group?.where) throw new UsageError('profile does not take --where: the profile accounts for every record; stats --where and compare --where filter a measure');
  if (group?.key && !PROFILE_GROUP_KEYS.includes(group.key.kind)) {
    throw new UsageError(`profile --group takes ${PROFILE_GROUP_KEYS.join(', ')} (what a session is doing when a record is written), not ${groupKeyText(group.key)}`);
  }
}

/** Each group's profile over every file, largest R first (then by key). */
export function mergedGroupProfiles(parts: readonly GroupProfiles[]): { key: string; profile: DatasetProfile }[] {
  const byLabel = new Map<string, DatasetProfile[]>();
  for (const part of parts) part.labels.forEach((label, i) => byLabel.set(label, [...(byLabel.get(label) ?? []), part.profiles[i] as DatasetProfile]));
  return [...byLabel]
    .map(([key, list]) => ({ key, profile: mergeProfiles(list) }))
    .sort((a, b) => b.profile.responseTime - a.profile.responseTime || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
}

/** The JSON's `groups`: per group, its response time as `responseTime` is written for the whole. */
export function groupProfilesJson(groups: readonly { key: string; profile: DatasetProfile }[]) {
  return groups.map(({ key, profile }) => {
    const table = profileTable(profile);
    return { key, responseTime: { total: table.total, sessions: table.sessions, thinkTime: profile.thinkTimeMicros, rows: table.rows } };
  });
}

/** A profile table per group, under a line naming the group and its R. */
export function groupProfilesText(groups: readonly { key: string; profile: DatasetProfile }[], keyText: string): string {
  return groups
    .map(({ key, profile }) => {
      const table = profileTable(profile);
      return `${keyText} ${key}: R = ${formatCount(table.total)} µs over ${formatCount(table.sessions)} session${table.sessions === 1 ? '' : 's'}\n\n${responseTimeText(table)}`;
    })
    .join('\n\n');
}
