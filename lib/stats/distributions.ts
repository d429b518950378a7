/**
 * Normal and Student-t tail probabilities, in log space so that p-values far below the smallest
 * double (the synthetic Welch p is about 10^-5076, stats.md §2.4) still have a finite log10.
 *
 * Sources:
 * - ln Γ: Lanczos approximation, g = 7, n = 9 (the widely published coefficient set; ≈ 1e-15).
 * - ln B(a, b) for large arguments: the Stirling-series correction used by R's `lbeta`
 *   (nmath/lbeta.c), so that ln B(df/2, 1/2) keeps its digits when df is in the hundreds of
 *   thousands instead of losing them to the cancellation of three ln Γ ≈ 10^6.
 * - Regularized incomplete beta: Numerical Recipes (3rd ed.) §6.4, `betacf` (modified Lentz).
 * - Upper incomplete gamma Q(1/2, x) = erfc(√x): Numerical Recipes §6.2 (`gser`, `gcf`),
 *   which gives the normal tail to ~1e-15 relative accuracy at any z, also in log space.
 * - Student t: R nmath/pt.c. For df > 4e5 R switches to the normal with the Abramowitz & Stegun
 *   26.7.8 correction z = t(1 − 1/(4df)) / √(1 + t²/(2df)); we do the same, so Welch p-values on
 *   millions of waits match `t.test` (scipy instead evaluates the exact t; the two agree to
 *   O(1/df²) in z).
 */

const LN_SQRT_2PI = 0.5 * Math.log(2 * Math.PI);
const LN2 = Math.LN2;

const LANCZOS = [
  0.99999999999980993, 676.5203681218851, -1259.1392167224028, 771.32342877765313,
  -176.61502916214059, 12.507343278686905, -0.13857109526572012, 9.9843695780195716e-6,
  1.5056327351493116e-7,
];

/** ln Γ(x) for x > 0. */
export function logGamma(x: number): number {
  if (!(x > 0)) throw new RangeError(`logGamma: x must be > 0, got ${x}`);
  if (x < 0.5) return Math.log(Math.PI / Math.sin(Math.PI * x)) - logGamma(1 - x);
  const y = x - 1;
  let s = LANCZOS[0]!;
  for (let i = 1; i < LANCZOS.length; i++) s += LANCZOS[i]! / (y + i);
  const t = y + 7.5;
  return LN_SQRT_2PI + (y + 0.5) * Math.log(t) - t + Math.log(s);
}

/** ln Γ(x) − Stirling's approximation, for x ≥ 10 (the series R's `lgammacor` evaluates). */
function stirlingCorrection(x: number): number {
  const x2 = 1 / (x * x);
  return (1 / x) * (1 / 12 - x2 * (1 / 360 - x2 * (1 / 1260 - x2 * (1 / 1680))));
}

/** ln B(a, b) = ln Γ(a) + ln Γ(b) − ln Γ(a + b), accurate for large a or b (R `lbeta`). */
export function logBeta(a: number, b: number): number {
  const p = Math.min(a, b);
  const q = Math.max(a, b);
  if (!(p > 0)) throw new RangeError(`logBeta: arguments must be > 0, got ${a}, ${b}`);
  if (p >= 10) {
    const corr = stirlingCorrection(p) + stirlingCorrection(q) - stirlingCorrection(p + q);
    return (
      -0.5 * Math.log(q) + LN_SQRT_2PI + corr + (p - 0.5) * Math.log(p / (p + q)) +
      q * Math.log1p(-p / (p + q))
    );
  }
  if (q >= 10) {
    const corr = stirlingCorrection(q) - stirlingCorrection(p + q);
    return logGamma(p) + corr + p - p * Math.log(p + q) + (q - 0.5) * Math.log1p(-p / (p + q));
  }
  return logGamma(p) + logGamma(q) - logGamma(p + q);
}

const TINY = 1e-300;

/** Continued fraction of the incomplete beta (NR §6.4 `betacf`, modified Lentz). */
function betaContinuedFraction(a: number, b: number, x: number): number {
  const qab = a + b;
  const qap = a + 1;
  const qam = a - 1;
  let c = 1;
  let d = 1 - (qab * x) / qap;
  if (Math.abs(d) < TINY) d = TINY;
  d = 1 / d;
  let h = d;
  // Converges in O(√max(a, b)) steps (NR); df ≤ 4e5 here, so a few hundred at most.
  for (let m = 1; m <= 100_000; m++) {
    const m2 = 2 * m;
    let aa = (m * (b - m) * x) / ((qam + m2) * (a + m2));
    d = 1 + aa * d;
    if (Math.abs(d) < TINY) d = TINY;
    c = 1 + aa / c;
    if (Math.abs(c) < TINY) c = TINY;
    d = 1 / d;
    h *= d * c;
    aa = (-(a + m) * (qab + m) * x) / ((a + m2) * (qap + m2));
    d = 1 + aa * d;
    if (Math.abs(d) < TINY) d = TINY;
    c = 1 + aa / c;
    if (Math.abs(c) < TINY) c = TINY;
    d = 1 / d;
    const del = d * c;
    h *= del;
    if (Math.abs(del - 1) < 1e-16) return h;
  }
  throw new Error(`betaContinuedFraction: no convergence for a=${a}, b=${b}, x=${x}`);
}

/**
 * ln I_x(a, b), the log of the regularized incomplete beta. `y` must be 1 − x, passed separately
 * so that x close to 1 keeps its precision (the Student-t tail has y = t²/(df + t²)).
 */
export function logIncompleteBeta(x: number, y: number, a: number, b: number): number {
  if (x <= 0) return -Infinity;
  if (y <= 0) return 0;
  const logFront = a * Math.log(x) + b * Math.log(y) - logBeta(a, b);
  if (x < (a + 1) / (a + b + 2)) {
    return logFront + Math.log(betaContinuedFraction(a, b, x)) - Math.log(a);
  }
  const upper = Math.exp(logFront + Math.log(betaContinuedFraction(b, a, y)) - Math.log(b));
  return Math.log1p(-upper);
}

/** ln Q(1/2, x) = ln erfc(√x), via the series (x < 1.5) or the continued fraction (NR §6.2). */
function logErfcOfSqrt(x: number): number {
  const a = 0.5;
  const lnFront = -x + a * Math.log(x) - logGamma(a);
  if (x === 0) return 0;
  if (x < a + 1) {
    let ap = a;
    let del = 1 / a;
    let sum = del;
    for (let n = 0; n < 1000; n++) {
      ap += 1;
      del *= x / ap;
      sum += del;
      if (Math.abs(del) < Math.abs(sum) * 1e-17) break;
    }
    return Math.log1p(-Math.exp(lnFront + Math.log(sum)));
  }
  let b = x + 1 - a;
  let c = 1 / TINY;
  let d = 1 / b;
  let h = d;
  for (let i = 1; i < 1000; i++) {
    const an = -i * (i - a);
    b += 2;
    d = an * d + b;
    if (Math.abs(d) < TINY) d = TINY;
    c = b + an / c;
    if (Math.abs(c) < TINY) c = TINY;
    d = 1 / d;
    const del = d * c;
    h *= del;
    if (Math.abs(del - 1) < 1e-16) break;
  }
  return lnFront + Math.log(h);
}

/** ln P(Z > z) for a standard normal Z; finite for any finite z. */
export function normalLogUpperTail(z: number): number {
  if (Number.isNaN(z)) return NaN;
  if (z === Infinity) return -Infinity;
  if (z >= 0) return logErfcOfSqrt((z * z) / 2) - LN2;
  return Math.log1p(-Math.exp(normalLogUpperTail(-z)));
}

/** Φ(z) = P(Z ≤ z). */
export function normalCdf(z: number): number {
  return z < 0 ? Math.exp(normalLogUpperTail(-z)) : -Math.expm1(normalLogUpperTail(z));
}

/** φ(z), the standard normal density. */
export function normalDensity(z: number): number {
  return Math.exp(-0.5 * z * z - LN_SQRT_2PI);
}

/** ln of the two-sided normal p-value 2·P(Z > |z|). */
export function normalLogTwoSided(z: number): number {
  return Math.min(0, LN2 + normalLogUpperTail(Math.abs(z)));
}

/** ln of the two-sided Student-t p-value 2·P(T > |t|) with df degrees of freedom (R `pt`). */
export function studentLogTwoSided(t: number, df: number): number {
  if (!(df > 0)) throw new RangeError(`studentLogTwoSided: df must be > 0, got ${df}`);
  if (Number.isNaN(t)) return NaN;
  if (df === Infinity) return normalLogTwoSided(t);
  const at = Math.abs(t);
  if (at === Infinity) return -Infinity;
  if (df > 4e5) {
    const v = 1 / (4 * df);
    return normalLogTwoSided((at * (1 - v)) / Math.sqrt(1 + at * at * 2 * v));
  }
  const t2 = at * at;
  // 2·P(T > |t|) = I_{df/(df+t²)}(df/2, 1/2) (R pt.c, times 2).
  return logIncompleteBeta(df / (df + t2), t2 / (df + t2), df / 2, 0.5);
}

/** Student-t density (Newton's slope in `studentQuantile`). */
function studentDensity(t: number, df: number): number {
  if (df === Infinity) return normalDensity(t);
  return Math.exp(-logBeta(df / 2, 0.5) - 0.5 * Math.log(df) - ((df + 1) / 2) * Math.log1p((t * t) / df));
}

/**
 * The p-quantile of Student's t (df = Infinity: the normal), 0 < p < 1. Newton on the upper
 * tail from a normal start (Abramowitz & Stegun 26.2.23, |error| < 4.5e-4): the tail is convex
 * for t > 0 and the t quantile is ≥ the normal one, so the iterates rise monotonically to the root.
 */
export function studentQuantile(p: number, df: number): number {
  if (!(p > 0 && p < 1)) throw new RangeError(`studentQuantile: p must be in (0, 1), got ${p}`);
  if (p < 0.5) return -studentQuantile(1 - p, df);
  if (p === 0.5) return 0;
  const alpha = 1 - p;
  const w = Math.sqrt(-2 * Math.log(alpha));
  let x = w - (2.515517 + 0.802853 * w + 0.010328 * w * w) /
    (1 + 1.432788 * w + 0.189269 * w * w + 0.001308 * w * w * w);
  x = Math.max(0, x - 5e-4);
  for (let i = 0; i < 500; i++) {
    const tail = Math.exp(studentLogTwoSided(x, df) - LN2);
    const step = (tail - alpha) / studentDensity(x, df);
    x += step;
    if (Math.abs(step) <= 1e-15 * Math.max(1, Math.abs(x))) break;
  }
  return x;
}

/** Φ⁻¹(p), the normal quantile. */
export function normalQuantile(p: number): number {
  return studentQuantile(p, Infinity);
}
