//! Memory layout routines: `ascontiguousarray`, `asfortranarray` and `isfortran`.
//!
//! A layout is F-contiguous when its reversed layout (its transpose) is C-contiguous; arrays
//! of at most one element, and 1-d arrays with unit stride, are both.

use array_runtime::{Array, DType, Result};

/// Whether `a`'s elements lie in Fortran (column-major) order, one after another.
fn is_f_contiguous<T: DType>(a: &Array<T>) -> bool {
    a.t().is_c_contiguous()
}

/// A C-contiguous array of at least one dimension (NumPy's `ascontiguousarray`): `a` itself
/// (sharing its storage) when it already is, else a C-ordered copy made on its device. As
/// NumPy's, a 0-d array becomes shape `[1]`.
///
/// ```
/// use kernels_std::prelude::*;
/// use kernels_std::shape::ascontiguousarray;
/// let dev = Device::cpu();
/// let a = Array::from_vec(&dev, &[2, 3], (0..6).collect::<Vec<i32>>())?;
/// let c = ascontiguousarray(&a.t())?;
/// assert!(c.is_c_contiguous());
/// assert_eq!(c.shape(), &[3, 2]);
/// assert_eq!(c.to_vec()?, vec![0, 3, 1, 4, 2, 5]);
/// assert_eq!(ascontiguousarray(&Array::scalar(&dev, 7i32)?)?.shape(), &[1]);
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn ascontiguousarray<T: DType>(a: &Array<T>) -> Result<Array<T>> {
    let a = if a.ndim() == 0 {
        a.reshape(&[1])?
    } else {
        a.clone()
    };
    a.as_standard_layout()
}

/// A Fortran-contiguous (column-major) array of at least one dimension (NumPy's
/// `asfortranarray`): `a` itself (sharing its storage) when it already is, else an F-ordered
/// copy made on its device. The values and shape are `a`'s; a 0-d array becomes shape `[1]`.
///
/// ```
/// use kernels_std::prelude::*;
/// use kernels_std::shape::{asfortranarray, isfortran};
/// let dev = Device::cpu();
/// let a = Array::from_vec(&dev, &[2, 3], (0..6).collect::<Vec<i32>>())?;
/// let f = asfortranarray(&a)?;
/// assert!(isfortran(&f));
/// assert_eq!(f.shape(), &[2, 3]);
/// assert_eq!(f.strides(), &[1, 2]);
/// assert_eq!(f.to_vec()?, vec![0, 1, 2, 3, 4, 5]);
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn asfortranarray<T: DType>(a: &Array<T>) -> Result<Array<T>> {
    let a = if a.ndim() == 0 {
        a.reshape(&[1])?
    } else {
        a.clone()
    };
    if is_f_contiguous(&a) {
        return Ok(a);
    }
    // A C-ordered copy of the transpose, transposed back, is F-ordered.
    Ok(a.t().as_standard_layout()?.t())
}

/// Whether `a` is Fortran-contiguous and not C-contiguous (NumPy's `isfortran`): `false` for
/// 0-d and 1-d arrays and any array of at most one element, which are both.
///
/// ```
/// use kernels_std::prelude::*;
/// use kernels_std::shape::isfortran;
/// let a = Array::<f64>::zeros(&Device::cpu(), &[2, 3])?;
/// assert!(!isfortran(&a));
/// assert!(isfortran(&a.t()));
/// assert!(!isfortran(&Array::<f64>::zeros(&Device::cpu(), &[3])?));
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn isfortran<T: DType>(a: &Array<T>) -> bool {
    is_f_contiguous(a) && !a.is_c_contiguous()
}
