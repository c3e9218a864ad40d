//! The kernels of NumPy's float decompositions and predicates beyond the core ufuncs: `fabs`,
//! `sinc`, `frexp`, `modf`, `ldexp`, `isposinf`, `isneginf`, `iscomplex`, `isreal`,
//! `nan_to_num`, and the step correction of `unwrap`.

use crate::prelude::*;
use array_runtime::ops::kernels::divmod_in;

/// NumPy's `fabs`: the absolute value, computed in `C` (exact), as the float `F`.
#[elementwise]
pub fn fabs<I: DType, F: Float, C: Float>(x: I) -> F {
    x.cast::<C>().abs().cast::<F>()
}

/// NumPy's `sinc` (`sin(pi x) / (pi x)`), as NumPy's Python code computes it: `y = pi * x`
/// rounded to the step dtype `R`, `eps` (the machine epsilon of `R`) where `y == 0`, then
/// `sin(y)` and the quotient, each rounded to `R` (`f16` arithmetic is `f32` rounded to `f16`
/// at every operation in NumPy); the result as `F`.
#[elementwise]
pub fn sinc<I: DType, F: Float, R: Float, C: Float>(x: I, eps: R) -> F {
    let zero = 0.0f64.cast::<C>();
    let pi = std::f64::consts::PI.cast::<R>().cast::<C>();
    let y = (pi * x.cast::<R>().cast::<C>()).cast::<R>().cast::<C>();
    let y = if y != zero { y } else { eps.cast::<C>() };
    let s = y.sin().cast::<R>().cast::<C>();
    (s / y).cast::<R>().cast::<F>()
}

/// NumPy's `frexp`: `x = m 2^e` with `0.5 <= |m| < 1` (`(x, 0)` for zeros, infinities and
/// NaN). The exponent comes from `log2` and is corrected by one where `log2` rounds across a
/// power of two; `m` is `x` times two powers of two (each in range, so the products are
/// exact, subnormal `x` included).
#[elementwise]
pub fn frexp<I: DType, F: Float, C: Float>(x: I) -> (F, i32) {
    let x = x.cast::<C>();
    let zero = 0.0f64.cast::<C>();
    if x == zero || !x.is_finite() {
        (x.cast::<F>(), 0i32)
    } else {
        let two = 2.0f64.cast::<C>();
        let half = 0.5f64.cast::<C>();
        let one = 1.0f64.cast::<C>();
        let mut e = x.abs().log2().floor().cast::<i32>() + 1i32;
        let first = (0i32 - e) / 2i32;
        let mut m = x * two.powi(first) * two.powi(0i32 - e - first);
        if m.abs() >= one {
            m = m * half;
            e = e + 1i32;
        }
        if m.abs() < half {
            m = m * two;
            e = e - 1i32;
        }
        (m.cast::<F>(), e)
    }
}

/// NumPy's `modf`: `(fractional part, integral part)`, both with the sign of `x` (C's `modf`:
/// `modf(-inf) == (-0.0, -inf)`, NaN in both for NaN).
#[elementwise]
pub fn modf<I: DType, F: Float, C: Float>(x: I) -> (F, F) {
    let x = x.cast::<C>();
    let zero = 0.0f64.cast::<C>();
    let whole = x.trunc();
    let frac = if x.is_infinite() {
        zero.copysign(x)
    } else {
        (x - whole).copysign(x)
    };
    (frac.cast::<F>(), whole.cast::<F>())
}

/// NumPy's `ldexp`: `x 2^e`, rounded once in `C` (then to `F`, as NumPy computes `f16` in
/// `f32`). The power is applied in steps of `2^60`, exact while the value stays normal;
/// downward steps stop before the one that would round, so that only the last multiplication
/// rounds (a subnormal result is not rounded twice).
#[elementwise]
pub fn ldexp<I: DType, F: Float, C: Float>(x: I, e: i32) -> F {
    let up = 1_152_921_504_606_846_976.0f64.cast::<C>();
    let down = 1.0f64.cast::<C>() / up;
    let mut y = x.cast::<C>();
    let mut n = e.clamp(-10_000i32, 10_000i32);
    while n > 60i32 {
        y = y * up;
        n = n - 60i32;
    }
    let mut exact = true;
    while exact && n < -60i32 {
        let t = y * down;
        if t * up == y {
            y = t;
            n = n + 60i32;
        } else {
            exact = false;
        }
    }
    (y * 2.0f64.cast::<C>().powi(n)).cast::<F>()
}

/// NumPy's `isposinf` of floats: `x == +inf`.
#[elementwise]
pub fn isposinf<T: Float>(x: T) -> bool {
    x.is_infinite() && x > 0.0f64.cast::<T>()
}

/// NumPy's `isneginf` of floats: `x == -inf`.
#[elementwise]
pub fn isneginf<T: Float>(x: T) -> bool {
    x.is_infinite() && x < 0.0f64.cast::<T>()
}

/// False for every element: `isposinf`, `isneginf` and `iscomplex` of integers and `bool`,
/// `iscomplex` of floats.
#[elementwise]
pub fn all_false<T: DType>(x: T) -> bool {
    let _ = x;
    false
}

/// True for every element: `isreal` of real dtypes.
#[elementwise]
pub fn all_true<T: DType>(x: T) -> bool {
    let _ = x;
    true
}

/// NumPy's `nan_to_num` of one float: NaN to `nan`, `+inf` to `posinf`, `-inf` to `neginf`.
#[device_fn]
pub fn replace_non_finite<T: Float>(x: T, nan: T, posinf: T, neginf: T) -> T {
    if x.is_nan() {
        nan
    } else if x.is_infinite() {
        if x > 0.0f64.cast::<T>() {
            posinf
        } else {
            neginf
        }
    } else {
        x
    }
}

/// NumPy's `nan_to_num` of floats.
#[elementwise]
pub fn nan_to_num<T: Float>(x: T, nan: T, posinf: T, neginf: T) -> T {
    replace_non_finite::<T>(x, nan, posinf, neginf)
}

/// The complex kernels of `iscomplex`, `isreal` and `nan_to_num` (on each part) of `$t`.
macro_rules! complex_parts_kernels {
    ($($t:ident, $r:ident: $iscomplex:ident, $isreal:ident, $nan_to_num:ident;)*) => {$(
        #[doc = concat!("NumPy's `iscomplex` of `", stringify!($t), "`: a non-zero imaginary part (NaN counts).")]
        #[elementwise]
        pub fn $iscomplex(z: $t) -> bool {
            z.im != 0.0
        }

        #[doc = concat!("NumPy's `isreal` of `", stringify!($t), "`: a zero imaginary part.")]
        #[elementwise]
        pub fn $isreal(z: $t) -> bool {
            z.im == 0.0
        }

        #[doc = concat!("NumPy's `nan_to_num` of `", stringify!($t), "`: each part replaced on its own.")]
        #[elementwise]
        pub fn $nan_to_num(z: $t, nan: $r, posinf: $r, neginf: $r) -> $t {
            let re: $r = replace_non_finite::<$r>(z.re, nan, posinf, neginf);
            let im: $r = replace_non_finite::<$r>(z.im, nan, posinf, neginf);
            Complex::new(re, im)
        }
    )*};
}

complex_parts_kernels! {
    c64, f32: iscomplex_c64, isreal_c64, nan_to_num_c64;
    c128, f64: iscomplex_c128, isreal_c128, nan_to_num_c128;
}

/// NumPy's correction of one step `dd` of `unwrap` (its float path): `dd` brought into
/// `[-period/2, period/2)` by NumPy's `mod` (the divisor's sign), `+period/2` instead of
/// `-period/2` for a positive step, minus `dd`; 0 where `|dd| < discont`.
#[elementwise]
pub fn unwrap_correction<T: Float>(dd: T, period: T, discont: T) -> T {
    let zero = 0.0f64.cast::<T>();
    let high = period / 2.0f64.cast::<T>();
    let low = zero - high;
    let (_q, r): (T, T) = divmod_in::<T>(dd - low, period);
    let m = r + low;
    let m = if m == low && dd > zero { high } else { m };
    if dd.abs() < discont {
        zero
    } else {
        m - dd
    }
}
