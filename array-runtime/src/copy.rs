//! Copies and fills that stay on the array's device: one generic identity kernel, written with
//! the runtime's own macro, copies a view into new contiguous storage (`Array::copy`,
//! `Array::as_standard_layout`) or into a mutable view (`ArrayViewMut::assign`) and fills an
//! array with a scalar (`Array::full` on a GPU). On the CPU, contiguous copies and fills are
//! plain memory operations instead. Crates above the runtime use these methods rather than
//! kernels of their own; [`identity_kernel`](mod@identity_kernel)'s `DEF` is public for their NVRTC checks and
//! output allocation plans.

use kernel_macros::elementwise;

use crate::array::{gather_host, Storage};
use crate::cpu::pool::HostBuffer;
use crate::device::Device;
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

/// Constructors that fill, and the copies: in this module, above the kernels they run, so
/// that [`array`](crate::array) needs no kernel.
impl<T: DType> Array<T> {
    /// An array of `shape` filled with `value`.
    pub fn full(device: &Device, shape: &[usize], value: T) -> Result<Self> {
        let n = Self::checked_len(shape)?;
        match device {
            Device::Cpu => Ok(Self::host(HostBuffer::full(n, value)?, shape)),
            Device::Cuda(_) => {
                let mut a = Self::for_overwrite(device, shape)?;
                fill(&mut a.view_mut()?, value)?;
                Ok(a)
            }
        }
    }
    /// An array of `shape` filled with zeros (`T::default()`: 0, 0.0, false).
    ///
    /// ```
    /// use array_runtime::{Array, Device};
    /// let z = Array::<u8>::zeros(&Device::cpu(), &[3])?;
    /// assert_eq!(z.to_vec()?, vec![0, 0, 0]);
    /// # Ok::<(), array_runtime::Error>(())
    /// ```
    pub fn zeros(device: &Device, shape: &[usize]) -> Result<Self> {
        match device {
            Device::Cpu => Ok(Self::host(
                HostBuffer::zeros(Self::checked_len(shape)?)?,
                shape,
            )),
            Device::Cuda(_) => Self::full(device, shape, T::default()),
        }
    }
    /// The elements in C order, copied to the host (synchronizes a GPU).
    pub fn to_vec(&self) -> Result<Vec<T>> {
        match &self.storage {
            Storage::Host(v) => gather_host(v, &self.layout),
            Storage::Cuda(b, d) if self.is_c_contiguous() => {
                d.dtoh_range(b, self.layout.offset, self.len())
            }
            // A view with gaps: made contiguous on the device first, so only its elements
            // cross the bus.
            Storage::Cuda(..) => copy_on_device(self)?.to_vec(),
        }
    }
    /// The only element of a one-element array (any number of dimensions); see
    /// [`Array::get`] for one element of any array.
    pub fn item(&self) -> Result<T> {
        if self.len() != 1 {
            return Err(Error::invalid(format!(
                "item() needs an array of one element, this one has shape {:?}",
                self.shape()
            )));
        }
        Ok(self.to_vec()?[0])
    }
    /// A copy of the array on `device` (C-contiguous). Same device: a contiguous copy.
    ///
    /// ```
    /// use array_runtime::{Array, Device};
    /// let a = Array::from_vec(&Device::cpu(), &[2], vec![1u16, 2])?;
    /// let b = a.to_device(&Device::default())?;   // a GPU when there is one
    /// assert_eq!(b.to_vec()?, vec![1, 2]);
    /// # Ok::<(), array_runtime::Error>(())
    /// ```
    pub fn to_device(&self, device: &Device) -> Result<Array<T>> {
        if device.same(&self.device()) {
            return self.copy();
        }
        Array::from_vec(device, self.shape(), self.to_vec()?)
    }
    /// A C-contiguous copy with storage of its own.
    pub fn copy(&self) -> Result<Array<T>> {
        match &self.storage {
            Storage::Host(v) if self.is_c_contiguous() => {
                let (start, n) = (self.layout.offset, self.len());
                let buf = HostBuffer::from_slice(if n == 0 { &[] } else { &v[start..start + n] })?;
                Ok(Self::host(buf, self.shape()))
            }
            _ => copy_on_device(self),
        }
    }
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
