/**
 * The units CellCLI prints after a metric's value, and the value itself as CellCLI writes it
 * (thousands separated by commas, decimals with a point: `32,669,310 IO requests`, `1.9 MB`,
 * `48.0 C`). Units are those of METRICDEFINITION's `unit` attribute in the Exadata System Software
 * User's Guide ("Displaying Current Metrics", "Displaying Metric Definitions", e.g. `KB/sec` for
 * CL_SWAP_IN_BY_SEC, `IO requests` for GD_IO_RQ_W_SM, `MB` for CD_IO_BY_R_LG, `C` for CL_TEMP).
 * A unit outside this list is refused rather than guessed: a delta in KB read as MB is wrong by 1024.
 */
export const CELLCLI_UNITS: readonly string[] = [
  'IO requests',
  'IO/sec',
  'IO requests/sec',
  'requests',
  'requests/sec',
  'MB',
  'MB/sec',
  'KB',
  'KB/sec',
  'GB',
  'bytes',
  '%',
  'us',
  'us/request',
  'ms',
  'ms/request',
  'C',
  'F',
  'number',
  '', // a bare number: CellCLI prints no unit for some counters
];

/** A unit that is a rate or a per-request average: never summed over an interval or over cells. */
export function isRateUnit(unit: string): boolean {
  return /\/(sec|request)$/.test(unit);
}

const NUMBER = /^-?\d{1,3}(,\d{3})*(\.\d+)?$|^-?\d+(\.\d+)?$/;

/** `32,669,310` → 32669310, `0.5` → 0.5; null for anything else (`1,23`, `12a`). */
export function cellcliNumber(text: string): number | null {
  if (!NUMBER.test(text)) return null;
  const n = Number(text.replace(/,/g, ''));
  return Number.isFinite(n) ? n : null;
}

/** A value and its unit from `32,669,310 IO requests`, or why not. */
export function valueWithUnit(text: string): { value: number; unit: string } | { error: string } {
  const trimmed = text.trim();
  const space = trimmed.search(/\s/);
  const numberText = space < 0 ? trimmed : trimmed.slice(0, space);
  const unit = space < 0 ? '' : trimmed.slice(space).trim().replace(/\s+/g, ' ');
  // CellCLI glues the percent sign to some values (`100%`): split it off.
  const glued = /^(.*\d)%$/.exec(numberText);
  const value = cellcliNumber(glued ? glued[1]! : numberText);
  const fullUnit = glued && unit === '' ? '%' : unit;
  if (value === null) return { error: `'${numberText}' is not a number as CellCLI prints one (digits, commas between thousands, a decimal point)` };
  if (!CELLCLI_UNITS.includes(fullUnit)) return { error: `unknown unit '${fullUnit}' (CellCLI's units: ${CELLCLI_UNITS.filter((u) => u !== '').join(', ')})` };
  return { value, unit: fullUnit };
}
