/**
 * fio's latency logs (`--write_lat_log=NAME` writes NAME_clat.N.log, NAME_slat.N.log and
 * NAME_lat.N.log, one per job N). Grammar and units from fio's HOWTO, "Log File Formats"
 * (https://fio.readthedocs.io/en/latest/fio_doc.html#log-file-formats), fio 3.x:
 *
 *   time (msec), value, data direction, block size (bytes), offset (bytes), command priority
 *
 *   - time: always ms since the job started;
 *   - value: for a latency log, the latency in ns (fio 3.0 moved latencies to ns: commit d6bb626,
 *     "nanosecond: update completion latency recording …"; fio 2.x wrote µs);
 *   - data direction: 0 read, 1 write, 2 trim (others are named by number);
 *   - offset only with log_offset=1, priority only in newer fio: 4 to 6 columns (7 with
 *     log_issue_time), all whole numbers.
 *
 * The file names no fio version, so values are read as ns (fio ≥ 3.0), and a warning says so, as a
 * trace without a banner says its ela unit was assumed. The log kind (clat, slat, lat) is not in the
 * content: it is taken from the name when the name says it, else the values are called `latency`.
 * Bandwidth and IOPS logs have the same columns; their names (`_bw.`, `_iops.`) are refused, since
 * their values are no latencies.
 *
 * Each line is one I/O's latency: event `<kind> <direction>` (e.g. `clat write`), value µs (ns / 1000,
 * exact), tim µs from the time column; one session per file (a log is one job's).
 */
import { millisToMicros, nanosToMicros } from './decimal-micros';
import type { SysioCollector } from './sysio-collector';
import { quoteLine } from './sysio-messages';

const LINE = /^\s*(\d+),\s*(\d+),\s*(\d+),\s*(\d+)(?:,\s*(\d+)){0,3}\s*$/;
const DIRECTIONS = ['read', 'write', 'trim'];

export function isFioLogLine(text: string): boolean {
  return LINE.test(text);
}

/** The log's kind from its file name (`…_clat.1.log` → clat), or null when the name does not say. */
export function fioLogKind(fileName: string): { kind: string } | { refused: string } | null {
  const base = fileName.split(/[\\/:]/).pop() ?? fileName;
  const m = /_(clat|slat|lat|bw|iops)(?:\.\d+)?\.log(?:\.gz|\.xz)?$/i.exec(base);
  if (!m) return null;
  const kind = m[1]!.toLowerCase();
  if (kind === 'bw' || kind === 'iops') return { refused: `${fileName} is a fio ${kind === 'bw' ? 'bandwidth' : 'IOPS'} log (its name says _${kind}): its values are no latencies; use the _clat or _lat log` };
  return { kind };
}

export class FioLogReader {
  private readonly kind: string;
  private contentLines = 0;
  private badLines = 0;
  private firstBad: { line: number; text: string } | null = null;
  private readonly session: number;

  constructor(private readonly out: SysioCollector) {
    const named = fioLogKind(out.ctx.fileName);
    if (named && 'refused' in named) out.refusal = named.refused;
    this.kind = named && 'kind' in named ? named.kind : 'latency';
    this.session = out.session(null, 1);
  }

  line(text: string, line: number, offset: number, isLast: boolean): void {
    if (text.trim() === '' || this.out.refusal !== null) return;
    this.contentLines++;
    const m = LINE.exec(text);
    if (!m) {
      this.badLines++;
      this.firstBad ??= { line, text };
      if (isLast) this.out.warn('truncated-final-line', 'cut', line, () => `the last line is cut short: ${quoteLine(text)}; it was not counted`);
      else this.out.warn('unrecognised-line', 'bad', line, () => `not a fio log line (time, value, direction, block size[, offset[, priority]]): ${quoteLine(text)}`);
      return;
    }
    const direction = DIRECTIONS[Number(m[3])] ?? `direction ${m[3]}`;
    this.out.add(`${this.kind} ${direction}`, nanosToMicros(m[2]!), millisToMicros(m[1]!), line, offset, this.session);
  }

  finish(): void {
    const out = this.out;
    if (out.refusal !== null) return;
    const name = out.ctx.fileName;
    if (this.contentLines === 0) out.refusal = `${name} is empty`;
    else if (this.badLines * 2 > this.contentLines) {
      const bad = this.firstBad!;
      out.refusal = `${name}:${bad.line}: not a fio log line: ${quoteLine(bad.text)} (${this.badLines} of ${this.contentLines} lines are not): is this a fio latency log?`;
    } else {
      out.warn('unit-assumed', 'unit', 0, () => 'a fio log names no fio version: its values are read as ns (fio 3.0 and later; fio 2.x wrote µs)');
    }
  }
}
