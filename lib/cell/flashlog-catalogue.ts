/**
 * The FLASHLOG metrics (objectType=FLASHLOG in METRICCURRENT, METRICDEFINITION, METRICHISTORY), from
 * the Exadata System Software User's Guide, 6.3.4.3 "Monitoring Exadata Smart Flash Log Using Exadata
 * Metrics" (Example 6-4, `LIST METRICDEFINITION ATTRIBUTES NAME,DESCRIPTION WHERE OBJECTTYPE =
 * FLASHLOG`), https://docs.oracle.com/en/engineered-systems/exadata-database-machine/sagug/monitoring-smart-flash-log-using-metrics.html
 * The descriptions of FL_ACTUAL_OUTLIERS … FL_IO_DB_BY_W are the guide's words; the rest follow the
 * same table as we know it and are marked `fromGuideExcerpt: false` (not re-checked here).
 *
 * `kind` says whether a delta means anything: a cumulative counter's difference between two
 * snapshots is what happened in between ("For cumulative metrics, the metric value for a specific
 * time period is determined by subtracting values from different collectionTime periods. For rate
 * metrics, the time period for the metric value is over the previous minute": guide 6.3.9.3);
 * a rate's or a percentage's difference is not, so those get none.
 */
export type MetricKind = 'cumulative' | 'rate' | 'instantaneous';

export interface FlashLogMetricInfo {
  kind: MetricKind;
  description: string;
  fromGuideExcerpt: boolean;
}

const C = 'cumulative' as const;
const R = 'rate' as const;
const I = 'instantaneous' as const;

export const FLASHLOG_METRICS: Readonly<Record<string, FlashLogMetricInfo>> = {
  FL_ACTUAL_OUTLIERS: { kind: C, description: 'The number of times redo writes to flash and disk both exceeded the outlier threshold', fromGuideExcerpt: true },
  FL_BY_KEEP: { kind: I, description: 'The amount of redo data saved on flash due to disk I/O errors', fromGuideExcerpt: true },
  FL_DISK_FIRST: { kind: C, description: 'The number of times redo writes first completed to disk', fromGuideExcerpt: true },
  FL_DISK_IO_ERRS: { kind: C, description: 'The number of disk I/O errors encountered by Smart Flash Logging', fromGuideExcerpt: true },
  FL_EFFICIENCY_PERCENTAGE: { kind: I, description: 'The efficiency of Smart Flash Logging expressed as a percentage', fromGuideExcerpt: true },
  FL_EFFICIENCY_PERCENTAGE_HOUR: { kind: I, description: 'The efficiency of Smart Flash Logging over the last hour expressed as a percentage', fromGuideExcerpt: true },
  FL_FLASH_FIRST: { kind: C, description: 'The number of times redo writes first completed to flash', fromGuideExcerpt: true },
  FL_FLASH_IO_ERRS: { kind: C, description: 'The number of flash I/O errors encountered by Smart Flash Logging', fromGuideExcerpt: true },
  FL_FLASH_ONLY_OUTLIERS: { kind: C, description: 'The number of times redo writes to flash exceeded the outlier threshold', fromGuideExcerpt: true },
  FL_IO_DB_BY_W: { kind: C, description: 'The number of MB written to hard disk by Smart Flash Logging', fromGuideExcerpt: true },
  FL_IO_DB_BY_W_SEC: { kind: R, description: 'The rate which is the number of MB per second written to hard disk by Smart Flash Logging', fromGuideExcerpt: false },
  FL_IO_FL_BY_W: { kind: C, description: 'The number of MB written to flash by Smart Flash Logging', fromGuideExcerpt: false },
  FL_IO_FL_BY_W_SEC: { kind: R, description: 'The rate which is the number of MB per second written to flash by Smart Flash Logging', fromGuideExcerpt: false },
  FL_IO_W: { kind: C, description: 'The number of writes serviced by Smart Flash Logging', fromGuideExcerpt: false },
  FL_IO_W_SKIP_BUSY: { kind: C, description: 'The number of redo writes that could not be serviced by Smart Flash Logging because too much data had not yet been written to disk', fromGuideExcerpt: false },
  FL_IO_W_SKIP_BUSY_MIN: { kind: R, description: 'The number of redo writes during the last minute that could not be serviced by Smart Flash Logging because too much data had not yet been written to disk', fromGuideExcerpt: false },
  FL_IO_W_SKIP_LARGE: { kind: C, description: 'The number of large redo writes that could not be serviced by Smart Flash Logging because the size of the data was larger than the amount of available space on any flash disk', fromGuideExcerpt: false },
  FL_IO_W_SKIP_NO_BUFFER: { kind: C, description: 'The number of redo writes that could not be serviced by Smart Flash Logging due to a lack of available buffers', fromGuideExcerpt: false },
  FL_PREVENTED_OUTLIERS: { kind: C, description: 'The number of times redo writes to disk exceeded the outlier threshold; these would have been outliers had it not been for Smart Flash Logging', fromGuideExcerpt: false },
  FL_RQ_TM_W: { kind: C, description: 'Cumulative latency of all redo log writes', fromGuideExcerpt: false },
  FL_RQ_TM_W_RQ: { kind: R, description: 'Average latency per redo log write', fromGuideExcerpt: false },
  FL_RQ_W: { kind: C, description: 'Total number of redo log write requests', fromGuideExcerpt: false },
  FL_SKIP_OUTLIERS: { kind: C, description: 'The number of times redo writes to disk exceeded the outlier threshold when Smart Flash Logging was not used', fromGuideExcerpt: false },
};

/** The metrics the flash-first share and the outlier line read. */
export const FL_FLASH_FIRST = 'FL_FLASH_FIRST';
export const FL_DISK_FIRST = 'FL_DISK_FIRST';
export const FL_PREVENTED_OUTLIERS = 'FL_PREVENTED_OUTLIERS';
