#!/usr/bin/env python3
"""NumPy's side of the elementwise benchmarks: the same expressions, the same sizes, medians.

Prints one JSON object: {"numpy": version, "results": {"<op>/<n>": median_seconds}}.
Usage: bench_numpy.py N [N ...]
"""
import json
import sys

import numpy as np

from bench_timing import median_time


def main():
    sizes = [int(s) for s in sys.argv[1:]] or [10**7]
    out = {}
    for n in sizes:
        reps = 11 if n <= 10**7 else 5
        rng = np.random.default_rng(0)
        x = rng.random(n, dtype=np.float32)
        y = rng.random(n, dtype=np.float32)
        z = rng.random(n, dtype=np.float32)
        dst = np.empty_like(x)
        out[f"copy/{n}"] = median_time(lambda: np.copyto(dst, x), reps)
        out[f"saxpy/{n}"] = median_time(lambda: np.float32(2.0) * x + y, reps)
        out[f"fused3/{n}"] = median_time(lambda: x * y + y * z + z * x, reps)
    small = np.arange(10, dtype=np.float32)
    out["saxpy/10"] = median_time(lambda: np.float32(2.0) * small + small, 10001)
    print(json.dumps({"numpy": np.__version__, "results": out}))


if __name__ == "__main__":
    main()
