import { DIALECTS, type Dialect, type Family } from './dialects';
import type { Rng } from './random';

/**
 * The releases `waitscope synth --workload oltp --release R` writes, and what each one's call lines
 * look like (shared/docs/trace-format.md §1, §5, §6; response-time.md "Call-line fields"):
 *
 * | release | c, e, ela, tim | WAIT tim | sqlid, plh, CLOSE, XCTEND tim | cursors | LOBREAD |
 * |---------|----------------|----------|-------------------------------|---------|---------|
 * | 8i      | centiseconds   | no       | no                            | slots   | no      |
 * | 9i      | µs (c in 10 ms steps) | no | no                            | slots   | no      |
 * | 10.2    | µs             | yes      | no                            | slots   | no      |
 * | 11.2    | µs             | yes      | yes                           | addresses | no    |
 * | 12.2, 19c, 23ai | µs     | yes      | yes                           | addresses | 19c+  |
 */
export const CALL_RELEASES = ['8i', '9i', '10.2', '11.2', '12.2', '19c', '23ai'] as const;

export type CallRelease = (typeof CALL_RELEASES)[number];

const FAMILY: Record<CallRelease, Family> = { '8i': '8i', '9i': '9i', '10.2': '10.2', '11.2': '11.2', '12.2': '12.2', '19c': '19c', '23ai': '23c' };

export function releaseFamily(release: CallRelease): Family {
  return FAMILY[release];
}

export function releaseDialect(release: CallRelease): Dialect {
  return DIALECTS[FAMILY[release]];
}

/** `--release` accepts the names above, and 23c for 23ai (the release was renamed; the files are the same). */
export function parseRelease(text: string): CallRelease | null {
  if (text === '23c') return '23ai';
  return (CALL_RELEASES as readonly string[]).includes(text) ? (text as CallRelease) : null;
}

/** LOB calls are written with `type=…,bytes=…` in 19c traces (trace-format.md §5, S9). */
export function writesLobCalls(release: CallRelease): boolean {
  return release === '19c' || release === '23ai';
}

/**
 * Cursor numbers (§6): slot numbers before 11.2.0.2, addresses after. A closed cursor's number is
 * handed out again, last freed first, so a later statement reuses it.
 */
export class CursorPool {
  private nextSlot = 1;
  private readonly free: string[] = [];
  private readonly issued = new Set<string>();

  constructor(
    private readonly d: Dialect,
    private readonly rng: Rng,
  ) {}

  take(): string {
    const reused = this.free.pop();
    if (reused !== undefined) return reused;
    if (!this.d.largeCursors) return String(this.nextSlot++);
    for (;;) {
      const address = String(140_000_000_000_000 + this.rng.int(0, 999_999_999) * 8);
      if (this.issued.has(address)) continue;
      this.issued.add(address);
      return address;
    }
  }

  release(cursor: string): void {
    this.free.push(cursor);
  }
}
