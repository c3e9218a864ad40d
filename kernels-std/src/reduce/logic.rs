//! `any`, `all`, `count_nonzero`.

use array_runtime::kernel::reduction::ReduceCall;
use array_runtime::{Array, DType};

use super::kernels;

/// The call [`any`] returns: choose axes, then `.run()`.
pub type Any<'a, T> = ReduceCall<'a, kernels::any::Kernel<T>>;
/// The call [`all`] returns.
pub type All<'a, T> = ReduceCall<'a, kernels::all::Kernel<T>>;
/// The call [`count_nonzero`] returns.
pub type CountNonzero<'a, T> = ReduceCall<'a, kernels::count_nonzero::Kernel<T>>;

/// NumPy's `any`: whether some element is true (not zero; NaN is true; a complex number is
/// true when either part is); `false` over an empty axis. Every dtype.
///
/// ```
/// use kernels_std::prelude::*;
/// use kernels_std::reduce::any;
/// let a = Array::from_vec(&Device::cpu(), &[2, 2], vec![0.0, f64::NAN, 0.0, -0.0])?;
/// assert_eq!(any(&a).axis(1).run()?.to_vec()?, vec![true, false]);
/// let z = Array::from_vec(&Device::cpu(), &[2], vec![c64::new(-0.0, 0.0), c64::new(0.0, 2.0)])?;
/// assert!(any(&z).axis(0).run()?.item()?);
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn any<T: DType>(a: &Array<T>) -> Any<'_, T> {
    kernels::any(a)
}

/// NumPy's `all`: whether every element is true; `true` over an empty axis.
///
/// ```
/// use kernels_std::prelude::*;
/// use kernels_std::reduce::all;
/// let a = Array::from_vec(&Device::cpu(), &[2, 2], vec![1u8, 2, 0, 3])?;
/// assert_eq!(all(&a).axis(1).run()?.to_vec()?, vec![true, false]);
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn all<T: DType>(a: &Array<T>) -> All<'_, T> {
    kernels::all(a)
}

/// NumPy's `count_nonzero`: the number of true elements (as [`any`] counts them), as `i64`.
///
/// ```
/// use kernels_std::prelude::*;
/// use kernels_std::reduce::count_nonzero;
/// let a = Array::from_vec(&Device::cpu(), &[2, 3], vec![true, false, true, true, true, false])?;
/// assert_eq!(count_nonzero(&a).axis(0).run()?.to_vec()?, vec![2, 1, 1]);
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn count_nonzero<T: DType>(a: &Array<T>) -> CountNonzero<'_, T> {
    kernels::count_nonzero(a)
}
