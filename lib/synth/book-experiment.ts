/**
 * Harrison's experiment (stats.md §1: "20 concurrent processes each of which performed 200,000 updates
 * and commits") as waits drawn straight from the Table 15.1 model, without writing traces. The values are
 * exactly the `log file sync` values `waitscope synth` writes for the same preset and seed, session by
 * session, so the browser demo and `synth` + `compare` give the same numbers.
 */
import type { Seed } from './random';
import { sampleWaits, type PresetName } from './wait-model';

export const SYNTH_DEFAULTS = { sessions: 20, commits: 200_000, seed: 1 } as const;

/**
 * The seed of session `index`. The preset is part of it so that flash-on and flash-off runs with the same
 * `--seed` are independent samples (with one seed they would share every uniform draw, and two-sample
 * tests assume independent groups).
 */
export function sessionSeed(preset: PresetName, seed: number, index: number): Seed {
  return `synth/${preset}/${seed}/${index}`;
}

/**
 * Whether session `index` carries the pinned extremes (one wait of exactly 1 µs and one of exactly the
 * table max, stats.md §5). Pinning is per ela stream, so only one session pins: once per dataset.
 */
export function pinsExtremes(index: number): boolean {
  return index === 0;
}

export interface ExperimentWaits {
  /** µs, session after session. */
  values: Float64Array;
  /** Session index of each wait. */
  sessions: Uint32Array;
}

export interface ExperimentOptions {
  sessions?: number;
  commits?: number;
  seed?: number;
  /** Called after each session with the waits drawn so far. */
  onSession?: (drawn: number, total: number) => void;
}

/** The waits of one session of the experiment, exactly those `waitscope synth` writes into its trace. */
export function experimentSession(preset: PresetName, index: number, options: { commits?: number; seed?: number } = {}): Float64Array {
  const commits = options.commits ?? SYNTH_DEFAULTS.commits;
  const seed = options.seed ?? SYNTH_DEFAULTS.seed;
  return sampleWaits(preset, commits, sessionSeed(preset, seed, index), { pinExtremes: pinsExtremes(index) });
}

export function bookExperimentWaits(preset: PresetName, options: ExperimentOptions = {}): ExperimentWaits {
  const sessions = options.sessions ?? SYNTH_DEFAULTS.sessions;
  const commits = options.commits ?? SYNTH_DEFAULTS.commits;
  const total = sessions * commits;
  const values = new Float64Array(total);
  const ids = new Uint32Array(total);
  for (let i = 0; i < sessions; i++) {
    values.set(experimentSession(preset, i, { commits, seed: options.seed }), i * commits);
    ids.fill(i, i * commits, (i + 1) * commits);
    options.onSession?.((i + 1) * commits, total);
  }
  return { values, sessions: ids };
}
