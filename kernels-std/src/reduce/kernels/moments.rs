//! `mean`, `var` (and so `std`), `average` and their NaN-skipping forms, accumulated in the
//! float dtype `A` (NumPy's: `f64` for integers and `bool`, `f32` for the half types) and
//! finished in the result dtype `O`.
//!
//! The variance is one pass with shifted sums: a (count, shift, sum of `x - shift`, sum of
//! `(x - shift)^2`) accumulator whose shift is a sample of the data (each lane's first
//! element), merged by exact algebra (`merge_shifted`: additions and multiplications only, so
//! the CPU fold vectorizes it). Stable for data with a large mean, where the textbook
//! `E[x^2] - E[x]^2` loses every digit: the sums are of deviations from a nearby sample.
//! `ddof` travels as a scalar input of `map` and rides in the accumulator to `finish`
//! (`m2 / max(n - ddof, 0)`, NumPy's formula).

#![allow(clippy::eq_op)]

use crate::prelude::*;

/// The mean: (sum, count).
#[reduction]
pub mod mean {
    pub fn map<T: DType, A: Float, O: DType>(x: T) -> (A, i64) {
        (x.cast::<A>(), 1)
    }
    pub fn combine<T: DType, A: Float, O: DType>(a: (A, i64), b: (A, i64)) -> (A, i64) {
        (a.0 + b.0, a.1 + b.1)
    }
    pub fn identity<T: DType, A: Float, O: DType>() -> (A, i64) {
        (false.cast::<A>(), 0)
    }
    pub fn finish<T: DType, A: Float, O: DType>(acc: (A, i64)) -> O {
        (acc.0 / acc.1.cast::<A>()).cast::<O>()
    }
}

/// The mean of the elements that are not NaN (NaN where there is none).
#[reduction]
pub mod nanmean {
    pub fn map<T: DType, A: Float, O: DType>(x: T) -> (A, i64) {
        if x != x {
            (false.cast::<A>(), 0)
        } else {
            (x.cast::<A>(), 1)
        }
    }
    pub fn combine<T: DType, A: Float, O: DType>(a: (A, i64), b: (A, i64)) -> (A, i64) {
        (a.0 + b.0, a.1 + b.1)
    }
    pub fn identity<T: DType, A: Float, O: DType>() -> (A, i64) {
        (false.cast::<A>(), 0)
    }
    pub fn finish<T: DType, A: Float, O: DType>(acc: (A, i64)) -> O {
        (acc.0 / acc.1.cast::<A>()).cast::<O>()
    }
}

/// Merges two (count, shift, sum of `x - shift`, sum of `(x - shift)^2`) accumulators: the
/// result keeps the first one's shift (the second's when the first is empty) and moves the
/// second's sums to it exactly in algebra: with `d = kb - k`,
/// `S1 = S1a + S1b + nb d` and `S2 = S2a + S2b + 2 d S1b + nb d^2`. Only additions and
/// multiplications, no division and no branch (selects): the CPU fold vectorizes it, which
/// the Welford/Chan update (a division per element) does not. Each lane's shift is its first
/// element, a sample of the data, so the sums stay small where the mean is large (the
/// variance of `1e9 + x` keeps the digits of `x`'s).
#[device_fn]
#[allow(clippy::too_many_arguments)]
pub fn merge_shifted<A: Float>(
    na: i64,
    ka: A,
    s1a: A,
    s2a: A,
    nb: i64,
    kb: A,
    s1b: A,
    s2b: A,
) -> (i64, A, A, A) {
    let zero = false.cast::<A>();
    let k = if na == 0 { kb } else { ka };
    // An empty side moves nothing (and its shift, the identity's 0, is never subtracted).
    let d = if na == 0 || nb == 0 { zero } else { kb - ka };
    let fb = nb.cast::<A>();
    let s1 = s1a + s1b + fb * d;
    let s2 = s2a + s2b + (d + d) * s1b + fb * d * d;
    (na + nb, k, s1, s2)
}

/// NumPy's variance from the shifted sums: `(S2 - S1^2 / n) / maximum(n - ddof, 0)` (negative
/// rounding clamped to 0; NaN and an empty reduction give NaN, `ddof >= n` inf or NaN, a NaN
/// `ddof` NaN: NumPy's `maximum` propagates it).
#[device_fn]
pub fn finish_shifted<A: Float>(n: i64, s1: A, s2: A, ddof: A) -> A {
    let zero = false.cast::<A>();
    let f = n.cast::<A>();
    let m2 = s2 - s1 * (s1 / f);
    let m2 = if m2 < zero { zero } else { m2 };
    let c = f - ddof;
    let c = if c > zero || c != c { c } else { zero };
    m2 / c
}

/// The variance with `ddof` delta degrees of freedom.
#[reduction]
pub mod var {
    pub fn map<T: DType, A: Float, O: DType>(x: T, ddof: A) -> (i64, A, A, A, A) {
        // one element: its own shift, sums 0 (NaN for an infinite or NaN one, as NumPy's
        // x - mean)
        let x = x.cast::<A>();
        let d = x - x;
        (1, x, d, d * d, ddof)
    }
    pub fn combine<T: DType, A: Float, O: DType>(
        a: (i64, A, A, A, A),
        b: (i64, A, A, A, A),
    ) -> (i64, A, A, A, A) {
        let (n, k, s1, s2): (i64, A, A, A) =
            super::merge_shifted::<A>(a.0, a.1, a.2, a.3, b.0, b.1, b.2, b.3);
        // `ddof` is the same in every accumulator but the identity's
        (n, k, s1, s2, if a.0 == 0 { b.4 } else { a.4 })
    }
    pub fn identity<T: DType, A: Float, O: DType>() -> (i64, A, A, A, A) {
        let zero = false.cast::<A>();
        (0, zero, zero, zero, zero)
    }
    pub fn finish<T: DType, A: Float, O: DType>(acc: (i64, A, A, A, A)) -> O {
        let v: A = super::finish_shifted::<A>(acc.0, acc.2, acc.3, acc.4);
        v.cast::<O>()
    }
}

/// The variance of the elements that are not NaN.
#[reduction]
pub mod nanvar {
    pub fn map<T: DType, A: Float, O: DType>(x: T, ddof: A) -> (i64, A, A, A, A) {
        let zero = false.cast::<A>();
        if x != x {
            (0, zero, zero, zero, ddof)
        } else {
            let x = x.cast::<A>();
            let d = x - x;
            (1, x, d, d * d, ddof)
        }
    }
    pub fn combine<T: DType, A: Float, O: DType>(
        a: (i64, A, A, A, A),
        b: (i64, A, A, A, A),
    ) -> (i64, A, A, A, A) {
        let (n, k, s1, s2): (i64, A, A, A) =
            super::merge_shifted::<A>(a.0, a.1, a.2, a.3, b.0, b.1, b.2, b.3);
        // `ddof` is the same in every accumulator but the identity's
        (n, k, s1, s2, if a.0 == 0 { b.4 } else { a.4 })
    }
    pub fn identity<T: DType, A: Float, O: DType>() -> (i64, A, A, A, A) {
        let zero = false.cast::<A>();
        (0, zero, zero, zero, zero)
    }
    pub fn finish<T: DType, A: Float, O: DType>(acc: (i64, A, A, A, A)) -> O {
        let v: A = super::finish_shifted::<A>(acc.0, acc.2, acc.3, acc.4);
        v.cast::<O>()
    }
}

/// The weighted mean: (sum of `x * w`, sum of `w`).
#[reduction]
pub mod average {
    pub fn map<T: DType, A: Float, O: DType>(x: T, w: T) -> (A, A) {
        let w = w.cast::<A>();
        (x.cast::<A>() * w, w)
    }
    pub fn combine<T: DType, A: Float, O: DType>(a: (A, A), b: (A, A)) -> (A, A) {
        (a.0 + b.0, a.1 + b.1)
    }
    pub fn identity<T: DType, A: Float, O: DType>() -> (A, A) {
        let zero = false.cast::<A>();
        (zero, zero)
    }
    pub fn finish<T: DType, A: Float, O: DType>(acc: (A, A)) -> O {
        (acc.0 / acc.1).cast::<O>()
    }
}

/// Whether some element is zero (how `average` finds weights that sum to zero).
#[reduction]
pub mod any_zero {
    pub fn map<T: DType>(x: T) -> bool {
        !x.cast::<bool>()
    }
    pub fn combine<T: DType>(a: bool, b: bool) -> bool {
        a || b
    }
    pub fn identity<T: DType>() -> bool {
        false
    }
}

/// The sum of squared deviations from the mean, `m2` (NaN for an empty reduction): `var`
/// without NaN skipping divides it by `max(n - ddof, 0)` afterwards ([`m2_to_var`]), so this
/// reduction has one input and runs on the CPU engine's contiguous path (a scalar `ddof`
/// input would send every element through its gather path).
#[reduction]
pub mod m2 {
    pub fn map<T: DType, A: Float>(x: T) -> (i64, A, A, A) {
        let x = x.cast::<A>();
        let d = x - x;
        (1, x, d, d * d)
    }
    pub fn combine<T: DType, A: Float>(a: (i64, A, A, A), b: (i64, A, A, A)) -> (i64, A, A, A) {
        super::merge_shifted::<A>(a.0, a.1, a.2, a.3, b.0, b.1, b.2, b.3)
    }
    pub fn identity<T: DType, A: Float>() -> (i64, A, A, A) {
        let zero = false.cast::<A>();
        (0, zero, zero, zero)
    }
    pub fn finish<T: DType, A: Float>(acc: (i64, A, A, A)) -> A {
        let zero = false.cast::<A>();
        let m2 = acc.3 - acc.2 * (acc.2 / acc.0.cast::<A>());
        if m2 < zero {
            zero
        } else {
            m2
        }
    }
}

/// `m2 / c` in the result dtype: the variance from [`m2`] and `c = max(n - ddof, 0)`.
#[elementwise]
pub fn m2_to_var<A: Float, O: DType>(m2: A, c: A) -> O {
    (m2 / c).cast::<O>()
}

/// The square root, elementwise: `std` from `var`.
#[elementwise]
pub fn sqrt<T: Float>(x: T) -> T {
    x.sqrt()
}

/// `mean` and `nanmean` of a complex dtype `$t` (parts `$r`): the complex sum and the count,
/// then each part divided by the count (NaN for an empty reduction, as NumPy's `0 / 0`).
macro_rules! complex_means {
    ($t:ident, $r:ident: $mean:ident, $nanmean:ident) => {
        #[doc = concat!("The mean of `", stringify!($t), "` elements: the complex sum over the count.")]
        #[reduction]
        pub mod $mean {
            pub fn map(x: $t) -> ($t, i64) {
                (x, 1)
            }
            pub fn combine(a: ($t, i64), b: ($t, i64)) -> ($t, i64) {
                (a.0 + b.0, a.1 + b.1)
            }
            pub fn identity() -> ($t, i64) {
                (false.cast::<$t>(), 0)
            }
            pub fn finish(acc: ($t, i64)) -> $t {
                let n = acc.1 as $r;
                Complex::new(acc.0.re / n, acc.0.im / n)
            }
        }

        #[doc = concat!("The mean of the `", stringify!($t), "` elements that are not NaN (in either part); NaN where there is none.")]
        #[reduction]
        pub mod $nanmean {
            pub fn map(x: $t) -> ($t, i64) {
                if x != x {
                    (false.cast::<$t>(), 0)
                } else {
                    (x, 1)
                }
            }
            pub fn combine(a: ($t, i64), b: ($t, i64)) -> ($t, i64) {
                (a.0 + b.0, a.1 + b.1)
            }
            pub fn identity() -> ($t, i64) {
                (false.cast::<$t>(), 0)
            }
            pub fn finish(acc: ($t, i64)) -> $t {
                let n = acc.1 as $r;
                Complex::new(acc.0.re / n, acc.0.im / n)
            }
        }
    };
}
complex_means!(c64, f32: mean_c64, nanmean_c64);
complex_means!(c128, f64: mean_c128, nanmean_c128);

/// `average` of a complex dtype `$t` with weights of that dtype: the complex sums of `x * w`
/// and of `w`, divided as NumPy divides complex numbers (Smith's algorithm).
macro_rules! complex_average {
    ($($t:ident: $name:ident;)*) => {$(
        #[doc = concat!("The weighted mean of `", stringify!($t), "` elements: `sum(x * w) / sum(w)`.")]
        #[reduction]
        pub mod $name {
            pub fn map(x: $t, w: $t) -> ($t, $t) {
                (x * w, w)
            }
            pub fn combine(a: ($t, $t), b: ($t, $t)) -> ($t, $t) {
                (a.0 + b.0, a.1 + b.1)
            }
            pub fn identity() -> ($t, $t) {
                let zero = false.cast::<$t>();
                (zero, zero)
            }
            pub fn finish(acc: ($t, $t)) -> $t {
                let (a, b, c, d) = (acc.0.re, acc.0.im, acc.1.re, acc.1.im);
                if c.abs() >= d.abs() {
                    let rat = d / c;
                    let scl = 1.0 / (c + d * rat);
                    Complex::new((a + b * rat) * scl, (b - a * rat) * scl)
                } else {
                    let rat = c / d;
                    let scl = 1.0 / (d + c * rat);
                    Complex::new((a * rat + b) * scl, (b * rat - a) * scl)
                }
            }
        }
    )*};
}
complex_average! {
    c64: average_c64;
    c128: average_c128;
}

/// The parts of a complex number, both NaN when either is (how `nanvar` of complex numbers
/// skips an element in both parts).
macro_rules! nan_parts {
    ($($t:ident, $r:ident: $name:ident;)*) => {$(
        #[doc = concat!("The parts of a `", stringify!($t), "`, both NaN when either is.")]
        #[elementwise]
        pub fn $name(z: $t) -> ($r, $r) {
            if z != z {
                ($r::NAN, $r::NAN)
            } else {
                (z.re, z.im)
            }
        }
    )*};
}
nan_parts! {
    c64, f32: nan_parts_c64;
    c128, f64: nan_parts_c128;
}
