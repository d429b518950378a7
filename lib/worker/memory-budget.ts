/**
 * "Too large for this browser's memory" must be said before the tab dies (ux.md: speedscope and
 * Perfetto crash or hang on big files). Samples are what grows: each wait of the event keeps ela,
 * tim and offset (Float64) plus file, line and session (Uint32) = 36 bytes, and joining the
 * files of a dataset copies the columns once more. The raw text is never kept.
 */

export const BYTES_PER_SAMPLE = 36;
/** Columns are built in blocks and joined (one copy), so a dataset briefly needs twice its columns. */
export const PEAK_COPIES = 2;

const MiB = 1 << 20;

/**
 * What this page may spend on samples: a quarter of the device memory the browser reports
 * (navigator.deviceMemory, in GiB, capped at 8 by the browser), between 256 MiB and 2 GiB;
 * 1 GiB when unknown.
 */
export function defaultMemoryBudget(deviceMemoryGiB: number | undefined): number {
  if (deviceMemoryGiB === undefined || !(deviceMemoryGiB > 0)) return 1024 * MiB;
  return Math.min(2048 * MiB, Math.max(256 * MiB, (deviceMemoryGiB * 1024 * MiB) / 4));
}

/** Samples a whole file will hold, extrapolated from the part read so far (by bytes as read). */
export function projectedSamples(samplesSoFar: number, bytesRead: number, fileBytes: number): number {
  if (bytesRead <= 0) return samplesSoFar;
  return Math.ceil((samplesSoFar / bytesRead) * Math.max(fileBytes, bytesRead));
}

export function samplesMemory(samples: number): number {
  return samples * BYTES_PER_SAMPLE * PEAK_COPIES;
}

export const formatMiB = (bytes: number): string => `${Math.round(bytes / MiB).toLocaleString('en-US')} MB`;

/** The sentence shown for a file that would not fit, or null when it fits. */
export function tooLargeMessage(
  fileName: string,
  projected: number,
  inUseBytes: number,
  budgetBytes: number,
): string | null {
  const needed = samplesMemory(projected);
  if (inUseBytes + needed <= budgetBytes) return null;
  const left = Math.max(0, budgetBytes - inUseBytes);
  return (
    `${fileName} is too large for this browser's memory: at the rate read so far it holds about ` +
    `${projected.toLocaleString('en-US')} waits of the event, which need about ${formatMiB(needed)}, and this page has ` +
    `${formatMiB(left)} left of its ${formatMiB(budgetBytes)} budget. Use the command line (npx waitscope) for files this size, ` +
    `or load fewer files per dataset.`
  );
}
