import { ProfileCollector, type ProfileOptions } from '../profile/profile-collector';
import type { DatasetProfile } from '../profile/profile-model';
import type { RecordPosition, TraceVisitor, VisitedCall, VisitedCursor, VisitedWait } from '../trace/trace-visitor';
import { NO_VALUE, type GroupKey } from './group-key';
import { RecordContext } from './record-context';

/** The keys a response-time profile can be split by: what a session is doing when a record is written. */
export const PROFILE_GROUP_KEYS: readonly GroupKey['kind'][] = ['session', 'module', 'action', 'client'];

/** Each group's label and its response-time profile, in order of first record. */
export interface GroupProfiles {
  labels: string[];
  profiles: DatasetProfile[];
}

/**
 * The response-time profile per group (`profile --group module`): a ProfileCollector per group,
 * each record (wait or call) going to the group its session is in when the record is written
 * (the latest `*** MODULE NAME`, `ACTION NAME`, `CLIENT ID`, or the session itself). Every group
 * learns every cursor, so a group met late still knows the statements parsed before it.
 * A module set between a call's waits and its call line splits that call: its waits stay with the
 * module they were written under.
 */
export class GroupedProfiles implements TraceVisitor {
  private readonly context = new RecordContext();
  private readonly collectors = new Map<string, ProfileCollector>();
  /** The latest PARSING IN CURSOR of each process's cursor number, to tell a group met later. */
  private readonly cursors = new Map<string, { record: VisitedCursor; at: RecordPosition }>();

  constructor(
    private readonly key: GroupKey,
    private readonly fileName: string,
    private readonly options: ProfileOptions,
  ) {
    if (!PROFILE_GROUP_KEYS.includes(key.kind)) throw new Error(`a profile cannot be grouped by ${key.kind}`);
  }

  onWait(w: VisitedWait, at: RecordPosition): void {
    this.context.atWait(w, at);
    this.collector().onWait(w, at);
  }

  onCall(c: VisitedCall, at: RecordPosition): void {
    this.context.atCall(c, at);
    this.collector().onCall(c, at);
  }

  onCursor(c: VisitedCursor, at: RecordPosition): void {
    this.context.onCursor(c, at);
    this.cursors.set(`${at.pid ?? ''}\u0000${c.cursor}`, { record: { ...c }, at: { ...at } });
    for (const collector of this.collectors.values()) collector.onCursor(c, at);
  }

  /** To every group: the calls the failed parse made may have been booked under another module. */
  onParseError(dep: number, at: RecordPosition): void {
    for (const collector of this.collectors.values()) collector.onParseError(dep, at);
  }

  onKeyed(key: string, value: string, at: RecordPosition): void {
    this.context.onKeyed(key, value, at);
  }

  finish(): GroupProfiles {
    const labels = [...this.collectors.keys()];
    return { labels, profiles: labels.map((l) => (this.collectors.get(l) as ProfileCollector).finish()) };
  }

  private collector(): ProfileCollector {
    const value = this.context.label(this.key);
    const label = this.key.kind === 'session' ? `${this.fileName} ${value === NO_VALUE ? '(no SESSION ID)' : value}` : value;
    let collector = this.collectors.get(label);
    if (collector === undefined) {
      collector = new ProfileCollector(this.options);
      for (const { record, at } of this.cursors.values()) collector.onCursor(record, at);
      this.collectors.set(label, collector);
    }
    return collector;
  }
}
