//! The elementwise kernels behind the operators, with NumPy's semantics spelled out where the
//! kernel language's (Rust's) differ. `kernels-std::math` calls the same kernels for its ufuncs
//! (`add`, `remainder`, `left_shift`, `less`, ...), so each is written once.
//!
//! Generic kernels have no literals of their type parameter (the language gives a literal the
//! type of its context, and a type parameter is no context): constants are converted,
//! `0i32.cast::<T>()`.

use crate::dtype::{c128, c64, Float, Int, Num};
use kernel_macros::{device_fn, elementwise};

/// `x + y` (integers wrap).
#[elementwise]
pub fn add<T: Num>(x: T, y: T) -> T {
    x + y
}

/// `x - y` (integers wrap).
#[elementwise]
pub fn subtract<T: Num>(x: T, y: T) -> T {
    x - y
}

/// `x * y` (integers wrap).
#[elementwise]
pub fn multiply<T: Num>(x: T, y: T) -> T {
    x * y
}

/// `x / y` of floats (IEEE: `1 / 0 = inf`, `0 / 0 = nan`).
#[elementwise]
pub fn divide_float<T: Float>(x: T, y: T) -> T {
    x / y
}

/// True division of integers: both converted to the float dtype `F` first (NumPy converts
/// to `f64`).
#[elementwise]
pub fn true_divide_int<I: Int, F: Float>(x: I, y: I) -> F {
    x.cast::<F>() / y.cast::<F>()
}

/// NumPy's `divmod` of floats (its `npy_divmod`), computed in `C`: the floor quotient from
/// `fmod`, so that `1.0 // 0.1 == 9.0` (not `floor(1.0 / 0.1) == 10.0`); `-1.0 // inf ==
/// -1.0` with `-1.0 % inf == inf`; a zero remainder or quotient takes the right sign; a zero
/// divisor gives `(a / b, nan)`.
#[device_fn]
pub fn divmod_in<C: Float>(a: C, b: C) -> (C, C) {
    let zero = 0.0f32.cast::<C>();
    let one = 1.0f32.cast::<C>();
    let m = a % b;
    if b == zero {
        return (a / b, m);
    }
    // `a - m` is very nearly a multiple of `b`.
    let mut div = (a - m) / b;
    let mut m = m;
    if m != zero {
        if (b < zero) != (m < zero) {
            m = m + b;
            div = div - one;
        }
    } else {
        m = zero.copysign(b);
    }
    let q = if div != zero {
        // Snap to the nearest integer.
        let f = div.floor();
        if div - f > 0.5f32.cast::<C>() {
            f + one
        } else {
            f
        }
    } else {
        zero.copysign(a / b)
    };
    (q, m)
}

/// NumPy's float `floor_divide` of `T`, computed in `C` (`f32` for the half types, as NumPy).
#[elementwise]
pub fn floor_divide_float<T: Float, C: Float>(x: T, y: T) -> T {
    let (q, _): (C, C) = divmod_in::<C>(x.cast::<C>(), y.cast::<C>());
    q.cast::<T>()
}

/// NumPy's float `remainder` of `T`, computed in `C` (`f32` for the half types, as NumPy).
#[elementwise]
pub fn remainder_float<T: Float, C: Float>(x: T, y: T) -> T {
    let (_, m): (C, C) = divmod_in::<C>(x.cast::<C>(), y.cast::<C>());
    m.cast::<T>()
}

/// `-x` of floats (`-0.0` for `0.0`).
#[elementwise]
pub fn negative_float<T: Float>(x: T) -> T {
    -x
}

/// `0 - x`, wrapping (NumPy's `negative` of `i8::MIN` is `i8::MIN`, of `1u8` is `255`).
#[elementwise]
pub fn negative_int<T: Int>(x: T) -> T {
    0i32.cast::<T>() - x
}

/// NumPy's integer `remainder`: the sign of the divisor (`-7 % 2 == 1`), `x % 0 == 0`,
/// `MIN % -1 == 0`. The language's `%` truncates (and gives 0 for both special cases).
#[elementwise]
pub fn remainder_int<T: Int>(x: T, y: T) -> T {
    let zero = 0i32.cast::<T>();
    let r = x % y;
    if r != zero && ((r < zero) != (y < zero)) {
        r + y
    } else {
        r
    }
}

/// NumPy's integer `floor_divide`: rounds toward -inf (`-7 // 2 == -4`), `x // 0 == 0`,
/// `MIN // -1 == MIN` (wraps).
#[elementwise]
pub fn floor_divide_int<T: Int>(x: T, y: T) -> T {
    let zero = 0i32.cast::<T>();
    let q = x / y;
    let r = x % y;
    if r != zero && ((r < zero) != (y < zero)) {
        q - 1i32.cast::<T>()
    } else {
        q
    }
}

/// NumPy's `left_shift`: 0 when the count is negative or at least the width (the language
/// masks the count, as Rust's `wrapping_shl`).
#[elementwise]
pub fn left_shift<T: Int>(x: T, n: T) -> T {
    let zero = 0i32.cast::<T>();
    // A `u64` count above `i64::MAX` wraps to a negative count: out of range either way.
    let count = n.cast::<i64>();
    let width = (x.count_ones() + x.count_zeros()) as i64;
    if count < 0 || count >= width {
        zero
    } else {
        x << count
    }
}

/// NumPy's `right_shift`: arithmetic for signed types; a negative count or one at least the
/// width fills with the sign bit (`-1` or `0`).
#[elementwise]
pub fn right_shift<T: Int>(x: T, n: T) -> T {
    let zero = 0i32.cast::<T>();
    let count = n.cast::<i64>();
    let width = (x.count_ones() + x.count_zeros()) as i64;
    if count < 0 || count >= width {
        // Only a signed type can be below zero: all sign bits, -1.
        if x < zero {
            (-1i32).cast::<T>()
        } else {
            zero
        }
    } else {
        x >> count
    }
}

/// `x & y` of integers.
#[elementwise]
pub fn bitwise_and<T: Int>(x: T, y: T) -> T {
    x & y
}

/// `x | y` of integers.
#[elementwise]
pub fn bitwise_or<T: Int>(x: T, y: T) -> T {
    x | y
}

/// `x ^ y` of integers.
#[elementwise]
pub fn bitwise_xor<T: Int>(x: T, y: T) -> T {
    x ^ y
}

/// `!x` of integers (NumPy's `invert`).
#[elementwise]
pub fn invert<T: Int>(x: T) -> T {
    !x
}

/// `x && y` of `bool`s (NumPy's `&` on booleans, and `logical_and`).
#[elementwise]
pub fn logical_and(x: bool, y: bool) -> bool {
    x && y
}

/// `x || y` of `bool`s.
#[elementwise]
pub fn logical_or(x: bool, y: bool) -> bool {
    x || y
}

/// `x != y` of `bool`s (exclusive or).
#[elementwise]
pub fn logical_xor(x: bool, y: bool) -> bool {
    x != y
}

/// True division of `bool`s (NumPy's `bool / bool`, `true_divide`): both converted to `f64`
/// first, so `true / false == inf` and `false / false == nan`.
#[elementwise]
pub fn true_divide_bool(x: bool, y: bool) -> f64 {
    let a: f64 = if x { 1.0f64 } else { 0.0f64 };
    let b: f64 = if y { 1.0f64 } else { 0.0f64 };
    a / b
}

/// `!x` of a `bool`.
#[elementwise]
pub fn logical_not(x: bool) -> bool {
    !x
}

/// `x == y` (NaN equals nothing).
#[elementwise]
pub fn equal<T: Num>(x: T, y: T) -> bool {
    x == y
}

/// `x != y` (NaN differs from everything, itself included).
#[elementwise]
pub fn not_equal<T: Num>(x: T, y: T) -> bool {
    x != y
}

/// `x < y` (false when either is NaN).
#[elementwise]
pub fn less<T: Num>(x: T, y: T) -> bool {
    x < y
}

/// `x <= y` (false when either is NaN).
#[elementwise]
pub fn less_equal<T: Num>(x: T, y: T) -> bool {
    x <= y
}

/// `x > y` (false when either is NaN).
#[elementwise]
pub fn greater<T: Num>(x: T, y: T) -> bool {
    x > y
}

/// `x >= y` (false when either is NaN).
#[elementwise]
pub fn greater_equal<T: Num>(x: T, y: T) -> bool {
    x >= y
}

/// `x == y` of `bool`s.
#[elementwise]
pub fn equal_bool(x: bool, y: bool) -> bool {
    x == y
}

/// `x < y` of `bool`s (`false < true`).
#[elementwise]
pub fn less_bool(x: bool, y: bool) -> bool {
    !x && y
}

/// `x <= y` of `bool`s.
#[elementwise]
pub fn less_equal_bool(x: bool, y: bool) -> bool {
    !x || y
}

/// The arithmetic kernels of a complex dtype `$t` (`c64`, `c128`): `+ - *` and negation as
/// num-complex computes them (NumPy's formulas: `(ac - bd) + (ad + bc)i`), division by Smith's
/// algorithm as NumPy does (num-complex divides by `|y|^2`, which overflows sooner),
/// equality of both parts and NumPy's lexicographic order.
macro_rules! complex_kernels {
    ($t:ident: $add:ident, $sub:ident, $mul:ident, $div:ident, $neg:ident, $eq:ident, $ne:ident,
     $lt:ident, $le:ident) => {
        #[doc = concat!("`x + y` of `", stringify!($t), "`.")]
        #[elementwise]
        pub fn $add(x: $t, y: $t) -> $t {
            x + y
        }

        #[doc = concat!("`x - y` of `", stringify!($t), "`.")]
        #[elementwise]
        pub fn $sub(x: $t, y: $t) -> $t {
            x - y
        }

        #[doc = concat!("`x * y` of `", stringify!($t), "`.")]
        #[elementwise]
        pub fn $mul(x: $t, y: $t) -> $t {
            x * y
        }

        #[doc = concat!("`x / y` of `", stringify!($t), "`: NumPy's Smith division; `x / 0` divides each part by `+0`.")]
        #[elementwise]
        pub fn $div(x: $t, y: $t) -> $t {
            let (a, b, c, d) = (x.re, x.im, y.re, y.im);
            if c.abs() >= d.abs() {
                if c.abs() == 0.0 && d.abs() == 0.0 {
                    Complex::new(a / c.abs(), b / c.abs())
                } else {
                    let rat = d / c;
                    let scl = 1.0 / (c + d * rat);
                    Complex::new((a + b * rat) * scl, (b - a * rat) * scl)
                }
            } else {
                let rat = c / d;
                let scl = 1.0 / (d + c * rat);
                Complex::new((a * rat + b) * scl, (b * rat - a) * scl)
            }
        }

        #[doc = concat!("`-x` of `", stringify!($t), "`.")]
        #[elementwise]
        pub fn $neg(x: $t) -> $t {
            -x
        }

        #[doc = concat!("`x == y` of `", stringify!($t), "`: both parts equal.")]
        #[elementwise]
        pub fn $eq(x: $t, y: $t) -> bool {
            x == y
        }

        #[doc = concat!("`x != y` of `", stringify!($t), "`.")]
        #[elementwise]
        pub fn $ne(x: $t, y: $t) -> bool {
            x != y
        }

        #[doc = concat!("`x < y` of `", stringify!($t), "`: NumPy's lexicographic order (real parts, then imaginary parts; false when an imaginary part is NaN and the real parts differ).")]
        #[elementwise]
        pub fn $lt(x: $t, y: $t) -> bool {
            (x.re < y.re && !x.im.is_nan() && !y.im.is_nan()) || (x.re == y.re && x.im < y.im)
        }

        #[doc = concat!("`x <= y` of `", stringify!($t), "`: NumPy's lexicographic order.")]
        #[elementwise]
        pub fn $le(x: $t, y: $t) -> bool {
            (x.re < y.re && !x.im.is_nan() && !y.im.is_nan()) || (x.re == y.re && x.im <= y.im)
        }
    };
}

complex_kernels!(c64: add_c64, subtract_c64, multiply_c64, divide_c64, negative_c64, equal_c64,
    not_equal_c64, less_c64, less_equal_c64);
complex_kernels!(c128: add_c128, subtract_c128, multiply_c128, divide_c128, negative_c128,
    equal_c128, not_equal_c128, less_c128, less_equal_c128);
