import { MICROS_PER_ELA_UNIT } from '../units';
import type { Measure } from './measure';
import { MeasureVisitor } from './measure-visitor';
import type { ScanOptions, ScanResult } from './scan-result';
import { NO_EVENT } from './types';
import { VisitingScanner, type TraceVisitor } from './trace-visitor';
import { bothVisitors } from './visitor-pair';

/**
 * The scan of a call or commit measure: a visited scan whose samples are the measure's values
 * instead of one event's waits, kept exactly as waits are (every column, counts, or per-session
 * counts), so every statistic, figure and outlier list downstream is the same code.
 * No event is selected (the scanner's event is a name no WAIT has); an optional visitor of the
 * caller's still sees every record.
 */
export class MeasuringScanner extends VisitingScanner {
  private readonly measuring: MeasureVisitor;

  constructor(options: ScanOptions, measure: Exclude<Measure, { kind: 'event' }>, visitor: TraceVisitor | null) {
    const sinkHolder: { scanner: MeasuringScanner | null } = { scanner: null };
    const measuring = new MeasureVisitor(measure, (micros, timMicros, at) => {
      const scanner = sinkHolder.scanner as MeasuringScanner;
      if (visitor?.measured !== undefined && !visitor.measured(micros, timMicros, at)) return;
      const scale = MICROS_PER_ELA_UNIT[scanner.facts.unit];
      // Samples hold the trace's own units until the scan ends (scanner.ts finish), as waits do.
      scanner.samples.push(micros / scale, timMicros / scale, at.line, at.offset, at.session);
    }, (why, at) => {
      const warnings = (sinkHolder.scanner as MeasuringScanner).warnings;
      if (why === 'read-only-commit') warnings.add('read-only-commit', at.line, () => READ_ONLY_COMMIT);
      else if (why === 'commit-without-waits') warnings.add('commit-without-waits', at.line, () => COMMIT_WITHOUT_WAITS);
      else warnings.add('no-sql-id', 0, () => NO_SQL_ID);
    });
    super({ ...options, event: NO_EVENT }, bothVisitors(measuring, visitor));
    sinkHolder.scanner = this;
    this.measuring = measuring;
  }

  override finish(options: { blocks?: boolean } = {}): ScanResult {
    this.measuring.finish();
    const measuredCount = this.samplesSoFar;
    return { ...super.finish(options), measuredCount };
  }
}

const NO_SQL_ID = 'its PARSING IN CURSOR lines carry no sqlid= (Oracle writes it from 11g on), so no call matches --sql-id; --hash-value takes their hv=';
const COMMIT_WITHOUT_WAITS =
  'a commit of a process with no WAIT lines (traced without waits: 10046 level 1 or 4) is not measured: the client\'s request before it (SQL*Net message from client) is not in the trace, so its start cannot be told from the user\'s think time before it; trace with waits (level 8 or 12)';
const READ_ONLY_COMMIT = 'a read-only commit (XCTEND rd_only=1: nothing to write, so no redo and no log file sync) is not one of the commits measured';
