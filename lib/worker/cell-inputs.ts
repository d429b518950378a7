/**
 * A dataset's CellCLI FLASHLOG snapshots (issue 16 §4), pasted or dropped: kept as text, parsed here
 * in the worker by lib/cell, and handed to the page as plain data (the panel only draws it). The
 * cells' names are host names: they reach the page, never a report or a share (neither reads this).
 */
import { CellInputError } from '../cell/cell-input-error';
import { summarizeFlashLog, type FlashLogSummary } from '../cell/flashlog-summary';
import { looksLikeCellcli, parseCellcli, type CellcliFile } from '../cell/parse-cellcli';

export interface CellPanel {
  /** The snapshots' names in the order used: the first is before, the second after. */
  snapshots: string[];
  summary: FlashLogSummary | null;
  /** What is wrong with the snapshots, naming the file and line: shown instead of the summary. */
  error: string | null;
}

/** CellCLI output is a few KB a cell; a larger "snapshot" is not one. */
const MAX_CELL_BYTES = 4 << 20;
const HEAD_BYTES = 8192;

/** The file's text when its first bytes are CellCLI FLASHLOG output (by content, whatever its name), else null. */
export async function cellTextOf(file: Blob): Promise<string | null> {
  if (file.size > MAX_CELL_BYTES) return null;
  const head = await file.slice(0, HEAD_BYTES).text();
  if (!looksLikeCellcli(file.size <= HEAD_BYTES ? `${head}\n` : head)) return null;
  return file.size <= HEAD_BYTES ? head : file.text();
}

const latest = (f: CellcliFile) => f.readings.map((r) => r.collectionTime).filter((t): t is string => t !== null).map(Date.parse).reduce((a, b) => Math.max(a, b), Number.NEGATIVE_INFINITY);

export class CellInputs {
  private texts: { name: string; text: string }[] = [];
  panel: CellPanel | null = null;

  /** A pasted snapshot gets a name of its own: `pasted snapshot 1`, … */
  nextPastedName(): string {
    let n = 1;
    while (this.texts.some((t) => t.name === `pasted snapshot ${n}`)) n++;
    return `pasted snapshot ${n}`;
  }

  add(name: string, text: string): void {
    this.texts = [...this.texts.filter((t) => t.name !== name), { name, text }];
    this.panel = this.summarize();
  }

  clear(): void {
    this.texts = [];
    this.panel = null;
  }

  private summarize(): CellPanel {
    const names = this.texts.map((t) => t.name);
    if (this.texts.length > 2) {
      return { snapshots: names, summary: null, error: `${this.texts.length} CellCLI snapshots (${names.join(', ')}): a dataset takes one, or a before and an after; remove the cell metrics and add them again` };
    }
    try {
      const files = this.texts.map((t) => parseCellcli(t.text, t.name));
      // Two snapshots with collection times go in time order; else in the order they came.
      if (files.length === 2 && Number.isFinite(latest(files[1]!)) && latest(files[1]!) < latest(files[0]!)) files.reverse();
      return { snapshots: files.map((f) => f.fileName), summary: summarizeFlashLog(files[0]!, files[1] ?? null), error: null };
    } catch (error) {
      if (error instanceof CellInputError) return { snapshots: names, summary: null, error: error.message };
      throw error;
    }
  }
}
