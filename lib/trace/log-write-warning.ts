/**
 * LGWR's log write warnings (issue 16 §1). LGWR writes one line to its own trace file when a redo
 * write took longer than its warning threshold, 500 ms (N. Noveljic, "Warning: log write elapsed
 * time", 2019: kcrfw_postprocess_write measures from kcrfw_redo_write_driver, so the time covers
 * more than the OS write call). The forms:
 * - 11.2 on: `Warning: log write elapsed time 740ms, size 0KB` (real 11.2.0.2 LGWR trace in
 *   shared/corpus/real, `*_lgwr_495_NON10046.trc`; trace-format.md §7);
 * - 10.2.0.4: `Warning: log write time 540ms, size 5444KB` (the title of My Oracle Support note
 *   601316.1, "LGWR Is Generating Trace file with 'Warning: Log Write Time 540ms, Size 5444kb'").
 * Each becomes a sample of the pseudo-event LOG_WRITE_WARNING: ela = the written ms × 1000 (the
 * line has no finer unit), its time = the preceding `***` stamp (the line has no tim).
 * `Warning: log write broadcast wait time …` (RAC, commit broadcast) is another measure and is
 * not read here.
 */
import { ascii, matchAt } from './bytes';

/** The pseudo-event name: not an Oracle event name, so it can never clash with one. */
export const LOG_WRITE_WARNING = 'LGWR log write warning';
export const LOG_WRITE_WARNING_BYTES = new TextEncoder().encode(LOG_WRITE_WARNING);

const PREFIX = ascii('Warning: log write ');
const FORM = /^Warning: log write (?:elapsed )?time (\d+)ms, size (\d+)KB\s*$/;

export interface LogWriteWarning {
  /** µs: the ms LGWR wrote, × 1000. */
  elapsedMicros: number;
  /** Bytes: the KB LGWR wrote, × 1024. */
  sizeBytes: number;
}

/** Whether the line may be a log write warning (cheap: its first bytes). */
export function mayBeLogWriteWarning(buf: Uint8Array, start: number, end: number): boolean {
  return matchAt(buf, start, end, PREFIX);
}

/** The warning on a line that mayBeLogWriteWarning, or null when it is of another form. */
export function readLogWriteWarning(text: string): LogWriteWarning | null {
  const m = FORM.exec(text);
  return m ? { elapsedMicros: Number(m[1]) * 1000, sizeBytes: Number(m[2]) * 1024 } : null;
}
