// The outlier investigation core (issue 6). Pure: no Node, no DOM; typed arrays in, plain objects
// of bounded size out, so a Web Worker can run all of it and post the results.
export { analyzeOutliers, type OutlierAnalysis, type OutlierOptions, type WindowSummary } from './analyze';
export { DEFAULT_MIN_COUNT, defaultClusterThreshold, defaultGap, detectClusters, noDefaultThresholdNote, quantileOf, type ClusterOptions, type ClusterResult, type OutlierWindow } from './clusters';
export { createCoOccurrence, finishCoOccurrence, isLogSwitchEvent, scanCoOccurrence, type CoOccurrenceFile, type EventActivity, type SwitchWait, type WindowActivity } from './co-occurrence';
export { DEFAULT_AFTER, DEFAULT_BEFORE, readContexts, type ContextLine, type ContextOptions, type ContextTarget, type StatementText, type TraceContext } from './context';
export { describeTime, formatMicrosIso, parseStampMicros, type TimeKind } from './stamps';
export { thresholdTable, type DatasetThresholds } from './thresholds';
export { downsampleTimeline, type TimelinePoints } from './timeline';
export { DEFAULT_TOP, topWaits, waitRow, waitsInRange, waitsInWindow, type ListInput, type WaitList, type WaitRow } from './top-list';
export { DatasetClock, LOCAL_DOMAIN, NO_DOMAIN, UTC_DOMAIN, placeTim, timeOnTable, type AnchorTable, type ClockInput, type SampleTime, type TimeDomain } from './wall-clock';
