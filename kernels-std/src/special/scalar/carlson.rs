//! Carlson's symmetric elliptic integrals of real arguments: `elliprf` (`R_F`), `elliprd`
//! (`R_D`), `elliprc` (`R_C`), `elliprg` (`R_G`), `elliprj` (`R_J`, its Cauchy principal
//! value for `p < 0`), with SciPy's domain rules (NaN outside the domain, `inf` at the
//! poles; as SciPy, an argument below the smallest normal number counts as 0 in these rules).
//!
//! ```
//! use kernels_std::special::scalar as sp;
//! let close = |a: f64, b: f64| (a / b - 1.0).abs() < 1e-15;
//! assert!(close(sp::elliprf(0.0, 1.0, 1.0), std::f64::consts::FRAC_PI_2));
//! assert!(close(sp::elliprc(0.0, 1.0), std::f64::consts::FRAC_PI_2));
//! assert!(close(sp::elliprd(1.0, 1.0, 1.0), 1.0));
//! assert!(close(sp::elliprg(0.0, 1.0, 1.0), std::f64::consts::FRAC_PI_4));
//! assert!(close(sp::elliprj(1.0, 2.0, 3.0, 4.0), 0.23984809974956783));
//! assert!(close(sp::elliprj(1.0, 1.0, 1.0, -1.0), -0.5651621397896541)); // principal value
//! assert_eq!(sp::elliprf(0.0, 0.0, 1.0), f64::INFINITY);
//! assert!(sp::elliprd(-1.0, 1.0, 1.0).is_nan());
//! ```
//!
//! Methods. `R_F`, `R_D`, `R_J` by Carlson's duplication (Numer. Algorithms 10, 1995): each
//! step `t -> (t + lambda) / 4` with `lambda = sqrt(xy) + sqrt(yz) + sqrt(zx)`, until the
//! arguments are within `(r / 4)^(1/6)` of their mean (`r = 1e-16`), then the fifth-order
//! Taylor polynomial in the elementary symmetric functions. `R_J`'s terms
//! `R_C(1, 1 + e_m) / d_m` take `1 + e_m = 2 sqrt(p) (p + lambda) / d_m` (a sum of positive
//! terms: `1 + e_m` near 0, where `p` is tiny, keeps its digits) and
//! `e_m = prod (p - x) / (sqrt p + sqrt x)^2` from the differences of the original
//! arguments (scaled by `4^-m`, exact), so that neither cancels. `R_C` in closed form:
//! `atan(sqrt((y - x) / x)) / sqrt(y - x)` for `x < y`, `ln1p(u) / sqrt(x - y)` with
//! `u = ((x - y) / (sqrt x + sqrt y) + sqrt(x - y)) / sqrt y` for `x > y` (both without
//! cancellation near `x = y`), `sqrt(x / (x - y)) R_C(x - y, -y)` for `y < 0`. `R_G` from
//! DLMF 19.21.10 with `z` the middle argument (then every term is nonnegative). `R_J`'s
//! principal value for `p < 0` from DLMF 19.20.14 with `z` the largest argument.
//! `R_J` of arguments more than about `1e150` apart (`p` far above `x, y, z`) is NaN: its
//! duplication would take more than 500 steps.

use crate::prelude::*;

/// Zero or subnormal: SciPy's "too small" in the domain rules of these integrals.
#[device_fn]
fn carlson_tiny(x: f64) -> bool {
    x.abs() < f64::MIN_POSITIVE
}

/// Carlson's `R_F(x, y, z)` for finite `x, y, z >= 0`, at most one of them 0 (no checks).
#[device_fn]
pub(crate) fn ellip_rf(x: f64, y: f64, z: f64) -> f64 {
    let mut x = x;
    let mut y = y;
    let mut z = z;
    let mut a = (x + y + z) / 3.0;
    // (3 r)^(-1/6) max |A - x_i| for r = 1e-16
    let mut q = 387.0 * (a - x).abs().max((a - y).abs()).max((a - z).abs());
    let mut n = 0;
    while q >= a.abs() && n < 100 {
        let (sx, sy, sz) = (x.sqrt(), y.sqrt(), z.sqrt());
        let lam = sx.mul_add(sy, sz.mul_add(sx + sy, 0.0));
        x = 0.25 * (x + lam);
        y = 0.25 * (y + lam);
        z = 0.25 * (z + lam);
        a = 0.25 * (a + lam);
        q *= 0.25;
        n += 1;
    }
    let dx = (a - x) / a;
    let dy = (a - y) / a;
    let dz = -(dx + dy);
    let e2 = dx * dy - dz * dz;
    let e3 = dx * dy * dz;
    let poly = 1.0 - e2 / 10.0 + e3 / 14.0 + e2 * e2 / 24.0 - 3.0 * e2 * e3 / 44.0;
    poly / a.sqrt()
}

/// Carlson's `R_D(x, y, z)` for finite `x, y >= 0` (not both 0), `z > 0` (no checks).
#[device_fn]
pub(crate) fn ellip_rd(x: f64, y: f64, z: f64) -> f64 {
    let mut x = x;
    let mut y = y;
    let mut z = z;
    let mut a = (x + y + 3.0 * z) / 5.0;
    // (r / 4)^(-1/6) max |A - x_i| for r = 1e-16
    let mut q = 585.0 * (a - x).abs().max((a - y).abs()).max((a - z).abs());
    let mut sum = 0.0;
    let mut f = 1.0;
    let mut n = 0;
    while q >= a.abs() && n < 100 {
        let (sx, sy, sz) = (x.sqrt(), y.sqrt(), z.sqrt());
        let lam = sx.mul_add(sy, sz.mul_add(sx + sy, 0.0));
        sum += f / (sz * (z + lam));
        x = 0.25 * (x + lam);
        y = 0.25 * (y + lam);
        z = 0.25 * (z + lam);
        a = 0.25 * (a + lam);
        q *= 0.25;
        f *= 0.25;
        n += 1;
    }
    let dx = (a - x) / a;
    let dy = (a - y) / a;
    let dz = -(dx + dy) / 3.0;
    let xy = dx * dy;
    let zz = dz * dz;
    let e2 = xy - 6.0 * zz;
    let e3 = (3.0 * xy - 8.0 * zz) * dz;
    let e4 = 3.0 * (xy - zz) * zz;
    let e5 = xy * zz * dz;
    let poly = 1.0 - 3.0 * e2 / 14.0 + e3 / 6.0 + 9.0 * e2 * e2 / 88.0
        - 3.0 * e4 / 22.0
        - 9.0 * e2 * e3 / 52.0
        + 3.0 * e5 / 26.0;
    f / a * poly / a.sqrt() + 3.0 * sum
}

/// `R_C(x, y)` for finite `x >= 0`, `y > 0` (no checks), in closed form.
#[device_fn]
fn ellip_rc(x: f64, y: f64) -> f64 {
    if x == y {
        1.0 / x.sqrt()
    } else if x < y {
        let t = y - x;
        let s = (t / x.abs()).sqrt(); // (x = -0.0: inf)
        if s > 1.0 {
            s.atan() / t.sqrt()
        } else {
            s.atan() / s / x.sqrt()
        }
    } else {
        let t = x - y;
        let (sx, sy, st) = (x.sqrt(), y.sqrt(), t.sqrt());
        let u = (t / (sx + sy) + st) / sy;
        if u.is_finite() {
            u.ln_1p() / st
        } else {
            ((sx + st).ln() - sy.ln()) / st
        }
    }
}

/// `R_C(1, w)` for `w = 1 + e > 0`, both given accurately (`R_J`'s terms).
#[device_fn]
fn ellip_rc1(e: f64, w: f64) -> f64 {
    if e == 0.0 {
        1.0
    } else if e > 0.0 {
        let s = e.sqrt();
        s.atan() / s
    } else {
        // atanh(s) / s, s = sqrt(-e) < 1; 1 - s = w / (1 + s)
        let s = (-e).sqrt();
        let at = if s < 0.5 {
            0.5 * (2.0 * s / (1.0 - s)).ln_1p()
        } else {
            s.ln_1p() - 0.5 * w.ln()
        };
        at / s
    }
}

/// Carlson's `R_J(x, y, z, p)` for finite `x, y, z >= 0` (at most one of them 0) and a
/// finite `p > 0` (no checks).
#[device_fn]
fn ellip_rj(x: f64, y: f64, z: f64, p: f64) -> f64 {
    // p_m - x_m = 4^-m (p - x) exactly: e_m from these, never from differences of roots
    let (dx0, dy0, dz0) = (p - x, p - y, p - z);
    let mut x = x;
    let mut y = y;
    let mut z = z;
    let mut p = p;
    let mut a = (x + y + z + 2.0 * p) / 5.0;
    let mut q = 585.0
        * (a - x)
            .abs()
            .max((a - y).abs())
            .max((a - z).abs())
            .max((a - p).abs());
    let mut sum = 0.0;
    let mut f = 1.0;
    let mut n = 0;
    // p far above x, y, z takes up to log2(p / z) steps (lambda does not involve p); past
    // 500, 4^-n leaves the range: arguments more than about 1e150 apart give NaN
    while q >= a.abs() && n < 500 {
        let (sx, sy, sz, sp) = (x.sqrt(), y.sqrt(), z.sqrt(), p.sqrt());
        let lam = sx.mul_add(sy, sz.mul_add(sx + sy, 0.0));
        let (bx, by, bz) = (sp + sx, sp + sy, sp + sz);
        // (divided one factor at a time: d and f underflow apart where their ratio does not)
        let e = (f * dx0 / bx / bx) * (f * dy0 / by / by) * (f * dz0 / bz / bz);
        let w = 2.0 * sp / bx * ((p + lam) / by) / bz;
        sum += f / bx / by / bz * ellip_rc1(e, w);
        x = 0.25 * (x + lam);
        y = 0.25 * (y + lam);
        z = 0.25 * (z + lam);
        p = 0.25 * (p + lam);
        a = 0.25 * (a + lam);
        q *= 0.25;
        f *= 0.25;
        n += 1;
    }
    if n == 500 {
        return f64::NAN;
    }
    let dx = (a - x) / a;
    let dy = (a - y) / a;
    let dz = (a - z) / a;
    let dp = -0.5 * (dx + dy + dz);
    let xyz = dx * dy * dz;
    let pp = dp * dp;
    let e2 = dx * dy + dx * dz + dy * dz - 3.0 * pp;
    let e3 = xyz + 2.0 * e2 * dp + 4.0 * pp * dp;
    let e4 = (2.0 * xyz + e2 * dp + 3.0 * pp * dp) * dp;
    let e5 = xyz * pp;
    let poly = 1.0 - 3.0 * e2 / 14.0 + e3 / 6.0 + 9.0 * e2 * e2 / 88.0
        - 3.0 * e4 / 22.0
        - 9.0 * e2 * e3 / 52.0
        + 3.0 * e5 / 26.0;
    f / a * poly / a.sqrt() + 6.0 * sum
}

/// `(lo, mid, hi)`: three numbers sorted (none NaN).
#[device_fn]
fn carlson_sort(x: f64, y: f64, z: f64) -> (f64, f64, f64) {
    let lo = x.min(y).min(z);
    let hi = x.max(y).max(z);
    let mid = if x != lo && x != hi {
        x
    } else if y != lo && y != hi {
        y
    } else if z != lo && z != hi {
        z
    } else if (x == lo) as i32 + (y == lo) as i32 + (z == lo) as i32 >= 2 {
        lo
    } else {
        hi
    };
    (lo, mid, hi)
}

/// `R_F` beyond `1e300`, scaled by `2^-200` (homogeneous of degree `-1/2`).
#[device_fn]
fn ellip_rf_scaled(x: f64, y: f64, z: f64) -> f64 {
    if x.max(y).max(z) > 1e300 {
        let s = 6.223015277861142e-61; // 2^-200
        ellip_rf(x * s, y * s, z * s) * s.sqrt()
    } else {
        ellip_rf(x, y, z)
    }
}

/// Carlson's symmetric elliptic integral of the first kind
/// `R_F(x, y, z) = 1/2 int_0^inf ((t + x)(t + y)(t + z))^(-1/2) dt` (SciPy's `elliprf`, real
/// arguments): NaN for a negative or NaN argument, 0 when one is `inf`, `inf` when two are 0.
///
/// Example: [the module's page](self).
#[device_fn]
pub fn elliprf(x: f64, y: f64, z: f64) -> f64 {
    if !(x >= 0.0 && y >= 0.0 && z >= 0.0) {
        return f64::NAN;
    }
    if x.is_infinite() || y.is_infinite() || z.is_infinite() {
        return 0.0;
    }
    let (lo, mid, _): (f64, f64, f64) = carlson_sort(x, y, z);
    if carlson_tiny(lo) && carlson_tiny(mid) {
        return f64::INFINITY;
    }
    ellip_rf_scaled(x, y, z)
}

/// Carlson's degenerate integral `R_C(x, y) = R_F(x, y, y)` (SciPy's `elliprc`, real
/// arguments), its Cauchy principal value for `y < 0`: NaN for `x < 0` and `y = 0`, 0 when
/// an argument is `inf`.
///
/// Example: [the module's page](self).
#[device_fn]
pub fn elliprc(x: f64, y: f64) -> f64 {
    // (y < 0: R_C(x - y, -y) with its own rules, scaled)
    let neg = y < 0.0;
    let (u, v) = if neg { (x - y, -y) } else { (x, y) };
    let r = if carlson_tiny(v) || !(u >= 0.0) {
        f64::NAN
    } else if u.is_infinite() || v.is_infinite() {
        0.0
    } else {
        ellip_rc(u, v)
    };
    if neg {
        r * (x / u).sqrt()
    } else {
        r
    }
}

/// Carlson's symmetric elliptic integral of the second kind
/// `R_D(x, y, z) = R_J(x, y, z, z)` (SciPy's `elliprd`, real arguments): NaN for a negative
/// or NaN argument, `inf` when `z` or both `x` and `y` are 0, 0 when one is `inf`.
///
/// Example: [the module's page](self).
#[device_fn]
pub fn elliprd(x: f64, y: f64, z: f64) -> f64 {
    if !(x >= 0.0 && y >= 0.0 && z >= 0.0) {
        return f64::NAN;
    }
    if carlson_tiny(z) {
        return f64::INFINITY;
    }
    if x.is_infinite() || y.is_infinite() || z.is_infinite() {
        return 0.0;
    }
    if carlson_tiny(x) && carlson_tiny(y) {
        return f64::INFINITY;
    }
    if x.max(y).max(z) > 1e300 {
        // homogeneous of degree -3/2
        let s = 6.223015277861142e-61; // 2^-200
        return ellip_rd(x * s, y * s, z * s) * (s * s.sqrt());
    }
    ellip_rd(x, y, z)
}

/// Carlson's completely symmetric elliptic integral of the second kind `R_G(x, y, z)`
/// (SciPy's `elliprg`, real arguments): NaN for a negative or NaN argument, `inf` when one is
/// `inf`, `sqrt(z) / 2` when two are 0.
///
/// Example: [the module's page](self).
#[device_fn]
pub fn elliprg(x: f64, y: f64, z: f64) -> f64 {
    if !(x >= 0.0 && y >= 0.0 && z >= 0.0) {
        return f64::NAN;
    }
    if x.is_infinite() || y.is_infinite() || z.is_infinite() {
        return f64::INFINITY;
    }
    let (lo, mid, hi): (f64, f64, f64) = carlson_sort(x, y, z);
    if carlson_tiny(lo) && carlson_tiny(mid) {
        return 0.5 * hi.sqrt();
    }
    // homogeneous of degree 1/2: scaled by 4^-j to about 1 (exactly; R_D's a^(3/2) of tiny
    // arguments would leave the range)
    let j = (0.5 * hi.log2()).round() as i32;
    let s = 0.25f64.powi(j);
    let (lo, mid, hi) = (lo * s, mid * s, hi * s);
    if carlson_tiny(mid) {
        // (mid / hi below 1e-308: R_G = sqrt(hi) / 2 to the last bit)
        return 0.5 * hi.sqrt() * 2.0f64.powi(j);
    }
    // DLMF 19.21.10 with z the middle argument: (lo - mid)(hi - mid) <= 0, every term >= 0
    let rf = ellip_rf(lo, mid, hi);
    let rd = ellip_rd(lo, hi, mid);
    let t = (mid - lo) * (hi - mid) / 3.0 * rd;
    0.5 * (mid * rf + t + lo.sqrt() * (hi.sqrt() / mid.sqrt())) * 2.0f64.powi(j)
}

/// Carlson's symmetric elliptic integral of the third kind
/// `R_J(x, y, z, p) = 3/2 int_0^inf (t + p)^-1 ((t + x)(t + y)(t + z))^(-1/2) dt` (SciPy's
/// `elliprj`, real arguments), its Cauchy principal value for `p < 0`: `inf` when two of
/// `x, y, z` are 0 (and `p` is not), 0 when an argument is `inf` (and `x, y, z >= 0`), NaN
/// for a negative or NaN `x, y, z` and for `p = 0`.
///
/// Example: [the module's page](self).
#[device_fn]
pub fn elliprj(x: f64, y: f64, z: f64, p: f64) -> f64 {
    if x.is_nan() || y.is_nan() || z.is_nan() {
        return f64::NAN;
    }
    let (x, y, z): (f64, f64, f64) = carlson_sort(x, y, z);
    let p_tiny: bool = carlson_tiny(p);
    if carlson_tiny(x) && carlson_tiny(y) && z >= 0.0 && !p_tiny {
        return f64::INFINITY;
    }
    if (z.is_infinite() || x.is_infinite() || p.is_infinite()) && x >= 0.0 {
        return 0.0;
    }
    if p.is_nan() || !(x >= 0.0 && y > 0.0) || p == 0.0 {
        return f64::NAN;
    }
    if p > 0.0 {
        return ellip_rj(x, y, z, p);
    }
    // DLMF 19.20.14 with z the largest: (q + z) R_J(x, y, z, -q) = (r - z) R_J(x, y, z, r)
    // - 3 R_F(x, y, z) + 3 sqrt(xyz / (xy + rq)) R_C(xy + rq, rq), r = (z(x + y + q) - xy)
    // / (z + q) > 0
    let q = -p;
    let xy = x * y;
    let r = (z * (x + y + q) - xy) / (z + q);
    let rq = r * q;
    // r - z = -(z - x)(z - y) / (z + q), without cancelling; where it is 0 its term is
    // (R_J may overflow there)
    let rz = -(z - x) * (z - y) / (z + q);
    let jt = if rz == 0.0 {
        0.0
    } else {
        rz * ellip_rj(x, y, z, r)
    };
    let t =
        jt - 3.0 * ellip_rf(x, y, z) + 3.0 * (xy * z / (xy + rq)).sqrt() * ellip_rc(xy + rq, rq);
    t / (q + z)
}
