//! `mean`, `var` (and so `std`), `average` and their NaN-skipping forms, accumulated in the
//! float dtype `A` (NumPy's: `f64` for integers and `bool`, `f32` for the half types) and
//! finished in the result dtype `O`.
//!
//! The variance is one pass with a (count, mean, m2) accumulator merged as Chan, Golub and
//! LeVeque's parallel algorithm does, the mean carried in two parts: stable for data with a
//! large mean, where the textbook `E[x^2] - E[x]^2` loses every digit. `ddof` travels as a scalar input of `map` and rides in
//! the accumulator to `finish` (`m2 / max(n - ddof, 0)`, NumPy's formula).

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

/// Merges two (count, mean, mean's low part, m2) accumulators (Chan et al.); an empty one is
/// the other. The mean is kept as an unevaluated sum `hi + lo` (the update's rounding error is
/// recovered by an exact TwoSum), so the deviations `d` between partial means stay accurate
/// when the mean is large: the variance of `1e9 + x` keeps the digits of `x`'s.
#[device_fn]
#[allow(clippy::too_many_arguments)]
pub fn merge_moments<A: Float>(
    na: i64,
    ha: A,
    la: A,
    m2a: A,
    nb: i64,
    hb: A,
    lb: A,
    m2b: A,
) -> (i64, A, A, A) {
    if nb == 0 {
        return (na, ha, la, m2a);
    }
    if na == 0 {
        return (nb, hb, lb, m2b);
    }
    let n = na + nb;
    let (fa, fb, f) = (na.cast::<A>(), nb.cast::<A>(), n.cast::<A>());
    let d = (hb - ha) + (lb - la);
    let w = fb / f;
    // the new mean: ha + (la + d w), as hi + lo (TwoSum: exact without FMA contraction)
    let t = la + d * w;
    let hi = ha + t;
    let tb = hi - ha;
    let lo = (ha - (hi - tb)) + (t - tb);
    let m2 = m2a + m2b + d * d * (fa * w);
    (n, hi, lo, m2)
}

/// `m2 / max(n - ddof, 0)`: NumPy's variance from a count, m2 and ddof.
#[device_fn]
pub fn finish_moments<A: Float>(n: i64, m2: A, ddof: A) -> A {
    let zero = false.cast::<A>();
    let c = n.cast::<A>() - ddof;
    let c = if c > zero { c } else { zero };
    m2 / c
}

/// The variance with `ddof` delta degrees of freedom.
#[reduction]
pub mod var {
    pub fn map<T: DType, A: Float, O: DType>(x: T, ddof: A) -> (i64, A, A, A, A) {
        // m2 of one element: 0, or NaN for an infinite (or NaN) one, as NumPy's x - mean
        let x = x.cast::<A>();
        let d = x - x;
        (1, x, d, d * d, ddof)
    }
    pub fn combine<T: DType, A: Float, O: DType>(
        a: (i64, A, A, A, A),
        b: (i64, A, A, A, A),
    ) -> (i64, A, A, A, A) {
        let (n, hi, lo, m2): (i64, A, A, A) =
            super::merge_moments::<A>(a.0, a.1, a.2, a.3, b.0, b.1, b.2, b.3);
        // `ddof` is the same in every accumulator but the identity's
        (n, hi, lo, m2, if a.0 == 0 { b.4 } else { a.4 })
    }
    pub fn identity<T: DType, A: Float, O: DType>() -> (i64, A, A, A, A) {
        let zero = false.cast::<A>();
        (0, zero, zero, zero, zero)
    }
    pub fn finish<T: DType, A: Float, O: DType>(acc: (i64, A, A, A, A)) -> O {
        let v: A = super::finish_moments::<A>(acc.0, acc.3, acc.4);
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
        let (n, hi, lo, m2): (i64, A, A, A) =
            super::merge_moments::<A>(a.0, a.1, a.2, a.3, b.0, b.1, b.2, b.3);
        // `ddof` is the same in every accumulator but the identity's
        (n, hi, lo, m2, if a.0 == 0 { b.4 } else { a.4 })
    }
    pub fn identity<T: DType, A: Float, O: DType>() -> (i64, A, A, A, A) {
        let zero = false.cast::<A>();
        (0, zero, zero, zero, zero)
    }
    pub fn finish<T: DType, A: Float, O: DType>(acc: (i64, A, A, A, A)) -> O {
        let v: A = super::finish_moments::<A>(acc.0, acc.3, acc.4);
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

/// The square root, elementwise: `std` from `var`.
#[elementwise]
pub fn sqrt<T: Float>(x: T) -> T {
    x.sqrt()
}
