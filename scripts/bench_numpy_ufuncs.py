#!/usr/bin/env python3
"""NumPy's side of the kernels-std ufunc benchmark (benches/ufuncs.rs): for N float32 and
float64 elements, the unary ufuncs timed there, on the same inputs (0.9 x for the deterministic
x in [0, 1) of benches/common, 1 + x for arccosh). Prints one JSON object {"numpy": version,
"results": {"op/dtype/n": median seconds}}. Usage: bench_numpy_ufuncs.py N [N ...]
"""
import json
import sys

import numpy as np

from bench_timing import median_time

NAMES = ("sin cos tan arcsin arccos arctan sinh cosh tanh arcsinh arccosh arctanh exp expm1 "
         "log log1p log10 cbrt sqrt").split()


def inputs(n):
    """benches/common's input_f32(n, 1): ((i * 2654435761 + 1) mod 2^32 >> 8) / 2^24."""
    i = np.arange(n, dtype=np.uint64)
    return (((i * np.uint64(2654435761) + np.uint64(1)) % np.uint64(2**32)) >> np.uint64(8)).astype(
        np.float32) / np.float32(16777216.0)


def main():
    sizes = [int(s) for s in sys.argv[1:]] or [10**7]
    out = {}
    for n in sizes:
        x = inputs(n)
        for name, dt in (("f32", np.float32), ("f64", np.float64)):
            # Computed in float32 as benches/ufuncs.rs does, then converted.
            scaled = (x * np.float32(0.9)).astype(dt)
            shifted = (x + np.float32(1.0)).astype(dt)
            for f in NAMES:
                arg = shifted if f == "arccosh" else scaled
                out[f"{f}/{name}/{n}"] = median_time(lambda: getattr(np, f)(arg), 7)
    print(json.dumps({"numpy": np.__version__, "results": out}))


if __name__ == "__main__":
    main()
