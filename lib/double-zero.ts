/**
 * Zero, for a number field that will hold doubles: file offsets (past 2^30 − 1 a number is no
 * longer a small integer in V8), µs sums and times. V8 gives a field the representation of the
 * first value stored in it; a field that starts as a small integer (Smi) and later gets a double
 * is generalized, which deprecates the map of every object of that shape and throws away the
 * optimized code that relied on it ("wrong map" deopts), to be compiled again. A value read from a
 * Float64Array by code not yet optimized is such a double even when it is whole. Started at this
 * zero, the field holds doubles from its first store.
 *
 * `Number.MIN_VALUE * 0` is +0 computed at run time, which V8 keeps as a heap number (a literal 0
 * is a Smi). Not `-0`, which some formatters print as "-0".
 */
export const DOUBLE_ZERO = Number.MIN_VALUE * 0;
