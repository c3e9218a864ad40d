//! Copies and fills that stay on the array's device: one generic identity kernel, written with
//! the runtime's own macro, copies a view into new contiguous storage (or into a mutable view)
//! and fills an array with a scalar. On the CPU, contiguous copies and fills are plain memory
//! operations instead (`Array::copy`, `Array::full`).

use kernel_macros::elementwise;

use crate::kernel::elementwise::Operand;
use crate::{Array, ArrayViewMut, DType, Result};

/// `x` unchanged: with an array operand a copy, with a scalar operand a fill.
#[elementwise]
pub(crate) fn identity_kernel<T: DType>(x: T) -> T {
    x
}

/// A C-contiguous copy of `a` made on its device by a kernel.
pub(crate) fn copy_on_device<T: DType>(a: &Array<T>) -> Result<Array<T>> {
    identity_kernel::<T>(a)
}

/// Writes `value` into every element of `out`, on its device.
pub(crate) fn fill<T: DType>(out: &mut ArrayViewMut<'_, T>, value: T) -> Result<()> {
    identity_kernel::into::<T>(Operand::Scalar(value), out)
}

impl<T: DType> Array<T> {
    /// Copies `src` (broadcast to this array's shape) into this array, on its device (NumPy's
    /// `a[...] = src`). The storage is made unique to this array first, as every write is.
    ///
    /// ```
    /// use array_runtime::{s, Array, Device};
    /// let dev = Device::cpu();
    /// let mut a = Array::<i32>::zeros(&dev, &[2, 3])?;
    /// let row = Array::from_vec(&dev, &[3], vec![1, 2, 3])?;
    /// a.assign(&row)?;
    /// assert_eq!(a.to_vec()?, vec![1, 2, 3, 1, 2, 3]);
    /// # Ok::<(), array_runtime::Error>(())
    /// ```
    pub fn assign(&mut self, src: &Array<T>) -> Result<()> {
        identity_kernel::into::<T>(src, &mut self.view_mut()?)
    }
}
