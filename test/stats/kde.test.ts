import { describe, expect, it } from 'vitest';
import { bwNrd0, kdeLog10 } from '@/lib/stats/kde';
import { expectRelClose } from './expect-close';
import { lcgStates } from './lcg';

// Expected values come from numpy, independently of the code under test:
// - bw.nrd0 transcribed from R (src/library/stats/R/bandwidths.R, docs/stats.md §2.3) with
//   numpy's std(ddof=1) and np.quantile (type 7);
// - an EXACT Gaussian KDE (no binning) of log10(x > 0) on np.linspace(min − 3bw, max + 3bw, 512);
// - a transcription of R's binned density.default (C_BinDist, FFT, R ≥ 4.4 kernel coordinates,
//   approx) with 512 internal points, for the `gridPoints: 512` mode.
// The script, run as python3 ref.py (numpy 2.4), with lcg.py from this folder on sys.path:
//   def bw_nrd0(y): sd=y.std(ddof=1); q1,q3=np.quantile(y,[.25,.75]); lo=min(sd,(q3-q1)/1.34)
//     if not lo: lo = sd or abs(y[0]) or 1.0
//     return 0.9*lo*len(y)**-0.2
//   def exact_kde(x): y=np.log10(x[x>0]); n=len(y); bw=bw_nrd0(y)
//     g=np.linspace(y.min()-3*bw, y.max()+3*bw, 512); u,c=np.unique(y, return_counts=True)
//     f=(c[None,:]*np.exp(-0.5*((g[:,None]-u[None,:])/bw)**2)).sum(1)/(n*bw*math.sqrt(2*math.pi))
//   def r_binned(x, N=512): as exact_kde for y, bw, frm, to; lo, up = frm-4bw, to+4bw;
//     d=(up-lo)/(N-1); yy=zeros(2N); each y: pos=(y-lo)/d, ix=floor(pos), yy[ix]+=(1-fx)/n,
//     yy[ix+1]+=fx/n; kords=np.linspace(0,(2N-1)/(N-1)*(up-lo),2N); kords[N+1:]=-kords[N-1:0:-1];
//     kords=dnorm(kords, bw); dens=max(0, Re(ifft(fft(yy)*conj(fft(kords))))[:N]);
//     np.interp(linspace(frm,to,512), linspace(lo,up,N), dens)
// and printed f[0::16] plus f[511] (33 points, 9 significant digits) and f.max().

const f64 = (xs: number[]) => Float64Array.from(xs);
const SAMPLED = [...Array.from({ length: 32 }, (_, i) => 16 * i), 511];

/**
 * 3-component log-normal mixture of integer µs (90 % median 620 σ .42; 9 % 2500, .5; 1 % 19000,
 * .7), Box–Muller from the shared LCG. Python twin used for the reference values:
 *   s=lcg.states(3n,seed); pick=s[3i]/2^32; u1=(s[3i+1]+.5)/2^32; u2=s[3i+2]/2^32;
 *   z=sqrt(-2 log u1)·cos(2π u2); (med,sig) by pick < .9, < .99; max(1, floor(med·exp(sig·z)+.5))
 * The 200,000 values were dumped from this function and compared: np.array_equal → True.
 */
function lognormalMixture(n: number, seed: number): Float64Array {
  const s = lcgStates(3 * n, seed);
  const out = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    const pick = s[3 * i]! / 4294967296;
    const u1 = (s[3 * i + 1]! + 0.5) / 4294967296;
    const u2 = s[3 * i + 2]! / 4294967296;
    const z = Math.sqrt(-2 * Math.log(u1)) * Math.cos(2 * Math.PI * u2);
    const [median, sigma] = pick < 0.9 ? [620, 0.42] : pick < 0.99 ? [2500, 0.5] : [19000, 0.7];
    out[i] = Math.max(1, Math.round(median * Math.exp(sigma * z)));
  }
  return out;
}

/** Every output point within `tol`·peak of the reference at the 33 sampled points. */
function expectCurveClose(y: Float64Array, ref: number[], peak: number, tol: number): void {
  SAMPLED.forEach((k, j) => expect(Math.abs(y[k]! - ref[j]!)).toBeLessThanOrEqual(tol * peak));
}

// Small vector with ties and one zero (left out: no log): numpy bw 0.46020555718389416,
// from −1.3806166715516826, to 4.3806166715516826, exact-KDE peak 0.4423424819113241.
const SMALL = [0, 1, 2, 2, 3, 5, 8, 8, 8, 13, 21, 34, 100, 250, 250, 1000];
const SMALL_EXACT = [
  0.000807353111, 0.00258427564, 0.00721449914, 0.0176341713, 0.037916043, 0.0721271669,
  0.122253359, 0.186253699, 0.257717498, 0.327561356, 0.386490947, 0.426618279, 0.442254078,
  0.431180229, 0.396541962, 0.347445351, 0.29650795, 0.255030913, 0.228442201, 0.214623341,
  0.206114984, 0.194867542, 0.176426223, 0.150970551, 0.121451407, 0.0912907653, 0.0633890498,
  0.0400275533, 0.0226160864, 0.0112776822, 0.00491292006, 0.00185679847, 0.000652875173,
];

describe('bwNrd0 (R bw.nrd0)', () => {
  it('equals numpy to 1e-12 relative, and R’s fallbacks by hand', () => {
    // python3 -c 'import numpy as np; ...bw_nrd0(np.log10([1,2,2,3,5,8,8,8,13,21,34,100,250,250,1000.]))'
    expectRelClose(bwNrd0(f64(SMALL.slice(1).map(Math.log10))), 0.46020555718389416, 1e-12);
    // [1×9, 100]: IQR = 0 → lo = sd. numpy: 0.9*np.std([1]*9+[100],ddof=1)*10**-0.2 = 17.777787226372716
    // python3 -c 'import numpy as np; print(repr(0.9*np.std([1.]*9+[100.],ddof=1)*10**-0.2))'
    expectRelClose(bwNrd0(f64([1, 1, 1, 1, 1, 1, 1, 1, 1, 100])), 17.777787226372716, 1e-12);
    // All equal: sd = 0 → lo = |x1| = 5: 0.9·5·3^−0.2 (python: 0.9*5*3**-0.2 = 3.612337027921038)
    expectRelClose(bwNrd0(f64([5, 5, 5])), 3.612337027921038, 1e-12);
    // All zero: → lo = 1: 0.9·2^−0.2 = 0.7834955069665117 (python: 0.9*2**-0.2)
    expectRelClose(bwNrd0(f64([0, 0])), 0.7834955069665117, 1e-12);
    expect(() => bwNrd0(f64([1]))).toThrow(RangeError);
  });
});

describe('kdeLog10', () => {
  it('matches the exact KDE of a small vector with ties within 0.5 % of the peak', () => {
    const k = kdeLog10(f64(SMALL))!;
    expectRelClose(k.bw, 0.46020555718389416, 1e-12);
    expect(k.n).toBe(15);
    expect(k.nonPositive).toBe(1);
    expect(k.x).toHaveLength(512);
    expectRelClose(k.x[0], 10 ** -1.3806166715516826, 1e-12);
    expectRelClose(k.x[511], 10 ** 4.3806166715516826, 1e-12);
    expectCurveClose(k.y, SMALL_EXACT, 0.4423424819113241, 0.005);
  });

  it('non-integer input (×1.5: a shift of log10 1.5) gives the same curve, shifted', () => {
    // Scaling x shifts log10 x: numpy gives the identical bw and f; from = log10 1.5 − 3bw.
    const k = kdeLog10(f64(SMALL.map((v) => v * 1.5)))!;
    expectRelClose(k.bw, 0.46020555718389416, 1e-12);
    expectRelClose(k.x[0], 10 ** -1.2045254124960012, 1e-12);
    expectCurveClose(k.y, SMALL_EXACT, 0.4423424819113241, 0.005);
  });

  const mix = lognormalMixture(200_000, 42);

  it('matches the exact KDE of 200,000 mixture values within 0.5 % of the peak', () => {
    // numpy: bw 0.016502191251143977, from 1.8849918774901357, to 5.557993197800839,
    // 7598 distinct values, exact peak 1.9518118368156971 (at grid index 125).
    const exact = [
      1.34280948e-6, 0.000128934085, 0.00179727166, 0.0154419712, 0.0957198555, 0.367632165,
      0.972709315, 1.70376339, 1.94269709, 1.55801556, 0.858313259, 0.382012375, 0.210080087,
      0.179060711, 0.149808424, 0.104664924, 0.0535430043, 0.0249007892, 0.0135791044,
      0.0121931499, 0.0112363593, 0.0117214197, 0.0126680514, 0.0101386452, 0.00686476694,
      0.00404105326, 0.00262127591, 0.000582403259, 0.000227293441, 0.000318006747,
      2.15304677e-5, 6.59431464e-5, 1.34285408e-6,
    ];
    const k = kdeLog10(mix)!;
    expectRelClose(k.bw, 0.016502191251143977, 1e-12);
    expectRelClose(Math.log10(k.x[0]!), 1.8849918774901357, 1e-12);
    expectRelClose(Math.log10(k.x[511]!), 5.557993197800839, 1e-12);
    expectCurveClose(k.y, exact, 1.9518118368156971, 0.005);
    expectRelClose(Math.max(...k.y), 1.9518118368156971, 0.005);
  });

  it('with gridPoints 512 matches a numpy transcription of R’s binned FFT algorithm', () => {
    // r_binned(x) above; differences are only the FFT's rounding and our ±6bw kernel cut-off.
    const rBinned = [
      1.73515557e-6, 0.000132519291, 0.00180240873, 0.015548049, 0.0959565426, 0.368030192,
      0.972604106, 1.70332405, 1.94198405, 1.55783655, 0.858616063, 0.382219171, 0.210089998,
      0.178905603, 0.149788768, 0.104562299, 0.0535522823, 0.0249944076, 0.013586076,
      0.0121334026, 0.0112796985, 0.0117500455, 0.0126139126, 0.0101223925, 0.00684404901,
      0.00404618719, 0.00260418384, 0.000588220213, 0.000227054235, 0.000318514609,
      2.43602386e-5, 6.67546592e-5, 1.73523873e-6,
    ];
    const k = kdeLog10(mix, { gridPoints: 512 })!;
    expectCurveClose(k.y, rBinned, 1.9518118368156971, 1e-7);
  });

  it('integrates to ≈ 1 per decade over the grid', () => {
    // By reasoning: the grid stops 3bw past the extremes, losing < P(Z > 3) = 0.135 % at each
    // end of the curve (less, since few points sit at the extremes); trapezoid error is tiny.
    const k = kdeLog10(mix)!;
    let area = 0;
    for (let i = 1; i < 512; i++) {
      const dx = Math.log10(k.x[i]!) - Math.log10(k.x[i - 1]!);
      area += (dx * (k.y[i]! + k.y[i - 1]!)) / 2;
    }
    expect(Math.abs(area - 1)).toBeLessThan(0.003);
  });

  it('returns null with fewer than 2 positive waits, and rejects bad options', () => {
    expect(kdeLog10(f64([0, 0, 5]))).toBeNull();
    expect(kdeLog10(new Float64Array(0))).toBeNull();
    expect(() => kdeLog10(f64([1, 2]), { points: 1 })).toThrow(RangeError);
    expect(() => kdeLog10(f64([1.5, Number.NaN]))).toThrow(RangeError);
  });
});
