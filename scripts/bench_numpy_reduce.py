#!/usr/bin/env python3
"""NumPy's side of the reduction benchmarks: sum, max, argmax of N float32, and axis-0/axis-1
sums of a 4096x4096 float32 array. Prints one JSON object {"numpy": version, "results": {..}}
of median seconds. Usage: bench_numpy_reduce.py N [N ...]
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
        x = np.random.default_rng(0).random(n, dtype=np.float32)
        out[f"sum/{n}"] = median_time(lambda: x.sum(), reps)
        out[f"max/{n}"] = median_time(lambda: x.max(), reps)
        out[f"argmax/{n}"] = median_time(lambda: x.argmax(), reps)
    m = np.random.default_rng(1).random((4096, 4096), dtype=np.float32)
    out["sum_axis0/4096x4096"] = median_time(lambda: m.sum(axis=0), 11)
    out["sum_axis1/4096x4096"] = median_time(lambda: m.sum(axis=1), 11)
    print(json.dumps({"numpy": np.__version__, "results": out}))


if __name__ == "__main__":
    main()
