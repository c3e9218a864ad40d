//! [`MemoryPool`]: one handle on the caching allocator of either backend, CuPy's
//! `MemoryPool` API, from [`Device::memory_pool`](crate::Device::memory_pool).
//!
//! The CPU backend's pool ([`cpu::memory_pool`](crate::cpu::memory_pool), a
//! [`HostPool`]) and each CUDA device's
//! ([`CudaDevice::memory_pool`](crate::cuda::CudaDevice::memory_pool), a [`CudaPool`]) keep
//! their own types, with more detail (size classes, the host cache's bound, hit counters);
//! this type answers the questions common to both.

use std::fmt;
use std::sync::Arc;

use crate::cpu::pool::HostPool;
use crate::cuda::pool::CudaPool;

/// The memory pool of a device, host or CUDA (CuPy's `MemoryPool`): what its arrays hold,
/// what it caches, and a cap on both.
///
/// ```
/// use array_runtime::{Array, Device};
/// let dev = Device::cpu();
/// let pool = dev.memory_pool();
/// let a = Array::<f32>::zeros(&dev, &[1 << 20])?;     // 4 MiB
/// assert!(pool.used_bytes() >= 4 << 20);
/// assert!(pool.total_bytes() >= pool.used_bytes());
/// drop(a);                                             // cached for the next allocation
/// pool.free_all_blocks();                              // given back to the system
/// assert_eq!(pool.free_bytes(), 0);
/// # Ok::<(), array_runtime::Error>(())
/// ```
#[derive(Clone)]
pub struct MemoryPool {
    inner: Inner,
}

#[derive(Clone)]
enum Inner {
    Host(&'static HostPool),
    Cuda(Arc<CudaPool>),
}

impl MemoryPool {
    pub(crate) fn host(pool: &'static HostPool) -> Self {
        MemoryPool {
            inner: Inner::Host(pool),
        }
    }

    pub(crate) fn cuda(pool: Arc<CudaPool>) -> Self {
        MemoryPool {
            inner: Inner::Cuda(pool),
        }
    }

    /// Bytes of the buffers that arrays hold (CuPy's `used_bytes()`). On the host, small
    /// buffers (below the pooled size, not cached) count too; a vector adopted by
    /// `Array::from_vec` was allocated by its caller and does not.
    ///
    /// ```
    /// use array_runtime::{Array, Device};
    /// let dev = Device::cpu();
    /// let a = Array::<u8>::zeros(&dev, &[64])?;
    /// assert!(dev.memory_pool().used_bytes() >= 64);
    /// # Ok::<(), array_runtime::Error>(())
    /// ```
    pub fn used_bytes(&self) -> usize {
        match &self.inner {
            Inner::Host(p) => p.used_bytes(),
            Inner::Cuda(p) => p.used_bytes(),
        }
    }

    /// Bytes cached for reuse: freed by arrays, not yet given back (CuPy's `free_bytes()`).
    ///
    /// ```
    /// use array_runtime::Device;
    /// let pool = Device::cpu().memory_pool();
    /// assert!(pool.free_bytes() <= pool.total_bytes());
    /// ```
    pub fn free_bytes(&self) -> usize {
        match &self.inner {
            Inner::Host(p) => p.free_bytes(),
            Inner::Cuda(p) => p.free_bytes(),
        }
    }

    /// Bytes held from the system or the device, in use and cached (CuPy's
    /// `total_bytes()`).
    ///
    /// ```
    /// use array_runtime::{Array, Device};
    /// let dev = Device::cpu();
    /// let a = Array::<f64>::zeros(&dev, &[1000])?;
    /// assert!(dev.memory_pool().total_bytes() >= 8000);
    /// # Ok::<(), array_runtime::Error>(())
    /// ```
    pub fn total_bytes(&self) -> usize {
        match &self.inner {
            Inner::Host(p) => p.total_bytes(),
            Inner::Cuda(p) => p.total_bytes(),
        }
    }

    /// Cached blocks (CuPy's `n_free_blocks()`).
    ///
    /// ```
    /// use array_runtime::Device;
    /// let pool = Device::cpu().memory_pool();
    /// pool.free_all_blocks();
    /// assert_eq!(pool.n_free_blocks(), 0);
    /// ```
    pub fn n_free_blocks(&self) -> usize {
        match &self.inner {
            Inner::Host(p) => p.n_free_blocks(),
            Inner::Cuda(p) => p.n_free_blocks(),
        }
    }

    /// Gives every cached block back to the system or the device (CuPy's
    /// `free_all_blocks()`); blocks in use are untouched.
    ///
    /// ```
    /// use array_runtime::{Array, Device};
    /// let dev = Device::cpu();
    /// drop(Array::<f32>::zeros(&dev, &[1 << 20])?);
    /// dev.memory_pool().free_all_blocks();
    /// assert_eq!(dev.memory_pool().free_bytes(), 0);
    /// # Ok::<(), array_runtime::Error>(())
    /// ```
    pub fn free_all_blocks(&self) {
        match &self.inner {
            Inner::Host(p) => p.free_all_blocks(),
            Inner::Cuda(p) => p.free_all_blocks(),
        }
    }

    /// Caps the bytes the pool holds, in use and cached (CuPy's `set_limit`); `None` removes
    /// the cap. An allocation that would pass it first releases the cache, then fails with
    /// [`Error::OutOfMemory`](crate::Error::OutOfMemory). The CPU backend has one pool for
    /// the whole process: its cap applies to every host array.
    ///
    /// ```
    /// use array_runtime::{Array, Device, Error};
    /// let dev = Device::cpu();
    /// let pool = dev.memory_pool();
    /// let cap = pool.used_bytes() + (1 << 20);
    /// pool.set_limit(Some(cap));
    /// let too_big = Array::<f64>::zeros(&dev, &[1 << 20]);   // 8 MiB
    /// assert_eq!(pool.limit(), Some(cap));
    /// pool.set_limit(None);
    /// assert!(matches!(too_big, Err(Error::OutOfMemory { .. })));
    /// ```
    pub fn set_limit(&self, limit: Option<usize>) {
        match &self.inner {
            Inner::Host(p) => p.set_limit(limit),
            Inner::Cuda(p) => p.set_limit(limit),
        }
    }

    /// The cap set by [`MemoryPool::set_limit`], `None` when there is none.
    ///
    /// ```
    /// use array_runtime::Device;
    /// assert_eq!(Device::cpu().memory_pool().limit(), None);
    /// ```
    pub fn limit(&self) -> Option<usize> {
        match &self.inner {
            Inner::Host(p) => p.limit(),
            Inner::Cuda(p) => p.limit(),
        }
    }

    /// Whether this is the host pool of the CPU backend.
    ///
    /// ```
    /// use array_runtime::Device;
    /// assert!(Device::cpu().memory_pool().is_host());
    /// ```
    pub fn is_host(&self) -> bool {
        matches!(self.inner, Inner::Host(_))
    }
}

impl fmt::Debug for MemoryPool {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("MemoryPool")
            .field("backend", &if self.is_host() { "cpu" } else { "cuda" })
            .field("used_bytes", &self.used_bytes())
            .field("total_bytes", &self.total_bytes())
            .field("limit", &self.limit())
            .finish()
    }
}
