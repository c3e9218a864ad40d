#!/usr/bin/env python3
"""SciPy's side of the kernels-std sparse benchmark (benches/sparse.rs): SpMV `a @ x` of the
2-d Poisson matrix (5-point Laplacian, Dirichlet) of a k x k grid, float64 values, int32
indices, CSR, with x[i] = ((37 i) mod 101) / 7, the same matrix and vector as the Rust side.
Then SpGEMM `a @ a` of the same matrix for the sizes given as gK (median of 11), and
`cg(a, b, rtol=1e-8)` with b = x for the sizes given as cK (the median of CG_REPS solves,
default 1: a solve of the 1000 x 1000 grid takes minutes; "cg/poisson/K/iterations" is its
iteration count).
Then SpMV of the power-law matrix of pN rows (benches/sparse.rs documents it), SpGEMM `a @ a`
of the power-law matrix of qN rows whose longest row holds N // 10 + 4 entries, and COO to
CSR of tN triplets.
Prints one JSON object {"numpy": scipy version, "results": {"spmv/poisson/k": median
seconds, "spgemm/poisson/k": ...}}. Usage: bench_scipy_sparse.py K [K ...] [gK ...] [cK ...] [pN] [qN] [tN]
(default 1415: about 10^7 stored values)
"""
import json
import os
import sys
import time

import numpy as np
import scipy
import scipy.sparse as sp
import scipy.sparse.linalg as spla

from bench_timing import median_time


def poisson2d(k):
    t = sp.diags_array([-np.ones(k - 1), 4 * np.ones(k), -np.ones(k - 1)], offsets=[-1, 0, 1])
    off = sp.diags_array([-np.ones(k - 1), -np.ones(k - 1)], offsets=[-1, 1])
    a = (sp.kron(sp.eye_array(k), t) + sp.kron(off, sp.eye_array(k))).tocsr()
    a.sort_indices()
    a.indices = a.indices.astype(np.int32)
    a.indptr = a.indptr.astype(np.int32)
    return a


def power_law(n, top=500000):
    r = np.arange(n, dtype=np.int64)
    lens = 4 + top // (1 + (7919 * r) % n)
    indptr = np.zeros(n + 1, dtype=np.int64)
    np.cumsum(lens, out=indptr[1:])
    rows = np.repeat(r, lens)
    j = np.arange(indptr[-1], dtype=np.int64) - np.repeat(indptr[:-1], lens)
    cols = (131 * rows + 9973 * j) % n
    data = (1 + (rows + cols) % 13).astype(np.float64)
    a = sp.csr_array((data, cols.astype(np.int32), indptr.astype(np.int32)), shape=(n, n))
    a.sort_indices()
    return a


def coo_triplets(count):
    n = 1000000
    t = np.arange(count, dtype=np.int64)
    row = ((7919 * t) % n).astype(np.int32)
    col = ((104729 * t + t // 3) % n).astype(np.int32)
    data = (1 + t % 7).astype(np.float64)
    return sp.coo_array((data, (row, col)), shape=(n, n))


def main():
    sizes = [int(s) for s in sys.argv[1:] if s[0].isdigit()]
    spgemm = [int(s[1:]) for s in sys.argv[1:] if s.startswith("g")]
    cg_sizes = [int(s[1:]) for s in sys.argv[1:] if s.startswith("c")]
    power = [int(s[1:]) for s in sys.argv[1:] if s.startswith("p")]
    triplets = [int(s[1:]) for s in sys.argv[1:] if s.startswith("t")]
    spgemm_power = [int(s[1:]) for s in sys.argv[1:] if s.startswith("q")]
    if not sys.argv[1:]:
        sizes = [1415]
    out = {}
    for k in spgemm:
        a = poisson2d(k)
        out[f"spgemm/poisson/{k}"] = median_time(lambda: a @ a, 11)
    for n in spgemm_power:
        a = power_law(n, n // 10)
        out[f"spgemm/powerlaw/{n}"] = median_time(lambda: a @ a, 11)
    for k in sizes:
        a = poisson2d(k)
        n = k * k
        assert a.nnz == 5 * n - 4 * k, a.nnz
        x = (np.arange(n) * 37 % 101) / 7.0
        out[f"spmv/poisson/{k}"] = median_time(lambda: a @ x, 21)
    for n in power:
        a = power_law(n)
        x = (np.arange(n) * 37 % 101) / 7.0
        out[f"spmv/powerlaw/{n}"] = median_time(lambda: a @ x, 21)
    for count in triplets:
        coo = coo_triplets(count)
        out[f"coo_tocsr/{count}"] = median_time(lambda: coo.tocsr(), 7)
    for k in cg_sizes:
        a = poisson2d(k)
        b = (np.arange(k * k) * 37 % 101) / 7.0
        ts = []
        for _ in range(int(os.environ.get("CG_REPS", "1"))):
            calls = []
            t = time.perf_counter()
            _, info = spla.cg(a, b, rtol=1e-8, callback=lambda xk: calls.append(1))
            ts.append(time.perf_counter() - t)
            assert info == 0, info
        ts.sort()
        out[f"cg/poisson/{k}"] = ts[len(ts) // 2]
        out[f"cg/poisson/{k}/iterations"] = len(calls)
    print(json.dumps({"numpy": scipy.__version__, "results": out}))


if __name__ == "__main__":
    main()
