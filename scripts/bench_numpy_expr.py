#!/usr/bin/env python3
"""NumPy's (and numexpr's, when installed) side of benches/expr.rs: the same expressions on the
same sizes, medians. Prints {"numpy": version, "results": {"<case>": median_seconds}}.
"""
import json

import numpy as np

from bench_timing import median_time


def main():
    out = {}
    n = 10**7
    rng = np.random.default_rng(0)
    a, b, c, d, e = (rng.random(n, dtype=np.float32) for _ in range(5))
    out["saxpy/numpy"] = median_time(lambda: np.float32(2.0) * a + b, 11)
    out["2a+3b/numpy"] = median_time(lambda: 2 * a + 3 * b, 11)
    out["abcd_sin/numpy"] = median_time(lambda: a * b + c * d + np.sin(e), 11)
    out["sum_ab/numpy"] = median_time(lambda: (a * b).sum(), 11)
    out["dot/numpy"] = median_time(lambda: np.dot(a, b), 11)
    g = 2048
    u = rng.random((g, g))
    def heat():
        v = u.copy()
        v[1:-1, 1:-1] = u[1:-1, 1:-1] + 0.1 * (
            u[:-2, 1:-1] + u[2:, 1:-1] + u[1:-1, :-2] + u[1:-1, 2:] - 4.0 * u[1:-1, 1:-1])
        return v
    out["heat/numpy"] = median_time(heat, 11)
    small = np.arange(10, dtype=np.float32)
    out["small10/numpy"] = median_time(lambda: small * 2.0 + small, 10001)
    try:
        import numexpr as ne
        env = {"a": a, "b": b, "c": c, "d": d, "e": e}
        out["2a+3b/numexpr"] = median_time(lambda: ne.evaluate("2*a + 3*b", local_dict=env), 11)
        out["abcd_sin/numexpr"] = median_time(lambda: ne.evaluate("a*b + c*d + sin(e)", local_dict=env), 11)
        out["saxpy/numexpr"] = median_time(lambda: ne.evaluate("2*a + b", local_dict=env), 11)
    except ImportError:
        pass
    print(json.dumps({"numpy": np.__version__, "results": out}))


if __name__ == "__main__":
    main()
