//! Copies and fills that stay on the array's device: one generic identity kernel, written with
//! the runtime's own macro, copies a view into new contiguous storage (`Array::copy`,
//! `Array::as_standard_layout`) or into a mutable view (`ArrayViewMut::assign`) and fills an
//! array with a scalar (`Array::full` on a GPU). On the CPU, contiguous copies and fills are
//! plain memory operations instead. Crates above the runtime use these methods rather than
//! kernels of their own; [`identity_kernel`](mod@identity_kernel)'s `DEF` is public for their NVRTC checks and
//! output allocation plans.

use kernel_macros::elementwise;

use crate::kernel::elementwise::Operand;
use crate::{Array, ArrayViewMut, DType, DTypeId, Error, Result};

/// `x` unchanged: with an array operand a copy, with a scalar operand a fill.
#[elementwise]
pub fn identity_kernel<T: DType>(x: T) -> T {
    x
}

/// The identity kernel of `dtype` as an expression node (an expression that is only an array
/// is evaluated by it).
pub(crate) fn identity_node(dtype: DTypeId) -> Result<crate::expr::KernelNode> {
    use crate::dtype::{bf16, c128, c64, f16};
    Ok(match dtype {
        DTypeId::Bool => identity_kernel::node::<bool>(),
        DTypeId::I8 => identity_kernel::node::<i8>(),
        DTypeId::I16 => identity_kernel::node::<i16>(),
        DTypeId::I32 => identity_kernel::node::<i32>(),
        DTypeId::I64 => identity_kernel::node::<i64>(),
        DTypeId::U8 => identity_kernel::node::<u8>(),
        DTypeId::U16 => identity_kernel::node::<u16>(),
        DTypeId::U32 => identity_kernel::node::<u32>(),
        DTypeId::U64 => identity_kernel::node::<u64>(),
        DTypeId::F16 => identity_kernel::node::<f16>(),
        DTypeId::BF16 => identity_kernel::node::<bf16>(),
        DTypeId::F32 => identity_kernel::node::<f32>(),
        DTypeId::F64 => identity_kernel::node::<f64>(),
        DTypeId::C64 => identity_kernel::node::<c64>(),
        DTypeId::C128 => identity_kernel::node::<c128>(),
        #[allow(unreachable_patterns)]
        other => {
            return Err(Error::invalid(format!(
                "no identity kernel for dtype {other}"
            )))
        }
    })
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
    /// This array when it is C-contiguous (a clone sharing its storage), else a C-contiguous
    /// copy made on its device (ndarray's `as_standard_layout`).
    ///
    /// ```
    /// use array_runtime::{Array, Device};
    /// let a = Array::from_vec(&Device::cpu(), &[2, 2], vec![1, 2, 3, 4])?;
    /// let t = a.t().as_standard_layout()?;
    /// assert!(t.is_c_contiguous());
    /// assert_eq!(t.to_vec()?, vec![1, 3, 2, 4]);
    /// # Ok::<(), array_runtime::Error>(())
    /// ```
    pub fn as_standard_layout(&self) -> Result<Array<T>> {
        if self.is_c_contiguous() {
            Ok(self.clone())
        } else {
            copy_on_device(self)
        }
    }
}
