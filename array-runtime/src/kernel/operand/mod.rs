//! What an operand is, as the backends see it: an array's bytes (host or device), layout and
//! dtype, or a scalar's bytes ([`ErasedOperand`]); an output to write ([`ErasedOutput`]); a raw
//! kernel's argument ([`Arg`](raw_arg::Arg)); a reduction's input, which may be a fused
//! expression (`reduce_input`). Above the arrays and devices, below both backends: the typed
//! calls ([`kernel::elementwise`](crate::kernel::elementwise) and its siblings) make these, the
//! backends read them.

pub mod raw_arg;
pub(crate) mod reduce_input;

use std::sync::Arc;

use crate::array::{Array, ArrayViewMut, Storage};
use crate::cuda::CudaDevice;
use crate::device::Device;
use crate::dtype::{DType, DTypeId};
use crate::error::Result;
use crate::raw;
use crate::shape::Layout;

/// An operand with its dtype erased.
#[derive(Clone, Copy, Debug)]
pub struct ErasedOperand<'a> {
    pub(crate) dtype: DTypeId,
    pub(crate) data: OperandData<'a>,
}

#[derive(Clone, Copy, Debug)]
pub(crate) enum OperandData<'a> {
    Scalar([u8; 16]),
    /// A lazy expression that was not evaluated: refused by every plan.
    Unevaluated,
    Host {
        bytes: &'a [u8],
        layout: &'a Layout,
    },
    Cuda {
        bytes: &'a crate::cuda::DeviceMem,
        device: &'a Arc<CudaDevice>,
        layout: &'a Layout,
    },
}

impl ErasedOperand<'_> {
    /// The operand's dtype.
    ///
    /// ```
    /// use array_runtime::{DTypeId, IntoOperand};
    /// assert_eq!(IntoOperand::<f32>::into_operand(1.0f32).erase().dtype(), DTypeId::F32);
    /// ```
    pub fn dtype(&self) -> DTypeId {
        self.dtype
    }

    pub(crate) fn layout(&self) -> Option<&Layout> {
        match &self.data {
            OperandData::Scalar(_) | OperandData::Unevaluated => None,
            OperandData::Host { layout, .. } | OperandData::Cuda { layout, .. } => Some(layout),
        }
    }

    pub(crate) fn device(&self) -> Option<Device> {
        match &self.data {
            OperandData::Scalar(_) | OperandData::Unevaluated => None,
            OperandData::Host { .. } => Some(Device::Cpu),
            OperandData::Cuda { device, .. } => Some(Device::Cuda((*device).clone())),
        }
    }
}

/// The untyped view of an array.
pub(crate) fn erase_array<T: DType>(a: &Array<T>) -> OperandData<'_> {
    match &a.storage {
        Storage::Host(v) => OperandData::Host {
            bytes: raw::as_bytes(v),
            layout: &a.layout,
        },
        Storage::Cuda(b, d) => OperandData::Cuda {
            bytes: b.bytes(),
            device: d,
            layout: &a.layout,
        },
    }
}

/// An output view with its dtype erased.
#[derive(Debug)]
pub struct ErasedOutput<'a> {
    pub(crate) dtype: DTypeId,
    pub(crate) layout: Layout,
    pub(crate) data: OutputData<'a>,
}

#[derive(Debug)]
pub(crate) enum OutputData<'a> {
    Host(&'a mut [u8]),
    Cuda {
        bytes: &'a mut crate::cuda::DeviceMem,
        device: Arc<CudaDevice>,
    },
}

impl<'a, T: DType> ArrayViewMut<'a, T> {
    /// The untyped view the plan writes into.
    pub fn erase(self) -> ErasedOutput<'a> {
        let data = match self.storage {
            Storage::Host(v) => {
                // The storage was made unique when the view was taken.
                let v = Arc::get_mut(v).expect("a mutable view owns its storage");
                OutputData::Host(raw::as_bytes_mut(v))
            }
            Storage::Cuda(b, d) => {
                let b = Arc::get_mut(b).expect("a mutable view owns its storage");
                OutputData::Cuda {
                    bytes: b.bytes_mut(),
                    device: d.clone(),
                }
            }
        };
        ErasedOutput {
            dtype: T::ID,
            layout: self.layout,
            data,
        }
    }
}

/// Anything a kernel can write its result into: `&mut Array<T>` or an [`ArrayViewMut`].
pub trait IntoOutput<'a, T: DType> {
    /// The mutable view written.
    fn into_output(self) -> Result<ArrayViewMut<'a, T>>;
}

impl<'a, T: DType> IntoOutput<'a, T> for &'a mut Array<T> {
    fn into_output(self) -> Result<ArrayViewMut<'a, T>> {
        self.view_mut()
    }
}

impl<'a, T: DType> IntoOutput<'a, T> for ArrayViewMut<'a, T> {
    fn into_output(self) -> Result<ArrayViewMut<'a, T>> {
        Ok(self)
    }
}

impl<'a, 'b: 'a, T: DType> IntoOutput<'a, T> for &'a mut ArrayViewMut<'b, T> {
    fn into_output(self) -> Result<ArrayViewMut<'a, T>> {
        Ok(self.reborrow())
    }
}
