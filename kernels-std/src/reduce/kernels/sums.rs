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
