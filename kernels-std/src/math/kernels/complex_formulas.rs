//! The formulas of the complex ufuncs, as `#[device_fn]`s generic over the part type `T`
//! (`f32` for `c64`, `f64` for `c128`): each takes the real and imaginary parts `(x, y)` of `z`
//! and returns those of the result. The complex kernels (`sin_c64`, `sin_c128`, ...) call
//! them.
//!
//! Conventions: `f(conj z) == conj f(z)` and the odd functions' symmetry are kept (the sign of
//! a zero part selects the side of a branch cut, as in C99); the inverse functions are Kahan's
//! ("Branch cuts for complex elementary functions", 1987), written with [`csqrt`] and real
//! `atan2`/`asinh`, which need no cancellation-prone `1 + z^2`.

use crate::prelude::*;

/// `sqrt(z)`, the principal root (real part `>= 0`, the cut along the negative real axis: `-4
/// + 0i` gives `2i`, `-4 - 0i` gives `-2i`), with C99's values at infinities and NaN.
#[device_fn]
pub fn csqrt<T: Float>(x: T, y: T) -> (T, T) {
    let zero = 0.0f64.cast::<T>();
    let half = 0.5f64.cast::<T>();
    let two = 2.0f64.cast::<T>();
    if y.is_infinite() {
        // x + i inf is inf + i inf for every x, NaN included.
        (y.abs(), y)
    } else if x.is_nan() {
        (x, x)
    } else if x.is_infinite() {
        if y.is_nan() {
            if x > zero {
                (x, y)
            } else {
                (y, -x)
            }
        } else if x > zero {
            (x, zero.copysign(y))
        } else {
            (zero, (-x).copysign(y))
        }
    } else if y.is_nan() {
        (y, y)
    } else if x == zero && y == zero {
        (zero, y)
    } else {
        // t = sqrt((|x| + |z|) / 2), halved before adding (no overflow), then the other part
        // by division (no cancellation on either side of the imaginary axis).
        let t = (half * x.abs() + half * x.hypot(y)).sqrt();
        if x >= zero {
            (t, y / (two * t))
        } else {
            (y.abs() / (two * t), t.copysign(y))
        }
    }
}

/// `ln(z)`, the principal logarithm (imaginary part `atan2(y, x)` in `[-pi, pi]`): the real
/// part is `ln|z|` by `hypot` (no overflow), or `ln1p((m - 1)(m + 1) + s^2) / 2` (`m`, `s`
/// the larger and smaller of `|x|`, `|y|`) where `|z|` is near 1 and `ln|z|` would cancel.
#[device_fn]
pub fn clog<T: Float>(x: T, y: T) -> (T, T) {
    let half = 0.5f64.cast::<T>();
    let one = 1.0f64.cast::<T>();
    let two = 2.0f64.cast::<T>();
    let (ax, ay) = (x.abs(), y.abs());
    let (m, s) = if ax >= ay { (ax, ay) } else { (ay, ax) };
    let re = if m >= half && m <= two {
        half * ((m - one) * (m + one) + s * s).ln_1p()
    } else {
        x.hypot(y).ln()
    };
    (re, y.atan2(x))
}

/// `e^z`: `e^x (cos y + i sin y)`; a zero imaginary part stays exact (`e^x + 0i`, also for
/// `x = inf`); C99's values at infinities and NaN (`e^(inf + i nan) = inf + i nan`, `e^(-inf +
/// iy) = 0`).
#[device_fn]
pub fn cexp<T: Float>(x: T, y: T) -> (T, T) {
    let zero = 0.0f64.cast::<T>();
    let nan = f64::NAN.cast::<T>();
    if y == zero {
        (x.exp(), y)
    } else if y.is_finite() {
        let e = x.exp();
        (e * y.cos(), e * y.sin())
    } else if x.is_infinite() {
        if x > zero {
            (x, nan)
        } else {
            (zero, zero)
        }
    } else {
        (nan, nan)
    }
}

/// `e^z - 1` by NumPy's formula: `expm1(x) cos y - 2 sin^2(y/2) + i e^x sin y` (accurate for
/// small `|z|`, where `e^z - 1` would cancel).
#[device_fn]
pub fn cexpm1<T: Float>(x: T, y: T) -> (T, T) {
    let half = 0.5f64.cast::<T>();
    let two = 2.0f64.cast::<T>();
    let a = (y * half).sin();
    (x.exp_m1() * y.cos() - two * a * a, x.exp() * y.sin())
}

/// `ln(1 + z)`: for `|x|, |y| < 1/2` as `ln1p(x (2 + x) + y^2) / 2 + i atan2(y, 1 + x)` (no
/// cancellation in `1 + z` for small `z`; NumPy computes `ln|1 + z|` and loses it), else
/// [`clog`] of `1 + z`.
#[device_fn]
pub fn clog1p<T: Float>(x: T, y: T) -> (T, T) {
    let half = 0.5f64.cast::<T>();
    let one = 1.0f64.cast::<T>();
    let two = 2.0f64.cast::<T>();
    if x.abs() < half && y.abs() < half {
        (half * (x * (two + x) + y * y).ln_1p(), y.atan2(one + x))
    } else {
        clog::<T>(one + x, y)
    }
}

/// `e^|x| / 2 * c`, without overflow for `|x|` up to twice the overflow threshold of `e^x`
/// (`e^(|x|/2)` squared after the multiplication by `c`): the large-`|x|` form of `sinh` and
/// `cosh` times a cosine or sine.
#[device_fn]
pub fn half_exp_times<T: Float>(ax: T, c: T) -> T {
    let half = 0.5f64.cast::<T>();
    let h = (half * ax).exp();
    h * (half * c) * h
}

/// `sinh(z) = sinh x cos y + i cosh x sin y`, without spurious overflow where `cosh x` does
/// but the product does not; C99's values at infinities and NaN.
#[device_fn]
pub fn csinh<T: Float>(x: T, y: T) -> (T, T) {
    let zero = 0.0f64.cast::<T>();
    if x.is_finite() && y.is_finite() {
        if y == zero {
            (x.sinh(), y)
        } else if x.abs().exp().is_finite() {
            (x.sinh() * y.cos(), x.cosh() * y.sin())
        } else {
            let re = half_exp_times::<T>(x.abs(), y.cos());
            let im = half_exp_times::<T>(x.abs(), y.sin());
            (if x < zero { -re } else { re }, im)
        }
    } else if x.is_infinite() {
        if y == zero {
            (x, y)
        } else if y.is_finite() {
            (x * y.cos(), x.abs() * y.sin())
        } else {
            (x.abs(), y - y)
        }
    } else if x == zero {
        // 0 + i inf, 0 + i nan: 0 + i nan.
        (x, y - y)
    } else if y == zero {
        // nan + 0i.
        (x, y)
    } else {
        let n = (x - x) + (y - y);
        (n, n)
    }
}

/// `cosh(z) = cosh x cos y + i sinh x sin y`, without spurious overflow; C99's values at
/// infinities and NaN.
#[device_fn]
pub fn ccosh<T: Float>(x: T, y: T) -> (T, T) {
    let zero = 0.0f64.cast::<T>();
    if x.is_finite() && y.is_finite() {
        if y == zero {
            (x.cosh(), zero.copysign(x) * y)
        } else if x.abs().exp().is_finite() {
            (x.cosh() * y.cos(), x.sinh() * y.sin())
        } else {
            let re = half_exp_times::<T>(x.abs(), y.cos());
            let im = half_exp_times::<T>(x.abs(), y.sin());
            (re, if x < zero { -im } else { im })
        }
    } else if x.is_infinite() {
        if y == zero {
            (x.abs(), zero.copysign(x) * y)
        } else if y.is_finite() {
            (x.abs() * y.cos(), x * y.sin())
        } else {
            (x.abs(), y - y)
        }
    } else if x == zero {
        // 0 + i inf, 0 + i nan: nan + 0i.
        (y - y, zero)
    } else if y == zero {
        // nan + 0i.
        (x, y)
    } else {
        let n = (x - x) + (y - y);
        (n, n)
    }
}

/// `tanh(z)` by Kahan's formula (`t = tan y`, `s = sinh x`, `b = 1 + t^2`: `(b s sqrt(1 + s^2)
/// + i t) / (1 + b s^2)`), and `+-1 + 4i sin y cos y e^(-2|x|)` for `|x| > 22`, where that
/// overflows; C99's values at infinities and NaN.
#[device_fn]
pub fn ctanh<T: Float>(x: T, y: T) -> (T, T) {
    let zero = 0.0f64.cast::<T>();
    let one = 1.0f64.cast::<T>();
    let four = 4.0f64.cast::<T>();
    if x.is_nan() {
        (x, if y == zero { y } else { x })
    } else if x.is_infinite() {
        let im = if y.is_finite() {
            zero.copysign(y.sin() * y.cos())
        } else {
            zero.copysign(y)
        };
        (one.copysign(x), im)
    } else if !y.is_finite() {
        if x == zero {
            (x, y - y)
        } else {
            let n = y - y;
            (n, n)
        }
    } else if x.abs() > 22.0f64.cast::<T>() {
        let e = (-x.abs()).exp();
        (one.copysign(x), four * y.sin() * y.cos() * e * e)
    } else {
        let t = y.tan();
        let b = one + t * t;
        let s = x.sinh();
        let rho = (one + s * s).sqrt();
        let d = one + b * s * s;
        (b * rho * s / d, t / d)
    }
}

/// `asin(z)` by Kahan's formulas: `atan2(x, re(sqrt(1 - z) sqrt(1 + z))) + i asinh(im(conj(sqrt(1
/// - z)) sqrt(1 + z)))`; the cuts along the real axis beyond `+-1`, sides by the sign of `y`.
/// Infinite and NaN parts give NumPy's (glibc's) values.
#[device_fn]
pub fn casin<T: Float>(x: T, y: T) -> (T, T) {
    let zero = 0.0f64.cast::<T>();
    let one = 1.0f64.cast::<T>();
    let nan = f64::NAN.cast::<T>();
    let pi_2 = std::f64::consts::FRAC_PI_2.cast::<T>();
    let pi_4 = std::f64::consts::FRAC_PI_4.cast::<T>();
    if x.is_finite() && y.is_finite() {
        let (ar, ai): (T, T) = csqrt::<T>(one - x, -y);
        let (br, bi): (T, T) = csqrt::<T>(one + x, y);
        (x.atan2(ar * br - ai * bi), (ar * bi - ai * br).asinh())
    } else if y.is_nan() {
        if x.is_infinite() {
            (nan, x.abs())
        } else if x == zero {
            (x, nan)
        } else {
            (nan, nan)
        }
    } else if x.is_nan() {
        (nan, if y.is_infinite() { y } else { nan })
    } else if x.is_finite() {
        (zero.copysign(x), y)
    } else if y.is_infinite() {
        (pi_4.copysign(x), y)
    } else {
        (pi_2.copysign(x), x.abs().copysign(y))
    }
}

/// `asinh(z) = -i asin(iz)` ([`casin`] for finite `z`), with NumPy's (glibc's) values at
/// infinities and NaN; the cuts along the imaginary axis beyond `+-i`.
#[device_fn]
pub fn casinh<T: Float>(x: T, y: T) -> (T, T) {
    let zero = 0.0f64.cast::<T>();
    let nan = f64::NAN.cast::<T>();
    let pi_2 = std::f64::consts::FRAC_PI_2.cast::<T>();
    let pi_4 = std::f64::consts::FRAC_PI_4.cast::<T>();
    if x.is_finite() && y.is_finite() {
        let (a, b): (T, T) = casin::<T>(-y, x);
        (b, -a)
    } else if x.is_nan() {
        if y == zero {
            (x, y)
        } else if y.is_infinite() {
            (y.abs(), nan)
        } else {
            (nan, nan)
        }
    } else if y.is_nan() {
        (if x.is_infinite() { x } else { nan }, nan)
    } else if x.is_infinite() {
        (
            x,
            if y.is_infinite() {
                pi_4.copysign(y)
            } else {
                zero.copysign(y)
            },
        )
    } else {
        (y.abs().copysign(x), pi_2.copysign(y))
    }
}

/// `acos(z)` by Kahan's formulas: `2 atan2(re sqrt(1 - z), re sqrt(1 + z)) + i asinh(im(conj(sqrt(1
/// + z)) sqrt(1 - z)))`; NumPy's (glibc's) values at infinities and NaN.
#[device_fn]
pub fn cacos<T: Float>(x: T, y: T) -> (T, T) {
    let zero = 0.0f64.cast::<T>();
    let one = 1.0f64.cast::<T>();
    let two = 2.0f64.cast::<T>();
    let nan = f64::NAN.cast::<T>();
    let inf = f64::INFINITY.cast::<T>();
    let pi = std::f64::consts::PI.cast::<T>();
    let pi_2 = std::f64::consts::FRAC_PI_2.cast::<T>();
    let pi_4 = std::f64::consts::FRAC_PI_4.cast::<T>();
    if x.is_finite() && y.is_finite() {
        let (ar, ai): (T, T) = csqrt::<T>(one - x, -y);
        let (br, bi): (T, T) = csqrt::<T>(one + x, y);
        (two * ar.atan2(br), (br * ai - bi * ar).asinh())
    } else if x.is_nan() {
        (nan, if y.is_infinite() { -y } else { nan })
    } else if y.is_nan() {
        if x.is_infinite() {
            (nan, -inf)
        } else if x == zero {
            (pi_2, nan)
        } else {
            (nan, nan)
        }
    } else if x.is_finite() {
        (pi_2, -y)
    } else if y.is_infinite() {
        (if x > zero { pi_4 } else { pi - pi_4 }, -y)
    } else {
        (if x > zero { zero } else { pi }, -inf.copysign(y))
    }
}

/// `acosh(z)` by Kahan's formulas: `asinh(re(conj(sqrt(z - 1)) sqrt(z + 1))) + 2i atan2(im
/// sqrt(z - 1), re sqrt(z + 1))`; the cut along the real axis below 1; NumPy's (glibc's)
/// values at infinities and NaN.
#[device_fn]
pub fn cacosh<T: Float>(x: T, y: T) -> (T, T) {
    let zero = 0.0f64.cast::<T>();
    let one = 1.0f64.cast::<T>();
    let two = 2.0f64.cast::<T>();
    let nan = f64::NAN.cast::<T>();
    let inf = f64::INFINITY.cast::<T>();
    let pi = std::f64::consts::PI.cast::<T>();
    let pi_2 = std::f64::consts::FRAC_PI_2.cast::<T>();
    let pi_4 = std::f64::consts::FRAC_PI_4.cast::<T>();
    if x.is_finite() && y.is_finite() {
        let (ar, ai): (T, T) = csqrt::<T>(x - one, y);
        let (br, bi): (T, T) = csqrt::<T>(x + one, y);
        ((ar * br + ai * bi).asinh(), two * ai.atan2(br))
    } else if x.is_nan() {
        (if y.is_infinite() { inf } else { nan }, nan)
    } else if y.is_nan() {
        if x.is_infinite() {
            (inf, nan)
        } else if x == zero {
            (nan, pi_2)
        } else {
            (nan, nan)
        }
    } else if x.is_finite() {
        (inf, pi_2.copysign(y))
    } else if y.is_infinite() {
        (inf, (if x > zero { pi_4 } else { pi - pi_4 }).copysign(y))
    } else {
        (inf, (if x > zero { zero } else { pi }).copysign(y))
    }
}

/// `atanh(z)`: `ln1p(4|x| / ((1 - |x|)^2 + y^2)) / 4` with the sign of `x` (no cancellation)
/// `+ i atan2(2y, (1 - x)(1 + x) - y^2) / 2`; for `|z| > 1e18` (where the squares could
/// overflow) `x / |z|^2 +- i pi/2`. The cuts along the real axis beyond `+-1`; NumPy's
/// (glibc's) values at infinities and NaN.
#[device_fn]
pub fn catanh<T: Float>(x: T, y: T) -> (T, T) {
    let half = 0.5f64.cast::<T>();
    let quarter = 0.25f64.cast::<T>();
    let one = 1.0f64.cast::<T>();
    let two = 2.0f64.cast::<T>();
    let four = 4.0f64.cast::<T>();
    let zero = 0.0f64.cast::<T>();
    let nan = f64::NAN.cast::<T>();
    let pi_2 = std::f64::consts::FRAC_PI_2.cast::<T>();
    let ax = x.abs();
    let h = x.hypot(y);
    if y.is_nan() {
        // NumPy's (glibc's) values: +-0 + i nan for x = +-0 or +-inf.
        (
            if x.is_infinite() || x == zero {
                zero.copysign(x)
            } else {
                nan
            },
            nan,
        )
    } else if x.is_nan() {
        if y.is_infinite() {
            (zero, pi_2.copysign(y))
        } else {
            (nan, nan)
        }
    } else if !x.is_finite() || !y.is_finite() {
        (zero.copysign(x), pi_2.copysign(y))
    } else if h > 1.0e18f64.cast::<T>() {
        (
            x / h / h,
            std::f64::consts::FRAC_PI_2.cast::<T>().copysign(y),
        )
    } else {
        let d = (one - ax) * (one - ax) + y * y;
        let re = quarter * (four * ax / d).ln_1p();
        let im = half * (two * y).atan2((one - ax) * (one + ax) - y * y);
        (re.copysign(x), im)
    }
}

/// `z^n` for an integer `n` with `|n| < 100`, as NumPy computes it: repeated squaring with
/// complex products starting from 1 (`z`, `z z`, `z (z z)` for `n` = 1, 2, 3), the reciprocal
/// by Smith's division for negative `n`.
#[device_fn]
pub fn cpowi<T: Float>(x: T, y: T, n: i32) -> (T, T) {
    let zero = 0.0f64.cast::<T>();
    let one = 1.0f64.cast::<T>();
    let m = if n < 0 { -n } else { n };
    let (mut pr, mut pi) = if n == 1 {
        (x, y)
    } else if n == 2 {
        (x * x - y * y, x * y + y * x)
    } else if n == 3 {
        let (sr, si) = (x * x - y * y, x * y + y * x);
        (x * sr - y * si, x * si + y * sr)
    } else {
        let (mut ar, mut ai) = (one, zero);
        let (mut br, mut bi) = (x, y);
        let mut mask = 1i32;
        loop {
            if (m & mask) != 0 {
                let r = ar * br - ai * bi;
                ai = ar * bi + ai * br;
                ar = r;
            }
            mask <<= 1;
            if m < mask {
                break;
            }
            let r = br * br - bi * bi;
            bi = br * bi + bi * br;
            br = r;
        }
        (ar, ai)
    };
    if n < 0 {
        // 1 / p by Smith's division, NumPy's `cdiv` with a numerator of 1.
        if pr.abs() >= pi.abs() {
            if pr == zero && pi == zero {
                pi = zero / pi.abs();
                pr = one / pr.abs();
            } else {
                let rat = pi / pr;
                let scl = one / (pr + pi * rat);
                pr = scl;
                pi = (zero - rat) * scl;
            }
        } else {
            let rat = pr / pi;
            let scl = one / (pi + pr * rat);
            pr = rat * scl;
            pi = -scl;
        }
    }
    (pr, pi)
}

/// `(a + bi)(c + di)` with C99's recovery of infinities (Annex G, what C compilers do for `*`
/// of complex numbers): a NaN result from an infinite operand is recomputed with the infinite
/// parts as `+-1` (the others as `+-0`) and scaled by infinity.
#[device_fn]
pub fn cmul_inf<T: Float>(a: T, b: T, c: T, d: T) -> (T, T) {
    let zero = 0.0f64.cast::<T>();
    let one = 1.0f64.cast::<T>();
    let inf = f64::INFINITY.cast::<T>();
    let re = a * c - b * d;
    let im = a * d + b * c;
    if re.is_nan() && im.is_nan() {
        let (mut a, mut b, mut c, mut d) = (a, b, c, d);
        let mut recalc = false;
        if a.is_infinite() || b.is_infinite() {
            a = (if a.is_infinite() { one } else { zero }).copysign(a);
            b = (if b.is_infinite() { one } else { zero }).copysign(b);
            if c.is_nan() {
                c = zero.copysign(c);
            }
            if d.is_nan() {
                d = zero.copysign(d);
            }
            recalc = true;
        }
        if c.is_infinite() || d.is_infinite() {
            c = (if c.is_infinite() { one } else { zero }).copysign(c);
            d = (if d.is_infinite() { one } else { zero }).copysign(d);
            if a.is_nan() {
                a = zero.copysign(a);
            }
            if b.is_nan() {
                b = zero.copysign(b);
            }
            recalc = true;
        }
        if recalc {
            (inf * (a * c - b * d), inf * (a * d + b * c))
        } else {
            (re, im)
        }
    } else {
        (re, im)
    }
}

/// `a^b` (complex operands `(ar, ai)`, `(br, bi)`), NumPy's cases: `a^0 = 1`; `0^b` is 0 when
/// `re b > 0`, else NaN; integer `b` with `|b| < 100` by [`cpowi`]; else `e^(b ln a)` (glibc's `cpow`, C99's
/// product [`cmul_inf`]).
#[device_fn]
pub fn cpow<T: Float>(ar: T, ai: T, br: T, bi: T) -> (T, T) {
    let zero = 0.0f64.cast::<T>();
    let one = 1.0f64.cast::<T>();
    if br == zero && bi == zero {
        (one, zero)
    } else if ar == zero && ai == zero {
        if br > zero {
            (zero, zero)
        } else {
            let n = f64::NAN.cast::<T>();
            (n, n)
        }
    } else if bi == zero && br == br.trunc() && br.abs() < 100.0f64.cast::<T>() {
        cpowi::<T>(ar, ai, br.cast::<i32>())
    } else {
        let (lr, li): (T, T) = clog::<T>(ar, ai);
        let (wr, wi): (T, T) = cmul_inf::<T>(br, bi, lr, li);
        cexp::<T>(wr, wi)
    }
}

/// NumPy 2's `sign`: `z / |z|`, `0` for `0`, NaN for NaN; an infinite part gives `+-1` (or
/// `+-i`), both infinite NaN; a finite `z` whose `|z|` overflows is scaled first.
#[device_fn]
pub fn csign<T: Float>(x: T, y: T) -> (T, T) {
    let zero = 0.0f64.cast::<T>();
    let one = 1.0f64.cast::<T>();
    let a = x.hypot(y);
    if a.is_nan() {
        (a, a)
    } else if a.is_infinite() {
        if x.is_infinite() && y.is_infinite() {
            let n = f64::NAN.cast::<T>();
            (n, n)
        } else if x.is_infinite() {
            (one.copysign(x), zero)
        } else if y.is_infinite() {
            (zero, one.copysign(y))
        } else {
            let m = x.abs().max(y.abs());
            let (sx, sy) = (x / m, y / m);
            let b = sx.hypot(sy);
            (sx / b, sy / b)
        }
    } else if a == zero {
        (zero, zero)
    } else {
        (x / a, y / a)
    }
}

/// NumPy's `reciprocal` of a complex number: `1 / z` by its loop's Smith division (`r = y / x`,
/// `d = x + y r`, `1/d - i r/d` when `|y| <= |x|`, the mirror image otherwise).
#[device_fn]
pub fn creciprocal<T: Float>(x: T, y: T) -> (T, T) {
    let one = 1.0f64.cast::<T>();
    if y.abs() <= x.abs() {
        let r = y / x;
        let d = x + y * r;
        (one / d, -r / d)
    } else {
        let r = x / y;
        let d = x * r + y;
        (r / d, -one / d)
    }
}
