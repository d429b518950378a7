import type { Measure } from './measure';
import type { ScannedContent, SampleKeeping, TraceFacts, WaitSamples } from './types';

export interface ScanOptions {
  event: string;
  fileName: string;
  fileIndex: number;
  /**
   * For one byte range of a file scanned in parallel: where the range starts (at a line start),
   * and the facts read from the file's head, since only the first range sees the banner.
   */
  range?: { startOffset: number; headFacts: TraceFacts };
  /** Scan lines in JavaScript only (the reference path; tests compare both). */
  noKernel?: boolean;
  /** 'samples' (the default) keeps every wait; 'counts' only counts them by value (ela-tally.ts); 'session-counts' per session (session-counts.ts). */
  keep?: SampleKeeping;
  /** Measure a call type or the commit instead of `event`'s waits (measure.ts); needs the whole file in order. */
  measure?: Exclude<Measure, { kind: 'event' }>;
}

/** Everything one pass over a file's bytes yields; parse-trace adds the outcome. */
export interface ScanResult extends ScannedContent {
  waitLines: number;
  records10046: number;
  starLines: number;
  binaryAt: number | null;
  /** Ranges: the scan ended inside SQL text, so the next range started in the wrong state. */
  endsInSql: boolean;
  /** Ranges: the session current when the range began (-1 if unused), and when it ended. */
  openingSession: number;
  closingSession: number;
  /** Ranges: the first WAIT `tim` in the range, to complete the previous range's last anchor. */
  firstTim: { tim: number; line: number } | null;
  /**
   * With `finish({ blocks: true })`: the samples as the scanner's blocks, uncopied, and
   * `samples` empty. A range's samples are copied once, when the ranges are merged.
   */
  sampleBlocks?: WaitSamples[];
  /** With a call or commit measure: how many values it found. */
  measuredCount?: number;
}
