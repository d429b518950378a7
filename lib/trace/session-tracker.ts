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

  /** Index of the current session; interned on first use so unused markers cost nothing. */
  current(): number {
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
    this.sid = sid;
    this.serial = serial;
    this.since = line;
    this.lastSessionOfPid.set(this.pid ?? '', { sid, serial });
    this.index = -1;
  }

  list(): SessionMarker[] {
    return this.markers.map((m) => ({ ...m }));
  }
}
