//! `Array<T>`: an n-dimensional array on one device, a layout over shared storage.
//!
//! Cloning an array or taking a view (slice, transpose, broadcast, reshape where possible) never
//! copies: views share the storage. Writing goes through [`ArrayViewMut`], which first makes the
//! storage unique to the array written (copy-on-write, like ndarray's `ArcArray`), so safe code
//! cannot observe a data race.

use std::fmt;
use std::sync::Arc;

use crate::cpu::{host_vec, pool::HostBuffer};
use crate::cuda::{CudaDevice, DeviceBuffer};
use crate::device::Device;
use crate::dtype::{DType, DTypeId};
use crate::error::{Error, Result};
use crate::shape::{self, Layout};

/// Where an array's elements are stored.
pub(crate) enum Storage<T: DType> {
    /// Host memory of the CPU backend (large buffers from the host memory pool).
    Host(Arc<HostBuffer<T>>),
    /// Device memory of a CUDA GPU.
    Cuda(Arc<DeviceBuffer<T>>, Arc<CudaDevice>),
}

impl<T: DType> Clone for Storage<T> {
    fn clone(&self) -> Self {
        match self {
            Storage::Host(v) => Storage::Host(v.clone()),
            Storage::Cuda(b, d) => Storage::Cuda(b.clone(), d.clone()),
        }
    }
}

impl<T: DType> Storage<T> {
    pub(crate) fn device(&self) -> Device {
        match self {
            Storage::Host(_) => Device::Cpu,
            Storage::Cuda(_, d) => Device::Cuda(d.clone()),
        }
    }

    /// Makes the storage owned by this handle alone, copying it if it is shared;
    /// [`Error::OutOfMemory`] (and the storage left as it was) when the copy cannot be made.
    pub(crate) fn make_unique(&mut self) -> Result<()> {
        match self {
            Storage::Host(v) => {
                if Arc::get_mut(v).is_none() {
                    *v = Arc::new(v.try_clone()?);
                }
                Ok(())
            }
            Storage::Cuda(b, d) => {
                if Arc::get_mut(b).is_none() {
                    *b = Arc::new(d.dtod(b)?);
                }
                Ok(())
            }
        }
    }
}

/// An n-dimensional array of `T` on a [`Device`].
///
/// ```
/// use array_runtime::{Array, Device};
/// let a = Array::from_vec(&Device::cpu(), &[2, 3], vec![1.0f32, 2.0, 3.0, 4.0, 5.0, 6.0])?;
/// assert_eq!(a.shape(), &[2, 3]);
/// let t = a.t();                       // a view: no copy
/// assert_eq!(t.to_vec()?, vec![1.0, 4.0, 2.0, 5.0, 3.0, 6.0]);
/// # Ok::<(), array_runtime::Error>(())
/// ```
///
/// `{}` prints an array as NumPy's `str(a)` does and `{:?}` as `repr(a)` (summarized with
/// `...` past 1000 elements; an array on a GPU is copied to the host for it):
///
/// ```
/// use array_runtime::{Array, Device};
/// let a = Array::from_vec(&Device::cpu(), &[2, 3], vec![1i8, -2, 3, 40, 5, 6])?;
/// assert_eq!(a.to_string(), "[[ 1 -2  3]\n [40  5  6]]");
/// assert_eq!(format!("{a:?}"), "array([[ 1, -2,  3],\n       [40,  5,  6]], dtype=int8)");
/// let z = Array::from_vec(&Device::cpu(), &[2], vec![1.5f64, -0.25])?;
/// assert_eq!(format!("{z:?}"), "array([ 1.5 , -0.25])");
/// # Ok::<(), array_runtime::Error>(())
/// ```
pub struct Array<T: DType> {
    pub(crate) storage: Storage<T>,
    pub(crate) layout: Layout,
}

impl<T: DType> Clone for Array<T> {
    /// A new handle on the same storage (no copy of the elements); see [`Array::copy`].
    fn clone(&self) -> Self {
        Array {
            storage: self.storage.clone(),
            layout: self.layout.clone(),
        }
    }
}

impl<T: DType> Array<T> {
    pub(crate) fn from_parts(storage: Storage<T>, layout: Layout) -> Self {
        Array { storage, layout }
    }

    /// An array of `shape` holding `data` in C order, on `device`.
    ///
    /// ```
    /// use array_runtime::{Array, Device, Error};
    /// let a = Array::from_vec(&Device::cpu(), &[2, 2], vec![1i32, 2, 3, 4])?;
    /// assert_eq!(a.to_vec()?, vec![1, 2, 3, 4]);
    /// let bad = Array::from_vec(&Device::cpu(), &[3], vec![1i32, 2]);
    /// assert!(matches!(bad, Err(Error::DataLength { expected: 3, found: 2 })));
    /// # Ok::<(), Error>(())
    /// ```
    pub fn from_vec(device: &Device, shape: &[usize], data: Vec<T>) -> Result<Self> {
        Self::check_len(shape, data.len())?;
        let storage = match device {
            // Adopted as it is: no copy.
            Device::Cpu => Storage::Host(Arc::new(HostBuffer::from_vec(data))),
            Device::Cuda(d) => Storage::Cuda(Arc::new(d.htod(&data)?), d.clone()),
        };
        Ok(Array::from_parts(storage, Layout::contiguous(shape)))
    }

    /// An array of `shape` copied from `data` (C order).
    pub fn from_slice(device: &Device, shape: &[usize], data: &[T]) -> Result<Self> {
        match device {
            Device::Cpu => {
                Self::check_len(shape, data.len())?;
                Ok(Self::host(HostBuffer::from_slice(data)?, shape))
            }
            Device::Cuda(_) => Self::from_vec(device, shape, host_vec::from_slice(data)?),
        }
    }

    /// The number of elements of `shape`, or [`Error::TooBig`] when no array of `T` can have
    /// that shape ([`shape::checked_size_of`]): every array is made through this check.
    pub(crate) fn checked_len(shape: &[usize]) -> Result<usize> {
        shape::checked_size_of(shape, std::mem::size_of::<T>())
    }

    /// Checks that `shape` has `len` elements.
    fn check_len(shape: &[usize], len: usize) -> Result<()> {
        let n = Self::checked_len(shape)?;
        if n != len {
            return Err(Error::DataLength {
                expected: n,
                found: len,
            });
        }
        Ok(())
    }

    /// A C-contiguous host array of `shape` over `buf` (of the shape's size).
    pub(crate) fn host(buf: HostBuffer<T>, shape: &[usize]) -> Self {
        debug_assert_eq!(buf.len(), shape::size(shape));
        Array::from_parts(Storage::Host(Arc::new(buf)), Layout::contiguous(shape))
    }

    /// A 0-d array holding `value`.
    ///
    /// ```
    /// use array_runtime::{Array, Device};
    /// let s = Array::scalar(&Device::cpu(), 2.5f64)?;
    /// assert_eq!(s.ndim(), 0);
    /// assert_eq!(s.item()?, 2.5);
    /// # Ok::<(), array_runtime::Error>(())
    /// ```
    pub fn scalar(device: &Device, value: T) -> Result<Self> {
        Self::from_vec(device, &[], vec![value])
    }

    /// A C-contiguous array whose elements are about to be overwritten (on the CPU: zeros, or
    /// the valid values a reused pooled buffer holds; uninitialised device memory on a GPU).
    /// Used for kernel outputs.
    pub(crate) fn for_overwrite(device: &Device, shape: &[usize]) -> Result<Self> {
        let n = Self::checked_len(shape)?;
        let storage = match device {
            Device::Cpu => Storage::Host(Arc::new(HostBuffer::for_overwrite(n)?)),
            Device::Cuda(d) => Storage::Cuda(Arc::new(d.alloc::<T>(n)?), d.clone()),
        };
        Ok(Array::from_parts(storage, Layout::contiguous(shape)))
    }

    /// The extent of each dimension.
    pub fn shape(&self) -> &[usize] {
        &self.layout.shape
    }

    /// The strides, in elements (negative for reversed views, zero for broadcast ones).
    pub fn strides(&self) -> &[isize] {
        &self.layout.strides
    }

    /// The layout (shape, strides, offset) over the storage.
    pub fn layout(&self) -> &Layout {
        &self.layout
    }

    /// Number of dimensions.
    pub fn ndim(&self) -> usize {
        self.layout.ndim()
    }

    /// Number of elements (NumPy's `size`; also [`Array::size`]).
    pub fn len(&self) -> usize {
        self.layout.size()
    }

    /// Number of elements: NumPy's `a.size`, the same as [`Array::len`].
    ///
    /// ```
    /// use array_runtime::{Array, Device};
    /// let a = Array::<f32>::zeros(&Device::cpu(), &[2, 3])?;
    /// assert_eq!(a.size(), 6);
    /// assert_eq!(Array::<f32>::zeros(&Device::cpu(), &[4, 0])?.size(), 0);
    /// # Ok::<(), array_runtime::Error>(())
    /// ```
    pub fn size(&self) -> usize {
        self.len()
    }

    /// The dtype of the elements (NumPy's `a.dtype`).
    ///
    /// ```
    /// use array_runtime::{Array, DTypeId, Device};
    /// let a = Array::<u16>::zeros(&Device::cpu(), &[3])?;
    /// assert_eq!(a.dtype(), DTypeId::U16);
    /// # Ok::<(), array_runtime::Error>(())
    /// ```
    pub fn dtype(&self) -> DTypeId {
        T::ID
    }

    /// Bytes of one element (NumPy's `a.itemsize`).
    ///
    /// ```
    /// use array_runtime::{c128, Array, Device};
    /// assert_eq!(Array::<c128>::zeros(&Device::cpu(), &[3])?.itemsize(), 16);
    /// # Ok::<(), array_runtime::Error>(())
    /// ```
    pub fn itemsize(&self) -> usize {
        T::ID.size()
    }

    /// Bytes of the elements, `size() * itemsize()` (NumPy's `a.nbytes`: a view counts its
    /// own elements, a broadcast view every element it shows, not the storage beneath).
    ///
    /// ```
    /// use array_runtime::{Array, Device};
    /// let a = Array::<f64>::zeros(&Device::cpu(), &[2, 3])?;
    /// assert_eq!(a.nbytes(), 48);
    /// assert_eq!(a.broadcast_to(&[4, 2, 3])?.nbytes(), 192);
    /// # Ok::<(), array_runtime::Error>(())
    /// ```
    pub fn nbytes(&self) -> usize {
        // Within isize::MAX: every array passes `checked_size_of` for its shape.
        self.len() * T::ID.size()
    }

    /// The storage offset of the element at `index` (one index per dimension, each below
    /// its extent), or [`Error::Index`] naming the index and the shape.
    fn offset_of(&self, index: &[usize], op: &str) -> Result<usize> {
        let shape = self.shape();
        if index.len() != shape.len() {
            return Err(Error::Index {
                message: format!(
                    "{op}: index {index:?} has {} indices, the array of shape {shape:?} has {} \
                     dimensions",
                    index.len(),
                    shape.len()
                ),
            });
        }
        if let Some(axis) = (0..shape.len()).find(|&d| index[d] >= shape[d]) {
            return Err(Error::Index {
                message: format!(
                    "{op}: index {index:?} is out of bounds for an array of shape {shape:?} \
                     (index {} along axis {axis} of extent {})",
                    index[axis], shape[axis]
                ),
            });
        }
        let offset = self.layout.offset as isize
            + index
                .iter()
                .zip(self.strides())
                .map(|(&i, &s)| i as isize * s)
                .sum::<isize>();
        // The element exists, so its offset lies in the storage.
        Ok(offset as usize)
    }

    /// The element at `index`, one index per dimension (`&[]` for a 0-d array); an array on
    /// a GPU copies that one element to the host. [`Error::Index`] (naming the index and the
    /// shape) for an index out of bounds or of the wrong length.
    ///
    /// ```
    /// use array_runtime::{Array, Device, Error};
    /// let a = Array::from_vec(&Device::cpu(), &[2, 3], vec![1i32, 2, 3, 4, 5, 6])?;
    /// assert_eq!(a.get(&[1, 0])?, 4);
    /// assert_eq!(a.t().get(&[2, 1])?, 6);
    /// assert!(matches!(a.get(&[2, 0]), Err(Error::Index { .. })));
    /// assert!(matches!(a.get(&[1]), Err(Error::Index { .. })));
    /// # Ok::<(), Error>(())
    /// ```
    pub fn get(&self, index: &[usize]) -> Result<T> {
        let at = self.offset_of(index, "get")?;
        match &self.storage {
            Storage::Host(v) => Ok(v[at]),
            Storage::Cuda(b, d) => Ok(d.dtoh_range(b, at, 1)?[0]),
        }
    }

    /// Writes `value` at `index`, one index per dimension. Copy-on-write as
    /// [`Array::view_mut`]: storage shared with other arrays (clones, views) is copied first,
    /// so they keep their values. An array on a GPU receives that one element from the host.
    /// [`Error::Index`] for a bad index; [`Error::Output`] for a broadcast array (its
    /// elements share memory: NumPy's broadcast views are read-only).
    ///
    /// ```
    /// use array_runtime::{Array, Device};
    /// let a = Array::from_vec(&Device::cpu(), &[2, 2], vec![1.0f32, 2.0, 3.0, 4.0])?;
    /// let mut t = a.t();                  // a view of the same storage
    /// t.set(&[0, 1], 9.0)?;
    /// assert_eq!(t.to_vec()?, vec![1.0, 9.0, 2.0, 4.0]);
    /// assert_eq!(a.to_vec()?, vec![1.0, 2.0, 3.0, 4.0]); // untouched
    /// assert!(t.set(&[0, 2], 1.0).is_err());
    /// # Ok::<(), array_runtime::Error>(())
    /// ```
    pub fn set(&mut self, index: &[usize], value: T) -> Result<()> {
        let at = self.offset_of(index, "set")?;
        if self.layout.may_self_overlap() {
            return Err(Error::Output {
                op: "set".into(),
                message: format!(
                    "the array (shape {:?}, strides {:?}) is a broadcast view whose elements \
                     share memory; copy it first",
                    self.shape(),
                    self.strides()
                ),
            });
        }
        self.storage.make_unique()?;
        let not_unique = || Error::invalid("set: the storage is still shared after copying it");
        match &mut self.storage {
            Storage::Host(v) => {
                Arc::get_mut(v).ok_or_else(not_unique)?[at] = value;
                Ok(())
            }
            Storage::Cuda(b, d) => {
                let buf = Arc::get_mut(b).ok_or_else(not_unique)?;
                d.htod_range(buf, at, &[value])
            }
        }
    }

    /// Whether the array has no element.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The device the array lives on.
    pub fn device(&self) -> Device {
        self.storage.device()
    }

    /// Whether `self` and `other` are handles on one storage buffer (an array and its views,
    /// until a write through `view_mut` gives one of them its own copy).
    ///
    /// ```
    /// use array_runtime::{Array, Device};
    /// let a = Array::<f32>::zeros(&Device::cpu(), &[4])?;
    /// assert!(a.t().same_storage(&a));
    /// assert!(!a.copy()?.same_storage(&a));
    /// # Ok::<(), array_runtime::Error>(())
    /// ```
    pub fn same_storage<U: DType>(&self, other: &Array<U>) -> bool {
        fn id<T: DType>(s: &Storage<T>) -> usize {
            match s {
                Storage::Host(v) => Arc::as_ptr(v) as *const () as usize,
                Storage::Cuda(b, _) => Arc::as_ptr(b) as *const () as usize,
            }
        }
        id(&self.storage) == id(&other.storage)
    }

    /// Whether the elements lie in C order one after another.
    pub fn is_c_contiguous(&self) -> bool {
        self.layout.is_c_contiguous()
    }

    /// A mutable view of the whole array; the storage is made unique to this array first.
    pub fn view_mut(&mut self) -> Result<ArrayViewMut<'_, T>> {
        self.storage.make_unique()?;
        Ok(ArrayViewMut {
            layout: self.layout.clone(),
            storage: &mut self.storage,
        })
    }
}

/// Gathers the elements of `layout` from `data` in C order; [`Error::OutOfMemory`] when they
/// do not fit in memory (a broadcast view can have far more elements than its storage).
pub(crate) fn gather_host<T: DType>(data: &[T], layout: &Layout) -> Result<Vec<T>> {
    let n = layout.size();
    if n == 0 {
        return Ok(Vec::new());
    }
    if layout.is_c_contiguous() {
        return host_vec::from_slice(&data[layout.offset..layout.offset + n]);
    }
    let mut out = host_vec::with_capacity(n)?;
    let nd = layout.ndim();
    let mut idx = vec![0usize; nd];
    let mut off = layout.offset as isize;
    let inner = nd - 1;
    let (inner_len, inner_stride) = (layout.shape[inner], layout.strides[inner]);
    loop {
        let mut o = off;
        for _ in 0..inner_len {
            out.push(data[o as usize]);
            o += inner_stride;
        }
        // advance the outer index
        let mut d = inner;
        loop {
            if d == 0 {
                return Ok(out);
            }
            d -= 1;
            idx[d] += 1;
            off += layout.strides[d];
            if idx[d] < layout.shape[d] {
                break;
            }
            off -= layout.strides[d] * layout.shape[d] as isize;
            idx[d] = 0;
        }
    }
}

/// A mutable view into an array: what kernels write into.
///
/// ```
/// use array_runtime::{Array, Device};
/// let mut a = Array::<i32>::zeros(&Device::cpu(), &[2, 2])?;
/// let v = a.view_mut()?;
/// assert_eq!(v.shape(), &[2, 2]);
/// # Ok::<(), array_runtime::Error>(())
/// ```
pub struct ArrayViewMut<'a, T: DType> {
    pub(crate) storage: &'a mut Storage<T>,
    pub(crate) layout: Layout,
}

impl<T: DType> ArrayViewMut<'_, T> {
    /// The extent of each dimension.
    pub fn shape(&self) -> &[usize] {
        &self.layout.shape
    }

    /// The layout over the storage.
    pub fn layout(&self) -> &Layout {
        &self.layout
    }

    /// The device of the storage.
    pub fn device(&self) -> Device {
        self.storage.device()
    }

    /// A shorter-lived mutable view of the same elements.
    pub fn reborrow(&mut self) -> ArrayViewMut<'_, T> {
        ArrayViewMut {
            storage: self.storage,
            layout: self.layout.clone(),
        }
    }
}

impl<T: DType> fmt::Debug for ArrayViewMut<'_, T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "ArrayViewMut<{}>(shape={:?}, strides={:?})",
            T::ID,
            self.layout.shape,
            self.layout.strides
        )
    }
}
