#!/usr/bin/env python3
"""SciPy's side of the kernels-std special benchmark (benches/special.rs): for N float32 and
float64 elements, erf, gammaln, digamma, expit, ndtri, j0, i0e, betainc(2.5, 4, x) and logsumexp
along the last axis of a (N/1000, 1000) array, on the same inputs (affine maps of the deterministic x in [0, 1) of
benches/common, computed in float32). Prints one JSON object {"numpy": scipy version,
"results": {"op/dtype/n": median seconds}}. Usage: bench_scipy_special.py N [N ...]
BENCH_CASES (comma-separated names) times only those, as benches/special.rs.
"""
import json
import os
import sys

import numpy as np
import scipy
import scipy.special as sc

from bench_numpy_ufuncs import inputs
from bench_timing import median_time

CASES = (("erf", 6.0, -3.0), ("gammaln", 10.0, 0.1), ("digamma", 10.0, 0.1),
         ("expit", 20.0, -10.0), ("ndtri", 0.98, 0.01), ("j0", 40.0, 0.0), ("i0e", 40.0, -20.0),
         ("betainc", 0.98, 0.01), ("logsumexp", 10.0, 0.0))


def main():
    sizes = [int(s) for s in sys.argv[1:]] or [10**7]
    only = [c.strip() for c in os.environ.get("BENCH_CASES", "").split(",") if c.strip()]
    cases = [c for c in CASES if not only or c[0] in only]
    out = {}
    for n in sizes:
        x = inputs(n)
        for name, dt in (("f32", np.float32), ("f64", np.float64)):
            for f, scale, offset in cases:
                arg = (np.float32(scale) * x + np.float32(offset)).astype(dt)
                if f == "logsumexp":
                    arg = arg.reshape(n // 1000, 1000)
                    fn = lambda: sc.logsumexp(arg, axis=-1)
                elif f == "betainc":
                    fn = lambda: sc.betainc(dt(2.5), dt(4.0), arg)
                else:
                    fn = lambda: getattr(sc, f)(arg)
                out[f"{f}/{name}/{n}"] = median_time(fn, 7)
    print(json.dumps({"numpy": scipy.__version__, "results": out}))


if __name__ == "__main__":
    main()
