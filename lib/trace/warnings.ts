import type { ParseWarning, WarningCode } from './types';

/** How many line numbers a warning keeps; the count keeps growing past it. */
const MAX_LINES_PER_WARNING = 10;

/**
 * Warnings are counted and de-duplicated by code, never spammed (style.md §11):
 * one entry per code with its count and its first few line numbers.
 */
export class WarningCollector {
  private readonly byCode = new Map<WarningCode, ParseWarning>();

  constructor(private readonly fileName: string) {}

  add(code: WarningCode, line: number, describe: () => string): void {
    const seen = this.byCode.get(code);
    if (seen) {
      seen.count++;
      if (seen.lines.length < MAX_LINES_PER_WARNING) seen.lines.push(line);
      return;
    }
    this.byCode.set(code, { code, message: `${this.fileName}: ${describe()}`, count: 1, lines: line > 0 ? [line] : [] });
  }

  has(code: WarningCode): boolean {
    return this.byCode.has(code);
  }

  /** Lines are relative to a range; `shift` moves them when ranges are merged. */
  list(): ParseWarning[] {
    return [...this.byCode.values()].map((w) => ({ ...w, lines: [...w.lines] }));
  }
}

/** One line per warning, for the CLI and logs: "file: message (3 times, lines 10, 20, 30)". */
export function formatWarning(w: ParseWarning): string {
  const times = w.count > 1 ? `${w.count} times, ` : '';
  const lines = w.lines.length ? `line${w.lines.length > 1 ? 's' : ''} ${w.lines.join(', ')}${w.count > w.lines.length ? ', …' : ''}` : '';
  const detail = times || lines ? ` (${times}${lines})`.replace(', )', ')') : '';
  return `${w.message}${detail}`;
}
