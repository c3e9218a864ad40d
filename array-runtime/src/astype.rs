//! `Array::astype`: a new array of another dtype, converted element by element with the rules
//! of [`DType::cast`](crate::DType::cast) (module [`cast`](crate::cast)), by one generic
//! elementwise kernel written with the runtime's own macro.

use kernel_macros::elementwise;

use crate::{Array, ArrayViewMut, DType, Result};

/// The conversion of one element: instantiated for each (source, target) pair at run time.
#[elementwise]
pub(crate) fn astype_kernel<A: DType, B: DType>(x: A) -> B {
    x.cast::<B>()
}

impl<T: DType> Array<T> {
    /// A copy of this array with elements of dtype `U` (NumPy's `a.astype(U)`), on the same
    /// device, in C order. The conversions are those of [`DType::cast`]: integers wrap, floats
    /// round to nearest once, float -> integer truncates and saturates (NaN gives 0), anything
    /// -> `bool` is `!= 0`, complex -> real keeps the real part.
    ///
    /// ```
    /// use array_runtime::{Array, Device, f16};
    /// let a = Array::from_vec(&Device::cpu(), &[4], vec![-1.5f64, 0.0, 2.7, 300.0])?;
    /// assert_eq!(a.astype::<u8>()?.to_vec()?, vec![0, 0, 2, 255]);
    /// assert_eq!(a.astype::<bool>()?.to_vec()?, vec![true, false, true, true]);
    /// assert_eq!(a.astype::<f16>()?.to_vec()?[2], f16::from_f64(2.7));
    /// # Ok::<(), array_runtime::Error>(())
    /// ```
    pub fn astype<U: DType>(&self) -> Result<Array<U>> {
        astype_kernel::<T, U>(self)
    }

    /// Converts this array's elements into an existing array or mutable view of dtype `U`
    /// (NumPy's `np.copyto(out, a, casting="unsafe")`), broadcasting this array to `out`'s
    /// shape.
    ///
    /// ```
    /// use array_runtime::{Array, Device};
    /// let dev = Device::cpu();
    /// let a = Array::from_vec(&dev, &[3], vec![1i32, -2, 3])?;
    /// let mut out = Array::<f32>::zeros(&dev, &[2, 3])?;
    /// a.astype_into(&mut out.view_mut()?)?;
    /// assert_eq!(out.to_vec()?, vec![1.0, -2.0, 3.0, 1.0, -2.0, 3.0]);
    /// # Ok::<(), array_runtime::Error>(())
    /// ```
    pub fn astype_into<U: DType>(&self, out: &mut ArrayViewMut<'_, U>) -> Result<()> {
        astype_kernel::into::<T, U>(self, out)
    }
}
