//! NumPy's elementwise predicates beyond `isnan`/`isinf`/`isfinite`: `isposinf`, `isneginf`
//! (real dtypes), `iscomplex`, `isreal` (every dtype). `iscomplexobj` and `isrealobj` ask about
//! the dtype, not the values: they are in [`crate::dtype_routines`].

use crate::math::kernels;
use crate::prelude::*;
use array_runtime::IntoOperand;

/// Real dtypes, with NumPy's `isposinf` and `isneginf` (integers and `bool` are never
/// infinite; NumPy raises for complex numbers).
pub trait InfSign: DType {
    /// See [`isposinf`].
    fn isposinf<'a>(x: impl IntoOperand<'a, Self>) -> Result<Array<bool>>;
    /// See [`isneginf`].
    fn isneginf<'a>(x: impl IntoOperand<'a, Self>) -> Result<Array<bool>>;
}

/// Every dtype, with NumPy's `iscomplex` and `isreal` (of the values: a complex number with a
/// zero imaginary part is real).
pub trait RealValues: DType {
    /// See [`iscomplex`].
    fn iscomplex<'a>(x: impl IntoOperand<'a, Self>) -> Result<Array<bool>>;
    /// See [`isreal`].
    fn isreal<'a>(x: impl IntoOperand<'a, Self>) -> Result<Array<bool>>;
}

macro_rules! real_predicates {
    (float: $($f:ty),*; other: $($t:ty),*) => {
        $(impl InfSign for $f {
            fn isposinf<'a>(x: impl IntoOperand<'a, Self>) -> Result<Array<bool>> {
                kernels::isposinf::<$f>(x)
            }
            fn isneginf<'a>(x: impl IntoOperand<'a, Self>) -> Result<Array<bool>> {
                kernels::isneginf::<$f>(x)
            }
        })*
        $(impl InfSign for $t {
            fn isposinf<'a>(x: impl IntoOperand<'a, Self>) -> Result<Array<bool>> {
                kernels::all_false::<$t>(x)
            }
            fn isneginf<'a>(x: impl IntoOperand<'a, Self>) -> Result<Array<bool>> {
                kernels::all_false::<$t>(x)
            }
        })*
        $(impl RealValues for $f {
            fn iscomplex<'a>(x: impl IntoOperand<'a, Self>) -> Result<Array<bool>> {
                kernels::all_false::<$f>(x)
            }
            fn isreal<'a>(x: impl IntoOperand<'a, Self>) -> Result<Array<bool>> {
                kernels::all_true::<$f>(x)
            }
        })*
        $(impl RealValues for $t {
            fn iscomplex<'a>(x: impl IntoOperand<'a, Self>) -> Result<Array<bool>> {
                kernels::all_false::<$t>(x)
            }
            fn isreal<'a>(x: impl IntoOperand<'a, Self>) -> Result<Array<bool>> {
                kernels::all_true::<$t>(x)
            }
        })*
    };
}
real_predicates!(float: f16, bf16, f32, f64; other: bool, i8, i16, i32, i64, u8, u16, u32, u64);

macro_rules! complex_predicates {
    ($($t:ty: $iscomplex:ident, $isreal:ident;)*) => {$(
        impl RealValues for $t {
            fn iscomplex<'a>(x: impl IntoOperand<'a, Self>) -> Result<Array<bool>> {
                kernels::$iscomplex(x)
            }
            fn isreal<'a>(x: impl IntoOperand<'a, Self>) -> Result<Array<bool>> {
                kernels::$isreal(x)
            }
        }
    )*};
}
complex_predicates! {
    c64: iscomplex_c64, isreal_c64;
    c128: iscomplex_c128, isreal_c128;
}

/// Whether `x` is `+inf` (NumPy's `isposinf`); integers and `bool` never are.
///
/// ```
/// use kernels_std::{math, Array, Device};
/// let x = Array::from_vec(&Device::cpu(), &[3], vec![f32::INFINITY, -f32::INFINITY, f32::NAN])?;
/// assert_eq!(math::isposinf(&x)?.to_vec()?, vec![true, false, false]);
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn isposinf<'a, T: InfSign>(x: impl IntoOperand<'a, T>) -> Result<Array<bool>> {
    T::isposinf(x)
}

/// Whether `x` is `-inf` (NumPy's `isneginf`); integers and `bool` never are.
///
/// ```
/// use kernels_std::{math, Array, Device};
/// let x = Array::from_vec(&Device::cpu(), &[3], vec![f64::INFINITY, -f64::INFINITY, -0.0])?;
/// assert_eq!(math::isneginf(&x)?.to_vec()?, vec![false, true, false]);
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn isneginf<'a, T: InfSign>(x: impl IntoOperand<'a, T>) -> Result<Array<bool>> {
    T::isneginf(x)
}

/// Whether `x` has a non-zero imaginary part (NumPy's `iscomplex`: a NaN imaginary part
/// counts); false for every element of a real dtype.
///
/// ```
/// use kernels_std::{c64, math, Array, Device};
/// let z = Array::from_vec(&Device::cpu(), &[3], vec![c64::new(1.0, 0.0), c64::new(0.0, 2.0), c64::new(0.0, -0.0)])?;
/// assert_eq!(math::iscomplex(&z)?.to_vec()?, vec![false, true, false]);
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn iscomplex<'a, T: RealValues>(x: impl IntoOperand<'a, T>) -> Result<Array<bool>> {
    T::iscomplex(x)
}

/// Whether `x` has a zero imaginary part (NumPy's `isreal`); true for every element of a real
/// dtype.
///
/// ```
/// use kernels_std::{c128, math, Array, Device};
/// let z = Array::from_vec(&Device::cpu(), &[2], vec![c128::new(1.0, 0.0), c128::new(0.0, 2.0)])?;
/// assert_eq!(math::isreal(&z)?.to_vec()?, vec![true, false]);
/// let x = Array::from_vec(&Device::cpu(), &[1], vec![f32::NAN])?;
/// assert_eq!(math::isreal(&x)?.to_vec()?, vec![true]);
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn isreal<'a, T: RealValues>(x: impl IntoOperand<'a, T>) -> Result<Array<bool>> {
    T::isreal(x)
}
