/** `waitscope flashlog BEFORE [AFTER] [--json]`: the cells' FLASHLOG metrics (issue 16 §4). */
import { readFileSync } from 'node:fs';
import { CellInputError } from '../cell/cell-input-error';
import { summarizeFlashLog, type FlashLogSummary } from '../cell/flashlog-summary';
import { parseCellcli } from '../cell/parse-cellcli';
import { parseOptions, UsageError } from './args';
import { flashLogText } from './flashlog-format';
import { ExitError } from './load-dataset';
import { safeJson, safeText } from './terminal-text';

/** One snapshot file, or a before and an after; bad input stops with the file, line and cause (status 1). */
export function readFlashLog(paths: string[]): FlashLogSummary {
  if (paths.length === 0 || paths.length > 2) throw new UsageError(`give one CellCLI snapshot, or a before and an after (two files), not ${paths.length}`);
  try {
    const files = paths.map((p) => {
      let text: string;
      try {
        text = readFileSync(p, 'utf8');
      } catch (error) {
        throw new ExitError(1, `${p} could not be read: ${error instanceof Error ? error.message : String(error)}`);
      }
      return parseCellcli(text, p);
    });
    return summarizeFlashLog(files[0]!, files[1] ?? null);
  } catch (error) {
    if (error instanceof CellInputError) throw new ExitError(1, error.message);
    throw error;
  }
}

export function flashlogCommand(argv: string[], out: NodeJS.WritableStream = process.stdout): void {
  const { values, positionals } = parseOptions({ args: argv, allowPositionals: true, options: { json: { type: 'boolean' } } });
  const summary = readFlashLog(positionals);
  out.write(values.json ? safeJson(summary) : safeText(flashLogText(summary)));
}
