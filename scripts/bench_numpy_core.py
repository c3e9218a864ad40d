#!/usr/bin/env python3
"""NumPy's side of the kernels-std benchmark (benches/numpy_core.rs): for N float32 and float64
elements: add, exp, sum, argmax, std, cumsum, sort; add on 10 elements; matmul of two float32
matrices of 1024 and 2048. Prints one JSON object {"numpy": version, "results": {"op/dtype/n":
median seconds}}. Usage: bench_numpy_core.py N [N ...]
"""
import json
import sys

import numpy as np

from bench_timing import median_time


def main():
    sizes = [int(s) for s in sys.argv[1:]] or [10**7]
    out = {}
    rng = np.random.default_rng(0)
    for n in sizes:
        for name, dt in (("f32", np.float32), ("f64", np.float64)):
            a = rng.random(n).astype(dt)
            b = rng.random(n).astype(dt)
            key = lambda op: f"{op}/{name}/{n}"
            out[key("add")] = median_time(lambda: a + b, 11)
            out[key("exp")] = median_time(lambda: np.exp(a), 11)
            out[key("sum")] = median_time(lambda: a.sum(), 11)
            out[key("argmax")] = median_time(lambda: a.argmax(), 11)
            out[key("std")] = median_time(lambda: a.std(), 11)
            out[key("cumsum")] = median_time(lambda: np.cumsum(a), 11)
            out[key("sort")] = median_time(lambda: np.sort(a), 5)
    small = np.arange(10, dtype=np.float32)
    # Per call: 10000 calls timed together.
    out["add/f32/10"] = median_time(lambda: [small + small for _ in range(10000)], 5) / 10000
    for m in (1024, 2048):
        x = rng.random((m, m)).astype(np.float32)
        y = rng.random((m, m)).astype(np.float32)
        out[f"matmul/f32/{m}"] = median_time(lambda: x @ y, 5)
    print(json.dumps({"numpy": np.__version__, "results": out}))


if __name__ == "__main__":
    main()
