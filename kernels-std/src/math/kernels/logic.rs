//! Logic on truth values (NumPy's: nonzero is true, NaN too) and `where`.

use crate::prelude::*;

/// NumPy's `logical_and`: both operands nonzero.
#[elementwise]
pub fn logical_and<T: DType>(x: T, y: T) -> bool {
    x.cast::<bool>() && y.cast::<bool>()
}

/// NumPy's `logical_or`: either operand nonzero.
#[elementwise]
pub fn logical_or<T: DType>(x: T, y: T) -> bool {
    x.cast::<bool>() || y.cast::<bool>()
}

/// NumPy's `logical_xor`: exactly one operand nonzero.
#[elementwise]
pub fn logical_xor<T: DType>(x: T, y: T) -> bool {
    x.cast::<bool>() != y.cast::<bool>()
}

/// NumPy's `logical_not`: the operand is zero.
#[elementwise]
pub fn logical_not<T: DType>(x: T) -> bool {
    !x.cast::<bool>()
}

/// NumPy's three-argument `where`: `x` where `cond`, else `y`.
#[elementwise]
pub fn where_<T: DType>(cond: bool, x: T, y: T) -> T {
    if cond {
        x
    } else {
        y
    }
}

/// NumPy's three-argument `where` for a condition of any dtype: `x` where `cond` is nonzero
/// (NaN is nonzero; a complex number when either part is), else `y`.
#[elementwise]
pub fn where_nonzero<C: DType, T: DType>(cond: C, x: T, y: T) -> T {
    if cond.cast::<bool>() {
        x
    } else {
        y
    }
}
