//! [`AsArray`]: what routines that need an operand's elements (a matrix product, a file)
//! take, so that an expression passes wherever an array does.

use std::borrow::Cow;

use crate::array::Array;
use crate::dtype::DType;
use crate::error::Result;

use super::Expr;

/// An array, or an expression evaluated into one (one fused kernel) when a routine needs its
/// elements. Implemented for [`Array`], [`Expr`] and references to either.
///
/// ```
/// use array_runtime::{Array, AsArray, Device};
/// let a = Array::from_vec(&Device::cpu(), &[2], vec![1.0f32, 2.0])?;
/// assert_eq!((&a).as_array()?.to_vec()?, vec![1.0, 2.0]); // borrowed, no copy
/// assert_eq!((&a * 3.0).as_array()?.to_vec()?, vec![3.0, 6.0]); // evaluated
/// # Ok::<(), array_runtime::Error>(())
/// ```
pub trait AsArray<T: DType> {
    /// The array itself, or the expression's value.
    fn as_array(&self) -> Result<Cow<'_, Array<T>>>;
}

impl<T: DType> AsArray<T> for Array<T> {
    fn as_array(&self) -> Result<Cow<'_, Array<T>>> {
        Ok(Cow::Borrowed(self))
    }
}

impl<T: DType> AsArray<T> for Expr<T> {
    fn as_array(&self) -> Result<Cow<'_, Array<T>>> {
        self.eval().map(Cow::Owned)
    }
}

impl<T: DType, A: AsArray<T> + ?Sized> AsArray<T> for &A {
    fn as_array(&self) -> Result<Cow<'_, Array<T>>> {
        (**self).as_array()
    }
}
