import { resolutionNote, resolutionOfFiles } from '../stats/clock-resolution';
import { profileTable } from '../profile/profile-rows';
import type { DatasetProfile } from '../profile/profile-model';
import { checkProfileGroup, groupProfilesJson, groupProfilesText, mergedGroupProfiles } from './profile-groups';
import { groupKeyText } from '../scope/group-key';
import { commonArgsOf, COMMON_OPTIONS, parseOptions, refuseSessionSkips } from './args';
import { formatCount, formatMicros, padTable } from './format';
import { loadDataset, type LoadedDataset } from './load-dataset';
import { PROFILE_OPTIONS, thinkTimeOf } from './profile-args';
import { callsText, PROFILE_NOTES, responseTimeText } from './profile-format';
import { safeJson } from './terminal-text';
import { profileWindowLine, profileWindowOf } from '../scope/window-dataset';
import { EMPTY_PROFILE_NOTE } from '../profile/component-names';

/**
 * `waitscope profile`: the response-time profile (R split into CPU, waits and unaccounted-for
 * time, response-time.md), the calls per name and depth, and every wait event by total time.
 */
export async function profileCommand(argv: string[], out: NodeJS.WritableStream = process.stdout): Promise<void> {
  const { values, positionals } = parseOptions({ args: argv, allowPositionals: true, options: { ...COMMON_OPTIONS, ...PROFILE_OPTIONS } });
  const args = commonArgsOf(values, positionals);
  checkProfileGroup(args.group);
  refuseSessionSkips(args.window);
  const thinkTimeMicros = thinkTimeOf(values['think-time']);
  // The wait profile comes from every WAIT line and the call profile from the same pass: no samples
  // kept, and no statement totals (`waitscope statements` shows them; ProfileOptions.statements).
  const dataset = await loadDataset(args, { keep: 'counts', profile: { thinkTimeMicros, statements: false }, readsEveryEvent: true });
  const profile = dataset.callProfile as DatasetProfile;
  const groups = args.group?.key && dataset.groupProfiles ? mergedGroupProfiles(dataset.groupProfiles) : null;
  if (args.json) {
    out.write(safeJson({ ...profileJson(dataset, profile), ...(groups && { groups: groupProfilesJson(groups) }) }));
    return;
  }
  const files = dataset.files.length === 1 ? '1 file' : `${dataset.files.length} files`;
  const sessions = profile.sessions === 1 ? '1 session' : `${formatCount(profile.sessions)} sessions`;
  out.write(`response-time profile of ${files}, ${sessions} (µs; think time: SQL*Net message from client ≥ ${formatCount(thinkTimeMicros)} µs)\n${dataset.window ? `${profileWindowLine(dataset.window)}\n` : ''}\n`);
  // A window that holds nothing leaves no time either; the note says which.
  // Before 9i every c, e and ela is whole centiseconds: a median of 0 or a p99 of 10,000 µs is a tick.
  const resolution = resolutionNote(resolutionOfFiles(dataset.files));
  if (resolution !== null) out.write(`${resolution}\n\n`);
  if (profile.sessions === 0) out.write(`${dataset.window ? 'no database call or WAIT line with a tim lies in the window: there is no response time to profile' : EMPTY_PROFILE_NOTE}\n\n`);
  out.write(`${responseTimeText(profileTable(profile))}\n\n${PROFILE_NOTES}\n\n`);
  out.write(`database calls by name and depth\n\n${callsText(profile.calls)}\n\n`);
  out.write(`wait events by total time (µs)\n\n${eventsText(dataset)}\n`);
  if (groups && args.group?.key) out.write(`\nthe response-time profile by ${groupKeyText(args.group.key)}, largest R first\n\n${groupProfilesText(groups, groupKeyText(args.group.key))}\n`);
}

/** The JSON contract of issue 14 §6: `events` as before, with `calls` and `responseTime` added. */
function profileJson(dataset: LoadedDataset, profile: DatasetProfile) {
  const table = profileTable(profile);
  const window = profileWindowOf(dataset.window);
  return {
    unit: 'us',
    ...(window && { window }),
    files: dataset.files.map((f) => f.fileName),
    events: dataset.profile.map((r) => ({ ...r, mean: r.total / r.count })),
    calls: profile.calls,
    responseTime: { total: table.total, sessions: table.sessions, thinkTime: profile.thinkTimeMicros, rows: table.rows },
  };
}

function eventsText(dataset: LoadedDataset): string {
  const rows = dataset.profile;
  const grand = rows.reduce((t, r) => t + r.total, 0);
  const table = [
    ['event', 'count', 'total µs', '%', 'mean µs', 'min µs', 'max µs'],
    ...rows.map((r) => [r.event, formatCount(r.count), formatCount(r.total), grand > 0 ? ((100 * r.total) / grand).toFixed(1) : '0.0', formatMicros(r.total / r.count), formatCount(r.min), formatCount(r.max)]),
    ['total', formatCount(rows.reduce((n, r) => n + r.count, 0)), formatCount(grand), grand > 0 ? '100.0' : '0.0', '', '', ''],
  ];
  // Event names are table cells, escaped by padTable (terminal-text.ts); the rest is our own words.
  return padTable(table, [false, true, true, true, true, true, true]);
}
