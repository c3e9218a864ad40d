#!/usr/bin/env python3
"""NumPy's side of the parity benchmark (kernels-std/benches/parity.rs).

`bench_parity.py < names`: reads case names `group/op/dtype/size/layout`, one a line, builds the
same inputs as the Rust side (benches/common's deterministic values in [0, 1)) and times the same
NumPy (or SciPy) expression for each name it knows, with the Rust side's rule (one warm-up call,
then the median of 3 to 7 samples of enough calls to last 2 ms). Prints one JSON object
{"numpy": version, "results": {name: seconds per call}}; unknown names, or SciPy rows without
SciPy, are left out.

`bench_parity.py --plot parity.csv parity.png`: draws the ratios of the CSV the Rust side writes
as horizontal bars on a log scale with 1.0 marked: with matplotlib when it is installed, otherwise
with the small PNG writer below (zlib only).
"""
import csv
import json
import math
import struct
import sys
import time
import zlib

DTYPES = {"f32": "float32", "f64": "float64", "i64": "int64", "i32": "int32", "u8": "uint8",
          "bool": "bool", "c128": "complex128"}


def per_call(fn):
    """Seconds per call, as parity.rs's `time`."""
    t = time.perf_counter()
    fn()
    first = time.perf_counter() - t
    inner = 1 if first >= 2e-3 else min(100000, math.ceil(2e-3 / max(first, 1e-8)))
    samples = 3 if first > 0.3 else 7
    ts = []
    for _ in range(samples):
        t = time.perf_counter()
        for _ in range(inner):
            fn()
        ts.append((time.perf_counter() - t) / inner)
    ts.sort()
    return ts[len(ts) // 2]


def build(name):
    """The thunk timing `name`, or None when this script does not know it."""
    import numpy as np

    def base(n, seed):
        """benches/common's input_f32(n, seed): ((i * 2654435761 + seed) mod 2^32 >> 8) / 2^24."""
        i = np.arange(n, dtype=np.uint64)
        w = (i * np.uint64(2654435761) + np.uint64(seed)) % np.uint64(2**32)
        return (w >> np.uint64(8)).astype(np.float32) / np.float32(16777216.0)

    def inp(shape, seed, dt="float64"):
        shape = tuple(shape)
        return base(math.prod(shape), seed).astype(dt).reshape(shape)

    def scaled(shape, seed, scale, dt):
        return (inp(shape, seed) * scale).astype(dt)

    def ints(shape, seed, dt):
        return (inp(shape, seed) * 1e6).astype(np.int64).astype(dt)

    def mask(shape, seed):
        return inp(shape, seed) > 0.5

    def positions(n, length):
        i = np.arange(n, dtype=np.uint64)
        w = (i * np.uint64(2654435761) + np.uint64(7)) & np.uint64(0xFFFFFFFF)
        return (w % np.uint64(length)).astype(np.int64)

    def rect(n):
        return {10**7: (2500, 4000), 10**5: (250, 400)}[n]

    group, op, dt, size, layout = name.split("/")
    dims = tuple(int(float(d)) for d in size.split("x"))
    n = math.prod(dims)
    t = DTYPES.get(dt, "float64")

    if group in ("elementwise", "overhead"):
        if layout == "contiguous":
            x, y = inp((n,), 1, t), inp((n,), 2, t)
        elif layout == "strided":
            x, y = inp((2 * n,), 1, t)[::2], inp((2 * n,), 2, t)[::2]
        elif layout == "transposed":
            r, c = rect(n)
            x, y = inp((c, r), 1, t).T, inp((r, c), 2, t)
        elif layout == "broadcast":
            r, c = rect(n)
            x, y = inp((r, c), 1, t), inp((c,), 2, t)
        else:
            return None
        ops = {
            "add": lambda: x + y,
            "multiply": lambda: x * y,
            "divide": lambda: x / y,
            "maximum": lambda: np.maximum(x, y),
            "scalar_mul": lambda: x * x.dtype.type(2.5),
            "exp": lambda: np.exp(x),
            "sqrt": lambda: np.sqrt(x),
            "abs": lambda: np.abs(x),
            "sum": lambda: np.sum(x),
        }
        return ops.get(op)
    if group == "ufunc":
        x = (inp((n,), 1) + 1.0).astype(t) if op == "arccosh" else scaled((n,), 1, 0.9, t)
        f = getattr(np, op)
        return lambda: f(x)
    if group == "astype":
        src, dst = (DTYPES[d] for d in dt.split("_"))
        x = scaled((n,), 1, 200.0, src)
        return lambda: x.astype(dst)
    if group == "reduce":
        x = inp(dims, 1, t)
        axis = None if layout == "all" else int(layout[len("axis"):])
        f = getattr(np, op)
        return lambda: f(x, axis=axis)
    if group == "scan":
        x = inp(dims, 1, t)
        axis = None if layout == "flat" else int(layout[len("axis"):])
        return lambda: np.cumsum(x, axis=axis)
    if group == "sort":
        x = ints(dims, 1, t) if dt == "i64" else inp(dims, 1, t)
        f = {"sort": np.sort, "argsort": np.argsort, "unique": np.unique}[op]
        if layout == "axis1":
            return lambda: f(x, axis=-1)
        return lambda: f(x)
    if group == "select":
        if op == "boolean_index":
            x, m = inp(dims, 1), mask(dims[:1], 2)
            return lambda: x[m]
        if op == "nonzero":
            m = mask(dims, 2)
            return lambda: np.nonzero(m)
        if op == "flatnonzero":
            m = mask(dims, 2)
            return lambda: np.flatnonzero(m)
        if op == "take":
            x, i = inp((n,), 1), positions(n, n)
            return lambda: np.take(x, i)
        if op == "put":
            x, i, v = inp((n,), 1), positions(n // 10, n), inp((n // 10,), 3)
            return lambda: np.put(x, i, v)
        if op == "where":
            m, x, y = mask((n,), 3), inp((n,), 1), inp((n,), 2)
            return lambda: np.where(m, x, y)
        if op == "searchsorted":
            a, v = np.sort(inp((n,), 1)), inp((n,), 2)
            return lambda: np.searchsorted(a, v, side="left")
        if op == "histogram":
            x = inp((n,), 1)
            return lambda: np.histogram(x, bins=100)
        return None
    if group == "move":
        if op in ("concatenate", "stack"):
            x, y = inp((n // 2,), 1, t), inp((n // 2,), 2, t)
            if op == "concatenate":
                return lambda: np.concatenate([x, y], axis=0)
            return lambda: np.stack([x, y], axis=1)
        if op == "transpose_copy":
            r, c = dims
            x = inp((c, r), 1, t).T
            return lambda: np.ascontiguousarray(x)
        if op == "copy":
            x = inp((2 * n,), 1, t)[::2]
            return lambda: np.ascontiguousarray(x)
        if op == "pad":
            x = inp(dims, 1, t)
            return lambda: np.pad(x, 1, mode="constant")
        if op == "roll":
            x = inp(dims, 1, t)
            if layout == "flat":
                return lambda: np.roll(x, 12345)
            return lambda: np.roll(x, 7, axis=1)
        return None
    if group == "random":
        g = np.random.default_rng(0)
        ops = {
            "random": lambda: g.random(n, dtype=t),
            "standard_normal": lambda: g.standard_normal(n, dtype=t),
            "normal": lambda: g.normal(1.0, 2.0, n),
            "integers": lambda: g.integers(0, 100 if dt == "i64" else 1000, n, dtype=t),
            "standard_exponential": lambda: g.standard_exponential(n),
            "gamma": lambda: g.gamma(2.0, 1.0, n),
            "beta": lambda: g.beta(2.0, 6.0, n),
            "poisson": lambda: g.poisson(5.0, n),
            "binomial": lambda: g.binomial(10, 0.3, n),
        }
        return ops.get(op)
    if group == "matmul":
        if layout == "square" or layout == "batched":
            x, y = inp(dims, 1, t), inp(dims, 2, t)
            return lambda: x @ y
        if layout == "tall":
            x, y = inp(dims, 1, t), inp((64, 64), 2, t)
            return lambda: x @ y
        if layout == "gram":
            x = inp(dims, 1, t)
            return lambda: x.T @ x
        return None
    if group == "creation":
        if op == "linspace":
            return lambda: np.linspace(0.0, 1.0, n, endpoint=True)
        if op == "arange":
            return lambda: np.arange(0.0, float(n))
        return None
    if group == "linalg":
        m = dims[0]
        a = inp((m, m), 1) + m * np.eye(m)
        v = inp((m,), 2)
        ops = {"solve": lambda: np.linalg.solve(a, v), "inv": lambda: np.linalg.inv(a),
               "det": lambda: np.linalg.det(a)}
        return ops.get(op)
    if group == "fft":
        if op == "fft":
            x = inp((n,), 1) + 1j * inp((n,), 2)
            return lambda: np.fft.fft(x)
        if op == "rfft":
            x = inp((n,), 1)
            return lambda: np.fft.rfft(x)
        return None
    if group == "special":
        try:
            import scipy.special as sp
        except ImportError:
            return None
        x = scaled((n,), 1, 10.0, "float64") if op == "gammaln" else inp((n,), 1)
        f = getattr(sp, op)
        return lambda: f(x)
    if group == "sparse" and op == "csr_matvec":
        try:
            import scipy.sparse as sps
        except ImportError:
            return None
        k = dims[0]
        one = sps.diags([-1.0, 2.0, -1.0], [-1, 0, 1], shape=(k, k))
        eye = sps.identity(k)
        a = sps.csr_array(sps.kron(eye, one) + sps.kron(one, eye))
        a.sort_indices()
        v = np.ones(k * k)
        return lambda: a @ v
    return None


def measure(names):
    import numpy as np

    out = {}
    for name in names:
        try:
            fn = build(name)
        except (ValueError, KeyError, IndexError):
            fn = None
        if fn is not None:
            out[name] = per_call(fn)
            print(f"{name:<48} {out[name] * 1e3:10.4f} ms", file=sys.stderr)
    print(json.dumps({"numpy": np.__version__, "results": out}))


# A 3x5 pixel font for the labels of the fallback plot: five rows of three ('#' = ink).
GLYPHS = {k: "".join(v.split()) for k, v in {
    "a": ".#. #.# ### #.# #.#", "b": "##. #.# ##. #.# ##.", "c": ".## #.. #.. #.. .##",
    "d": "##. #.# #.# #.# ##.", "e": "### #.. ##. #.. ###", "f": "### #.. ##. #.. #..",
    "g": ".## #.. #.# #.# .##", "h": "#.# #.# ### #.# #.#", "i": "### .#. .#. .#. ###",
    "j": "..# ..# ..# #.# .#.", "k": "#.# #.# ##. #.# #.#", "l": "#.. #.. #.. #.. ###",
    "m": "#.# ### ### #.# #.#", "n": "##. #.# #.# #.# #.#", "o": ".#. #.# #.# #.# .#.",
    "p": "##. #.# ##. #.. #..", "q": ".#. #.# #.# ##. .##", "r": "##. #.# ##. #.# #.#",
    "s": ".## #.. .#. ..# ##.", "t": "### .#. .#. .#. .#.", "u": "#.# #.# #.# #.# ###",
    "v": "#.# #.# #.# #.# .#.", "w": "#.# #.# ### ### #.#", "x": "#.# #.# .#. #.# #.#",
    "y": "#.# #.# .#. .#. .#.", "z": "### ..# .#. #.. ###", "0": "### #.# #.# #.# ###",
    "1": ".#. ##. .#. .#. ###", "2": "##. ..# .#. #.. ###", "3": "##. ..# .#. ..# ##.",
    "4": "#.# #.# ### ..# ..#", "5": "### #.. ##. ..# ##.", "6": ".## #.. ### #.# ###",
    "7": "### ..# .#. .#. .#.", "8": "### #.# ### #.# ###", "9": "### #.# ### ..# ##.",
    "/": "..# ..# .#. #.. #..", ".": "... ... ... ... .#.", "_": "... ... ... ... ###",
    "-": "... ... ### ... ...", " ": "... ... ... ... ...",
}.items()}


def write_png(path, width, height, pixels):
    """An RGB PNG from `pixels`, a bytearray of height rows of width * 3 bytes."""
    raw = b"".join(b"\x00" + bytes(pixels[y * width * 3:(y + 1) * width * 3])
                   for y in range(height))

    def chunk(kind, data):
        c = struct.pack(">I", len(data)) + kind + data
        return c + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)

    with open(path, "wb") as f:
        f.write(b"\x89PNG\r\n\x1a\n")
        f.write(chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)))
        f.write(chunk(b"IDAT", zlib.compress(raw, 6)))
        f.write(chunk(b"IEND", b""))


def plot_plain(rows, path):
    """Horizontal bars from 1.0 to each ratio on a log axis (0.05 to 20), green at >= 1, red
    below; the case names at the left in a 3x5 font drawn at twice the size."""
    lo, hi, scale, row_h = 0.05, 20.0, 2, 12
    label_w = 8 * max(len(r[0]) for r in rows) + 10
    plot_w, top = 640, 30
    width, height = label_w + plot_w + 20, top + row_h * len(rows) + 10
    px = bytearray(b"\xff" * (width * height * 3))

    def rect(x0, y0, x1, y1, color):
        for y in range(max(0, y0), min(height, y1)):
            for x in range(max(0, x0), min(width, x1)):
                i = (y * width + x) * 3
                px[i:i + 3] = color

    def text(s, x, y):
        for ch in s.lower():
            g = GLYPHS.get(ch, GLYPHS[" "])
            for k, bit in enumerate(g[:15]):
                if bit == "#":
                    gx, gy = x + (k % 3) * scale, y + (k // 3) * scale
                    rect(gx, gy, gx + scale, gy + scale, (0, 0, 0))
            x += 4 * scale

    def xpos(r):
        r = min(max(r, lo), hi)
        return label_w + int((math.log10(r) - math.log10(lo)) / math.log10(hi / lo) * plot_w)

    for tick in (0.1, 0.2, 0.5, 2.0, 5.0, 10.0):
        rect(xpos(tick), top - 4, xpos(tick) + 1, height - 10, (210, 210, 210))
        text(f"{tick:g}", xpos(tick) - 6, 8)
    text("1", xpos(1.0) - 2, 8)
    for j, (name, ratio) in enumerate(rows):
        y = top + j * row_h
        text(name, 4, y + 1)
        if ratio is None:
            continue
        a, b = sorted((xpos(1.0), xpos(ratio)))
        rect(a, y + 1, max(b, a + 1), y + row_h - 1,
             (60, 160, 60) if ratio >= 1.0 else (200, 60, 60))
    rect(xpos(1.0), top - 4, xpos(1.0) + 2, height - 10, (0, 0, 0))
    write_png(path, width, height, px)


def plot(csv_path, png_path):
    with open(csv_path) as f:
        rows = [(r["case"], float(r["ratio"]) if r["ratio"] else None) for r in csv.DictReader(f)]
    if not rows:
        return
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        plot_plain(rows, png_path)
        return
    fig, ax = plt.subplots(figsize=(10, 0.16 * len(rows) + 1))
    ys = range(len(rows))
    vals = [r if r is not None else float("nan") for _, r in rows]
    ax.barh(ys, [v - 1.0 for v in vals], left=1.0,
            color=["tab:green" if v >= 1.0 else "tab:red" for v in vals])
    ax.set_xscale("log")
    ax.axvline(1.0, color="black")
    ax.set_yticks(list(ys), [n for n, _ in rows], fontsize=6)
    ax.invert_yaxis()
    ax.set_xlabel("NumPy time / ours (> 1: kernels-std faster)")
    fig.tight_layout()
    fig.savefig(png_path, dpi=100)


def main():
    if len(sys.argv) == 4 and sys.argv[1] == "--plot":
        plot(sys.argv[2], sys.argv[3])
        return
    names = [line.strip() for line in sys.stdin if line.strip()]
    measure(names)


if __name__ == "__main__":
    main()
