export { parseTrace } from './parse-trace';
export { formatWarning } from './warnings';
export { mergeProfiles } from './event-table';
export * from './types';
