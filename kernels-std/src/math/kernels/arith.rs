//! Arithmetic kernels not shared with the operators: `fmod`, `square`, `absolute`, `sign`,
//! the NaN-aware extrema, `clip` and integer powers.

use crate::prelude::*;
use array_runtime::ops::kernels::divmod_in;

/// NumPy's `fmod`: C's remainder, the sign of the dividend (`-7 fmod 2 == -1`); integers:
/// `x fmod 0 == 0`; floats: `x fmod 0 == nan`, `x fmod inf == x`.
#[elementwise]
pub fn fmod<T: Num>(x: T, y: T) -> T {
    x % y
}

/// NumPy's `square`: `x * x` (integers wrap).
#[elementwise]
pub fn square<T: Num>(x: T) -> T {
    x * x
}

/// NumPy's `absolute` of integers: wraps (`abs(i8::MIN) == i8::MIN`), unsigned unchanged.
#[elementwise]
pub fn absolute_int<T: Int>(x: T) -> T {
    let zero = 0i32.cast::<T>();
    if x < zero {
        zero - x
    } else {
        x
    }
}

/// NumPy's `absolute` of floats: clears the sign bit (`abs(-0.0) == 0.0`).
#[elementwise]
pub fn absolute_float<T: Float>(x: T) -> T {
    x.abs()
}

/// NumPy's `sign`: -1, 0 or 1; `sign(-0.0) == 0.0` (Rust's `signum` gives -1.0), NaN stays.
#[elementwise]
pub fn sign<T: Num>(x: T) -> T {
    let zero = 0i32.cast::<T>();
    let one = 1i32.cast::<T>();
    if x > zero {
        one
    } else if x < zero {
        zero - one
    } else if x == zero {
        zero
    } else {
        x
    }
}

/// NumPy's `maximum`: NaN propagates (Rust's `max` drops it); `x != x` only for NaN.
#[elementwise]
#[allow(clippy::eq_op)]
pub fn maximum<T: Num>(x: T, y: T) -> T {
    if x >= y || x != x {
        x
    } else {
        y
    }
}

/// NumPy's `minimum`: NaN propagates.
#[elementwise]
#[allow(clippy::eq_op)]
pub fn minimum<T: Num>(x: T, y: T) -> T {
    if x <= y || x != x {
        x
    } else {
        y
    }
}

/// NumPy's `fmax`: a NaN operand is ignored (NaN only when both are).
#[elementwise]
#[allow(clippy::eq_op)]
pub fn fmax<T: Num>(x: T, y: T) -> T {
    if x >= y || y != y {
        x
    } else {
        y
    }
}

/// NumPy's `fmin`: a NaN operand is ignored.
#[elementwise]
#[allow(clippy::eq_op)]
pub fn fmin<T: Num>(x: T, y: T) -> T {
    if x <= y || y != y {
        x
    } else {
        y
    }
}

/// NumPy's `clip`: `minimum(maximum(x, lo), hi)` with NaN propagating from any operand; `lo >
/// hi` gives `hi`.
#[elementwise]
#[allow(clippy::eq_op)]
pub fn clip<T: Num>(x: T, lo: T, hi: T) -> T {
    let m = if x != x || x > lo { x } else { lo };
    if m != m || m < hi {
        m
    } else {
        hi
    }
}

/// NumPy's `power` of integers: square-and-multiply, wrapping (`3i8^5 == -13`); `x^0 == 1`.
/// A negative exponent is refused before the kernel runs.
#[elementwise]
pub fn power_int<T: Int>(x: T, y: T) -> T {
    let zero = 0i32.cast::<T>();
    let one = 1i32.cast::<T>();
    let mut result = one;
    let mut base = x;
    let mut e = y;
    while e > zero {
        if e & one != zero {
            result = result * base;
        }
        e = e >> 1u32;
        if e > zero {
            base = base * base;
        }
    }
    result
}

/// NumPy's `power` of `bool`s, an `i8`: 1 unless `false^true`.
#[elementwise]
pub fn power_bool(x: bool, y: bool) -> i8 {
    if y {
        x as i8
    } else {
        1
    }
}

/// Whether any element is true (here: whether any exponent of an integer `power` is negative).
#[reduction]
pub mod any_true {
    pub fn map(x: bool) -> bool {
        x
    }
    pub fn combine(a: bool, b: bool) -> bool {
        a || b
    }
    pub fn identity() -> bool {
        false
    }
}

/// NumPy's `absolute` of `c64`: `hypot(re, im)`, an `f32`.
#[elementwise]
pub fn absolute_c64(x: c64) -> f32 {
    x.norm()
}

/// NumPy's `absolute` of `c128`: `hypot(re, im)`, an `f64`.
#[elementwise]
pub fn absolute_c128(x: c128) -> f64 {
    x.norm()
}

/// NumPy's `divmod` of floats: `(floor_divide, remainder)` in one pass, computed in `C`.
#[elementwise]
pub fn divmod_float<T: Float, C: Float>(x: T, y: T) -> (T, T) {
    let (q, m): (C, C) = divmod_in::<C>(x.cast::<C>(), y.cast::<C>());
    (q.cast::<T>(), m.cast::<T>())
}

/// NumPy's `divmod` of integers: the quotient rounded toward -inf and the remainder with the
/// divisor's sign; `(0, 0)` for a zero divisor.
#[elementwise]
pub fn divmod_int<T: Int>(x: T, y: T) -> (T, T) {
    let zero = 0i32.cast::<T>();
    let (q, r) = (x / y, x % y);
    if r != zero && ((r < zero) != (y < zero)) {
        (q - 1i32.cast::<T>(), r + y)
    } else {
        (q, r)
    }
}

/// NumPy's `maximum` (and `fmax`) of booleans: `logical_or`.
#[elementwise]
pub fn maximum_bool(x: bool, y: bool) -> bool {
    x || y
}

/// NumPy's `minimum` (and `fmin`) of booleans: `logical_and`.
#[elementwise]
pub fn minimum_bool(x: bool, y: bool) -> bool {
    x && y
}

/// NumPy's `clip` of booleans: `minimum(maximum(x, lo), hi)`.
#[elementwise]
pub fn clip_bool(x: bool, lo: bool, hi: bool) -> bool {
    (x || lo) && hi
}

/// NumPy's `fmax` and `fmin` of one complex dtype: the lexicographic order of `maximum`,
/// a NaN operand ignored (`x` when `y` holds a NaN, `y` when only `x` does).
macro_rules! complex_fextremum {
    ($($t:ident => $fmax:ident, $fmin:ident;)*) => {$(
        #[doc = concat!("NumPy's `fmax` of `", stringify!($t), "`.")]
        #[elementwise]
        pub fn $fmax(x: $t, y: $t) -> $t {
            let ge = x.re > y.re || (x.re == y.re && x.im >= y.im);
            if y.is_nan() || (!x.is_nan() && ge) {
                x
            } else {
                y
            }
        }

        #[doc = concat!("NumPy's `fmin` of `", stringify!($t), "`.")]
        #[elementwise]
        pub fn $fmin(x: $t, y: $t) -> $t {
            let le = x.re < y.re || (x.re == y.re && x.im <= y.im);
            if y.is_nan() || (!x.is_nan() && le) {
                x
            } else {
                y
            }
        }
    )*};
}
complex_fextremum! {
    c64 => fmax_c64, fmin_c64;
    c128 => fmax_c128, fmin_c128;
}
