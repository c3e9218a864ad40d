//! A raw kernel's argument ([`Arg`]): an array as a slice or a mutable slice, or a scalar.
//! Re-exported as [`kernel::raw::Arg`](crate::kernel::raw::Arg).

use std::fmt;
use std::sync::Arc;

use crate::array::{Array, Storage};
use crate::cuda::{CudaDevice, DeviceMem};
use crate::device::Device;
use crate::dtype::{DType, DTypeId};
use crate::kernel::operand::{IntoOutput, OutputData};
use crate::raw;

/// One argument of a raw launch: an array as a slice (`&[T]`), an array as a mutable slice
/// (`&mut [T]`), or a scalar.
///
/// Slices need C-contiguous arrays (a view with an offset is fine); anything else is reported
/// by the launch, naming the kernel and the parameter.
///
/// ```
/// use array_runtime::kernel::raw::Arg;
/// use array_runtime::{Array, Device};
/// let dev = Device::cpu();
/// let x = Array::from_vec(&dev, &[2, 2], vec![1.0f32, 2.0, 3.0, 4.0])?;
/// let mut y = Array::<f32>::zeros(&dev, &[4])?;
/// let args = [Arg::slice(&x), Arg::slice_mut(&mut y), Arg::scalar(3u32)];
/// assert_eq!(format!("{:?}", args[2]), "Arg::scalar(u32)");
/// # Ok::<(), array_runtime::Error>(())
/// ```
pub struct Arg<'a> {
    pub(crate) dtype: DTypeId,
    pub(crate) data: ArgData<'a>,
}

pub(crate) enum ArgData<'a> {
    Scalar([u8; 16]),
    HostRead(&'a [u8]),
    HostWrite(&'a mut [u8]),
    CudaRead {
        bytes: &'a DeviceMem,
        /// Byte offset of the first element.
        offset: usize,
        /// Elements.
        len: usize,
        device: Arc<CudaDevice>,
    },
    CudaWrite {
        bytes: &'a mut DeviceMem,
        offset: usize,
        len: usize,
        device: Arc<CudaDevice>,
    },
    /// An argument that cannot be passed; the message is reported by the launch.
    Invalid {
        message: String,
    },
}

impl fmt::Debug for Arg<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let d = self.dtype;
        match &self.data {
            ArgData::Scalar(_) => write!(f, "Arg::scalar({d})"),
            ArgData::HostRead(b) => write!(f, "Arg::slice(&[{d}; {}] on cpu)", b.len() / d.size()),
            ArgData::HostWrite(b) => {
                write!(
                    f,
                    "Arg::slice_mut(&mut [{d}; {}] on cpu)",
                    b.len() / d.size()
                )
            }
            ArgData::CudaRead { len, device, .. } => {
                write!(f, "Arg::slice(&[{d}; {len}] on {})", device.label())
            }
            ArgData::CudaWrite { len, device, .. } => {
                write!(f, "Arg::slice_mut(&mut [{d}; {len}] on {})", device.label())
            }
            ArgData::Invalid { message, .. } => write!(f, "Arg::invalid({d}: {message})"),
        }
    }
}

fn not_contiguous(shape: &[usize], strides: &[isize]) -> String {
    format!(
        "an array of shape {shape:?} with strides {strides:?} is not C-contiguous; raw kernels \
         take contiguous arrays (make one with `.copy()`)"
    )
}

impl<'a> Arg<'a> {
    /// `array` as a `&[T]` parameter (C-contiguous).
    pub fn slice<T: DType>(array: &'a Array<T>) -> Self {
        let l = &array.layout;
        if !l.is_c_contiguous() {
            return Arg {
                dtype: T::ID,
                data: ArgData::Invalid {
                    message: not_contiguous(&l.shape, &l.strides),
                },
            };
        }
        let (len, size) = (array.len(), T::ID.size());
        let offset = if len == 0 { 0 } else { l.offset * size };
        let data = match &array.storage {
            Storage::Host(v) => {
                let bytes = raw::as_bytes(v);
                ArgData::HostRead(&bytes[offset..offset + len * size])
            }
            Storage::Cuda(b, d) => ArgData::CudaRead {
                bytes: b.bytes(),
                offset,
                len,
                device: d.clone(),
            },
        };
        Arg { dtype: T::ID, data }
    }

    /// An array (`&mut Array<T>`) or mutable view as a `&mut [T]` parameter (C-contiguous).
    /// The storage is made unique to the array first (copy-on-write), so no other array sees
    /// the kernel's writes.
    pub fn slice_mut<T: DType>(array: impl IntoOutput<'a, T>) -> Self {
        let invalid = |message: String| Arg {
            dtype: T::ID,
            data: ArgData::Invalid { message },
        };
        let view = match array.into_output() {
            Ok(v) => v,
            Err(e) => return invalid(e.to_string()),
        };
        let l = view.layout();
        if !l.is_c_contiguous() {
            return invalid(not_contiguous(&l.shape, &l.strides));
        }
        let (len, size) = (l.size(), T::ID.size());
        let offset = if len == 0 { 0 } else { l.offset * size };
        let data = match view.erase().data {
            OutputData::Host(bytes) => ArgData::HostWrite(&mut bytes[offset..offset + len * size]),
            OutputData::Cuda { bytes, device } => ArgData::CudaWrite {
                bytes,
                offset,
                len,
                device,
            },
        };
        Arg { dtype: T::ID, data }
    }

    /// A scalar parameter.
    pub fn scalar<T: DType>(value: T) -> Arg<'static> {
        let mut bytes = [0u8; 16];
        let b = raw::value_bytes(&value);
        bytes[..b.len()].copy_from_slice(b);
        Arg {
            dtype: T::ID,
            data: ArgData::Scalar(bytes),
        }
    }

    /// The dtype of the argument.
    pub fn dtype(&self) -> DTypeId {
        self.dtype
    }

    /// The device of an array argument; `None` for a scalar.
    pub fn device(&self) -> Option<Device> {
        match &self.data {
            ArgData::HostRead(_) | ArgData::HostWrite(_) => Some(Device::Cpu),
            ArgData::CudaRead { device, .. } | ArgData::CudaWrite { device, .. } => {
                Some(Device::Cuda(device.clone()))
            }
            ArgData::Scalar(_) | ArgData::Invalid { .. } => None,
        }
    }
}
