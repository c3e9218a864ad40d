//! The limiting distribution of the two-sided Kolmogorov-Smirnov statistic `sqrt(n) D_n`:
//! `kolmogorov` (its survival function) and `kolmogi` (the inverse); the exact distribution
//! of the one-sided statistic `D_n^+`: `smirnov` and `smirnovi` (methods at each).
//!
//! ```
//! use kernels_std::special::scalar as sp;
//! let close = |a: f64, b: f64| (a / b - 1.0).abs() < 1e-14;
//! assert!(close(sp::kolmogorov(1.0), 0.26999967167735456));
//! assert!(close(sp::kolmogi(0.26999967167735456), 1.0));
//! assert_eq!(sp::kolmogorov(0.0), 1.0);
//! assert_eq!(sp::kolmogi(0.0), f64::INFINITY);
//! assert!(close(sp::smirnov(5.0, 0.3), 0.34282));
//! assert!(close(sp::smirnovi(5.0, 0.34282), 0.3));
//! assert!(sp::smirnov(0.0, 0.3).is_nan());
//! ```
//!
//! Method: two theta-function series, each summed until its terms are below `1e-17` of the
//! sum. Below `x = 0.82` the distribution function
//! `K(x) = sqrt(2 pi) / x sum_(k>=1) exp(-(2k - 1)^2 pi^2 / (8 x^2))` (at most three terms
//! there; the survival function is `1 - K`, at least 0.48); above it the survival function
//! `2 sum_(k>=1) (-1)^(k-1) exp(-2 k^2 x^2)` (at most six terms: `exp(-2 x^2) < 0.27`).
//! `kolmogi` by Newton's method on the survival function where `p <= 1/2` (from
//! `x = sqrt(-ln(p / 2) / 2)`) and on the distribution function `1 - p` (exact) above it
//! (from the fixed point of the first term), each step within the bracket it keeps.

use super::dd;
use crate::prelude::*;

/// The first `x` of the survival series (below it, the distribution function's).
#[device_fn]
fn kolmog_cut() -> f64 {
    0.82
}

/// `(sf, cdf, pdf)` of the Kolmogorov distribution at a finite `x > 0`.
#[device_fn]
fn kolmog_three(x: f64) -> (f64, f64, f64) {
    let pi = std::f64::consts::PI;
    if x <= kolmog_cut() {
        // K(x) = w sum exp(-a_k / x^2), a_k = (2k - 1)^2 pi^2 / 8; K' = w / x sum (2 a_k /
        // x^2 - 1) exp(-a_k / x^2)
        let w = (2.0 * pi).sqrt() / x;
        let r = pi * pi / (8.0 * x * x);
        let mut cdf = 0.0;
        let mut der = 0.0;
        let mut k = 1.0;
        while k < 20.0 {
            let m = (2.0 * k - 1.0) * (2.0 * k - 1.0);
            let t = (-m * r).exp();
            cdf += t;
            der += (2.0 * m * r - 1.0) * t;
            if t <= 1e-17 * cdf {
                break;
            }
            k += 1.0;
        }
        let cdf = w * cdf;
        (1.0 - cdf, cdf, w / x * der)
    } else {
        // sf = 2 sum (-1)^(k-1) v^(k^2), v = exp(-2 x^2); pdf = 8 x sum (-1)^(k-1) k^2 v^(k^2)
        let mut sf = 0.0;
        let mut der = 0.0;
        let mut sign = 1.0;
        let mut k = 1.0;
        while k < 20.0 {
            let t = (-2.0 * k * k * x * x).exp();
            sf += sign * t;
            der += sign * k * k * t;
            if t <= 1e-17 * sf.abs() {
                break;
            }
            sign = -sign;
            k += 1.0;
        }
        let sf = 2.0 * sf;
        (sf, 1.0 - sf, 8.0 * x * der)
    }
}

/// The survival function of the Kolmogorov distribution, `P(sqrt(n) D_n > x)` in the limit
/// (SciPy's `kolmogorov`): 1 for `x <= 0`, 0 at `inf`.
///
/// Example: [the module's page](self).
#[device_fn]
pub fn kolmogorov(x: f64) -> f64 {
    if x.is_nan() {
        f64::NAN
    } else if x <= 0.0 {
        1.0
    } else if x == f64::INFINITY {
        0.0
    } else {
        let (sf, _, _): (f64, f64, f64) = kolmog_three(x);
        sf.max(0.0).min(1.0)
    }
}

/// The inverse of [`kolmogorov()`]: the `x` with `kolmogorov(x) = p` (SciPy's `kolmogi`): 0
/// at `p = 1`, `inf` at `p = 0`, NaN outside `[0, 1]`.
///
/// Example: [the module's page](self).
#[device_fn]
pub fn kolmogi(p: f64) -> f64 {
    if !(p >= 0.0 && p <= 1.0) {
        return f64::NAN;
    }
    if p == 1.0 {
        return 0.0;
    }
    if p == 0.0 {
        return f64::INFINITY;
    }
    let pi = std::f64::consts::PI;
    // the side whose value is small: the survival function (p <= 1/2) or the distribution
    // function (1 - p, exact above 1/2)
    let upper = p <= 0.5;
    let target = if upper { p } else { 1.0 - p };
    let mut x = if upper {
        (-(0.5 * p).ln() / 2.0).sqrt()
    } else {
        // K ~ sqrt(2 pi) / x exp(-pi^2 / (8 x^2)): its fixed point
        let l = target.ln();
        let mut x0: f64 = 0.5;
        let mut i = 0;
        while i < 6 {
            x0 = pi / (8.0 * (0.5 * (2.0 * pi).ln() - x0.ln() - l)).sqrt();
            i += 1;
        }
        x0
    };
    // Newton within a bracket [lo, hi]
    let mut lo = 0.0;
    let mut hi = f64::INFINITY;
    let mut i = 0;
    while i < 60 {
        let (sf, cdf, pdf): (f64, f64, f64) = kolmog_three(x);
        // g(x) = value - target, increasing in x for the cdf, decreasing for the sf
        let g = if upper { target - sf } else { cdf - target };
        if g == 0.0 {
            break;
        }
        if g > 0.0 {
            hi = x;
        } else {
            lo = x;
        }
        let mut next = x - g / pdf;
        // (converged before the bracket test: a last step below an ulp lands on the bracket)
        if (next - x).abs() <= 2e-16 * x {
            x = next;
            break;
        }
        if !(next > lo && next < hi) {
            next = if hi == f64::INFINITY {
                2.0 * x
            } else {
                0.5 * (lo + hi)
            };
        }
        x = next;
        i += 1;
    }
    x
}

/// SciPy's integer `n` of the Smirnov functions: `n` truncated toward zero, 0 where it is
/// not in `1..2^31` (SciPy converts to a C `int`; NaN there).
#[device_fn]
fn smirnov_n(n: f64) -> f64 {
    let t = n.trunc();
    if t >= 1.0 && t < 2147483648.0 {
        t
    } else {
        0.0
    }
}

/// A scaled double-double `(h, l, e)` as a double-double.
#[device_fn]
fn unscale(h: f64, l: f64, e: i64) -> (f64, f64) {
    (dd::ldexp(h, e), dd::ldexp(l, e))
}

/// Whether `a b <= 1` exactly (`a, b >= 0`).
#[device_fn]
fn prod_at_most_one(a: f64, b: f64) -> bool {
    let (p, e): (f64, f64) = dd::two_prod(a, b);
    p < 1.0 || (p == 1.0 && e <= 0.0)
}

/// `(sf, cdf, pdf)` of the one-sided Smirnov statistic `D_n^+` for an integer `n >= 2` and
/// `0 < d < 1`.
#[device_fn]
fn smirnov_three(n: f64, d: f64) -> (f64, f64, f64) {
    let ni = n as i64;
    if prod_at_most_one(n, d) {
        // d <= 1/n: cdf = d (1 + d)^(n-1)
        let (bh, bl): (f64, f64) = dd::two_sum(1.0, d);
        let (ph, pl, pe): (f64, f64, i64) = dd::dd_powi_scaled(bh, bl, ni - 2);
        let (ph, pl): (f64, f64) = unscale(ph, pl, pe);
        let (ch, cl): (f64, f64) = dd::dd_mul(ph, pl, bh, bl);
        let (ch, cl): (f64, f64) = dd::dd_mul(ch, cl, d, 0.0);
        let cdf = ch + cl;
        let (sh, sl): (f64, f64) = dd::dd_add(1.0, 0.0, -ch, -cl);
        return (sh + sl, cdf, (ph + pl) * (1.0 + n * d));
    }
    let (uh, ul): (f64, f64) = dd::two_sum(1.0, -d);
    if prod_at_most_one(n, uh) && ul == 0.0 {
        // d >= 1 - 1/n: sf = (1 - d)^n
        let (ph, pl, pe): (f64, f64, i64) = dd::dd_powi_scaled(uh, ul, ni - 1);
        let (ph, pl): (f64, f64) = unscale(ph, pl, pe);
        let sf = (ph + pl) * uh;
        return (sf, 1.0 - sf, n * (ph + pl));
    }
    if -2.0 * n * d * d < -708.3964185322641 {
        // (SciPy's: the survival function taken to underflow)
        return (0.0, 1.0, 0.0);
    }
    if n > 1.0e6 {
        // SciPy's approximation beyond a million: e^(-(6 n d + 1)^2 / (18 n))
        let w = 6.0 * n * d + 1.0;
        let lp = -w * w / 18.0 / n;
        let (sf, cdf): (f64, f64) = if lp < -std::f64::consts::LN_2 {
            let s = lp.exp();
            (s, 1.0 - s)
        } else {
            let c = -lp.exp_m1();
            (1.0 - c, c)
        };
        return (sf, cdf, w * 2.0 * sf / 3.0);
    }
    // sf = (1 - d)^n + d sum_(j >= 1) C(n, j) (1 - d - j/n)^(n-j) (d + j/n)^(j-1)
    let (p0h, p0l, p0e): (f64, f64, i64) = dd::dd_powi_scaled(uh, ul, ni - 1);
    let (p0h, p0l): (f64, f64) = unscale(p0h, p0l, p0e);
    let (s0h, s0l): (f64, f64) = dd::dd_mul(p0h, p0l, uh, ul);
    let mut der = -n * (p0h + p0l);
    let mut sumh = 0.0;
    let mut suml = 0.0;
    // C(n, j), scaled
    let mut ch = 1.0;
    let mut cl = 0.0;
    let mut ce: i64 = 0;
    let jmax = (n * uh).floor().min(n - 1.0) as i64;
    let mut prev = 0.0;
    let mut j: i64 = 1;
    while j <= jmax {
        let jf = j as f64;
        let (mh, ml): (f64, f64) = dd::dd_mul(ch, cl, n - jf + 1.0, 0.0);
        let (qh, ql): (f64, f64) = dd::dd_div(mh, ml, jf, 0.0);
        let (h, l, e): (f64, f64, i64) = dd::dd_norm(qh, ql, ce);
        ch = h;
        cl = l;
        ce = e;
        // j/n to double-double
        let rh = jf / n;
        let rl = (-rh).mul_add(n, jf) / n;
        let (b1h, b1l): (f64, f64) = dd::dd_add(uh, ul, -rh, -rl);
        if b1h <= 0.0 {
            break;
        }
        let (b2h, b2l): (f64, f64) = dd::dd_add(d, 0.0, rh, rl);
        let (p1h, p1l, p1e): (f64, f64, i64) = dd::dd_powi_scaled(b1h, b1l, ni - j);
        let (p2h, p2l, p2e): (f64, f64, i64) = dd::dd_powi_scaled(b2h, b2l, j - 1);
        let (th, tl): (f64, f64) = dd::dd_mul(ch, cl, p1h, p1l);
        let (th, tl): (f64, f64) = dd::dd_mul(th, tl, p2h, p2l);
        let (th, tl): (f64, f64) = unscale(th, tl, ce + p1e + p2e);
        let (s, e): (f64, f64) = dd::dd_add(sumh, suml, th, tl);
        sumh = s;
        suml = e;
        der += th * (1.0 + d * ((jf - 1.0) / b2h - (n - jf) / b1h));
        // the terms fall off on both sides of their peak: stop once they fall and the rest
        // cannot reach 1e-18 of the sum
        if th < prev && th * ((jmax - j) as f64) < 1e-18 * sumh {
            break;
        }
        prev = th;
        j += 1;
    }
    let (dh, dl): (f64, f64) = dd::dd_mul(sumh, suml, d, 0.0);
    let (sh, sl): (f64, f64) = dd::dd_add(s0h, s0l, dh, dl);
    let sf = (sh + sl).max(0.0).min(1.0);
    let (cdh, cdl): (f64, f64) = dd::dd_add(1.0, 0.0, -sh, -sl);
    let cdf = (cdh + cdl).max(0.0).min(1.0);
    (sf, cdf, (-der).max(0.0))
}

/// The survival function of the one-sided Kolmogorov-Smirnov statistic `D_n^+` of `n`
/// samples, `P(D_n^+ >= d)` (SciPy's `smirnov`): `n` truncated to an integer (NaN below 1 or
/// from `2^31`), NaN for `d` outside `[0, 1]`, 1 at `d = 0`, 0 at `d = 1`.
///
/// Method: the Birnbaum-Tingey sum
/// `(1 - d)^n + d sum_(j = 1)^(floor(n (1 - d))) C(n, j) (1 - d - j/n)^(n-j) (d + j/n)^(j-1)`
/// in double-double arithmetic (the powers by binary powering with their exponents kept
/// apart, so that neither they nor the binomials over- or underflow; the sum stops once its
/// terms fall below `1e-18` of it for good); `d (1 + d)^(n-1)` for the distribution
/// function where `d <= 1/n`; `(1 - d)^n` where `d >= 1 - 1/n`. Beyond `n = 10^6`, SciPy's
/// approximation `e^(-(6 n d + 1)^2 / (18 n))`, and 0 where `2 n d^2 > 708.4`, as SciPy.
///
/// Example: [the module's page](self).
#[device_fn]
pub fn smirnov(n: f64, d: f64) -> f64 {
    let n = smirnov_n(n);
    if d.is_nan() || n == 0.0 || d < 0.0 || d > 1.0 {
        f64::NAN
    } else if d == 0.0 {
        1.0
    } else if d == 1.0 {
        0.0
    } else if n == 1.0 {
        1.0 - d
    } else {
        let (sf, _, _): (f64, f64, f64) = smirnov_three(n, d);
        sf
    }
}

/// The inverse of [`smirnov()`] in `d`: the `d` with `smirnov(n, d) = p` (SciPy's
/// `smirnovi`): 1 at `p = 0`, 0 at `p = 1`, NaN outside `[0, 1]` or for `n` below 1.
///
/// Method: Newton's method within a bracket on the logarithm of the survival function
/// (`p <= 1/2`) or of the distribution function `1 - p` (exact above 1/2), from
/// `sqrt(-ln p / (2 n)) - 1/(6n)` (or `(1 - p)/2` where `1 - p < 1/n`, the closed form's
/// range); where `n p^(1/n) <= 1` the closed form `1 - p^(1/n)`.
///
/// Example: [the module's page](self).
#[device_fn]
pub fn smirnovi(n: f64, p: f64) -> f64 {
    let n = smirnov_n(n);
    if p.is_nan() || n == 0.0 || p < 0.0 || p > 1.0 {
        return f64::NAN;
    }
    if p == 0.0 {
        return 1.0;
    }
    if p == 1.0 {
        return 0.0;
    }
    if n == 1.0 {
        return 1.0 - p;
    }
    let root = p.powf(1.0 / n);
    if n * root <= 1.0 {
        return 1.0 - root;
    }
    let upper = p <= 0.5;
    let q = 1.0 - p;
    let lp = p.ln();
    let lq = q.ln();
    let mut lo = 0.0;
    let mut hi = 1.0;
    let mut x = (-lp / (2.0 * n)).sqrt() - 1.0 / (6.0 * n);
    if !upper && q * n < 1.0 {
        // the root is below q (cdf(x) >= x there)
        hi = q;
        x = 0.5 * q;
    }
    if !(x > lo && x < hi) {
        x = 0.5 * (lo + hi);
    }
    let mut i = 0;
    while i < 200 {
        let (sf, cdf, pdf): (f64, f64, f64) = smirnov_three(n, x);
        // g(x) = ln p - ln sf or ln cdf - ln q, increasing in x (logarithms: Newton's steps
        // on the values themselves crawl where they are far below their slope's scale)
        let v = if upper { sf } else { cdf };
        if v == 0.0 {
            // (the survival function underflowed: x is above the root)
            if upper {
                hi = x;
            } else {
                lo = x;
            }
            x = 0.5 * (lo + hi);
            i += 1;
            continue;
        }
        let g = if upper { lp - v.ln() } else { v.ln() - lq };
        if g == 0.0 {
            break;
        }
        if g > 0.0 {
            hi = x;
        } else {
            lo = x;
        }
        let mut next = x - g * v / pdf;
        if (next - x).abs() <= 2e-16 * x {
            x = next;
            break;
        }
        if !(next > lo && next < hi) {
            next = 0.5 * (lo + hi);
        }
        if next == x {
            break;
        }
        x = next;
        i += 1;
    }
    x
}
