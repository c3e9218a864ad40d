//! `any`, `all`, `count_nonzero`: the truth of an element is `x.cast::<bool>()` (NumPy's: not
//! zero; NaN is true).

use crate::prelude::*;

/// Whether some element is true (`false` for an empty axis).
#[reduction]
pub mod any {
    pub fn map<T: DType>(x: T) -> bool {
        x.cast::<bool>()
    }
    pub fn combine<T: DType>(a: bool, b: bool) -> bool {
        a || b
    }
    pub fn identity<T: DType>() -> bool {
        false
    }
}

/// Whether every element is true (`true` for an empty axis).
#[reduction]
pub mod all {
    pub fn map<T: DType>(x: T) -> bool {
        x.cast::<bool>()
    }
    pub fn combine<T: DType>(a: bool, b: bool) -> bool {
        a && b
    }
    pub fn identity<T: DType>() -> bool {
        true
    }
}

/// The number of true elements.
#[reduction]
pub mod count_nonzero {
    pub fn map<T: DType>(x: T) -> i64 {
        if x.cast::<bool>() {
            1
        } else {
            0
        }
    }
    pub fn combine<T: DType>(a: i64, b: i64) -> i64 {
        a + b
    }
    pub fn identity<T: DType>() -> i64 {
        0
    }
}
