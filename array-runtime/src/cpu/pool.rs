//! A caching allocator for host memory: CuPy's memory pool, for the CPU backend.
//!
//! A large buffer freshly taken from the system costs a page fault per page on its first
//! write, and giving it back unmaps it (glibc serves large blocks with `mmap`), so a loop of
//! allocating kernel calls pays the faults on every call: writing 10^7 `f32` into a fresh
//! array takes several times as long as writing them into an existing one. The pool keeps
//! large buffers (at least [`MIN_POOLED`] bytes) when their array is dropped, in free lists by
//! size class, and hands them out again to later allocations of the same class. Smaller
//! buffers go to the global allocator directly (which reuses them well), but are counted:
//! [`HostPool::used_bytes`] is every byte the pool handed out that an array still holds, and
//! [`HostPool::set_limit`] caps small buffers too. (A vector adopted without a copy,
//! `Array::from_vec`, was allocated by its caller, not the pool, and is not counted.)
//!
//! The cache is bounded: it holds at most [`HostPool::cache_limit`] bytes (by default a quarter
//! of the physical memory or 4 GiB, whichever is smaller), evicting the buffers cached longest
//! ago. [`HostPool::free_all_blocks`] empties it.
//!
//! Buffers are 64-byte aligned. A fresh one is zeroed by the system (`calloc`: free for fresh
//! pages); a reused one holds whatever values its previous array left, which are valid values
//! of every dtype except `bool`: a buffer handed out for `bool` elements is zeroed first.
//!
//! ```
//! use array_runtime::{cpu, Array, Device};
//! let pool = cpu::memory_pool();
//! let before = pool.used_bytes();
//! let a = Array::<f32>::zeros(&Device::cpu(), &[1 << 20])?; // 4 MiB: pooled
//! assert!(pool.used_bytes() >= before + (4 << 20));
//! drop(a);                                                  // back to the free list
//! assert!(pool.free_bytes() >= 4 << 20);
//! let b = Array::<f32>::zeros(&Device::cpu(), &[1 << 20])?; // the same buffer, zeroed again
//! assert_eq!(b.to_vec()?[..4], [0.0; 4]);
//! drop(b);
//! pool.free_all_blocks();
//! assert_eq!(pool.free_bytes(), 0);
//! # Ok::<(), array_runtime::Error>(())
//! ```
//!
//! This is one of the runtime's raw-memory modules.

use std::alloc::{self, Layout};
use std::collections::{BTreeMap, VecDeque};
use std::fmt;
use std::mem::ManuallyDrop;
use std::ops::{Deref, DerefMut};
use std::ptr::NonNull;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Mutex, MutexGuard, OnceLock};

use super::host_vec;
use crate::dtype::{DType, DTypeId};
use crate::error::{Error, Result};
use crate::raw;

/// Buffers of at least this many bytes (64 KiB) are pooled; smaller ones use the global
/// allocator. Kernel outputs from 64 KiB up to glibc's `mmap` sizes would cost a fill of
/// the whole buffer on every call from the allocator (`for_overwrite` must hand out
/// initialised values), which a reused block skips (NumPy's outputs are `malloc`ed, never
/// filled).
pub const MIN_POOLED: usize = 1 << 16;

/// Alignment of pooled buffers, in bytes (a cache line; any SIMD load).
pub const ALIGN: usize = 64;

/// Alignment asked of the global allocator: what `calloc` gives, so that fresh memory comes
/// zeroed by the system instead of by a `memset` that would touch every page.
const SYSTEM_ALIGN: usize = 16;

/// The size class of a pooled buffer of `bytes` bytes (at least [`MIN_POOLED`]): eight classes
/// per power of two, so at most 12.5% of a buffer is never used (and the unused tail of a
/// fresh buffer is never touched, so costs no physical memory).
///
/// ```
/// use array_runtime::cpu::pool::size_class;
/// assert_eq!(size_class(1 << 20), 1 << 20);
/// assert_eq!(size_class((1 << 20) + 1), (1 << 20) + (1 << 17));
/// assert_eq!(size_class(40_000_000), 40 << 20);
/// ```
pub fn size_class(bytes: usize) -> usize {
    let bytes = bytes.max(1);
    let step = (bytes.next_power_of_two() / 16).max(4096);
    bytes.div_ceil(step).saturating_mul(step)
}

/// The default bound on cached bytes: a quarter of the physical memory, at most 4 GiB.
fn default_limit() -> usize {
    static LIMIT: OnceLock<usize> = OnceLock::new();
    *LIMIT.get_or_init(|| {
        const CAP: usize = 4 << 30;
        physical_memory().map_or(CAP, |m| (m / 4).min(CAP))
    })
}

/// Physical memory in bytes, where the system says (Linux: `/proc/meminfo`).
fn physical_memory() -> Option<usize> {
    let info = std::fs::read_to_string("/proc/meminfo").ok()?;
    let line = info.lines().find(|l| l.starts_with("MemTotal:"))?;
    let kib: usize = line.split_whitespace().nth(1)?.parse().ok()?;
    kib.checked_mul(1024)
}

/// One block of memory from the global allocator: `class + ALIGN` bytes at `base`, of which
/// `class` bytes from the first 64-byte aligned address are used. Every byte is initialised
/// (zeroed when allocated, then only ever written with values of some dtype).
struct Block {
    base: NonNull<u8>,
    class: usize,
}

// SAFETY: a block is plain memory owned by whoever holds the `Block` (the pool's free list, or
// one `HostBuffer`); no thread-bound state.
unsafe impl Send for Block {}

impl Block {
    /// The allocation of a block of `class` usable bytes; `None` when no allocation can be
    /// that large (more than `isize::MAX` bytes once aligned).
    fn layout(class: usize) -> Option<Layout> {
        Layout::from_size_align(class.checked_add(ALIGN)?, SYSTEM_ALIGN).ok()
    }

    /// A fresh, zeroed block of `class` usable bytes, or `None` when the system has no memory
    /// (or no allocation can be that large).
    fn allocate(class: usize) -> Option<Block> {
        let layout = Block::layout(class)?;
        // SAFETY: the layout has a non-zero size (`class + ALIGN`).
        let base = unsafe { alloc::alloc_zeroed(layout) };
        NonNull::new(base).map(|base| Block { base, class })
    }

    /// The first 64-byte aligned address: `class` bytes from it lie inside the block.
    fn data(&self) -> NonNull<u8> {
        let pad = self.base.as_ptr().align_offset(ALIGN);
        assert!(pad < ALIGN, "block base cannot be aligned");
        // SAFETY: `pad < ALIGN`, so the address is inside the allocation of `class + ALIGN`
        // bytes, and `pad + class <= class + ALIGN` bytes follow it within the allocation.
        unsafe { NonNull::new_unchecked(self.base.as_ptr().add(pad)) }
    }
}

impl Drop for Block {
    fn drop(&mut self) {
        // A block exists only once its layout was valid and allocated (`Block::allocate`).
        if let Some(layout) = Block::layout(self.class) {
            // SAFETY: `base` came from the global allocator with this very layout and is freed
            // once (a `Block` is never copied).
            unsafe { alloc::dealloc(self.base.as_ptr(), layout) }
        }
    }
}

/// A snapshot of the host pool's counters (same meaning as CuPy's).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PoolStats {
    /// Bytes of the buffers in use: pooled ones by size class, small ones by their
    /// elements' bytes; CuPy's `used_bytes()`.
    pub used_bytes: usize,
    /// Bytes held: buffers in use and cached, CuPy's `total_bytes()`.
    pub total_bytes: usize,
    /// Bytes cached in the free lists, CuPy's `free_bytes()`.
    pub free_bytes: usize,
    /// Buffers cached in the free lists, CuPy's `n_free_blocks()`.
    pub free_blocks: usize,
    /// Allocations served from the cache, since the pool was made.
    pub hits: u64,
    /// Allocations that took fresh memory from the system, since the pool was made.
    pub misses: u64,
}

#[derive(Default)]
struct State {
    /// Cached blocks by size class, oldest first, each with its sequence number.
    free: BTreeMap<usize, VecDeque<(u64, Block)>>,
    /// Every cached block's sequence number and class, oldest first (for eviction).
    age: BTreeMap<u64, usize>,
    next_seq: u64,
    used: usize,
    cached: usize,
    free_blocks: usize,
    hits: u64,
    misses: u64,
    /// `None`: the default ([`default_limit`]).
    cache_limit: Option<usize>,
    /// The cap on bytes held (in use and cached), [`HostPool::set_limit`]; `None`: no cap.
    limit: Option<usize>,
}

impl State {
    const NEW: State = State {
        free: BTreeMap::new(),
        age: BTreeMap::new(),
        next_seq: 0,
        used: 0,
        cached: 0,
        free_blocks: 0,
        hits: 0,
        misses: 0,
        cache_limit: None,
        limit: None,
    };

    fn cache_limit(&self) -> usize {
        self.cache_limit.unwrap_or_else(default_limit)
    }

    /// Takes the newest cached block of `class` (the likeliest to be in cache).
    fn take(&mut self, class: usize) -> Option<Block> {
        let list = self.free.get_mut(&class)?;
        let (seq, block) = list.pop_back()?;
        if list.is_empty() {
            self.free.remove(&class);
        }
        self.age.remove(&seq);
        self.cached -= class;
        self.free_blocks -= 1;
        Some(block)
    }

    /// Removes the oldest cached blocks until at most `room` bytes are cached; returns them to
    /// be freed outside the lock.
    fn evict_to(&mut self, room: usize, out: &mut Vec<Block>) {
        while self.cached > room {
            let Some((seq, class)) = self.age.pop_first() else {
                break;
            };
            let list = self.free.get_mut(&class).expect("aged block has a list");
            let (s, block) = list.pop_front().expect("aged block is listed");
            debug_assert_eq!(s, seq, "the oldest of a class is the front of its list");
            if list.is_empty() {
                self.free.remove(&class);
            }
            self.cached -= class;
            self.free_blocks -= 1;
            out.push(block);
        }
    }
}

/// The caching allocator of host memory; see the [module documentation](self). The runtime
/// uses one, [`memory_pool`].
pub struct HostPool {
    state: Mutex<State>,
    /// Bytes of the small (not pooled) buffers in use. Outside the lock: small buffers are
    /// many and short-lived, and while no limit is set they only add and subtract here.
    small: AtomicUsize,
    /// Whether a limit is set (`State::limit`): small allocations then reserve under the lock.
    capped: AtomicBool,
}

impl fmt::Debug for HostPool {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("HostPool")
            .field("stats", &self.stats())
            .field("cache_limit", &self.cache_limit())
            .finish()
    }
}

impl Default for HostPool {
    fn default() -> Self {
        Self::new()
    }
}

static POOL: HostPool = HostPool::new();

/// The pool that every host array of the runtime allocates from (CuPy's
/// `get_default_memory_pool()`, for host memory);
/// [`Device::memory_pool`](crate::Device::memory_pool) gives it, or a CUDA device's pool, as
/// one type.
///
/// ```
/// use array_runtime::{cpu, Array, Device};
/// let pool = cpu::memory_pool();
/// let a = Array::<f64>::zeros(&Device::cpu(), &[1 << 18])?;  // 2 MiB
/// let st = pool.stats();
/// assert_eq!(st.total_bytes, st.used_bytes + st.free_bytes);
/// assert!(st.used_bytes >= 2 << 20);
/// pool.set_cache_limit(Some(0));     // cache nothing from now on
/// drop(a);
/// assert_eq!(pool.free_bytes(), 0);
/// # Ok::<(), array_runtime::Error>(())
/// ```
pub fn memory_pool() -> &'static HostPool {
    &POOL
}

impl HostPool {
    /// An empty pool with the default cache limit.
    pub const fn new() -> Self {
        HostPool {
            state: Mutex::new(State::NEW),
            small: AtomicUsize::new(0),
            capped: AtomicBool::new(false),
        }
    }

    fn lock(&self) -> MutexGuard<'_, State> {
        // The state is consistent between statements: a panic elsewhere cannot leave it torn.
        self.state.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// A block of `class` usable bytes, cached or fresh, and whether it is fresh (zeroed);
    /// `None` when the system has no memory even after the cache was released, or when the
    /// block would take the pool past its [limit](HostPool::set_limit).
    fn alloc(&self, class: usize) -> Option<(Block, bool)> {
        // No allocation is larger (and the counters below cannot overflow).
        if class > isize::MAX as usize {
            return None;
        }
        let release_first = {
            let mut st = self.lock();
            if let Some(block) = st.take(class) {
                st.hits += 1;
                st.used += class;
                return Some((block, false));
            }
            st.misses += 1;
            let small = self.small.load(Ordering::Relaxed);
            if st.limit.is_some_and(|cap| st.used + small + class > cap) {
                return None;
            }
            // Reserved under the lock, so that threads racing for the last bytes under the
            // cap cannot both pass; given back below if the system has no memory.
            st.used += class;
            st.limit
                .is_some_and(|cap| st.used + small + st.cached > cap)
        };
        if release_first {
            self.free_all_blocks();
        }
        let block = Block::allocate(class).or_else(|| {
            self.free_all_blocks();
            Block::allocate(class)
        });
        if block.is_none() {
            self.lock().used -= class;
        }
        block.map(|b| (b, true))
    }

    /// Counts `bytes` of a small buffer about to be allocated; `false` (nothing counted)
    /// when they would take the pool past its [limit](HostPool::set_limit) even once the
    /// cache is released.
    fn reserve_small(&self, bytes: usize) -> bool {
        if !self.capped.load(Ordering::Relaxed) {
            self.small.fetch_add(bytes, Ordering::Relaxed);
            return true;
        }
        for attempt in 0..2 {
            {
                let st = self.lock();
                let small = self.small.load(Ordering::Relaxed);
                match st.limit {
                    Some(cap) if st.used + small + bytes > cap => return false,
                    Some(cap) if attempt == 0 && st.used + small + st.cached + bytes > cap => {}
                    _ => {
                        // Under the lock, as pooled reservations are.
                        self.small.fetch_add(bytes, Ordering::Relaxed);
                        return true;
                    }
                }
            }
            // The cache stands in the way: release it and look again.
            self.free_all_blocks();
        }
        false
    }

    /// Uncounts `bytes` of a small buffer freed (or never allocated).
    fn release_small(&self, bytes: usize) {
        self.small.fetch_sub(bytes, Ordering::Relaxed);
    }

    /// Takes back a block no longer used: caches it, evicting the oldest blocks if the cache
    /// would exceed its limit, or frees it if it alone exceeds the limit.
    fn give_back(&self, block: Block) {
        let mut evicted = Vec::new();
        let rejected = {
            let mut st = self.lock();
            let class = block.class;
            st.used -= class;
            let limit = st.cache_limit();
            if class > limit {
                Some(block)
            } else {
                st.evict_to(limit - class, &mut evicted);
                let seq = st.next_seq;
                st.next_seq += 1;
                st.free.entry(class).or_default().push_back((seq, block));
                st.age.insert(seq, class);
                st.cached += class;
                st.free_blocks += 1;
                None
            }
        };
        // Freed outside the lock: unmapping large blocks takes a while.
        drop((evicted, rejected));
    }

    /// Frees every cached buffer (CuPy's `free_all_blocks()`); buffers in use are untouched.
    pub fn free_all_blocks(&self) {
        let freed = {
            let mut st = self.lock();
            st.cached = 0;
            st.free_blocks = 0;
            st.age.clear();
            std::mem::take(&mut st.free)
        };
        drop(freed);
    }

    /// Bounds the bytes cached (not those in use): `None` restores the default, a quarter of
    /// the physical memory or 4 GiB, whichever is smaller. Evicts the oldest cached buffers at
    /// once if the cache holds more.
    pub fn set_cache_limit(&self, limit: Option<usize>) {
        let mut evicted = Vec::new();
        {
            let mut st = self.lock();
            st.cache_limit = limit;
            let room = st.cache_limit();
            st.evict_to(room, &mut evicted);
        }
        drop(evicted);
    }

    /// The bound on cached bytes.
    pub fn cache_limit(&self) -> usize {
        self.lock().cache_limit()
    }

    /// Caps the bytes the pool holds, pooled buffers in use and cached (CuPy's
    /// `MemoryPool.set_limit`); `None` removes the cap. An allocation that would go past it
    /// first releases the cache, then fails with [`Error::OutOfMemory`]. Buffers smaller
    /// than [`MIN_POOLED`] bytes (from the global allocator, not cached) count too.
    ///
    /// ```
    /// use array_runtime::{cpu, Array, Device, Error};
    /// let pool = cpu::memory_pool();
    /// pool.set_limit(Some(pool.used_bytes() + (4 << 20)));
    /// let big = Array::<f64>::zeros(&Device::cpu(), &[1 << 20]);    // 8 MiB
    /// let small = Array::<f64>::zeros(&Device::cpu(), &[1 << 10]);  // 8 KiB, within the cap
    /// pool.set_limit(None);
    /// assert!(matches!(big, Err(Error::OutOfMemory { .. })));
    /// assert!(small.is_ok());
    /// ```
    pub fn set_limit(&self, limit: Option<usize>) {
        let mut st = self.lock();
        st.limit = limit;
        self.capped.store(limit.is_some(), Ordering::Relaxed);
    }

    /// The cap set by [`HostPool::set_limit`].
    pub fn limit(&self) -> Option<usize> {
        self.lock().limit
    }

    /// Bytes of the buffers in use: pooled ones by size class, small ones by their
    /// elements' bytes.
    ///
    /// ```
    /// use array_runtime::{cpu, Array, Device};
    /// let a = Array::<u8>::zeros(&Device::cpu(), &[100])?;  // small: not pooled, but counted
    /// assert!(cpu::memory_pool().used_bytes() >= 100);
    /// # Ok::<(), array_runtime::Error>(())
    /// ```
    pub fn used_bytes(&self) -> usize {
        self.lock().used + self.small.load(Ordering::Relaxed)
    }

    /// Bytes cached in the free lists.
    pub fn free_bytes(&self) -> usize {
        self.lock().cached
    }

    /// Bytes held from the system: buffers in use and cached.
    pub fn total_bytes(&self) -> usize {
        let st = self.lock();
        st.used + self.small.load(Ordering::Relaxed) + st.cached
    }

    /// Buffers cached in the free lists.
    pub fn n_free_blocks(&self) -> usize {
        self.lock().free_blocks
    }

    /// Every counter at once.
    pub fn stats(&self) -> PoolStats {
        let st = self.lock();
        let used = st.used + self.small.load(Ordering::Relaxed);
        PoolStats {
            used_bytes: used,
            total_bytes: used + st.cached,
            free_bytes: st.cached,
            free_blocks: st.free_blocks,
            hits: st.hits,
            misses: st.misses,
        }
    }
}

/// Where a [`HostBuffer`]'s memory came from, and where it goes when dropped.
enum Origin {
    /// A `Vec<T>` of this capacity (small buffers, and vectors adopted by `from_vec`), and
    /// the pool that counts its bytes (small buffers only).
    Vec {
        cap: usize,
        counted: Option<(&'static HostPool, usize)>,
    },
    /// A block of a pool.
    Pool {
        block: ManuallyDrop<Block>,
        pool: &'static HostPool,
    },
}

/// The elements of a host array: `len` initialised values of `T`, in a vector or in a pooled,
/// 64-byte aligned block (returned to its pool when dropped).
///
/// Dereferences to `[T]`; [`HostBuffer::try_clone`] copies the elements into a new buffer.
pub struct HostBuffer<T: DType> {
    ptr: NonNull<T>,
    len: usize,
    origin: Origin,
}

// SAFETY: a `HostBuffer` owns its elements exclusively (as a `Vec<T>` does), and `T: DType` is
// `Send + Sync`; the pool it returns to is a `Sync` static.
unsafe impl<T: DType> Send for HostBuffer<T> {}
// SAFETY: shared access only reads the elements (`&[T]`), as for `Vec<T>`.
unsafe impl<T: DType> Sync for HostBuffer<T> {}

impl<T: DType> fmt::Debug for HostBuffer<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let pooled = matches!(self.origin, Origin::Pool { .. });
        write!(
            f,
            "HostBuffer<{}>(len={}, pooled={pooled})",
            T::ID,
            self.len
        )
    }
}

/// What a new pooled buffer must hold before it is viewed as `[T]`.
enum Init<'a, T> {
    /// Any valid values (zeros when fresh; a reused buffer's old values, zeroed for `bool`).
    Any,
    /// Zeros (`T::default()`, all-zero bytes for every dtype).
    Zeros,
    /// Copies of one value.
    Fill(T),
    /// A copy of a slice of the buffer's length.
    Copy(&'a [T]),
}

impl<T: DType> HostBuffer<T> {
    /// Whether `n` elements of `T` go to the pool.
    fn pooled_class(n: usize) -> Option<usize> {
        let bytes = n.checked_mul(std::mem::size_of::<T>())?;
        (bytes >= MIN_POOLED).then(|| size_class(bytes))
    }

    /// Adopts a vector, without copying; its memory goes back to the global allocator.
    pub fn from_vec(v: Vec<T>) -> Self {
        let mut v = ManuallyDrop::new(v);
        let (len, cap) = (v.len(), v.capacity());
        // A vector's pointer is never null (dangling but aligned when it has no capacity).
        let ptr = NonNull::new(v.as_mut_ptr()).expect("a Vec's pointer is not null");
        HostBuffer {
            ptr,
            len,
            origin: Origin::Vec { cap, counted: None },
        }
    }

    /// `n` elements whose values are about to be overwritten: zeros when the memory is fresh,
    /// a reused buffer's old values otherwise (every value valid for `T`: a reused buffer for
    /// `bool` is zeroed). For kernel outputs. [`Error::OutOfMemory`] when the system has no
    /// memory for them.
    pub fn for_overwrite(n: usize) -> Result<Self> {
        Self::try_make(&POOL, n, Init::Any)
    }

    /// `n` zeros ([`Error::OutOfMemory`] when the system has no memory for them).
    pub fn zeros(n: usize) -> Result<Self> {
        Self::try_make(&POOL, n, Init::Zeros)
    }

    /// `n` copies of `value` ([`Error::OutOfMemory`] when the system has no memory for them).
    pub fn full(n: usize, value: T) -> Result<Self> {
        Self::try_make(&POOL, n, Init::Fill(value))
    }

    /// A copy of `data` ([`Error::OutOfMemory`] when the system has no memory for it).
    pub fn from_slice(data: &[T]) -> Result<Self> {
        Self::try_make(&POOL, data.len(), Init::Copy(data))
    }

    /// Whether the elements live in a pooled block.
    pub fn is_pooled(&self) -> bool {
        matches!(self.origin, Origin::Pool { .. })
    }

    /// A copy of the elements in a new buffer, from the same pool ([`Error::OutOfMemory`]
    /// when there is no memory for it: the reason `HostBuffer` is not `Clone`).
    ///
    /// ```
    /// use array_runtime::cpu::HostBuffer;
    /// let a = HostBuffer::full(3, 2u8)?;
    /// let b = a.try_clone()?;
    /// assert_eq!((&*b, b.as_ptr() != a.as_ptr()), (&[2u8, 2, 2][..], true));
    /// # Ok::<(), array_runtime::Error>(())
    /// ```
    pub fn try_clone(&self) -> Result<Self> {
        let pool = match &self.origin {
            Origin::Pool { pool, .. } => pool,
            Origin::Vec {
                counted: Some((pool, _)),
                ..
            } => pool,
            Origin::Vec { counted: None, .. } => &POOL,
        };
        Self::try_make(pool, self.len, Init::Copy(self))
    }

    fn try_make(pool: &'static HostPool, n: usize, init: Init<'_, T>) -> Result<Self> {
        let oom = |requested: usize| Error::OutOfMemory {
            requested,
            held: pool.used_bytes(),
            device: "cpu",
        };
        let requested = n.saturating_mul(std::mem::size_of::<T>());
        if requested > isize::MAX as usize {
            return Err(oom(requested));
        }
        let bytes = requested;
        let Some(class) = Self::pooled_class(n) else {
            if !pool.reserve_small(bytes) {
                return Err(oom(bytes));
            }
            let v = match init {
                // Not `vec![T::default(); n]`, which is `calloc`: glibc serves it without its
                // thread cache, several times slower than `malloc` for small buffers.
                Init::Any | Init::Zeros => host_vec::filled(n, T::default()),
                Init::Fill(value) => host_vec::filled(n, value),
                Init::Copy(s) => host_vec::from_slice(s),
            };
            let v = v.inspect_err(|_| pool.release_small(bytes))?;
            let mut buf = Self::from_vec(v);
            if let Origin::Vec { counted, .. } = &mut buf.origin {
                *counted = Some((pool, bytes));
            }
            return Ok(buf);
        };
        let (block, fresh) = pool.alloc(class).ok_or_else(|| oom(bytes))?;
        let data = block.data();
        // A fresh block is zeroed: all-zero bytes are `T::default()` for every dtype.
        debug_assert!(raw::value_bytes(&T::default()).iter().all(|&b| b == 0));
        let zero = match init {
            Init::Any => !fresh && T::ID == DTypeId::Bool,
            Init::Zeros => !fresh,
            Init::Fill(v) => !fresh && raw::value_bytes(&v).iter().all(|&b| b == 0),
            Init::Copy(_) => false,
        };
        if zero {
            // SAFETY: the block has `class >= bytes` bytes from `data`, owned by us alone.
            unsafe { std::ptr::write_bytes(data.as_ptr(), 0, bytes) };
        }
        let ptr = data.cast::<T>();
        match init {
            Init::Fill(v) if !raw::value_bytes(&v).iter().all(|&b| b == 0) => {
                let p = ptr.as_ptr();
                for k in 0..n {
                    // SAFETY: element `k < n` lies inside the block (`n * size_of::<T>()`
                    // bytes from the 64-byte aligned start, so aligned for `T`); `write` does
                    // not read the old bytes.
                    unsafe { p.add(k).write(v) };
                }
            }
            Init::Copy(s) => {
                assert_eq!(s.len(), n);
                // SAFETY: `n` elements fit in the block (as above); the block is ours alone,
                // so it does not overlap `s`.
                unsafe { std::ptr::copy_nonoverlapping(s.as_ptr(), ptr.as_ptr(), n) };
            }
            _ => {}
        }
        // Every byte of the block is initialised (zeroed at allocation, then written with values
        // of some dtype); the first `n` elements now hold valid values of `T`: all-zero bytes,
        // the values just written, or the old values of a reused block, which are valid for
        // every dtype but `bool` (zeroed above).
        Ok(HostBuffer {
            ptr,
            len: n,
            origin: Origin::Pool {
                block: ManuallyDrop::new(block),
                pool,
            },
        })
    }
}

impl<T: DType> Deref for HostBuffer<T> {
    type Target = [T];
    fn deref(&self) -> &[T] {
        // SAFETY: `ptr` points to `len` initialised, aligned values of `T` owned by `self`
        // (see the constructors).
        unsafe { std::slice::from_raw_parts(self.ptr.as_ptr(), self.len) }
    }
}

impl<T: DType> DerefMut for HostBuffer<T> {
    fn deref_mut(&mut self) -> &mut [T] {
        // SAFETY: as in `deref`, and `&mut self` makes this the only reference.
        unsafe { std::slice::from_raw_parts_mut(self.ptr.as_ptr(), self.len) }
    }
}

impl<T: DType> Drop for HostBuffer<T> {
    fn drop(&mut self) {
        match &mut self.origin {
            Origin::Vec { cap, counted } => {
                // SAFETY: `ptr`, `len` and `cap` are those of the vector adopted by `from_vec`,
                // rebuilt once, here.
                drop(unsafe { Vec::from_raw_parts(self.ptr.as_ptr(), self.len, *cap) });
                if let Some((pool, bytes)) = counted {
                    pool.release_small(*bytes);
                }
            }
            Origin::Pool { block, pool } => {
                // SAFETY: the block is taken once, here, and `self` is not used afterwards.
                let block = unsafe { ManuallyDrop::take(block) };
                pool.give_back(block);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pool() -> &'static HostPool {
        Box::leak(Box::new(HostPool::new()))
    }

    impl<T: DType> HostBuffer<T> {
        fn make(pool: &'static HostPool, n: usize, init: Init<'_, T>) -> Self {
            Self::try_make(pool, n, init).unwrap()
        }
    }

    /// The smallest pooled size (64 KiB).
    const MIN: usize = MIN_POOLED;

    #[test]
    fn classes_round_up_and_bound_waste() {
        for bytes in [MIN, MIN + 1, 3 * MIN + 5, 40_000_000, 400_000_000, 1 << 33] {
            let c = size_class(bytes);
            assert!(c >= bytes);
            assert!((c - bytes) * 8 <= c, "{bytes} -> {c}");
            assert_eq!(size_class(c), c, "classes are fixed points");
        }
    }

    #[test]
    fn small_buffers_bypass_the_cache_but_are_counted() {
        let p = pool();
        let b = HostBuffer::<f32>::make(p, 1000, Init::Any);
        assert!(!b.is_pooled());
        assert_eq!(&b[..3], &[0.0; 3]);
        let st = p.stats();
        assert_eq!(
            (st.used_bytes, st.total_bytes, st.free_bytes),
            (4000, 4000, 0)
        );
        let c = b.try_clone().unwrap();
        assert_eq!(p.used_bytes(), 8000);
        drop((b, c));
        assert_eq!(p.stats(), PoolStats::default());
        let v = HostBuffer::from_vec(vec![1u8, 2, 3]);
        assert_eq!(&*v, &[1, 2, 3]);
        let e = HostBuffer::<f64>::from_vec(Vec::new());
        assert!(e.is_empty());
    }

    #[test]
    fn the_limit_caps_small_buffers_and_releases_the_cache_for_them() {
        let p = pool();
        drop(HostBuffer::<u8>::make(p, MIN, Init::Any));
        assert_eq!(p.free_bytes(), MIN);
        p.set_limit(Some(MIN + 100));
        // 200 bytes fit beside nothing in use, not beside the cached block: the cache goes.
        let a = HostBuffer::<u8>::make(p, 200, Init::Zeros);
        assert_eq!((p.free_bytes(), p.used_bytes()), (0, 200));
        let past = HostBuffer::<u16>::try_make(p, MIN / 2, Init::Any);
        assert!(matches!(past, Err(Error::OutOfMemory { .. })), "{past:?}");
        assert_eq!(p.used_bytes(), 200, "a refused buffer is not counted");
        p.set_limit(None);
        let b = HostBuffer::<u16>::make(p, MIN / 4, Init::Any);
        assert_eq!(p.used_bytes(), 200 + MIN / 2);
        drop((a, b));
        assert_eq!(p.stats().used_bytes, 0);
    }

    #[test]
    fn large_buffers_are_reused_and_counted() {
        let p = pool();
        let n = MIN; // 4 * MIN bytes of f32
        let mut a = HostBuffer::<f32>::make(p, n, Init::Any);
        assert!(a.is_pooled());
        assert_eq!(a.as_ptr() as usize % ALIGN, 0);
        assert!(a.iter().all(|&x| x == 0.0), "fresh memory is zeroed");
        a.fill(3.5);
        let addr = a.as_ptr() as usize;
        let st = p.stats();
        assert_eq!((st.used_bytes, st.free_bytes, st.misses), (4 * MIN, 0, 1));
        drop(a);
        let st = p.stats();
        assert_eq!(
            (st.used_bytes, st.free_bytes, st.free_blocks),
            (0, 4 * MIN, 1)
        );
        // Same class, another dtype: the same block, old values visible (valid f64s).
        let b = HostBuffer::<f64>::make(p, n / 2, Init::Any);
        assert_eq!(b.as_ptr() as usize, addr);
        assert_ne!(b[0], 0.0);
        assert_eq!(p.stats().hits, 1);
        drop(b);
        // Zeros and fills on a reused block.
        let z = HostBuffer::<i32>::make(p, n, Init::Zeros);
        assert_eq!(z.as_ptr() as usize, addr);
        assert!(z.iter().all(|&x| x == 0));
        drop(z);
        let f = HostBuffer::<u16>::make(p, 2 * n, Init::Fill(7));
        assert!(f.iter().all(|&x| x == 7));
        let c = f.try_clone().unwrap();
        assert!(c.is_pooled() && c.iter().all(|&x| x == 7));
        assert_ne!(c.as_ptr(), f.as_ptr());
        drop((f, c));
        assert_eq!(p.n_free_blocks(), 2);
        p.free_all_blocks();
        assert_eq!(p.stats().total_bytes, 0);
    }

    #[test]
    fn reused_buffers_for_bool_hold_only_booleans() {
        let p = pool();
        let n = 2 * MIN;
        let mut a = HostBuffer::<u8>::make(p, n, Init::Any);
        a.fill(0xAB);
        drop(a);
        let b = HostBuffer::<bool>::make(p, n, Init::Any);
        assert!(
            raw::as_bytes(&b).iter().all(|&x| x == 0),
            "a reused buffer for bool is zeroed"
        );
        drop(b);
        let mut a = HostBuffer::<u8>::make(p, n, Init::Any);
        a.fill(0xAB);
        drop(a);
        let t = HostBuffer::<bool>::make(p, n, Init::Fill(true));
        assert!(t.iter().all(|&x| x));
    }

    #[test]
    fn cache_is_bounded_oldest_evicted() {
        let p = pool();
        p.set_cache_limit(Some(5 * MIN));
        assert_eq!(p.cache_limit(), 5 * MIN);
        let a = HostBuffer::<u8>::make(p, 2 * MIN, Init::Any);
        let b = HostBuffer::<u8>::make(p, 3 * MIN, Init::Any);
        let c = HostBuffer::<u8>::make(p, 2 * MIN, Init::Any);
        let too_big = HostBuffer::<u8>::make(p, 6 * MIN, Init::Any);
        let b_addr = b.as_ptr();
        drop(a); // cached: a (2)
        drop(b); // cached: a, b (5)
        drop(c); // a is evicted: b, c (5)
        let st = p.stats();
        assert_eq!((st.free_bytes, st.free_blocks), (5 * MIN, 2));
        drop(too_big); // larger than the limit: freed
        assert_eq!(p.free_bytes(), 5 * MIN);
        assert_eq!(p.used_bytes(), 0);
        let b2 = HostBuffer::<u8>::make(p, 3 * MIN, Init::Any);
        assert_eq!(b2.as_ptr(), b_addr, "b survived the eviction");
        drop(b2);
        // b went back last: c is now the oldest.
        p.set_cache_limit(Some(4 * MIN)); // evicts c, keeps b
        assert_eq!(p.free_bytes(), 3 * MIN);
        let b3 = HostBuffer::<u8>::make(p, 3 * MIN, Init::Any);
        assert_eq!(b3.as_ptr(), b_addr);
        drop(b3);
        p.set_cache_limit(None);
        assert!(p.cache_limit() > 0 && p.cache_limit() <= 4 << 30);
    }

    #[test]
    fn concurrent_use_keeps_counters_consistent() {
        let p = pool();
        std::thread::scope(|s| {
            for t in 0..4 {
                s.spawn(move || {
                    for i in 0..50 {
                        let n = MIN + (i % 3) * MIN / 2;
                        let mut b = HostBuffer::<u32>::make(p, n, Init::Any);
                        b[n - 1] = t;
                        let small = HostBuffer::<u32>::make(p, 10 + i, Init::Fill(t));
                        assert_eq!(small[i], t);
                    }
                });
            }
        });
        let st = p.stats();
        assert_eq!(st.used_bytes, 0);
        assert_eq!(st.total_bytes, st.free_bytes);
        assert_eq!(st.hits + st.misses, 200);
    }
}
