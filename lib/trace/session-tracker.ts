import type { SessionMarker } from './types';

/**
 * The key that tells sessions apart: the process (trcsess interleaves several in one file) and
 * `sid.serial`. A marker whose fields are all null is the session of waits before any marker.
 * Built here only, so the scanner, the merge of ranges and the report agree on what one session is.
 */
export function sessionKey(session: Pick<SessionMarker, 'pid' | 'sid' | 'serial'>): string {
  return `${session.pid ?? ''}|${session.sid ?? ''}.${session.serial ?? ''}`;
}

/**
 * Which session each wait belongs to: `*** SESSION ID:(sid.serial)` markers, and in trcsess
 * output `*** [ Unix process pid: N ]` markers that switch between interleaved processes.
 * Sessions are needed later to resample whole sessions, since waits inside one are correlated.
 */
export class SessionTracker {
  private readonly markers: SessionMarker[] = [];
  private readonly byKey = new Map<string, number>();
  private readonly lastSessionOfPid = new Map<string, { sid: number | null; serial: number | null }>();
  private pid: string | null = null;
  private sid: number | null = null;
  private serial: number | null = null;
  private since = 0;
  private index = -1;
  /** A session made for a `***` stamp's time (stampSession) that no record has used yet; -1 when none. */
  private stampOnly = -1;

  /** Index of the current session; interned on first use so unused markers cost nothing. */
  current(): number {
    this.stampOnly = -1;
    if (this.index >= 0) return this.index;
    const key = sessionKey({ pid: this.pid, sid: this.sid, serial: this.serial });
    let index = this.byKey.get(key);
    if (index === undefined) {
      index = this.markers.length;
      this.markers.push({ sid: this.sid, serial: this.serial, pid: this.pid, line: this.since });
      this.byKey.set(key, index);
    }
    this.index = index;
    return index;
  }

  /**
   * The current session, for a `***` stamp's time anchor. A stamp comes before the `SESSION ID`
   * line of its session (`*** 2017-01-18 12:07:55.101`, then `*** SESSION ID:(22.33186) …`): a
   * session made here, with no record in it when SESSION ID comes, becomes that session (session()),
   * so a file of one session has one, not two (stats --json said 2 for most single-session traces).
   */
  stampSession(): number {
    if (this.index >= 0) return this.index; // a record of it may come yet: stampOnly stays as it is
    const before = this.markers.length;
    const index = this.current();
    if (this.markers.length > before) this.stampOnly = index;
    return index;
  }

  /** The process of the current session: the header's pid, or the last trcsess marker's. */
  get currentPid(): string | null {
    return this.pid;
  }

  setHeaderPid(pid: string): void {
    if (this.pid !== null) return;
    this.pid = pid;
    this.index = -1;
  }

  process(pid: string, line: number): void {
    const last = this.lastSessionOfPid.get(pid);
    this.pid = pid;
    this.sid = last?.sid ?? null;
    this.serial = last?.serial ?? null;
    this.since = line;
    this.index = -1;
  }

  session(sid: number, serial: number, line: number): void {
    const stamped = this.stampOnly >= 0 && this.stampOnly === this.index ? (this.markers[this.stampOnly] as SessionMarker) : null;
    this.sid = sid;
    this.serial = serial;
    this.since = line;
    this.lastSessionOfPid.set(this.pid ?? '', { sid, serial });
    this.index = -1;
    const key = sessionKey({ pid: this.pid, sid, serial });
    if (stamped === null || this.byKey.has(key)) return;
    // The stamp's session is this one: renamed, its index (held by the stamp's anchor) kept.
    this.byKey.delete(sessionKey(stamped));
    stamped.sid = sid;
    stamped.serial = serial;
    stamped.line = line;
    this.byKey.set(key, this.stampOnly);
    this.index = this.stampOnly;
    this.stampOnly = -1;
  }

  list(): SessionMarker[] {
    return this.markers.map((m) => ({ ...m }));
  }
}
