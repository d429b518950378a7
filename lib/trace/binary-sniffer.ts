/**
 * Tells binary input from text by its first bytes, so a binary file gets "not a trace" at once
 * instead of thousands of unrecognised-line warnings. A leading run of NUL bytes is allowed:
 * a trace truncated with `> file` while Oracle keeps writing starts with a hole of zeros.
 */
const SNIFF_BYTES = 8192;
const MAX_CONTROL_SHARE = 0.05;

export class BinarySniffer {
  done = false;
  binaryAt: number | null = null;
  private seen = 0;
  private control = 0;
  private leadingNuls = true;

  feed(chunk: Uint8Array, base: number): void {
    const n = Math.min(chunk.length, SNIFF_BYTES - this.seen);
    for (let i = 0; i < n; i++) {
      const b = chunk[i] as number;
      if (b === 0) {
        if (this.leadingNuls) continue;
        this.binaryAt = base + i;
        this.done = true;
        return;
      }
      this.leadingNuls = false;
      // Control bytes other than tab, LF, CR, form feed and ESC do not occur in trace text.
      if (b < 0x20 && b !== 0x09 && b !== 0x0a && b !== 0x0d && b !== 0x0c && b !== 0x1b) this.control++;
    }
    this.seen += n;
    if (this.seen >= SNIFF_BYTES) this.finish();
  }

  /** Decides on what was seen (the file may be shorter than the sniff window). */
  finish(): number | null {
    if (!this.done) {
      this.done = true;
      if (this.seen > 0 && this.control / this.seen > MAX_CONTROL_SHARE) this.binaryAt = 0;
    }
    return this.binaryAt;
  }
}
