import { createRng, deriveSeed, type Rng, type Seed } from './random';

/**
 * The synthetic `log file sync` model of shared/docs/stats.md §5: a mixture of four lognormals per
 * condition, fitted so that the analytic median, mean and p99 hit Harrison's Table 15.1 (Oracle Exadata
 * Expert's Handbook, ch. 15, "Exadata Smart Flash Logging") and so that N·P(X > max) = ln 2 at N = 4 M.
 *
 * A component with median m and log-sd σ is exp(ln m + σ·Z), Z standard normal. Values are rounded to
 * integer µs and clamped ("truncated", §5) to [1, max], where max is the table's maximum.
 * The table also pins one sample to exactly 1 and one to exactly max; `pinExtremes` does that.
 *
 * Only five numbers per condition are constrained by the book; the rest are shape choices (§5 caveats).
 */

export type PresetName = 'flash-on' | 'flash-off';

export interface LognormalComponent {
  role: 'fast' | 'body' | 'mid' | 'tail';
  weight: number;
  /** Median of the component, µs (= exp(mu)). */
  medianUs: number;
  /** Standard deviation of ln(ela). */
  sigma: number;
}

export interface WaitPreset {
  name: PresetName;
  /** In the order of the stats.md table: fast, body, mid, tail. Weights sum to 1. */
  components: readonly LognormalComponent[];
  /** Table 15.1 maximum, µs: the upper clamp. */
  maxUs: number;
}

/**
 * stats.md prints the body weight rounded to 5 decimals (On 0.91252, Off 0.93539); it is the complement of
 * the three fitted weights (1 − 0.0005 − 0.085917 − 0.0010622 = 0.9125208, and 0.9353916 for Off), so we
 * compute it that way and the weights sum to exactly 1.
 */
function withBodyComplement(name: PresetName, maxUs: number, parts: Omit<LognormalComponent, 'weight'>[], weights: Record<'fast' | 'mid' | 'tail', number>): WaitPreset {
  const body = 1 - weights.fast - weights.mid - weights.tail;
  const components = parts.map((p) => ({ ...p, weight: p.role === 'body' ? body : weights[p.role as 'fast' | 'mid' | 'tail'] }));
  return { name, components, maxUs };
}

export const PRESETS: Readonly<Record<PresetName, WaitPreset>> = {
  // Flash logging on: a "hump" at 1.1 ms of slow disk writes rescued by the flash copy.
  'flash-on': withBodyComplement(
    'flash-on',
    75_740,
    [
      { role: 'fast', medianUs: 50, sigma: 1.0 }, // redo already on disk
      { role: 'body', medianUs: 618.31, sigma: 0.42 }, // main bell curve
      { role: 'mid', medianUs: 1100, sigma: 0.15 }, // the hump
      { role: 'tail', medianUs: 8768.9, sigma: 0.6 }, // outliers
    ],
    { fast: 0.0005, mid: 0.085917, tail: 0.0010622 },
  ),
  // Flash logging off: a broad shoulder at 2–5 ms of slow disk writes.
  'flash-off': withBodyComplement(
    'flash-off',
    291_800,
    [
      { role: 'fast', medianUs: 50, sigma: 1.0 },
      { role: 'body', medianUs: 605.04, sigma: 0.42 },
      { role: 'mid', medianUs: 2500, sigma: 0.5 }, // the shoulder
      { role: 'tail', medianUs: 18_986, sigma: 0.7 },
    ],
    { fast: 0.0005, mid: 0.060455, tail: 0.0036534 },
  ),
};

export function maybePreset(preset: PresetName | WaitPreset): WaitPreset {
  return typeof preset === 'string' ? PRESETS[preset] : preset;
}

/**
 * One ela in integer µs. Always exactly three uniform draws (one to choose the component, two for the
 * Box–Muller normal), whichever component wins, so a stream of samples never drifts out of step.
 */
export function sampleEla(rng: Rng, preset: WaitPreset): number {
  const u = rng.next();
  const z = rng.normal();
  const comps = preset.components;
  let chosen = comps[comps.length - 1];
  let acc = 0;
  for (const c of comps) {
    acc += c.weight;
    if (u < acc) {
      chosen = c;
      break;
    }
  }
  if (chosen === undefined) throw new Error(`preset ${preset.name} has no components`);
  const x = Math.round(chosen.medianUs * Math.exp(chosen.sigma * z));
  return x < 1 ? 1 : x > preset.maxUs ? preset.maxUs : x;
}

export interface ElaStreamOptions {
  /**
   * Pin sample ⌊n/3⌋ to 1 µs and sample ⌊2n/3⌋ to max (stats.md §5: "one sample is set to exactly 1 and
   * one to exactly max"). Needs `n`. The pinned samples still consume their draws.
   */
  pinExtremes?: boolean;
  n?: number;
}

/**
 * The single source of `log file sync` ela values: its RNG is `deriveSeed(seed, 'ela')` and nothing else
 * reads it. Trace writers call `next()` once per `log file sync` WAIT they write, in file order, so the
 * i-th such WAIT of a trace equals `sampleWaits(preset, n, seed)[i]`.
 */
export interface ElaStream {
  next(): number;
  /** How many values were drawn so far. */
  readonly drawn: number;
}

export function createElaStream(preset: PresetName | WaitPreset, seed: Seed, options: ElaStreamOptions = {}): ElaStream {
  const p = maybePreset(preset);
  const rng = createRng(deriveSeed(seed, 'ela'));
  let pinLow = -1;
  let pinHigh = -1;
  if (options.pinExtremes) {
    const n = options.n;
    if (n === undefined || n < 3) throw new Error('pinExtremes needs n >= 3');
    pinLow = Math.floor(n / 3);
    pinHigh = Math.floor((2 * n) / 3);
  }
  let i = 0;
  return {
    next() {
      const v = sampleEla(rng, p);
      const k = i++;
      return k === pinLow ? 1 : k === pinHigh ? p.maxUs : v;
    },
    get drawn() {
      return i;
    },
  };
}

/** n samples straight from the model: the same values, in the same order, as the trace path for `seed`. */
export function sampleWaits(preset: PresetName | WaitPreset, n: number, seed: Seed, options: Omit<ElaStreamOptions, 'n'> = {}): Float64Array {
  const stream = createElaStream(preset, seed, { ...options, n });
  const out = new Float64Array(n);
  for (let i = 0; i < n; i++) out[i] = stream.next();
  return out;
}
