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

/// `max`, `min`, `nanmax`, `nanmin` and `ptp` of one complex dtype, in NumPy's lexicographic
/// order (real parts, then imaginary parts); a value with a NaN part wins, the earlier of two
/// such (`ptp` is then NaN), except in `nanmax`/`nanmin`, where it loses to any other.
macro_rules! complex_extrema {
    ($($t:ident: $max:ident, $min:ident, $nanmax:ident, $nanmin:ident, $ptp:ident;)*) => {$(
        #[doc = concat!("The largest `", stringify!($t), "` element without a NaN part (NaN when there is none).")]
        #[reduction]
        pub mod $nanmax {
            pub fn map(x: $t) -> $t {
                x
            }
            pub fn combine(a: $t, b: $t) -> $t {
                let ge = a.re > b.re || (a.re == b.re && a.im >= b.im);
                if b.is_nan() || (!a.is_nan() && ge) {
                    a
                } else {
                    b
                }
            }
        }

        #[doc = concat!("The smallest `", stringify!($t), "` element without a NaN part (NaN when there is none).")]
        #[reduction]
        pub mod $nanmin {
            pub fn map(x: $t) -> $t {
                x
            }
            pub fn combine(a: $t, b: $t) -> $t {
                let le = a.re < b.re || (a.re == b.re && a.im <= b.im);
                if b.is_nan() || (!a.is_nan() && le) {
                    a
                } else {
                    b
                }
            }
        }

        #[doc = concat!("The largest `", stringify!($t), "` element; a NaN wins.")]
        #[reduction]
        pub mod $max {
            pub fn map(x: $t) -> $t {
                x
            }
            pub fn combine(a: $t, b: $t) -> $t {
                let ge = a.re > b.re || (a.re == b.re && a.im >= b.im);
                if a.is_nan() || (!b.is_nan() && ge) {
                    a
                } else {
                    b
                }
            }
        }

        #[doc = concat!("The smallest `", stringify!($t), "` element; a NaN wins.")]
        #[reduction]
        pub mod $min {
            pub fn map(x: $t) -> $t {
                x
            }
            pub fn combine(a: $t, b: $t) -> $t {
                let le = a.re < b.re || (a.re == b.re && a.im <= b.im);
                if a.is_nan() || (!b.is_nan() && le) {
                    a
                } else {
                    b
                }
            }
        }

        #[doc = concat!("`max - min` of `", stringify!($t), "` elements in one pass.")]
        #[reduction]
        pub mod $ptp {
            pub fn map(x: $t) -> ($t, $t) {
                (x, x)
            }
            pub fn combine(a: ($t, $t), b: ($t, $t)) -> ($t, $t) {
                let le = a.0.re < b.0.re || (a.0.re == b.0.re && a.0.im <= b.0.im);
                let lo = if a.0.is_nan() || (!b.0.is_nan() && le) { a.0 } else { b.0 };
                let ge = a.1.re > b.1.re || (a.1.re == b.1.re && a.1.im >= b.1.im);
                let hi = if a.1.is_nan() || (!b.1.is_nan() && ge) { a.1 } else { b.1 };
                (lo, hi)
            }
            pub fn finish(acc: ($t, $t)) -> $t {
                acc.1 - acc.0
            }
        }
    )*};
}
complex_extrema! {
    c64: max_c64, min_c64, nanmax_c64, nanmin_c64, ptp_c64;
    c128: max_c128, min_c128, nanmax_c128, nanmin_c128, ptp_c128;
}

/// The largest boolean (`True` when any is): NumPy's `max` and `nanmax` of `bool`. No
/// identity: reducing an empty axis is an error, as in NumPy.
#[reduction]
pub mod max_bool {
    pub fn map(x: bool) -> bool {
        x
    }
    pub fn combine(a: bool, b: bool) -> bool {
        a || b
    }
}

/// The smallest boolean (`False` when any is): NumPy's `min` and `nanmin` of `bool`.
#[reduction]
pub mod min_bool {
    pub fn map(x: bool) -> bool {
        x
    }
    pub fn combine(a: bool, b: bool) -> bool {
        a && b
    }
}
