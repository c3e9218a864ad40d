//! `max`, `min` (NaN propagates), `nanmax`, `nanmin` (NaN skipped) and `ptp`.
//!
//! `x != x` is the NaN test of a generic number (false for every integer). None of these has
//! an identity: reducing an empty axis is an error, as in NumPy.

#![allow(clippy::eq_op)]

use crate::prelude::*;

/// The largest element; a NaN wins (NumPy's `max`).
#[reduction]
pub mod max {
    pub fn map<T: Num>(x: T) -> T {
        x
    }
    pub fn combine<T: Num>(a: T, b: T) -> T {
        if a != a || a > b {
            a
        } else {
            b
        }
    }
}

/// The smallest element; a NaN wins (NumPy's `min`).
#[reduction]
pub mod min {
    pub fn map<T: Num>(x: T) -> T {
        x
    }
    pub fn combine<T: Num>(a: T, b: T) -> T {
        if a != a || a < b {
            a
        } else {
            b
        }
    }
}

/// The largest element that is not NaN (NaN when every element is).
#[reduction]
pub mod nanmax {
    pub fn map<T: Num>(x: T) -> T {
        x
    }
    pub fn combine<T: Num>(a: T, b: T) -> T {
        if b != b || a > b {
            a
        } else {
            b
        }
    }
}

/// The smallest element that is not NaN (NaN when every element is).
#[reduction]
pub mod nanmin {
    pub fn map<T: Num>(x: T) -> T {
        x
    }
    pub fn combine<T: Num>(a: T, b: T) -> T {
        if b != b || a < b {
            a
        } else {
            b
        }
    }
}

/// `max - min` in one pass, NaN propagating (integers wrap, as NumPy's `ptp`).
#[reduction]
pub mod ptp {
    pub fn map<T: Num>(x: T) -> (T, T) {
        (x, x)
    }
    pub fn combine<T: Num>(a: (T, T), b: (T, T)) -> (T, T) {
        let lo = if a.0 != a.0 || a.0 < b.0 { a.0 } else { b.0 };
        let hi = if a.1 != a.1 || a.1 > b.1 { a.1 } else { b.1 };
        (lo, hi)
    }
    pub fn finish<T: Num>(acc: (T, T)) -> T {
        acc.1 - acc.0
    }
}
