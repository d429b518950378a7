/**
 * State kept per process: trcsess output interleaves processes, and a cursor number or a pending
 * wait means something only within its own (response-time.md). Records come in runs of one
 * process, so the last one looked up is kept: most lookups hash nothing.
 */
export class PerProcess<T> {
  private readonly byPid = new Map<string, T>();
  private lastPid: string | null | undefined = undefined;
  private last: T | null = null;

  constructor(private readonly make: () => T) {}

  get(pid: string | null): T {
    if (pid === this.lastPid && this.last !== null) return this.last;
    const key = pid ?? '';
    let state = this.byPid.get(key);
    if (state === undefined) {
      state = this.make();
      this.byPid.set(key, state);
    }
    this.lastPid = pid;
    this.last = state;
    return state;
  }

  values(): IterableIterator<T> {
    return this.byPid.values();
  }
}
