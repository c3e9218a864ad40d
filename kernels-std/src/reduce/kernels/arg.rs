//! `argmax`, `argmin` (the first NaN wins, as in NumPy) and `nanargmax`, `nanargmin` (NaN
//! skipped; an all-NaN slice finishes as `-1`, which the routine turns into an error).
//!
//! The accumulator is (value, position); ties go to the smaller position, so the result is the
//! first occurrence whatever order the backends combine in.

#![allow(clippy::eq_op)]

use crate::prelude::*;

/// Position of the first maximum; a NaN counts as the maximum.
#[reduction]
pub mod argmax {
    pub fn map<T: Num>(x: T, #[index] i: i64) -> (T, i64) {
        (x, i)
    }
    pub fn combine<T: Num>(a: (T, i64), b: (T, i64)) -> (T, i64) {
        let (a_nan, b_nan) = (a.0 != a.0, b.0 != b.0);
        let b_wins = if a_nan || b_nan {
            b_nan && (!a_nan || b.1 < a.1)
        } else {
            b.0 > a.0 || (b.0 == a.0 && b.1 < a.1)
        };
        if b_wins {
            b
        } else {
            a
        }
    }
    pub fn finish<T: Num>(acc: (T, i64)) -> i64 {
        acc.1
    }
}

/// Position of the first minimum; a NaN counts as the minimum.
#[reduction]
pub mod argmin {
    pub fn map<T: Num>(x: T, #[index] i: i64) -> (T, i64) {
        (x, i)
    }
    pub fn combine<T: Num>(a: (T, i64), b: (T, i64)) -> (T, i64) {
        let (a_nan, b_nan) = (a.0 != a.0, b.0 != b.0);
        let b_wins = if a_nan || b_nan {
            b_nan && (!a_nan || b.1 < a.1)
        } else {
            b.0 < a.0 || (b.0 == a.0 && b.1 < a.1)
        };
        if b_wins {
            b
        } else {
            a
        }
    }
    pub fn finish<T: Num>(acc: (T, i64)) -> i64 {
        acc.1
    }
}

/// Position of the first maximum among the elements that are not NaN; `-1` when all are NaN.
#[reduction]
pub mod nanargmax {
    pub fn map<T: Num>(x: T, #[index] i: i64) -> (T, i64) {
        (x, i)
    }
    pub fn combine<T: Num>(a: (T, i64), b: (T, i64)) -> (T, i64) {
        let (a_nan, b_nan) = (a.0 != a.0, b.0 != b.0);
        let b_wins = if a_nan || b_nan {
            a_nan && (!b_nan || b.1 < a.1)
        } else {
            b.0 > a.0 || (b.0 == a.0 && b.1 < a.1)
        };
        if b_wins {
            b
        } else {
            a
        }
    }
    pub fn finish<T: Num>(acc: (T, i64)) -> i64 {
        if acc.0 != acc.0 {
            -1
        } else {
            acc.1
        }
    }
}

/// Position of the first minimum among the elements that are not NaN; `-1` when all are NaN.
#[reduction]
pub mod nanargmin {
    pub fn map<T: Num>(x: T, #[index] i: i64) -> (T, i64) {
        (x, i)
    }
    pub fn combine<T: Num>(a: (T, i64), b: (T, i64)) -> (T, i64) {
        let (a_nan, b_nan) = (a.0 != a.0, b.0 != b.0);
        let b_wins = if a_nan || b_nan {
            a_nan && (!b_nan || b.1 < a.1)
        } else {
            b.0 < a.0 || (b.0 == a.0 && b.1 < a.1)
        };
        if b_wins {
            b
        } else {
            a
        }
    }
    pub fn finish<T: Num>(acc: (T, i64)) -> i64 {
        if acc.0 != acc.0 {
            -1
        } else {
            acc.1
        }
    }
}

/// `argmax`, `argmin`, `nanargmax`, `nanargmin` of one complex dtype: the position of the
/// first extreme in NumPy's lexicographic order (real parts, then imaginary parts), or of the
/// first element with a NaN part (the `nan` forms skip those, `-1` when all are).
macro_rules! complex_args {
    ($($t:ident: $argmax:ident, $argmin:ident, $nanargmax:ident, $nanargmin:ident;)*) => {$(
        #[doc = concat!("Position of the first maximum of the `", stringify!($t), "` elements without a NaN part; `-1` when all have one.")]
        #[reduction]
        pub mod $nanargmax {
            pub fn map(x: $t, #[index] i: i64) -> ($t, i64) {
                (x, i)
            }
            pub fn combine(a: ($t, i64), b: ($t, i64)) -> ($t, i64) {
                let (a_nan, b_nan) = (a.0.is_nan(), b.0.is_nan());
                let b_wins = if a_nan || b_nan {
                    a_nan && (!b_nan || b.1 < a.1)
                } else {
                    let gt = b.0.re > a.0.re || (b.0.re == a.0.re && b.0.im > a.0.im);
                    gt || (b.0 == a.0 && b.1 < a.1)
                };
                if b_wins {
                    b
                } else {
                    a
                }
            }
            pub fn finish(acc: ($t, i64)) -> i64 {
                if acc.0.is_nan() {
                    -1
                } else {
                    acc.1
                }
            }
        }

        #[doc = concat!("Position of the first minimum of the `", stringify!($t), "` elements without a NaN part; `-1` when all have one.")]
        #[reduction]
        pub mod $nanargmin {
            pub fn map(x: $t, #[index] i: i64) -> ($t, i64) {
                (x, i)
            }
            pub fn combine(a: ($t, i64), b: ($t, i64)) -> ($t, i64) {
                let (a_nan, b_nan) = (a.0.is_nan(), b.0.is_nan());
                let b_wins = if a_nan || b_nan {
                    a_nan && (!b_nan || b.1 < a.1)
                } else {
                    let lt = b.0.re < a.0.re || (b.0.re == a.0.re && b.0.im < a.0.im);
                    lt || (b.0 == a.0 && b.1 < a.1)
                };
                if b_wins {
                    b
                } else {
                    a
                }
            }
            pub fn finish(acc: ($t, i64)) -> i64 {
                if acc.0.is_nan() {
                    -1
                } else {
                    acc.1
                }
            }
        }

        #[doc = concat!("Position of the first maximum of `", stringify!($t), "` elements; a NaN counts as the maximum.")]
        #[reduction]
        pub mod $argmax {
            pub fn map(x: $t, #[index] i: i64) -> ($t, i64) {
                (x, i)
            }
            pub fn combine(a: ($t, i64), b: ($t, i64)) -> ($t, i64) {
                let (a_nan, b_nan) = (a.0.is_nan(), b.0.is_nan());
                let b_wins = if a_nan || b_nan {
                    b_nan && (!a_nan || b.1 < a.1)
                } else {
                    let gt = b.0.re > a.0.re || (b.0.re == a.0.re && b.0.im > a.0.im);
                    gt || (b.0 == a.0 && b.1 < a.1)
                };
                if b_wins {
                    b
                } else {
                    a
                }
            }
            pub fn finish(acc: ($t, i64)) -> i64 {
                acc.1
            }
        }

        #[doc = concat!("Position of the first minimum of `", stringify!($t), "` elements; a NaN counts as the minimum.")]
        #[reduction]
        pub mod $argmin {
            pub fn map(x: $t, #[index] i: i64) -> ($t, i64) {
                (x, i)
            }
            pub fn combine(a: ($t, i64), b: ($t, i64)) -> ($t, i64) {
                let (a_nan, b_nan) = (a.0.is_nan(), b.0.is_nan());
                let b_wins = if a_nan || b_nan {
                    b_nan && (!a_nan || b.1 < a.1)
                } else {
                    let lt = b.0.re < a.0.re || (b.0.re == a.0.re && b.0.im < a.0.im);
                    lt || (b.0 == a.0 && b.1 < a.1)
                };
                if b_wins {
                    b
                } else {
                    a
                }
            }
            pub fn finish(acc: ($t, i64)) -> i64 {
                acc.1
            }
        }
    )*};
}
complex_args! {
    c64: argmax_c64, argmin_c64, nanargmax_c64, nanargmin_c64;
    c128: argmax_c128, argmin_c128, nanargmax_c128, nanargmin_c128;
}

/// Whether any element is negative (how a routine finds the `-1` of an all-NaN slice).
#[reduction]
pub mod any_negative {
    pub fn map(x: i64) -> bool {
        x < 0
    }
    pub fn combine(a: bool, b: bool) -> bool {
        a || b
    }
    pub fn identity() -> bool {
        false
    }
}

/// Position of the first element equal to `m` (a NaN `m` finds the first NaN); `i64::MAX`
/// when there is none. How `argmax` and `argmin` of a whole array on the CPU find the position
/// of the extreme that `max` or `min` found: one-word accumulators, which the CPU fold packs
/// into vector instructions, where the (value, position) pairs of [`argmax`] are not.
#[reduction]
pub mod first_index_of {
    pub fn map<T: Num>(x: T, m: T, #[index] i: i64) -> i64 {
        if (x == m) | ((x != x) & (m != m)) {
            i
        } else {
            i64::MAX
        }
    }
    pub fn combine<T: Num>(a: i64, b: i64) -> i64 {
        if a < b {
            a
        } else {
            b
        }
    }
    pub fn identity<T: Num>() -> i64 {
        i64::MAX
    }
}

/// Position of the first `True` (`0` when there is none): NumPy's `argmax` of `bool`.
#[reduction]
pub mod argmax_bool {
    pub fn map(x: bool, #[index] i: i64) -> (bool, i64) {
        (x, i)
    }
    pub fn combine(a: (bool, i64), b: (bool, i64)) -> (bool, i64) {
        let b_wins = (b.0 && !a.0) || (b.0 == a.0 && b.1 < a.1);
        if b_wins {
            b
        } else {
            a
        }
    }
    pub fn finish(acc: (bool, i64)) -> i64 {
        acc.1
    }
}

/// Position of the first `False` (`0` when there is none): NumPy's `argmin` of `bool`.
#[reduction]
pub mod argmin_bool {
    pub fn map(x: bool, #[index] i: i64) -> (bool, i64) {
        (x, i)
    }
    pub fn combine(a: (bool, i64), b: (bool, i64)) -> (bool, i64) {
        let b_wins = (a.0 && !b.0) || (b.0 == a.0 && b.1 < a.1);
        if b_wins {
            b
        } else {
            a
        }
    }
    pub fn finish(acc: (bool, i64)) -> i64 {
        acc.1
    }
}
