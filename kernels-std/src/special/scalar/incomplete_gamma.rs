//! The regularized incomplete gamma functions and their inverses: `gammainc` (`P(a, x)`),
//! `gammaincc` (`Q(a, x) = 1 - P`), `gammaincinv`, `gammainccinv`.
//!
//! ```
//! use kernels_std::special::scalar as sp;
//! assert!((sp::gammainc(1.0, 2.0) - (1.0 - (-2.0f64).exp())).abs() < 1e-16);
//! assert!((sp::gammaincc(0.5, 4.0) - sp::erfc(2.0)).abs() < 1e-17);
//! assert!((sp::gammaincinv(3.0, sp::gammainc(3.0, 2.5)) - 2.5).abs() < 1e-14);
//! assert!((sp::gammainccinv(3.0, sp::gammaincc(3.0, 40.0)) - 40.0).abs() < 1e-13);
//! ```
//!
//! Method: with the prefactor `x^a e^(-x) / Gamma(a)` (for `a >= 10` from Stirling's series
//! as `sqrt(a / 2 pi) e^(-a phi)`, `phi = x/a - 1 - ln(x/a)` through `ln(1 + y) - y`, so
//! that `x` near `a` keeps its digits), `P` is the power series
//! `sum x^n / ((a + 1) ... (a + n))` where `x <= a` or `x < 1`, `Q` the continued fraction
//! of `Gamma(a, x)` where `x > a` and `x >= 1`, each complement `1 - ` the other there.
//! For `a < 1`, `x < 1`, `Q` is `1 - x^a / Gamma(1 + a) (1 + a sum (-x)^n / (n! (a + n)))`
//! with `x^a - 1` and `Gamma(1 + a) - 1` computed without cancellation (`Q` of a tiny `a`
//! is tiny). Above `a = 1e9` near `x = a`: Temme's uniform expansion, `Q = erfc(eta
//! sqrt(a/2)) / 2 + e^(-a eta^2 / 2) / sqrt(2 pi a) (C0(eta) + C1(eta) / a)`. Where one of
//! them is below `e^-745` it is 0 without iterating. The inverses: Halley's iteration on
//! the smaller of `P - p` and `Q - q` (the other is exact: `1 - p` for `p >= 1/2`), started
//! from Wilson and Hilferty's cube-root normal approximation or the tails' leading terms,
//! kept inside a bracket by bisection.

use super::elementary::powm1;
use super::error_fns::{erfc, ndtri};
use super::fits::gamma as fit;
use super::gamma_fns::{gamma, gammaln, rgamma, stirling_corr};
use crate::prelude::*;

/// `ln(1 + y) - y`, accurate near 0: below `|y| = 1/2` from the series of
/// `2 atanh(y / (2 + y))`.
#[device_fn]
pub(crate) fn log1pmx(y: f64) -> f64 {
    if y.abs() < 0.5 {
        let z = y / (2.0 + y);
        let z2 = z * z;
        let mut power = z * z2;
        let mut s = 0.0;
        let mut k = 3.0;
        while k < 60.0 {
            let t = power / k;
            s += t;
            if t.abs() <= 1e-17 * s.abs() {
                break;
            }
            power *= z2;
            k += 2.0;
        }
        // ln(1 + y) - y = (2z - y) + 2 sum z^k / k, and 2z - y = -y z.
        2.0 * s - y * z
    } else {
        y.ln_1p() - y
    }
}

/// `phi = t - 1 - ln t`, `t = x / a`: through [`log1pmx()`] near `t = 1`, directly below
/// `t = 1/2` (where `1 + (x - a) / a` would lose `t`'s digits).
#[device_fn]
fn igam_phi(a: f64, x: f64) -> f64 {
    let y = (x - a) / a;
    if y.abs() < 0.5 {
        -log1pmx(y)
    } else {
        let t = x / a;
        t - 1.0 - t.ln()
    }
}

/// `x^a e^(-x) / Gamma(a)` for finite `a, x > 0`.
#[device_fn]
fn igam_prefactor(a: f64, x: f64) -> f64 {
    if a < 10.0 {
        let l = a * x.ln() - x;
        if l > -700.0 && l < 700.0 && x < 700.0 {
            x.powf(a) * (-x).exp() * rgamma(a)
        } else {
            (l - gammaln(a)).exp()
        }
    } else {
        let phi = igam_phi(a, x);
        (a * 0.15915494309189535).sqrt() * (-(a * phi) - stirling_corr(a)).exp()
    }
}

/// `sum_{n >= 0} x^n / ((a + 1) ... (a + n))`.
#[device_fn]
fn igam_series(a: f64, x: f64) -> f64 {
    let mut term = 1.0;
    let mut sum = 1.0;
    let mut n = 1.0;
    while n < 1.0e6 {
        term *= x / (a + n);
        sum += term;
        if term <= 1e-17 * sum {
            break;
        }
        n += 1.0;
    }
    sum
}

/// `Gamma(a, x) e^x x^-a` by its continued fraction (modified Lentz), for `x > a`, `x >= 1`.
#[device_fn]
fn igamc_fraction(a: f64, x: f64) -> f64 {
    let tiny = 1e-300;
    let mut b = x + 1.0 - a;
    let mut c = 1.0 / tiny;
    let mut d = 1.0 / b;
    let mut h = d;
    let mut n = 1.0;
    while n < 1.0e6 {
        let an = -n * (n - a);
        b += 2.0;
        d = an * d + b;
        if d.abs() < tiny {
            d = tiny;
        }
        c = b + an / c;
        if c.abs() < tiny {
            c = tiny;
        }
        d = 1.0 / d;
        let del = d * c;
        h *= del;
        if (del - 1.0).abs() <= 1e-16 {
            break;
        }
        n += 1.0;
    }
    h
}

/// `Gamma(1 + a) - 1` for `0 < a < 1`, without cancellation near 0.
#[device_fn]
fn gamma1pm1(a: f64) -> f64 {
    if a < 0.5 {
        (a * fit::lgamma_near1(fit::lgamma_near1_t(1.0 + a))).exp_m1()
    } else {
        gamma(1.0 + a) - 1.0
    }
}

/// `Q(a, x)` for `0 < a < 1`, `0 < x < 1`.
#[device_fn]
fn igamc_small(a: f64, x: f64) -> f64 {
    let mut s = 0.0;
    let mut fac = 1.0;
    let mut n = 1.0;
    while n < 80.0 {
        fac *= -x / n;
        let t = fac / (a + n);
        s += t;
        if t.abs() <= 1e-17 * s.abs() {
            break;
        }
        n += 1.0;
    }
    let g1 = gamma1pm1(a);
    // x^a / Gamma(1 + a) - 1
    let um1 = (powm1(x, a) - g1) / (1.0 + g1);
    -um1 - (1.0 + um1) * a * s
}

/// `eta`: the sign of `x - a` times `sqrt(2 phi)`, `phi = x/a - 1 - ln(x/a)`.
#[device_fn]
fn temme_eta(a: f64, x: f64) -> f64 {
    let e = (2.0 * igam_phi(a, x)).sqrt();
    if x < a {
        -e
    } else {
        e
    }
}

/// Temme's uniform expansion of `Q(a, x)` (`upper`) or `P(a, x)`, for `a > 1e9` and
/// `|x - a| < a / 100` (`|eta| < 0.01`: the first two coefficients' Taylor series).
#[device_fn]
fn igam_temme(a: f64, x: f64, upper: bool) -> f64 {
    let eta = temme_eta(a, x);
    let c0 = -1.0 / 3.0
        + eta
            * (1.0 / 12.0
                + eta
                    * (-2.0 / 135.0
                        + eta * (1.0 / 864.0 + eta * (1.0 / 2835.0 - eta * (139.0 / 777600.0)))));
    let c1 = -1.0 / 540.0 + eta * (-1.0 / 288.0 + eta * (1.0 / 378.0 - eta * 9.902263374485597e-4));
    let r = (-0.5 * a * eta * eta).exp() * (0.15915494309189535 / a).sqrt() * (c0 + c1 / a);
    let z = eta * (0.5 * a).sqrt();
    if upper {
        0.5 * erfc(z) + r
    } else {
        0.5 * erfc(-z) - r
    }
}

/// `Q(a, x)` (`upper`) or `P(a, x)` for finite `a, x > 0`.
#[device_fn]
fn igam_regular(a: f64, x: f64, upper: bool) -> f64 {
    if a >= 10.0 {
        let phi = igam_phi(a, x);
        if a * phi - 0.5 * a.ln() > 760.0 {
            // The smaller tail is below e^-745.
            let tail_is_upper = x > a;
            return if tail_is_upper == upper { 0.0 } else { 1.0 };
        }
        if a > 1.0e9 {
            return igam_temme(a, x, upper);
        }
    }
    if a < 1.0 && x < 1.0 {
        if upper {
            igamc_small(a, x)
        } else {
            igam_prefactor(a, x) / a * igam_series(a, x)
        }
    } else if x <= a || x < 1.0 {
        complement_if(upper, igam_prefactor(a, x) / a * igam_series(a, x))
    } else {
        complement_if(!upper, igam_prefactor(a, x) * igamc_fraction(a, x))
    }
}

/// `1 - p` where `upper`, else `p`.
#[device_fn]
fn complement_if(upper: bool, p: f64) -> f64 {
    if upper {
        1.0 - p
    } else {
        p
    }
}

/// `Q(a, x)` (`upper`) or `P(a, x)` with SciPy's special values: NaN for negative or NaN
/// arguments, for `a == 0` at `x == 0` and for `a == x == inf`.
#[device_fn]
fn igam(a: f64, x: f64, upper: bool) -> f64 {
    if a.is_nan() || x.is_nan() || a < 0.0 || x < 0.0 {
        f64::NAN
    } else if a == 0.0 {
        if x > 0.0 {
            complement_if(upper, 1.0)
        } else {
            f64::NAN
        }
    } else if x == 0.0 {
        complement_if(upper, 0.0)
    } else if a == f64::INFINITY {
        if x == f64::INFINITY {
            f64::NAN
        } else {
            complement_if(upper, 0.0)
        }
    } else if x == f64::INFINITY {
        complement_if(upper, 1.0)
    } else {
        igam_regular(a, x, upper)
    }
}

/// The regularized lower incomplete gamma function `P(a, x) = gamma(a, x) / Gamma(a)`
/// (SciPy's `gammainc`): `a >= 0`, `x >= 0`, else NaN; 1 for `a == 0 < x`.
///
/// Example: [the family's page](self).
#[device_fn]
pub fn gammainc(a: f64, x: f64) -> f64 {
    igam(a, x, false)
}

/// The regularized upper incomplete gamma function `Q(a, x) = 1 - P(a, x)` (SciPy's
/// `gammaincc`), accurate where it is small.
///
/// Example: [the family's page](self).
#[device_fn]
pub fn gammaincc(a: f64, x: f64) -> f64 {
    igam(a, x, true)
}

/// `ln(f / t)`, accurate where `f` is near `t`.
#[device_fn]
fn log_ratio(f: f64, t: f64) -> f64 {
    let r = f / t;
    if r > 0.5 && r < 2.0 {
        ((f - t) / t).ln_1p()
    } else {
        r.ln()
    }
}

/// The `x` with `P(a, x) = p` (`upper`: `Q(a, x) = q`), for `0 < p, q < 1`, `p + q = 1`
/// (the one solved for is below 1/2), finite `a > 0`: Newton's iteration on the logarithm
/// of the tail (in `ln x` for `P ~ x^a`, in `x` for `Q ~ x^(a-1) e^-x`), kept inside a
/// bracket by bisection.
#[device_fn]
fn igam_inverse(a: f64, p: f64, q: f64, upper: bool) -> f64 {
    let target = if upper { q } else { p };
    // Where P(a, x) ~ x^a / Gamma(a + 1) gives 0, so does the root (tiny a).
    let x_small = ((p.ln() + gammaln(a + 1.0)) / a).exp();
    if x_small == 0.0 {
        return 0.0;
    }
    // Start: Wilson-Hilferty, or the leading term of the tail solved for.
    let z = if upper { -ndtri(q) } else { ndtri(p) };
    let w = 1.0 - 1.0 / (9.0 * a) + z / (3.0 * a.sqrt());
    let mut x = a * w * w * w;
    if a <= 1.0 || w <= 0.0 || x <= 0.0 {
        if upper && x_small > 1.0 {
            let t = -q.ln() - gammaln(a);
            x = t + (a - 1.0) * t.max(1.0).ln();
            if x <= 0.0 {
                x = 1.0;
            }
        } else {
            x = x_small;
        }
    }
    let mut lo = 0.0;
    let mut hi = f64::INFINITY;
    let mut i = 0;
    while i < 200 {
        let f = igam_regular(a, x, upper);
        if f == target {
            break;
        }
        // P increases with x, Q decreases.
        if (f > target) != upper {
            hi = x;
        } else {
            lo = x;
        }
        let g = log_ratio(f, target);
        // d ln F / d x.
        let dg = igam_prefactor(a, x) / (x * f);
        let mut next = f64::NAN;
        if dg > 0.0 && dg.is_finite() && g.is_finite() {
            next = if upper {
                x + g / dg
            } else {
                x * (-g / (x * dg)).exp()
            };
        }
        // (NaN is outside.)
        let inside = next >= lo && next <= hi;
        if !inside {
            next = if hi == f64::INFINITY {
                4.0 * x
            } else if lo == 0.0 {
                0.0625 * hi
            } else {
                0.5 * (lo + hi)
            };
        }
        let done =
            (next - x).abs() <= 2e-16 * next.abs() || (hi < f64::INFINITY && hi - lo <= 2e-16 * hi);
        x = next;
        if done {
            break;
        }
        i += 1;
    }
    x
}

/// The inverse of [`gammainc()`] in `x` (SciPy's `gammaincinv`): 0 at `p == 0`, `inf` at
/// `p == 1`, NaN outside `[0, 1]`, for `a < 0`, and for `a == 0` or `a == inf` between.
///
/// Example: [the family's page](self).
#[device_fn]
pub fn gammaincinv(a: f64, p: f64) -> f64 {
    if a.is_nan() || p.is_nan() || a < 0.0 || p < 0.0 || p > 1.0 {
        f64::NAN
    } else if p == 0.0 {
        0.0
    } else if p == 1.0 {
        f64::INFINITY
    } else if a == 0.0 || a == f64::INFINITY {
        f64::NAN
    } else if p <= 0.5 {
        igam_inverse(a, p, 1.0 - p, false)
    } else {
        igam_inverse(a, p, 1.0 - p, true)
    }
}

/// The inverse of [`gammaincc()`] in `x` (SciPy's `gammainccinv`): `inf` at `q == 0`, 0 at
/// `q == 1`, NaN outside `[0, 1]`, for `a < 0`, and for `a == 0` or `a == inf` between.
///
/// Example: [the family's page](self).
#[device_fn]
pub fn gammainccinv(a: f64, q: f64) -> f64 {
    if a.is_nan() || q.is_nan() || a < 0.0 || q < 0.0 || q > 1.0 {
        f64::NAN
    } else if q == 0.0 {
        f64::INFINITY
    } else if q == 1.0 {
        0.0
    } else if a == 0.0 || a == f64::INFINITY {
        f64::NAN
    } else if q < 0.5 {
        igam_inverse(a, 1.0 - q, q, true)
    } else {
        igam_inverse(a, 1.0 - q, q, false)
    }
}
