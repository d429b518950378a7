/** Bad CellCLI input: the message names the file, the line when there is one, and the cause. */
export class CellInputError extends Error {
  constructor(
    readonly fileName: string,
    readonly line: number | null,
    readonly cause: string,
  ) {
    super(`${fileName}${line === null ? '' : ` line ${line}`}: ${cause}`);
    this.name = 'CellInputError';
  }
}

/** A line as a message quotes it: trimmed, and cut short. */
export function quoted(line: string): string {
  const t = line.trim();
  return `'${t.length > 80 ? `${t.slice(0, 77)}…` : t}'`;
}
