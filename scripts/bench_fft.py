#!/usr/bin/env python3
"""numpy.fft's and scipy.fft's side of the kernels-std FFT benchmark (benches/fft.rs): the
same cases on inputs of the same shapes and dtypes, scipy.fft with workers=2. Prints one JSON
object {"numpy": version, "results": {"case/numpy": median seconds, "case/scipy": ...}}.
Usage: bench_fft.py [REPS [CASES]] (CASES: comma-separated words; only the cases whose names
contain one of them run, as BENCH_CASES in benches/fft.rs).
"""
import json
import sys

import numpy as np
import scipy
import scipy.fft as sf

from bench_timing import median_time


def signal(shape, dtype):
    """Deterministic values in [-1, 1): (i * 7919 + 13) % 1000 / 500 - 1 (and another
    sequence for the imaginary part), as benches/fft.rs makes them."""
    n = int(np.prod(shape))
    i = np.arange(n, dtype=np.uint64)
    re = ((i * 7919 + 13) % 1000).astype(np.float64) / 500.0 - 1.0
    if np.issubdtype(dtype, np.complexfloating):
        im = ((i * 104729 + 7) % 997).astype(np.float64) / 498.5 - 1.0
        re = re + 1j * im
    return re.astype(dtype).reshape(shape)


CASES = [
    ("fft_c128_2^20", (1 << 20,), np.complex128, lambda m, x, w: m.fft(x, **w)),
    ("rfft_f64_2^22", (1 << 22,), np.float64, lambda m, x, w: m.rfft(x, **w)),
    ("fft2_c64_4096^2", (4096, 4096), np.complex64, lambda m, x, w: m.fft2(x, **w)),
    ("rfftn_f32_256^3", (256, 256, 256), np.float32, lambda m, x, w: m.rfftn(x, **w)),
    ("fft_c128_1024x4096_axis-1", (1024, 4096), np.complex128, lambda m, x, w: m.fft(x, axis=-1, **w)),
    ("fft_c128_4096x1024_axis0", (4096, 1024), np.complex128, lambda m, x, w: m.fft(x, axis=0, **w)),
    ("dct2_f64_2^20", (1 << 20,), np.float64, None),
]


def main():
    reps = int(sys.argv[1]) if len(sys.argv) > 1 else 5
    words = [w for w in (sys.argv[2] if len(sys.argv) > 2 else "").split(",") if w]
    out = {}
    for name, shape, dtype, f in CASES:
        if words and not any(w in name for w in words):
            continue
        x = signal(shape, dtype)
        if f is None:
            out[f"{name}/scipy"] = median_time(lambda: sf.dct(x, 2, workers=2), reps)
            continue
        out[f"{name}/numpy"] = median_time(lambda: f(np.fft, x, {}), reps)
        out[f"{name}/scipy"] = median_time(lambda: f(sf, x, {"workers": 2}), reps)
    print(json.dumps({"numpy": f"{np.__version__}, scipy {scipy.__version__}", "results": out}))


if __name__ == "__main__":
    main()
