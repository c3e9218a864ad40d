#!/usr/bin/env python3
"""The GPU peers of examples/src/bin/gpu_bench.rs: the same kernels in CuPy and PyTorch."""
import time


def median(fn, sync, reps=20):
    fn()
    sync()
    ts = []
    for _ in range(reps):
        t = time.perf_counter()
        fn()
        sync()
        ts.append(time.perf_counter() - t)
    ts.sort()
    return ts[len(ts) // 2]


def row(name, n, nbytes, t, copy_t=None):
    gbs = nbytes * n / t / 1e9
    frac = "" if copy_t is None else f"{100 * (nbytes / t) / (8 / copy_t):9.0f}%"
    print(f"{name:<30} {t * 1e6:9.1f}us {gbs:9.1f} {frac}")


def cupy_bench():
    import cupy as cp

    saxpy = cp.ElementwiseKernel("float32 a, float32 x, float32 y", "float32 z", "z = a * x + y", "saxpy")
    fused = cp.ElementwiseKernel("float32 x, float32 y, float32 z", "float32 o", "o = x * y + y * z + z * x", "fused3")
    sync = cp.cuda.Device().synchronize
    print(f"cupy {cp.__version__}")
    for log2 in (20, 24, 26, 28):
        n = 1 << log2
        x = cp.full(n, 1.5, cp.float32)
        y = cp.full(n, 2.5, cp.float32)
        z = cp.full(n, 0.5, cp.float32)
        out = cp.empty_like(x)
        copy_t = median(lambda: cp.copyto(out, x), sync)
        row(f"cupy copy 2^{log2}", n, 8, copy_t, copy_t)
        row(f"cupy saxpy_into 2^{log2}", n, 12, median(lambda: saxpy(cp.float32(2.0), x, y, out), sync), copy_t)
        row(f"cupy fused3_into 2^{log2}", n, 16, median(lambda: fused(x, y, z, out), sync), copy_t)
    small = cp.ones(10, cp.float32)
    out = cp.empty_like(small)
    saxpy(cp.float32(2.0), small, small, out)
    sync()
    t = time.perf_counter()
    for _ in range(10000):
        saxpy(cp.float32(2.0), small, small, out)
    host = (time.perf_counter() - t) / 10000
    sync()
    print(f"{'cupy saxpy 10 elements':<30} {host * 1e6:9.2f}us per call (host side)")


def torch_bench():
    import torch

    sync = torch.cuda.synchronize
    print(f"torch {torch.__version__}")
    for log2 in (20, 24, 26, 28):
        n = 1 << log2
        x = torch.full((n,), 1.5, device="cuda")
        y = torch.full((n,), 2.5, device="cuda")
        z = torch.full((n,), 0.5, device="cuda")
        out = torch.empty_like(x)
        copy_t = median(lambda: out.copy_(x), sync)
        row(f"torch copy 2^{log2}", n, 8, copy_t, copy_t)
        row(f"torch saxpy (add alpha) 2^{log2}", n, 12, median(lambda: torch.add(y, x, alpha=2.0, out=out), sync), copy_t)
        row(f"torch fused3 (eager) 2^{log2}", n, 16, median(lambda: x * y + y * z + z * x, sync), copy_t)


if __name__ == "__main__":
    for bench in (cupy_bench, torch_bench):
        try:
            bench()
        except Exception as e:  # a missing peer is reported, not fatal
            print(f"{bench.__name__}: {e}")
