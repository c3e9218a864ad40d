"""Chebyshev fits for kernels-std's `special` module, from mpmath's values.

Each fit is a function g(v) on an interval [a, b] of a variable v: interpolated at the
Chebyshev nodes of an even count (so that no node is the interval's midpoint), truncated
where the coefficients fall below 1e-18 of max |g|, and written as a `cheb!` device function
of t = (2v - a - b) / (b - a) into kernels-std/src/special/scalar/fits/<family>.rs. The Rust
code maps v to t itself (`scalar::fits::<name>_t(v)`, also generated).

The fits of the erf and gamma families are written instead as polynomials in t (`poly`): the
truncated series (here below 1e-17 of max |g|) converted to monomial coefficients at 50
digits, each rounded once, and evaluated by Estrin's scheme (pairs `c_2i + c_2i+1 t`, then
pairs of those with `t^2`, `t^4`, ...: a dependency chain of about log2(n) steps instead of
Clenshaw's n, so the CPU overlaps the work). The conversion is well conditioned for these
fits: sum |a_k| is at most 6 times min |g| on the interval (`check_poly` asserts it below 8,
and that the Estrin evaluation in doubles stays within 3 eps of g at 1000 points).

Run: python3 scripts/special/gen_fits.py [family ...]
"""

import os
import subprocess
import sys

import mpmath as mp

OUT = os.path.join(os.path.dirname(__file__), "..", "..", "kernels-std", "src", "special", "scalar", "fits")


def chebyshev(g, a, b, n=64, dps=50):
    """Chebyshev coefficients c_0..c_{n-1} of g on [a, b] (c_0 already halved)."""
    with mp.workdps(dps):
        a, b = mp.mpf(a), mp.mpf(b)
        nodes = [mp.cos(mp.pi * (k + mp.mpf(1) / 2) / n) for k in range(n)]
        vals = [g((b - a) / 2 * t + (a + b) / 2) for t in nodes]
        coeffs = []
        for j in range(n):
            s = mp.fsum(vals[k] * mp.cos(mp.pi * j * (k + mp.mpf(1) / 2) / n) for k in range(n))
            coeffs.append(2 * s / n)
        coeffs[0] /= 2
        scale = max(abs(v) for v in vals)
        return coeffs, scale


def fit(name, doc, g, a, b, n=64, dps=50, rel=1e-18):
    coeffs, scale = chebyshev(g, a, b, n, dps)
    last = max(j for j, c in enumerate(coeffs) if abs(c) > rel * scale)
    assert last < n - 4, f"{name}: {n} nodes are too few (coefficient {last} still large)"
    cs = [float(c) for c in coeffs[: last + 1]]
    rest = ", ".join(repr(c) for c in reversed(cs[1:]))
    a, b = float(a), float(b)
    return (
        f"cheb! {{\n    /// {doc}: the series in t of v in [{a!r}, {b!r}] ({len(cs)} terms).\n"
        f"    pub(crate) fn {name}(t) = {cs[0]!r}; [{rest}]\n}}\n\n"
        f"/// The variable of [`{name}()`] for v in [{a!r}, {b!r}].\n"
        f"#[crate::device_fn]\npub(crate) fn {name}_t(v: f64) -> f64 {{\n"
        f"    (v - {(a + b) / 2!r}) * {2 / (b - a)!r}\n}}\n"
    )


def cheb_to_mono(cs):
    """Monomial coefficients a_0..a_n of sum c_k T_k(t) (exact in mpmath's precision)."""
    n = len(cs)
    ts = [[mp.mpf(1)], [mp.mpf(0), mp.mpf(1)]]
    for k in range(2, n):
        new = [mp.mpf(0)] * (k + 1)
        for i, c in enumerate(ts[k - 1]):
            new[i + 1] += 2 * c
        for i, c in enumerate(ts[k - 2]):
            new[i] -= c
        ts.append(new)
    a = [mp.mpf(0)] * n
    for k in range(n):
        for i, c in enumerate(ts[k]):
            a[i] += cs[k] * c
    return a


def estrin_eval(a, t):
    """The Rust code's Estrin evaluation in doubles (same operations, same order)."""
    terms = list(a)
    x = t
    while len(terms) > 1:
        terms = [terms[i] + terms[i + 1] * x if i + 1 < len(terms) else terms[i] for i in range(0, len(terms), 2)]
        x = x * x
    return terms[0]


def check_poly(name, g, a, b, af, dps):
    """Asserts the conversion's condition and the doubles' error of the Estrin evaluation."""
    ts = [-1 + 2 * (k + 0.5) / 1000 for k in range(1000)]
    worst, low = 0.0, None
    with mp.workdps(dps):
        am, bm = mp.mpf(a), mp.mpf(b)
        for t in ts:
            ref = g((bm - am) / 2 * mp.mpf(t) + (am + bm) / 2)
            low = abs(ref) if low is None else min(low, abs(ref))
            worst = max(worst, float(abs((estrin_eval(af, t) - ref) / ref)))
    cond = sum(abs(c) for c in af) / float(low)
    assert cond < 8, f"{name}: the monomial form is ill-conditioned ({cond})"
    assert worst < 3 * 2.0**-52, f"{name}: Estrin's evaluation is {worst / 2.0**-52} eps off"


def estrin_code(af, literal=True):
    """Straight-line Rust: Estrin's scheme on the coefficients af (a_0 first; doubles, or
    the names of variables if not `literal`)."""
    lines = []
    terms = [repr(c) for c in af] if literal else list(af)
    power, level = "t", 0
    while len(terms) > 1:
        new = []
        for i in range(0, len(terms), 2):
            if i + 1 < len(terms):
                new.append(f"p{level}_{i // 2}")
                lines.append(f"    let p{level}_{i // 2} = {terms[i]} + {terms[i + 1]} * {power};")
            else:
                new.append(terms[i])
        terms = new
        if len(terms) > 1:
            nxt = "t2" if power == "t" else f"t{2 * int(power[1:])}"
            lines.append(f"    let {nxt} = {power} * {power};")
            power = nxt
        level += 1
    # The last combination is the result itself.
    last = lines.pop()
    lines.append("    " + last.split(" = ", 1)[1].rstrip(";"))
    return "\n".join(lines)


def poly(name, doc, g, a, b, n=64, dps=50, rel=1e-17):
    coeffs, scale = chebyshev(g, a, b, n, dps)
    last = max(j for j, c in enumerate(coeffs) if abs(c) > rel * scale)
    assert last < n - 4, f"{name}: {n} nodes are too few (coefficient {last} still large)"
    with mp.workdps(dps):
        am = cheb_to_mono(coeffs[: last + 1])
    af = [float(c) for c in am]
    check_poly(name, g, a, b, af, dps)
    a, b = float(a), float(b)
    return (
        f"/// {doc}: the polynomial in t of v in [{a!r}, {b!r}] ({len(af)} terms, Estrin's scheme).\n"
        f"#[crate::device_fn]\npub(crate) fn {name}(t: f64) -> f64 {{\n{estrin_code(af)}\n}}\n\n"
        f"/// The variable of [`{name}()`] for v in [{a!r}, {b!r}].\n"
        f"#[crate::device_fn]\npub(crate) fn {name}_t(v: f64) -> f64 {{\n"
        f"    (v - {(a + b) / 2!r}) * {2 / (b - a)!r}\n}}\n"
    )


def mono(name, g, a, b, n=64, dps=50, rel=1e-17):
    """The checked monomial coefficients (doubles) of the fit of g on [a, b]."""
    coeffs, scale = chebyshev(g, a, b, n, dps)
    last = max(j for j, c in enumerate(coeffs) if abs(c) > rel * scale)
    assert last < n - 4, f"{name}: {n} nodes are too few (coefficient {last} still large)"
    with mp.workdps(dps):
        am = cheb_to_mono(coeffs[: last + 1])
    af = [float(c) for c in am]
    check_poly(name, g, a, b, af, dps)
    return af


def pieces(name, doc, g, bounds, n=64, dps=50, rel=1e-17):
    """One device function of v for the fits of g on consecutive intervals (bounds
    b_0 < b_1 < ... < b_m), chosen without branches: the interval's centre, scale and
    coefficients are selected by comparisons (padded with zeros to the longest fit), then one
    Estrin evaluation. The CPU loop then has no data-dependent branch here (random arguments
    would mispredict one per element, and a branch-free loop can vectorize)."""
    fits = [mono(f"{name}[{i}]", g, bounds[i], bounds[i + 1], n, dps, rel) for i in range(len(bounds) - 1)]
    width = max(len(f) for f in fits)
    fits = [f + [0.0] * (width - len(f)) for f in fits]
    conds = [f"in{i}" for i in range(len(fits) - 1)]
    lines = [f"    let in{i} = v < {float(bounds[i + 1])!r};" for i in range(len(fits) - 1)]

    def select(vals):
        out = ""
        for c, v in zip(conds, vals):
            out += f"if {c} {{ {v!r} }} else "
        return out + f"{{ {vals[-1]!r} }}"

    mids = [float((mp.mpf(bounds[i]) + bounds[i + 1]) / 2) for i in range(len(fits))]
    scales = [float(2 / (mp.mpf(bounds[i + 1]) - bounds[i])) for i in range(len(fits))]
    lines.append(f"    let mid = {select(mids)};")
    lines.append(f"    let scale = {select(scales)};")
    lines.append("    let t = (v - mid) * scale;")
    for k in range(width):
        lines.append(f"    let c{k} = {select([f[k] for f in fits])};")
    body = estrin_code([f"c{k}" for k in range(width)], literal=False)
    spans = ", ".join(f"[{float(bounds[i])!r}, {float(bounds[i + 1])!r}]" for i in range(len(fits)))
    return (
        f"/// {doc}: polynomials in t of v on\n"
        f"/// {spans} ({width} terms, Estrin's scheme),\n"
        f"/// the interval selected without branches (v below the first bound takes the first).\n"
        f"#[crate::device_fn]\npub(crate) fn {name}(v: f64) -> f64 {{\n" + "\n".join(lines) + "\n" + body + "\n}\n"
    )


def write(family, doc, parts, cheb=True):
    os.makedirs(OUT, exist_ok=True)
    path = os.path.join(OUT, f"{family}.rs")
    with open(path, "w") as f:
        f.write(f"//! {doc}\n//!\n//! Generated by `scripts/special/gen_fits.py` (do not edit).\n\n")
        f.write("#![allow(clippy::excessive_precision, clippy::unreadable_literal)]\n\n")
        if cheb:
            f.write("use super::super::series::cheb;\n\n")
        f.write("\n".join(parts))
    # As `cargo fmt` leaves them (CI checks the formatting).
    root = os.path.join(os.path.dirname(__file__), "..", "..")
    subprocess.run(["rustfmt", "--edition", "2024", "--config-path", os.path.join(root, "rustfmt.toml"), path], check=True)
    print(path)


def erf_family():
    sqrtpi = lambda: mp.sqrt(mp.pi)
    parts = [
        poly("erf_small", "erf(x)/x as a function of v = x^2", lambda v: mp.erf(mp.sqrt(v)) / mp.sqrt(v), 0, 0.25),
        poly("erfcx_a", "erfcx(x)", lambda x: mp.exp(x * x) * mp.erfc(x), 0.5, 1.5),
        poly("erfcx_b", "erfcx(x)", lambda x: mp.exp(x * x) * mp.erfc(x), 1.5, 3.0),
        poly("erfcx_c", "erfcx(x)", lambda x: mp.exp(x * x) * mp.erfc(x), 3.0, 5.0),
        poly("erfcx_d", "x erfcx(x) as a function of v = 1/x^2", lambda v: mp.exp(1 / v) * mp.erfc(1 / mp.sqrt(v)) / mp.sqrt(v), 0, 0.04),
        poly("erfinv_small", "erfinv(y)/y as a function of v = y^2", lambda v: mp.erfinv(mp.sqrt(v)) / mp.sqrt(v), 0, 0.7225),
        poly("erfcinv_a", "erfcinv(z) as a function of s = sqrt(-ln z)", lambda s: erfcinv_mp(s), mp.sqrt(-mp.log(mp.mpf("0.15"))), 5, dps=60),
        poly("erfcinv_b", "erfcinv(z) as a function of s = sqrt(-ln z)", lambda s: erfcinv_mp(s), 5, 27.3, dps=60),
        poly("dawsn_small", "dawsn(x)/x as a function of v = x^2", lambda v: dawson(mp.sqrt(v)) / mp.sqrt(v), 0, 0.25),
        poly("dawsn_a", "dawsn(x)", dawson, 0.5, 1.5),
        poly("dawsn_b", "dawsn(x)", dawson, 1.5, 3.0),
        poly("dawsn_c", "dawsn(x)", dawson, 3.0, 5.0),
        poly("dawsn_d", "x dawsn(x) as a function of v = 1/x^2", lambda v: dawson(1 / mp.sqrt(v)) / mp.sqrt(v), 0, 0.04),
        pieces("erfcx_erf", "erfcx(x) for erf", lambda x: mp.exp(x * x) * mp.erfc(x), [0.5, 2.0, 6.0]),
    ]
    write("erf", "Fits of the error-function family (erf, erfc, erfcx, erfinv, erfcinv, dawsn).", parts, cheb=False)


def erfcinv_mp(s):
    """erfcinv(exp(-s^2)), at a precision that resolves 1 - z."""
    z = mp.exp(-s * s)
    with mp.workdps(int(s * s / 2.3) + 60):
        return mp.erfinv(1 - z)


def dawson(x):
    """Dawson's integral F(x) = sqrt(pi)/2 exp(-x^2) erfi(x)."""
    return mp.sqrt(mp.pi) / 2 * mp.exp(-x * x) * mp.erfi(x)


def gamma_family():
    with mp.workdps(60):
        x0 = mp.findroot(mp.digamma, 1.46)
    parts = [
        poly("lgamma_near2", "ln Gamma(x)/(x - 2)", lambda x: mp.loggamma(x) / (x - 2), 1.5, 2.5),
        poly("lgamma_near1", "ln Gamma(x)/(x - 1)", lambda x: mp.loggamma(x) / (x - 1), 0.5, 1.5),
        poly("digamma_root", "psi(x)/(x - x0), x0 the positive root of psi", lambda x: mp.digamma(x) / (x - x0), 1.0, 2.0),
    ]
    write("gamma", "Fits of the gamma family (lgamma near its zeros 1 and 2, digamma near its positive root).", parts, cheb=False)


def bessel_family():
    """I0, I1, K0, K1 in three ranges each; J0, J1, Y0, Y1 as (x - z) g(x) around each of their
    first zeros (so that the zero is exact), log forms near 0 for Y, and the modulus and phase of
    the Hankel form beyond about 18."""
    J, Y, I, K = mp.besselj, mp.bessely, mp.besseli, mp.besselk
    log2 = lambda x: mp.log(x / 2)
    parts = [
        fit("i0_small", "I0(x) as a function of v = x^2", lambda v: I(0, mp.sqrt(v)), 0, 9),
        fit("i1_small", "I1(x)/x as a function of v = x^2", lambda v: I(1, mp.sqrt(v)) / mp.sqrt(v), 0, 9),
        fit("i0e_mid", "e^-x I0(x)", lambda x: mp.exp(-x) * I(0, x), 3, 8),
        fit("i1e_mid", "e^-x I1(x)", lambda x: mp.exp(-x) * I(1, x), 3, 8),
        fit("i0e_large", "sqrt(x) e^-x I0(x) as a function of v = 1/x", lambda v: mp.sqrt(1 / v) * mp.exp(-1 / v) * I(0, 1 / v), 0, 0.125, n=96),
        fit("i1e_large", "sqrt(x) e^-x I1(x) as a function of v = 1/x", lambda v: mp.sqrt(1 / v) * mp.exp(-1 / v) * I(1, 1 / v), 0, 0.125, n=96),
        fit("k0_small", "K0(x) + ln(x/2) I0(x) as a function of v = x^2", lambda v: K(0, mp.sqrt(v)) + log2(mp.sqrt(v)) * I(0, mp.sqrt(v)), 0, 4),
        fit("k1_small", "(K1(x) - 1/x - ln(x/2) I1(x))/x as a function of v = x^2",
            lambda v: (K(1, mp.sqrt(v)) - 1 / mp.sqrt(v) - log2(mp.sqrt(v)) * I(1, mp.sqrt(v))) / mp.sqrt(v), 0, 4),
        fit("k0e_mid", "sqrt(x) e^x K0(x)", lambda x: mp.sqrt(x) * mp.exp(x) * K(0, x), 2, 8),
        fit("k1e_mid", "sqrt(x) e^x K1(x)", lambda x: mp.sqrt(x) * mp.exp(x) * K(1, x), 2, 8),
        fit("k0e_large", "sqrt(x) e^x K0(x) as a function of v = 1/x", lambda v: mp.sqrt(1 / v) * mp.exp(1 / v) * K(0, 1 / v), 0, 0.125, n=96),
        fit("k1e_large", "sqrt(x) e^x K1(x) as a function of v = 1/x", lambda v: mp.sqrt(1 / v) * mp.exp(1 / v) * K(1, 1 / v), 0, 0.125, n=96),
    ]
    with mp.workdps(60):
        zj0 = [mp.besseljzero(0, k) for k in range(1, 9)]
        zj1 = [mp.besseljzero(1, k) for k in range(1, 9)]
        zy0 = [mp.besselyzero(0, k) for k in range(1, 9)]
        zy1 = [mp.besselyzero(1, k) for k in range(1, 9)]
    zeros = []
    # J0 on [j1_{k-1}, j1_k] (j1_0 = 0), k = 1..6.
    for k in range(6):
        z = zj0[k]
        lo = 0 if k == 0 else zj1[k - 1]
        # Polynomials (Estrin's scheme): J0 is among the functions timed beside SciPy.
        parts.append(poly(f"j0_z{k + 1}", f"J0(x)/(x - z), z its zero {k + 1}", lambda x, z=z: J(0, x) / (x - z), lo, zj1[k]))
        zeros.append((f"j0_z{k + 1}", z))
    # J1: J1(x)/x in v = x^2 below j0_1, then on [j0_k, j0_{k+1}] around j1_k, k = 1..6.
    parts.append(fit("j1_z0", "J1(x)/x as a function of v = x^2", lambda v: J(1, mp.sqrt(v)) / mp.sqrt(v), 0, zj0[0] ** 2))
    for k in range(6):
        z = zj1[k]
        parts.append(fit(f"j1_z{k + 1}", f"J1(x)/(x - z), z its zero {k + 1}", lambda x, z=z: J(1, x) / (x - z), zj0[k], zj0[k + 1]))
        zeros.append((f"j1_z{k + 1}", z))
    # Y0: Y0 - 2/pi ln(x/2) J0 in v = x^2 below 0.5, then around y0_k on [y1_{k-1}, y1_k].
    parts.append(fit("y0_log", "Y0(x) - 2/pi ln(x/2) J0(x) as a function of v = x^2",
                     lambda v: Y(0, mp.sqrt(v)) - 2 / mp.pi * log2(mp.sqrt(v)) * J(0, mp.sqrt(v)), 0, 0.25))
    for k in range(6):
        z = zy0[k]
        lo = mp.mpf("0.5") if k == 0 else zy1[k - 1]
        parts.append(fit(f"y0_z{k + 1}", f"Y0(x)/(x - z), z its zero {k + 1}", lambda x, z=z: Y(0, x) / (x - z), lo, zy1[k], n=96))
        zeros.append((f"y0_z{k + 1}", z))
    # Y1: (Y1 - 2/pi (ln(x/2) J1 - 1/x))/x in v = x^2 below y0_1, then around y1_k on [y0_k, y0_{k+1}].
    parts.append(fit("y1_log", "(Y1(x) - 2/pi (ln(x/2) J1(x) - 1/x))/x as a function of v = x^2",
                     lambda v: (Y(1, mp.sqrt(v)) - 2 / mp.pi * (log2(mp.sqrt(v)) * J(1, mp.sqrt(v)) - 1 / mp.sqrt(v))) / mp.sqrt(v), 0, zy0[0] ** 2))
    for k in range(6):
        z = zy1[k]
        parts.append(fit(f"y1_z{k + 1}", f"Y1(x)/(x - z), z its zero {k + 1}", lambda x, z=z: Y(1, x) / (x - z), zy0[k], zy0[k + 1], n=96))
        zeros.append((f"y1_z{k + 1}", z))
    # Beyond X0: J + iY = M e^(i theta), theta = x - (2n+1) pi/4 + phi.
    x0 = 18
    for n in (0, 1):
        def mod(v, n=n):
            x = 1 / mp.sqrt(v)
            return mp.sqrt(x) * mp.sqrt(J(n, x) ** 2 + Y(n, x) ** 2)

        def phase(v, n=n):
            x = 1 / mp.sqrt(v)
            h = (J(n, x) + 1j * Y(n, x)) * mp.expj(-(x - (2 * n + 1) * mp.pi / 4))
            return x * mp.arg(h)

        parts.append(poly(f"mod{n}", f"sqrt(x) |J{n}(x) + i Y{n}(x)| as a function of v = 1/x^2", mod, 0, mp.mpf(1) / x0 ** 2, n=96, dps=60))
        parts.append(poly(f"phase{n}", f"x phi: J{n} + i Y{n} = M e^(i (x - {2 * n + 1} pi/4 + phi)), as a function of v = 1/x^2", phase, 0, mp.mpf(1) / x0 ** 2, n=96, dps=60))
    consts = []
    for name, z in zeros:
        hi = float(z)
        lo = float(z - mp.mpf(hi))
        consts.append(
            f"/// `x - z` to full precision near `z` = `{mp.nstr(z, 25)}`, the zero of [`{name}()`].\n"
            f"#[crate::device_fn]\npub(crate) fn {name}_dx(x: f64) -> f64 {{\n    (x - {hi!r}) - {lo!r}\n}}\n"
        )
    write("bessel", "Fits of the Bessel family (I0, I1, K0, K1, J0, J1, Y0, Y1).", parts + consts)


FAMILIES = {"erf": erf_family, "gamma": gamma_family, "bessel": bessel_family}

if __name__ == "__main__":
    for name in sys.argv[1:] or FAMILIES:
        FAMILIES[name]()
