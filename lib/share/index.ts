/** Sealed, end-to-end encrypted report links (issue 5). Pure: runs in browsers, workers and Node. */
export { sealReport, openReport, oneLineIssue, MAX_REPORT_JSON_BYTES } from './seal-report';
export type { SealedReport, OpenReportResult, OpenReportError, OpenReportErrorCode, OpenReportOptions } from './seal-report';
export { shareUrl, keyFromFragment, isShareKey, parseShareKey, SHARE_KEY_BYTES } from './share-key';
export {
  checkContainer,
  hasContainerMagic,
  CONTAINER_MAGIC,
  CONTAINER_VERSION,
  MIN_CONTAINER_BYTES,
} from './container';
export type { ContainerCheck } from './container';
export { encodeBase64url, decodeBase64url } from './base64url';
export { previewShare, sealPreview, sealShare } from './seal-share';
export type { SealedShare, SharePreview } from './seal-share';
export { summarizeShare } from './share-summary';
export type { ShareSummary, SharedDatasetSummary } from './share-summary';
export { privateStrings, findPrivateStrings } from './private-strings';
export type { PrivateString, PrivateHit, PrivateKind } from './private-strings';
