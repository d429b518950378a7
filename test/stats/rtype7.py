# R's type-7 quantile transcribed into Python from R's stats:::quantile.default (docs/stats.md §2.1),
# so tests can assert R's exact digits, which numpy's lerp does not always reproduce.
# Python floats are IEEE doubles, so this computes the same roundings R does.
import math

def q7(x, p):
    x = sorted(x)
    n = len(x)
    index = 1 + (n - 1) * p                      # index <- 1 + max(n - 1, 0) * probs
    lo = math.floor(index); hi = math.ceil(index)
    q = x[lo - 1]                                # qs <- x[lo]
    if index > lo and x[hi - 1] != q:            # which(index > lo & x[hi] != qs)
        h = index - lo
        q = (1 - h) * q + h * x[hi - 1]          # (1 - h) * qs + h * x[hi]
    return q
