//! Memory of an emulated launch: the global slices of the kernel's parameters, shared memory,
//! and atomics on both.
//!
//! Every emulated thread of every block may touch the same element, from several OS threads at
//! once (blocks run in parallel). To keep that free of data races in Rust's sense, elements that
//! can be written during the launch are only ever read and written with atomic operations on
//! their bits:
//!
//! - 1-, 2-, 4- and 8-byte dtypes: one relaxed atomic load or store of the element's width;
//! - `c64` (8 bytes, aligned to 4) and `c128` (16 bytes): one relaxed atomic access per
//!   component (two `u32`s, two `u64`s). A read racing with a write may see one component
//!   old and one new (a torn value), which is what a racing CUDA kernel may see too; it is
//!   never undefined behaviour;
//! - read-modify-write atomics (`atomic_add`, ...) use std's atomics with acquire-release
//!   ordering; float additions are compare-and-swap loops.
//!
//! Read-only slices (`&[T]` parameters) are never written by anyone during the launch (their
//! arrays are borrowed shared, and every mutable argument is a unique copy-on-write buffer), so
//! they are read with plain loads.
//!
//! Every access is bounds-checked. An index out of bounds is recorded by the launch (which then
//! returns [`Error::Index`](crate::Error::Index) naming the kernel, the slice, the index and the
//! length); the access itself reads `T::default()` or writes nothing.

use std::marker::PhantomData;
use std::mem::{align_of, size_of, transmute_copy};
use std::sync::atomic::{
    AtomicI32, AtomicI64, AtomicU16, AtomicU32, AtomicU64, AtomicU8, Ordering::*,
};

use super::emulator::{self, Access, LaunchInfo, Place};
use crate::dtype::{DType, DTypeId};

// 8-byte elements are accessed with `AtomicU64` when aligned like it; every 8-byte scalar dtype
// of ours is (checked here, on the targets we build for).
const _: () = assert!(align_of::<u64>() == align_of::<AtomicU64>());
const _: () = assert!(align_of::<i64>() == align_of::<AtomicI64>());
const _: () = assert!(align_of::<f64>() == align_of::<AtomicU64>());

/// Reads one element with relaxed atomic loads of its bits.
///
/// # Safety
///
/// `p` is aligned for `T` and valid for reads and writes for the duration of the call, and
/// during the launch every access to that element goes through the functions of this module.
#[inline(always)]
pub(super) unsafe fn load<T: DType>(p: *const T) -> T {
    let p = p as *mut T;
    match (size_of::<T>(), align_of::<T>()) {
        (1, _) => {
            // SAFETY: `p` is valid, aligned (align 1) and accessed atomically only (caller).
            let mut b = unsafe { AtomicU8::from_ptr(p.cast()) }.load(Relaxed);
            if T::ID == DTypeId::Bool {
                // Shared memory may be viewed as `u8` and `bool` at once: keep `bool` valid.
                b = (b != 0) as u8;
            }
            // SAFETY: same size; every byte is a valid value of the 1-byte dtypes (`bool` was
            // normalised to 0 or 1 above).
            unsafe { transmute_copy::<u8, T>(&b) }
        }
        (2, _) => {
            // SAFETY: as above, `p` aligned to 2 (every 2-byte dtype is).
            let h = unsafe { AtomicU16::from_ptr(p.cast()) }.load(Relaxed);
            // SAFETY: same size; every bit pattern is a valid i16/u16/f16/bf16.
            unsafe { transmute_copy::<u16, T>(&h) }
        }
        (4, _) => {
            // SAFETY: as above, `p` aligned to 4 (every 4-byte dtype is).
            let w = unsafe { AtomicU32::from_ptr(p.cast()) }.load(Relaxed);
            // SAFETY: same size; every bit pattern is a valid i32/u32/f32.
            unsafe { transmute_copy::<u32, T>(&w) }
        }
        (8, 8) => {
            // SAFETY: as above, `p` aligned to 8 (checked by the match).
            let d = unsafe { AtomicU64::from_ptr(p.cast()) }.load(Relaxed);
            // SAFETY: same size; every bit pattern is a valid i64/u64/f64.
            unsafe { transmute_copy::<u64, T>(&d) }
        }
        (8, _) => {
            // `c64`: two `f32` components, aligned to 4.
            let q = p.cast::<u32>();
            // SAFETY: the element's two 4-byte halves, each aligned to 4 and inside it.
            let w = unsafe {
                [
                    AtomicU32::from_ptr(q).load(Relaxed),
                    AtomicU32::from_ptr(q.add(1)).load(Relaxed),
                ]
            };
            // SAFETY: same size; any bits are a valid `Complex<f32>`.
            unsafe { transmute_copy::<[u32; 2], T>(&w) }
        }
        _ => {
            // `c128`: two `f64` components, aligned to 8.
            debug_assert_eq!(size_of::<T>(), 16);
            let q = p.cast::<u64>();
            // SAFETY: the element's two 8-byte halves, each aligned to 8 and inside it.
            let d = unsafe {
                [
                    AtomicU64::from_ptr(q).load(Relaxed),
                    AtomicU64::from_ptr(q.add(1)).load(Relaxed),
                ]
            };
            // SAFETY: same size; any bits are a valid `Complex<f64>`.
            unsafe { transmute_copy::<[u64; 2], T>(&d) }
        }
    }
}

/// Writes one element with relaxed atomic stores of its bits.
///
/// # Safety
///
/// As [`load`].
#[inline(always)]
pub(super) unsafe fn store<T: DType>(p: *mut T, v: T) {
    match (size_of::<T>(), align_of::<T>()) {
        (1, _) => {
            // SAFETY: same size; a 1-byte dtype's bits.
            let b = unsafe { transmute_copy::<T, u8>(&v) };
            // SAFETY: `p` valid, aligned, accessed atomically only (caller).
            unsafe { AtomicU8::from_ptr(p.cast()) }.store(b, Relaxed);
        }
        (2, _) => {
            // SAFETY: same size.
            let h = unsafe { transmute_copy::<T, u16>(&v) };
            // SAFETY: as above, aligned to 2.
            unsafe { AtomicU16::from_ptr(p.cast()) }.store(h, Relaxed);
        }
        (4, _) => {
            // SAFETY: same size.
            let w = unsafe { transmute_copy::<T, u32>(&v) };
            // SAFETY: as above, aligned to 4.
            unsafe { AtomicU32::from_ptr(p.cast()) }.store(w, Relaxed);
        }
        (8, 8) => {
            // SAFETY: same size.
            let d = unsafe { transmute_copy::<T, u64>(&v) };
            // SAFETY: as above, aligned to 8.
            unsafe { AtomicU64::from_ptr(p.cast()) }.store(d, Relaxed);
        }
        (8, _) => {
            // SAFETY: same size (`c64`: no padding).
            let w = unsafe { transmute_copy::<T, [u32; 2]>(&v) };
            let q = p.cast::<u32>();
            // SAFETY: the element's two halves, aligned to 4, inside it.
            unsafe {
                AtomicU32::from_ptr(q).store(w[0], Relaxed);
                AtomicU32::from_ptr(q.add(1)).store(w[1], Relaxed);
            }
        }
        _ => {
            debug_assert_eq!(size_of::<T>(), 16);
            // SAFETY: same size (`c128`: no padding).
            let d = unsafe { transmute_copy::<T, [u64; 2]>(&v) };
            let q = p.cast::<u64>();
            // SAFETY: the element's two halves, aligned to 8, inside it.
            unsafe {
                AtomicU64::from_ptr(q).store(d[0], Relaxed);
                AtomicU64::from_ptr(q.add(1)).store(d[1], Relaxed);
            }
        }
    }
}

/// The bytes of a value, in a 16-byte buffer (what warp collectives exchange).
#[inline]
pub(super) fn to_bytes<T: DType>(v: T) -> [u8; 16] {
    let mut out = [0u8; 16];
    out[..size_of::<T>()].copy_from_slice(crate::raw::value_bytes(&v));
    out
}

/// A value from bytes written by [`to_bytes`] for the same dtype (`bool` normalised).
#[inline]
pub(super) fn from_bytes<T: DType>(b: &[u8; 16]) -> T {
    let mut b = *b;
    if T::ID == DTypeId::Bool {
        b[0] = (b[0] != 0) as u8;
    }
    assert!(size_of::<T>() <= 16);
    // SAFETY: `T` is a dtype of at most 16 bytes (checked by the assert), read unaligned from
    // the buffer; every bit pattern is a valid value of the integer, float and complex dtypes,
    // and a `bool`'s byte was normalised to 0 or 1 above.
    unsafe { std::ptr::read_unaligned(b.as_ptr().cast::<T>()) }
}

/// An integer that indexes a slice of a raw kernel: any integer dtype, `usize` or `isize`.
/// A negative index is out of bounds.
///
/// ```
/// use array_runtime::kernel::raw::KernelIndex;
/// assert_eq!(5u32.checked_index(8), Some(5));
/// assert_eq!((-1i32).checked_index(8), None);
/// assert_eq!(8usize.checked_index(8), None);
/// ```
pub trait KernelIndex: Copy {
    /// The index when it lies in `0..len`.
    fn checked_index(self, len: usize) -> Option<usize>;
    /// The index as written (for error messages).
    fn index_value(self) -> i128;
}

macro_rules! unsigned_index {
    ($($t:ty),*) => {$(
        impl KernelIndex for $t {
            #[inline(always)]
            fn checked_index(self, len: usize) -> Option<usize> {
                // Compared in u128: no index of any width wraps.
                ((self as u128) < len as u128).then_some(self as usize)
            }
            fn index_value(self) -> i128 {
                self as i128
            }
        }
    )*};
}
macro_rules! signed_index {
    ($($t:ty),*) => {$(
        impl KernelIndex for $t {
            #[inline(always)]
            fn checked_index(self, len: usize) -> Option<usize> {
                (self >= 0 && (self as u128) < len as u128).then_some(self as usize)
            }
            fn index_value(self) -> i128 {
                self as i128
            }
        }
    )*};
}
unsigned_index!(u8, u16, u32, u64, usize);
signed_index!(i8, i16, i32, i64, isize);

mod sealed {
    pub trait Sealed {}
}

/// Dtypes with atomic exchange and compare-and-swap: `i32`, `u32`, `i64`, `u64`, `f32`, `f64`
/// (CUDA's `atomicExch` / `atomicCAS`; floats compare their bits, as
/// `atomicCAS(__float_as_uint(...))` does).
pub trait AtomicBits: DType + sealed::Sealed {
    /// Stores `v`, returns the old value.
    ///
    /// # Safety
    ///
    /// `p` aligned, valid for reads and writes, and accessed atomically only during the launch.
    #[doc(hidden)]
    unsafe fn exch_raw(p: *mut Self, v: Self) -> Self;
    /// Stores `new` if the element equals `current`; returns the old value.
    ///
    /// # Safety
    ///
    /// As `exch_raw`.
    #[doc(hidden)]
    unsafe fn cas_raw(p: *mut Self, current: Self, new: Self) -> Self;
}

/// Dtypes with atomic addition: the integers of [`AtomicBits`] (wrapping) and `f32`, `f64`
/// (CUDA's `atomicAdd`).
pub trait AtomicAdd: AtomicBits {
    /// Adds `v`, returns the old value.
    ///
    /// # Safety
    ///
    /// As [`AtomicBits::exch_raw`].
    #[doc(hidden)]
    unsafe fn add_raw(p: *mut Self, v: Self) -> Self;
}

/// Integer dtypes with every atomic of CUDA: `i32`, `u32`, `i64`, `u64` (sub wraps; min and
/// max compare as the dtype's sign says).
pub trait AtomicInt: AtomicAdd {
    /// The read-modify-write `op`; returns the old value.
    ///
    /// # Safety
    ///
    /// As [`AtomicBits::exch_raw`].
    #[doc(hidden)]
    unsafe fn rmw_raw(p: *mut Self, op: IntOp, v: Self) -> Self;
}

/// The integer read-modify-write operations.
#[doc(hidden)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum IntOp {
    Sub,
    Min,
    Max,
    And,
    Or,
    Xor,
}

macro_rules! atomic_int {
    ($($t:ty => $a:ty),*) => {$(
        impl sealed::Sealed for $t {}
        impl AtomicBits for $t {
            #[inline]
            unsafe fn exch_raw(p: *mut $t, v: $t) -> $t {
                // SAFETY: the caller's contract: aligned, valid, accessed atomically only.
                unsafe { <$a>::from_ptr(p) }.swap(v, AcqRel)
            }
            #[inline]
            unsafe fn cas_raw(p: *mut $t, current: $t, new: $t) -> $t {
                // SAFETY: as above.
                let a = unsafe { <$a>::from_ptr(p) };
                match a.compare_exchange(current, new, AcqRel, Acquire) {
                    Ok(v) | Err(v) => v,
                }
            }
        }
        impl AtomicAdd for $t {
            #[inline]
            unsafe fn add_raw(p: *mut $t, v: $t) -> $t {
                // SAFETY: as above.
                unsafe { <$a>::from_ptr(p) }.fetch_add(v, AcqRel)
            }
        }
        impl AtomicInt for $t {
            #[inline]
            unsafe fn rmw_raw(p: *mut $t, op: IntOp, v: $t) -> $t {
                // SAFETY: as above.
                let a = unsafe { <$a>::from_ptr(p) };
                match op {
                    IntOp::Sub => a.fetch_sub(v, AcqRel),
                    IntOp::Min => a.fetch_min(v, AcqRel),
                    IntOp::Max => a.fetch_max(v, AcqRel),
                    IntOp::And => a.fetch_and(v, AcqRel),
                    IntOp::Or => a.fetch_or(v, AcqRel),
                    IntOp::Xor => a.fetch_xor(v, AcqRel),
                }
            }
        }
    )*};
}
atomic_int!(i32 => AtomicI32, u32 => AtomicU32, i64 => AtomicI64, u64 => AtomicU64);

macro_rules! atomic_float {
    ($($t:ty => $a:ty),*) => {$(
        impl sealed::Sealed for $t {}
        impl AtomicBits for $t {
            #[inline]
            unsafe fn exch_raw(p: *mut $t, v: $t) -> $t {
                // SAFETY: the caller's contract; the float's bits, same size and alignment.
                <$t>::from_bits(unsafe { <$a>::from_ptr(p.cast()) }.swap(v.to_bits(), AcqRel))
            }
            #[inline]
            unsafe fn cas_raw(p: *mut $t, current: $t, new: $t) -> $t {
                // SAFETY: as above.
                let a = unsafe { <$a>::from_ptr(p.cast()) };
                match a.compare_exchange(current.to_bits(), new.to_bits(), AcqRel, Acquire) {
                    Ok(v) | Err(v) => <$t>::from_bits(v),
                }
            }
        }
        impl AtomicAdd for $t {
            #[inline]
            unsafe fn add_raw(p: *mut $t, v: $t) -> $t {
                // SAFETY: as above.
                let a = unsafe { <$a>::from_ptr(p.cast()) };
                let mut old = a.load(Relaxed);
                loop {
                    let new = (<$t>::from_bits(old) + v).to_bits();
                    match a.compare_exchange_weak(old, new, AcqRel, Relaxed) {
                        Ok(_) => return <$t>::from_bits(old),
                        Err(seen) => old = seen,
                    }
                }
            }
        }
    )*};
}
atomic_float!(f32 => AtomicU32, f64 => AtomicU64);

/// A `&[T]` parameter of a raw kernel, as its CPU twin sees it (from
/// [`RawArgs::slice`](super::RawArgs::slice)): bounds-checked reads.
///
/// `a.get(i)` is the twin's spelling of `a[i]`: an index out of bounds (negative, or `>=
/// len`) reads `T::default()` and makes the launch fail with [`Error::Index`](crate::Error::Index).
///
/// ```
/// use array_runtime::kernel::raw::{self, Arg, LaunchConfig, ParamKind, RawArgs, RawKernelDef};
/// use array_runtime::{Array, DTypeId, Device};
///
/// static COPY: RawKernelDef = RawKernelDef {
///     name: "copy",
///     params: &[ParamKind::slice(DTypeId::I32), ParamKind::slice_mut(DTypeId::I32)],
///     param_names: &["src", "dst"],
///     ..RawKernelDef::DEFAULT
/// };
/// fn copy(args: &RawArgs<'_>) {
///     let (src, dst) = (args.slice::<i32>(0), args.slice_mut::<i32>(1));
///     let i = raw::block_idx().x * raw::block_dim().x + raw::thread_idx().x;
///     dst.set(i, src.get(i) + 1);
/// }
/// let dev = Device::cpu();
/// let src = Array::from_vec(&dev, &[4], vec![1, 2, 3, 4])?;
/// let mut dst = Array::<i32>::zeros(&dev, &[4])?;
/// raw::launch(&COPY, &[], &LaunchConfig::new(2, 2),
///             &mut [Arg::slice(&src), Arg::slice_mut(&mut dst)], &copy)?;
/// assert_eq!(dst.to_vec()?, vec![2, 3, 4, 5]);
///
/// // One thread too many: index 4 is out of bounds, and the launch says so.
/// let err = raw::launch(&COPY, &[], &LaunchConfig::new(1, 5),
///             &mut [Arg::slice(&src), Arg::slice_mut(&mut dst)], &copy).unwrap_err();
/// assert!(err.to_string().contains("index 4 is out of bounds for `src` of length 4"));
/// # Ok::<(), array_runtime::Error>(())
/// ```
pub struct GlobalSlice<'a, T: DType> {
    ptr: *const T,
    len: usize,
    param: u32,
    launch: &'a LaunchInfo,
}

impl<T: DType> Clone for GlobalSlice<'_, T> {
    fn clone(&self) -> Self {
        *self
    }
}
impl<T: DType> Copy for GlobalSlice<'_, T> {}

impl<T: DType> std::fmt::Debug for GlobalSlice<'_, T> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "GlobalSlice<{}>(`{}`, len {})",
            T::ID,
            self.launch.param_name(self.param),
            self.len
        )
    }
}

impl<'a, T: DType> GlobalSlice<'a, T> {
    /// # Safety
    ///
    /// `ptr` is aligned and valid for reads of `len` elements for `'a`, and nobody writes those
    /// elements during `'a`.
    pub(super) unsafe fn new(
        ptr: *const T,
        len: usize,
        param: u32,
        launch: &'a LaunchInfo,
    ) -> Self {
        GlobalSlice {
            ptr,
            len,
            param,
            launch,
        }
    }

    /// Number of elements.
    #[inline]
    pub fn len(&self) -> usize {
        self.len
    }

    /// Whether the slice has no element.
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The element at `i` (`a[i]`); `T::default()` and a recorded error when out of bounds.
    #[inline]
    pub fn get<I: KernelIndex>(&self, i: I) -> T {
        match i.checked_index(self.len) {
            // SAFETY: `k < len`, and the slice's contract (`new`): aligned, readable for `'a`,
            // never written during the launch, so a plain read races with nothing.
            Some(k) => unsafe { self.ptr.add(k).read() },
            None => {
                self.launch.fault(
                    Place::Param(self.param),
                    i.index_value(),
                    self.len,
                    Access::Read,
                );
                T::default()
            }
        }
    }
}

/// A `&mut [T]` parameter of a raw kernel, as its CPU twin sees it (from
/// [`RawArgs::slice_mut`](super::RawArgs::slice_mut)): bounds-checked reads, writes and
/// atomics, shared by every emulated thread of the launch.
///
/// `a.set(i, v)` is the twin's spelling of `a[i] = v`, `a.get(i)` of `a[i]`; `a[i] += v` is
/// `a.set(i, a.get(i) + v)` (not atomic, as in CUDA). Out of bounds, reads give `T::default()`,
/// writes and atomics do nothing, and the launch fails with
/// [`Error::Index`](crate::Error::Index).
///
/// ```
/// use array_runtime::kernel::raw::{self, Arg, LaunchConfig, ParamKind, RawArgs, RawKernelDef};
/// use array_runtime::{Array, DTypeId, Device};
///
/// // Every thread of 4 blocks of 64 counts itself into bin `thread % 4`.
/// static COUNT: RawKernelDef = RawKernelDef {
///     name: "count",
///     params: &[ParamKind::slice_mut(DTypeId::U32)],
///     param_names: &["bins"],
///     ..RawKernelDef::DEFAULT
/// };
/// fn count(args: &RawArgs<'_>) {
///     let bins = args.slice_mut::<u32>(0);
///     bins.atomic_add(raw::thread_idx().x % 4, 1);
/// }
/// let mut bins = Array::<u32>::zeros(&Device::cpu(), &[4])?;
/// raw::launch(&COUNT, &[], &LaunchConfig::new(4, 64), &mut [Arg::slice_mut(&mut bins)], &count)?;
/// assert_eq!(bins.to_vec()?, vec![64; 4]);
/// # Ok::<(), array_runtime::Error>(())
/// ```
pub struct GlobalSliceMut<'a, T: DType> {
    ptr: *mut T,
    len: usize,
    param: u32,
    launch: &'a LaunchInfo,
}

impl<T: DType> Clone for GlobalSliceMut<'_, T> {
    fn clone(&self) -> Self {
        *self
    }
}
impl<T: DType> Copy for GlobalSliceMut<'_, T> {}

impl<T: DType> std::fmt::Debug for GlobalSliceMut<'_, T> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "GlobalSliceMut<{}>(`{}`, len {})",
            T::ID,
            self.launch.param_name(self.param),
            self.len
        )
    }
}

impl<'a, T: DType> GlobalSliceMut<'a, T> {
    /// # Safety
    ///
    /// `ptr` is aligned and valid for reads and writes of `len` elements for `'a`, and during
    /// `'a` those elements are accessed only through this module (atomically).
    pub(super) unsafe fn new(ptr: *mut T, len: usize, param: u32, launch: &'a LaunchInfo) -> Self {
        GlobalSliceMut {
            ptr,
            len,
            param,
            launch,
        }
    }

    /// Number of elements.
    #[inline]
    pub fn len(&self) -> usize {
        self.len
    }

    /// Whether the slice has no element.
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    #[inline]
    fn at<I: KernelIndex>(&self, i: I, access: Access) -> Option<*mut T> {
        match i.checked_index(self.len) {
            // SAFETY: `k < len`: inside the allocation (`new`'s contract).
            Some(k) => Some(unsafe { self.ptr.add(k) }),
            None => {
                self.launch
                    .fault(Place::Param(self.param), i.index_value(), self.len, access);
                None
            }
        }
    }

    /// The element at `i` (`a[i]`); `T::default()` and a recorded error when out of bounds.
    #[inline]
    pub fn get<I: KernelIndex>(&self, i: I) -> T {
        match self.at(i, Access::Read) {
            // SAFETY: in bounds; `new`'s contract: every access to the element is atomic.
            Some(p) => unsafe { load(p) },
            None => T::default(),
        }
    }

    /// Writes `v` at `i` (`a[i] = v`); nothing but a recorded error when out of bounds.
    #[inline]
    pub fn set<I: KernelIndex>(&self, i: I, v: T) {
        if let Some(p) = self.at(i, Access::Write) {
            // SAFETY: as in `get`.
            unsafe { store(p, v) }
        }
    }
}

/// A window of the block's shared memory, as the CPU twin sees it (from
/// [`shared`](super::shared) or [`dyn_shared`](super::dyn_shared)): bounds-checked reads,
/// writes and atomics, shared by the threads of one block.
///
/// The handle holds a byte offset and a length, not a pointer: each access finds the shared
/// memory of the block that the calling emulated thread belongs to. It is therefore only usable
/// inside an emulated launch, and panics outside one.
///
/// ```
/// use array_runtime::kernel::raw::{self, Arg, LaunchConfig, ParamKind, RawArgs, RawKernelDef};
/// use array_runtime::{Array, DTypeId, Device};
///
/// // Reverses each block of 8 through shared memory.
/// static REVERSE: RawKernelDef = RawKernelDef {
///     name: "reverse",
///     params: &[ParamKind::slice_mut(DTypeId::F32)],
///     param_names: &["x"],
///     static_shared_bytes: 8 * 4,
///     uses_block_sync: true,
///     ..RawKernelDef::DEFAULT
/// };
/// fn reverse(args: &RawArgs<'_>) {
///     let x = args.slice_mut::<f32>(0);
///     let tile = raw::shared::<f32>(0, 8);
///     let (t, base) = (raw::thread_idx().x, raw::block_idx().x * 8);
///     tile.set(t, x.get(base + t));
///     raw::sync_threads();
///     x.set(base + t, tile.get(7 - t));
/// }
/// let mut x = Array::from_vec(&Device::cpu(), &[16], (0..16).map(|v| v as f32).collect())?;
/// raw::launch(&REVERSE, &[], &LaunchConfig::new(2, 8), &mut [Arg::slice_mut(&mut x)], &reverse)?;
/// assert_eq!(x.to_vec()?[..8], [7.0, 6.0, 5.0, 4.0, 3.0, 2.0, 1.0, 0.0]);
/// # Ok::<(), array_runtime::Error>(())
/// ```
pub struct SharedSlice<T: DType> {
    /// Byte offset in the block's shared memory.
    offset: usize,
    len: usize,
    // Not `Send`: a handle belongs to the emulated thread that made it.
    _t: PhantomData<*mut T>,
}

impl<T: DType> Clone for SharedSlice<T> {
    fn clone(&self) -> Self {
        *self
    }
}
impl<T: DType> Copy for SharedSlice<T> {}

impl<T: DType> std::fmt::Debug for SharedSlice<T> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "SharedSlice<{}>(offset {}, len {})",
            T::ID,
            self.offset,
            self.len
        )
    }
}

impl<T: DType> SharedSlice<T> {
    /// A window that the caller checked to lie inside the launch's shared memory, aligned.
    pub(super) fn new(offset: usize, len: usize) -> Self {
        SharedSlice {
            offset,
            len,
            _t: PhantomData,
        }
    }

    /// Number of elements.
    #[inline]
    pub fn len(&self) -> usize {
        self.len
    }

    /// Whether the window has no element.
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Byte offset of the window in the block's shared memory.
    pub fn offset(&self) -> usize {
        self.offset
    }

    #[inline]
    fn at<I: KernelIndex>(&self, i: I, access: Access) -> Option<*mut T> {
        emulator::with_block("a shared-memory access", |block| {
            let (base, bytes) = block.shared_region();
            let place = Place::Shared(self.offset);
            // A handle made in another launch may not fit this block's memory: check the
            // window too (one comparison), then the index.
            let fits = (base as usize + self.offset).is_multiple_of(align_of::<T>())
                && self
                    .len
                    .checked_mul(size_of::<T>())
                    .and_then(|n| n.checked_add(self.offset))
                    .is_some_and(|end| end <= bytes);
            match i.checked_index(self.len) {
                // SAFETY: the window lies inside the block's region (checked above) and
                // `k < len`, so the element is inside the region.
                Some(k) if fits => Some(unsafe { base.add(self.offset).cast::<T>().add(k) }),
                _ => {
                    block.launch().fault(
                        place,
                        i.index_value(),
                        if fits { self.len } else { 0 },
                        access,
                    );
                    None
                }
            }
        })
    }

    /// The element at `i`; `T::default()` and a recorded error when out of bounds.
    #[inline]
    pub fn get<I: KernelIndex>(&self, i: I) -> T {
        match self.at(i, Access::Read) {
            // SAFETY: in the block's shared region, which the block's threads (one OS thread)
            // access only through this module.
            Some(p) => unsafe { load(p) },
            None => T::default(),
        }
    }

    /// Writes `v` at `i`; nothing but a recorded error when out of bounds.
    #[inline]
    pub fn set<I: KernelIndex>(&self, i: I, v: T) {
        if let Some(p) = self.at(i, Access::Write) {
            // SAFETY: as in `get`.
            unsafe { store(p, v) }
        }
    }
}

/// Where an atomic operation can apply: a [`GlobalSliceMut`] or a [`SharedSlice`]. Sealed.
pub trait AtomicTarget<T: DType>: sealed::Sealed {
    /// The element's address when `i` is in bounds (else the fault is recorded).
    #[doc(hidden)]
    fn atomic_ptr(&self, i: impl KernelIndex) -> Option<*mut T>;
}

impl<T: DType> sealed::Sealed for GlobalSliceMut<'_, T> {}
impl<T: DType> sealed::Sealed for SharedSlice<T> {}

impl<T: DType> AtomicTarget<T> for GlobalSliceMut<'_, T> {
    fn atomic_ptr(&self, i: impl KernelIndex) -> Option<*mut T> {
        self.at(i, Access::Atomic)
    }
}

impl<T: DType> AtomicTarget<T> for SharedSlice<T> {
    fn atomic_ptr(&self, i: impl KernelIndex) -> Option<*mut T> {
        self.at(i, Access::Atomic)
    }
}

/// The atomic methods, written once for both kinds of slice.
macro_rules! atomic_methods {
    () => {
        /// `atomicAdd`: adds `v` to element `i`, returns the old value (`T::default()` and a
        /// recorded error when out of bounds).
        #[inline]
        pub fn atomic_add<I: KernelIndex>(&self, i: I, v: T) -> T
        where
            T: AtomicAdd,
        {
            match self.at(i, Access::Atomic) {
                // SAFETY: in bounds, aligned, accessed atomically only (the slice's contract).
                Some(p) => unsafe { T::add_raw(p, v) },
                None => T::default(),
            }
        }

        /// `atomicSub` (wrapping); returns the old value.
        #[inline]
        pub fn atomic_sub<I: KernelIndex>(&self, i: I, v: T) -> T
        where
            T: AtomicInt,
        {
            self.rmw(i, IntOp::Sub, v)
        }

        /// `atomicMin`; returns the old value.
        #[inline]
        pub fn atomic_min<I: KernelIndex>(&self, i: I, v: T) -> T
        where
            T: AtomicInt,
        {
            self.rmw(i, IntOp::Min, v)
        }

        /// `atomicMax`; returns the old value.
        #[inline]
        pub fn atomic_max<I: KernelIndex>(&self, i: I, v: T) -> T
        where
            T: AtomicInt,
        {
            self.rmw(i, IntOp::Max, v)
        }

        /// `atomicAnd`; returns the old value.
        #[inline]
        pub fn atomic_and<I: KernelIndex>(&self, i: I, v: T) -> T
        where
            T: AtomicInt,
        {
            self.rmw(i, IntOp::And, v)
        }

        /// `atomicOr`; returns the old value.
        #[inline]
        pub fn atomic_or<I: KernelIndex>(&self, i: I, v: T) -> T
        where
            T: AtomicInt,
        {
            self.rmw(i, IntOp::Or, v)
        }

        /// `atomicXor`; returns the old value.
        #[inline]
        pub fn atomic_xor<I: KernelIndex>(&self, i: I, v: T) -> T
        where
            T: AtomicInt,
        {
            self.rmw(i, IntOp::Xor, v)
        }

        /// `atomicExch`: stores `v`, returns the old value.
        #[inline]
        pub fn atomic_exch<I: KernelIndex>(&self, i: I, v: T) -> T
        where
            T: AtomicBits,
        {
            match self.at(i, Access::Atomic) {
                // SAFETY: as in `atomic_add`.
                Some(p) => unsafe { T::exch_raw(p, v) },
                None => T::default(),
            }
        }

        /// `atomicCAS`: stores `new` if the element equals `current` (bitwise for floats);
        /// returns the old value (the store happened when it equals `current`).
        #[inline]
        pub fn atomic_cas<I: KernelIndex>(&self, i: I, current: T, new: T) -> T
        where
            T: AtomicBits,
        {
            match self.at(i, Access::Atomic) {
                // SAFETY: as in `atomic_add`.
                Some(p) => unsafe { T::cas_raw(p, current, new) },
                None => T::default(),
            }
        }

        #[inline]
        fn rmw<I: KernelIndex>(&self, i: I, op: IntOp, v: T) -> T
        where
            T: AtomicInt,
        {
            match self.at(i, Access::Atomic) {
                // SAFETY: as in `atomic_add`.
                Some(p) => unsafe { T::rmw_raw(p, op, v) },
                None => T::default(),
            }
        }
    };
}

impl<T: DType> GlobalSliceMut<'_, T> {
    atomic_methods!();
}

impl<T: DType> SharedSlice<T> {
    atomic_methods!();
}

/// The free-function spelling of the atomics (`atomic_add(&bins, i, 1)`), for either kind of
/// slice; each returns the old value.
macro_rules! atomic_fns {
    ($($(#[$m:meta])* $name:ident: $bound:ident => $body:expr_2021;)*) => {$(
        $(#[$m])*
        #[inline]
        pub fn $name<T: $bound, I: KernelIndex>(target: &impl AtomicTarget<T>, i: I, v: T) -> T {
            match target.atomic_ptr(i) {
                // SAFETY: an in-bounds, aligned element of a slice whose elements are accessed
                // atomically only (`AtomicTarget` is sealed: only our two slice kinds).
                Some(p) => unsafe { $body(p, v) },
                None => T::default(),
            }
        }
    )*};
}
atomic_fns! {
    /// `atomicAdd` on a global or shared slice.
    atomic_add: AtomicAdd => T::add_raw;
    /// `atomicSub` (wrapping).
    atomic_sub: AtomicInt => |p, v| T::rmw_raw(p, IntOp::Sub, v);
    /// `atomicMin`.
    atomic_min: AtomicInt => |p, v| T::rmw_raw(p, IntOp::Min, v);
    /// `atomicMax`.
    atomic_max: AtomicInt => |p, v| T::rmw_raw(p, IntOp::Max, v);
    /// `atomicAnd`.
    atomic_and: AtomicInt => |p, v| T::rmw_raw(p, IntOp::And, v);
    /// `atomicOr`.
    atomic_or: AtomicInt => |p, v| T::rmw_raw(p, IntOp::Or, v);
    /// `atomicXor`.
    atomic_xor: AtomicInt => |p, v| T::rmw_raw(p, IntOp::Xor, v);
    /// `atomicExch`.
    atomic_exch: AtomicBits => T::exch_raw;
}

/// `atomicCAS` on a global or shared slice: stores `new` if element `i` equals `current`
/// (bitwise for floats); returns the old value.
#[inline]
pub fn atomic_cas<T: AtomicBits, I: KernelIndex>(
    target: &impl AtomicTarget<T>,
    i: I,
    current: T,
    new: T,
) -> T {
    match target.atomic_ptr(i) {
        // SAFETY: as in the other free atomics.
        Some(p) => unsafe { T::cas_raw(p, current, new) },
        None => T::default(),
    }
}
