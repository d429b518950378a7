# Python twin of test/stats/lcg.ts, used to compute the tests' expected values with numpy.
# Keep the two files in step: same recurrence, same mapping, only integer and IEEE-exact steps.
# Usage (from the repo root): python3 -c 'import sys; sys.path.insert(0, "test/stats"); import lcg; ...'

def states(n, seed):
    """Numerical Recipes LCG: s <- (1664525 s + 1013904223) mod 2^32; yields the n states after seed."""
    s = seed
    out = []
    for _ in range(n):
        s = (1664525 * s + 1013904223) % 2**32
        out.append(s)
    return out

def ints(n, seed):
    """Integer 'waits': 400 + top 11 bits (ties), and about 1 in 256 times 100 (a tail)."""
    out = []
    for s in states(n, seed):
        v = 400 + (s >> 21)
        if (s >> 8) & 255 == 0:
            v *= 100
        out.append(float(v))
    return out

def floats(n, seed):
    """Non-integer values in [0, 1000): s / 2^32 is exact, * 1000 rounds once (IEEE, as in JS)."""
    return [s / 4294967296 * 1000 for s in states(n, seed)]
