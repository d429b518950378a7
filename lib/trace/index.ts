export { parseTrace } from './parse-trace';
export { formatWarning } from './warnings';
export { mergeProfiles } from './event-table';
// The grammar and byte plumbing, for every pass over a trace (issue 13 §4): one line splitter,
// one way to decompress, one session key, and the scanner with a visitor for second passes.
export { forEachLine, lineEnd } from './lines';
export { decompress, CompressedDataError, type DecompressedTrace } from './compression';
export { sessionKey } from './session-tracker';
export { scanTrace, type ScannedTrace, type ScanTraceOptions } from './scan-trace';
export type { RecordPosition, TraceVisitor, VisitedWait } from './trace-visitor';
export * from './types';
