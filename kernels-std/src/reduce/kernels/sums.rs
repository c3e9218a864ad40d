//! `sum`, `prod`, `nansum`, `nanprod`: elements converted to the accumulator dtype `A` (NumPy's:
//! `i64`/`u64` for narrow integers and `bool`, `f32` for the half types), combined, and the
//! total converted to the result dtype `O`. Integers wrap in the accumulator, as in NumPy.

#![allow(clippy::eq_op)]

use crate::prelude::*;

/// The sum (`0` for an empty axis).
#[reduction]
pub mod sum {
    pub fn map<T: DType, A: Num, O: DType>(x: T) -> A {
        x.cast::<A>()
    }
    pub fn combine<T: DType, A: Num, O: DType>(a: A, b: A) -> A {
        a + b
    }
    pub fn identity<T: DType, A: Num, O: DType>() -> A {
        false.cast::<A>()
    }
    pub fn finish<T: DType, A: Num, O: DType>(acc: A) -> O {
        acc.cast::<O>()
    }
}

/// The product (`1` for an empty axis).
#[reduction]
pub mod prod {
    pub fn map<T: DType, A: Num, O: DType>(x: T) -> A {
        x.cast::<A>()
    }
    pub fn combine<T: DType, A: Num, O: DType>(a: A, b: A) -> A {
        a * b
    }
    pub fn identity<T: DType, A: Num, O: DType>() -> A {
        true.cast::<A>()
    }
    pub fn finish<T: DType, A: Num, O: DType>(acc: A) -> O {
        acc.cast::<O>()
    }
}

/// The sum of the elements that are not NaN (`x != x` is false for every integer).
#[reduction]
pub mod nansum {
    pub fn map<T: DType, A: Num, O: DType>(x: T) -> A {
        if x != x {
            false.cast::<A>()
        } else {
            x.cast::<A>()
        }
    }
    pub fn combine<T: DType, A: Num, O: DType>(a: A, b: A) -> A {
        a + b
    }
    pub fn identity<T: DType, A: Num, O: DType>() -> A {
        false.cast::<A>()
    }
    pub fn finish<T: DType, A: Num, O: DType>(acc: A) -> O {
        acc.cast::<O>()
    }
}

/// The product of the elements that are not NaN.
#[reduction]
pub mod nanprod {
    pub fn map<T: DType, A: Num, O: DType>(x: T) -> A {
        if x != x {
            true.cast::<A>()
        } else {
            x.cast::<A>()
        }
    }
    pub fn combine<T: DType, A: Num, O: DType>(a: A, b: A) -> A {
        a * b
    }
    pub fn identity<T: DType, A: Num, O: DType>() -> A {
        true.cast::<A>()
    }
    pub fn finish<T: DType, A: Num, O: DType>(acc: A) -> O {
        acc.cast::<O>()
    }
}

/// `sum`, `prod`, `nansum`, `nanprod` of one complex dtype (the generic kernels above need
/// ordered numbers): written once here, stamped for `c64` and `c128`.
macro_rules! complex_sums {
    ($t:ident: $sum:ident, $prod:ident, $nansum:ident, $nanprod:ident) => {
        /// The complex sum (`0` for an empty axis).
        #[reduction]
        pub mod $sum {
            pub fn map(x: $t) -> $t {
                x
            }
            pub fn combine(a: $t, b: $t) -> $t {
                a + b
            }
            pub fn identity() -> $t {
                false.cast::<$t>()
            }
        }

        /// The complex product (`1` for an empty axis).
        #[reduction]
        pub mod $prod {
            pub fn map(x: $t) -> $t {
                x
            }
            pub fn combine(a: $t, b: $t) -> $t {
                a * b
            }
            pub fn identity() -> $t {
                true.cast::<$t>()
            }
        }

        /// The complex sum of the elements that are not NaN (in either part).
        #[reduction]
        pub mod $nansum {
            pub fn map(x: $t) -> $t {
                if x != x {
                    false.cast::<$t>()
                } else {
                    x
                }
            }
            pub fn combine(a: $t, b: $t) -> $t {
                a + b
            }
            pub fn identity() -> $t {
                false.cast::<$t>()
            }
        }

        /// The complex product of the elements that are not NaN (in either part).
        #[reduction]
        pub mod $nanprod {
            pub fn map(x: $t) -> $t {
                if x != x {
                    true.cast::<$t>()
                } else {
                    x
                }
            }
            pub fn combine(a: $t, b: $t) -> $t {
                a * b
            }
            pub fn identity() -> $t {
                true.cast::<$t>()
            }
        }
    };
}
complex_sums!(c64: sum_c64, prod_c64, nansum_c64, nanprod_c64);
complex_sums!(c128: sum_c128, prod_c128, nansum_c128, nanprod_c128);
