//! A caching allocator for device memory, with CuPy's statistics.
//!
//! Freed blocks are not returned to CUDA: they wait in free lists, one per size class, and the
//! next allocation of the same class takes one back at the cost of a lock and a `Vec::pop`.
//! Every block of a device is used on that device's one stream, so a block freed while a
//! kernel still reads it can be handed out again at once: the next use is queued behind the
//! kernel on the same stream.
//!
//! Sizes are rounded up to a class: multiples of 512 bytes up to 1 MiB, then eight classes per
//! power of two (at most 12.5% lost). When CUDA reports out-of-memory, the cache is released
//! and the allocation retried once; a second failure is [`Error::OutOfMemory`] with the size
//! asked and the bytes held by live buffers.
//!
//! [`Pool`] is generic over the raw allocator so that its bookkeeping is tested without a GPU.
//!
//! ```
//! use array_runtime::cuda::pool::size_class;
//! assert_eq!(size_class(1), 512);
//! assert_eq!(size_class(513), 1024);
//! assert_eq!(size_class((1 << 20) + 1), (1 << 20) + (1 << 17));
//! ```

use std::collections::BTreeMap;
use std::mem::ManuallyDrop;
use std::sync::{Arc, Mutex, MutexGuard};

use super::driver::{DeviceMem, Driver};
use crate::error::{Error, Result};

/// Rounding of small sizes.
const UNIT: usize = 512;
/// Sizes up to this are rounded to [`UNIT`]; larger ones to a sixteenth of the next power of
/// two (eight classes between two powers of two).
const SMALL: usize = 1 << 20;

/// The size class of an allocation of `bytes` (the bytes actually reserved).
pub fn size_class(bytes: usize) -> usize {
    let bytes = bytes.max(1);
    let step = if bytes <= SMALL {
        UNIT
    } else {
        (bytes.next_power_of_two() / 16).max(UNIT)
    };
    bytes.div_ceil(step).saturating_mul(step)
}

/// Why a raw allocation failed.
#[derive(Debug)]
pub enum AllocFailure {
    /// The device has no room (retrying after releasing the cache may help).
    OutOfMemory,
    /// Any other failure, reported as is.
    Other(Error),
}

/// Where a [`Pool`] gets its blocks.
pub trait RawAllocator: Send + Sync + 'static {
    /// One block of memory; dropping it frees it.
    type Block: Send + 'static;
    /// A new block of exactly `bytes` bytes.
    fn allocate(&self, bytes: usize) -> std::result::Result<Self::Block, AllocFailure>;
    /// Called after the cached blocks were dropped and before the retry of an allocation that
    /// ran out of memory (CUDA: waits for the frees to complete).
    fn after_release(&self) {}
}

/// A snapshot of a pool's counters.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PoolStats {
    /// Bytes of the blocks in use (by size class), CuPy's `used_bytes()`.
    pub used_bytes: usize,
    /// Bytes held from the device, in use or cached, CuPy's `total_bytes()`.
    pub total_bytes: usize,
    /// Bytes cached in the free lists, CuPy's `free_bytes()`.
    pub free_bytes: usize,
    /// Blocks in the free lists, CuPy's `n_free_blocks()`.
    pub free_blocks: usize,
}

struct State<B> {
    free: BTreeMap<usize, Vec<B>>,
    used: usize,
    cached: usize,
    free_blocks: usize,
    limit: Option<usize>,
}

/// A caching allocator over `A`.
pub struct Pool<A: RawAllocator> {
    raw: A,
    state: Mutex<State<A::Block>>,
}

impl<A: RawAllocator> std::fmt::Debug for Pool<A> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Pool")
            .field("stats", &self.stats())
            .finish()
    }
}

/// A block handed out by a [`Pool`]; it goes back to the pool's free list when dropped.
pub struct Pooled<A: RawAllocator> {
    block: ManuallyDrop<A::Block>,
    size: usize,
    pool: Arc<Pool<A>>,
}

impl<A: RawAllocator> std::fmt::Debug for Pooled<A> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Pooled({} bytes)", self.size)
    }
}

impl<A: RawAllocator> Pooled<A> {
    /// The block.
    pub fn block(&self) -> &A::Block {
        &self.block
    }

    /// The block, mutably.
    pub fn block_mut(&mut self) -> &mut A::Block {
        &mut self.block
    }

    /// Its size class in bytes (at least the size asked).
    pub fn size(&self) -> usize {
        self.size
    }
}

impl<A: RawAllocator> Drop for Pooled<A> {
    fn drop(&mut self) {
        // SAFETY: `block` is taken exactly once, here, and `self` is not used afterwards.
        let block = unsafe { ManuallyDrop::take(&mut self.block) };
        self.pool.give_back(self.size, block);
    }
}

impl<A: RawAllocator> Pool<A> {
    /// An empty pool over `raw`.
    pub fn new(raw: A) -> Arc<Self> {
        Arc::new(Pool {
            raw,
            state: Mutex::new(State {
                free: BTreeMap::new(),
                used: 0,
                cached: 0,
                free_blocks: 0,
                limit: None,
            }),
        })
    }

    fn lock(&self) -> MutexGuard<'_, State<A::Block>> {
        // The state is consistent between statements: a panic elsewhere cannot leave it torn.
        self.state.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// A block of at least `bytes` bytes: a cached one of the same class, else a new one.
    pub fn alloc(self: &Arc<Self>, bytes: usize) -> Result<Pooled<A>> {
        let size = size_class(bytes);
        {
            let mut st = self.lock();
            if let Some(block) = st.free.get_mut(&size).and_then(Vec::pop) {
                st.cached -= size;
                st.free_blocks -= 1;
                st.used += size;
                return Ok(self.wrap(block, size));
            }
        }
        let block = match self
            .within_limit(size)
            .and_then(|_| self.raw.allocate(size))
        {
            Ok(b) => b,
            Err(AllocFailure::OutOfMemory) => {
                self.free_all_blocks();
                self.raw.after_release();
                match self
                    .within_limit(size)
                    .and_then(|_| self.raw.allocate(size))
                {
                    Ok(b) => b,
                    Err(AllocFailure::OutOfMemory) => {
                        return Err(Error::OutOfMemory {
                            requested: bytes,
                            held: self.used_bytes(),
                            device: "cuda",
                        })
                    }
                    Err(AllocFailure::Other(e)) => return Err(e),
                }
            }
            Err(AllocFailure::Other(e)) => return Err(e),
        };
        self.lock().used += size;
        Ok(self.wrap(block, size))
    }

    fn within_limit(&self, size: usize) -> std::result::Result<(), AllocFailure> {
        let st = self.lock();
        match st.limit {
            Some(limit) if st.used + st.cached + size > limit => Err(AllocFailure::OutOfMemory),
            _ => Ok(()),
        }
    }

    fn wrap(self: &Arc<Self>, block: A::Block, size: usize) -> Pooled<A> {
        Pooled {
            block: ManuallyDrop::new(block),
            size,
            pool: self.clone(),
        }
    }

    fn give_back(&self, size: usize, block: A::Block) {
        let mut st = self.lock();
        st.used -= size;
        st.cached += size;
        st.free_blocks += 1;
        st.free.entry(size).or_default().push(block);
    }

    /// Frees every cached block (CuPy's `free_all_blocks()`); blocks in use are untouched.
    pub fn free_all_blocks(&self) {
        let freed = {
            let mut st = self.lock();
            st.cached = 0;
            st.free_blocks = 0;
            std::mem::take(&mut st.free)
        };
        // Dropped outside the lock: freeing may call into the driver.
        drop(freed);
    }

    /// Caps the bytes held (in use and cached); `None` removes the cap. Like CuPy's
    /// `set_limit`, an allocation beyond it first releases the cache, then fails.
    pub fn set_limit(&self, limit: Option<usize>) {
        self.lock().limit = limit;
    }

    /// The cap set by [`Pool::set_limit`].
    pub fn limit(&self) -> Option<usize> {
        self.lock().limit
    }

    /// Bytes of the blocks in use.
    pub fn used_bytes(&self) -> usize {
        self.lock().used
    }

    /// Bytes held: in use and cached.
    pub fn total_bytes(&self) -> usize {
        let st = self.lock();
        st.used + st.cached
    }

    /// Bytes cached in the free lists.
    pub fn free_bytes(&self) -> usize {
        self.lock().cached
    }

    /// Blocks cached in the free lists.
    pub fn n_free_blocks(&self) -> usize {
        self.lock().free_blocks
    }

    /// Every counter at once.
    pub fn stats(&self) -> PoolStats {
        let st = self.lock();
        PoolStats {
            used_bytes: st.used,
            total_bytes: st.used + st.cached,
            free_bytes: st.cached,
            free_blocks: st.free_blocks,
        }
    }
}

/// Device memory from a device's driver: on a GPU from CUDA, on one stream (stream-ordered
/// `cuMemAllocAsync` when the device supports it, through cudarc); on the host target from its
/// host memory.
#[derive(Debug)]
pub struct CudaAllocator {
    driver: Arc<Driver>,
}

impl CudaAllocator {
    pub(crate) fn new(driver: Arc<Driver>) -> Self {
        CudaAllocator { driver }
    }
}

impl RawAllocator for CudaAllocator {
    type Block = DeviceMem;

    fn allocate(&self, bytes: usize) -> std::result::Result<DeviceMem, AllocFailure> {
        self.driver.alloc(bytes)
    }

    fn after_release(&self) {
        self.driver.after_release();
    }
}

/// The pool of a CUDA device.
pub type CudaPool = Pool<CudaAllocator>;

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::{AtomicUsize, Ordering};

    /// Host "device" with a capacity; counts live bytes.
    struct Fake {
        capacity: usize,
        live: Arc<AtomicUsize>,
        calls: AtomicUsize,
    }

    struct FakeBlock {
        bytes: usize,
        live: Arc<AtomicUsize>,
    }

    impl Drop for FakeBlock {
        fn drop(&mut self) {
            self.live.fetch_sub(self.bytes, Ordering::SeqCst);
        }
    }

    impl RawAllocator for Fake {
        type Block = FakeBlock;
        fn allocate(&self, bytes: usize) -> std::result::Result<FakeBlock, AllocFailure> {
            self.calls.fetch_add(1, Ordering::SeqCst);
            if self.live.load(Ordering::SeqCst) + bytes > self.capacity {
                return Err(AllocFailure::OutOfMemory);
            }
            self.live.fetch_add(bytes, Ordering::SeqCst);
            Ok(FakeBlock {
                bytes,
                live: self.live.clone(),
            })
        }
    }

    fn fake(capacity: usize) -> (Arc<Pool<Fake>>, Arc<AtomicUsize>) {
        let live = Arc::new(AtomicUsize::new(0));
        let pool = Pool::new(Fake {
            capacity,
            live: live.clone(),
            calls: AtomicUsize::new(0),
        });
        (pool, live)
    }

    #[test]
    fn classes_round_up_and_bound_waste() {
        for bytes in [
            1usize,
            511,
            512,
            513,
            4000,
            1 << 20,
            (1 << 20) + 1,
            3 << 27,
            1_000_000_007,
        ] {
            let c = size_class(bytes);
            assert!(c >= bytes);
            assert!(c - bytes < UNIT || (c - bytes) * 8 <= c, "{bytes} -> {c}");
            assert_eq!(size_class(c), c, "classes are fixed points");
        }
    }

    #[test]
    fn freed_blocks_are_reused_and_counted() {
        let (pool, live) = fake(1 << 30);
        let a = pool.alloc(1000).unwrap();
        assert_eq!(a.size(), 1024);
        assert_eq!(pool.stats().used_bytes, 1024);
        drop(a);
        let st = pool.stats();
        assert_eq!(
            (st.used_bytes, st.total_bytes, st.free_blocks),
            (0, 1024, 1)
        );
        let _b = pool.alloc(1024).unwrap();
        assert_eq!(
            pool.raw.calls.load(Ordering::SeqCst),
            1,
            "second alloc from the cache"
        );
        assert_eq!(pool.stats().free_blocks, 0);
        let c = pool.alloc(10).unwrap();
        drop(c);
        assert_eq!(live.load(Ordering::SeqCst), 1024 + 512);
        pool.free_all_blocks();
        assert_eq!(live.load(Ordering::SeqCst), 1024);
        assert_eq!(pool.total_bytes(), 1024);
    }

    #[test]
    fn out_of_memory_releases_the_cache_then_reports() {
        let (pool, _live) = fake(4096);
        let a = pool.alloc(2048).unwrap();
        drop(pool.alloc(1536).unwrap());
        assert_eq!(pool.free_bytes(), 1536);
        // Needs the cached 1536 bytes back: succeeds after releasing the cache.
        let b = pool.alloc(2048).unwrap();
        assert_eq!(pool.free_bytes(), 0);
        match pool.alloc(1) {
            Err(Error::OutOfMemory {
                requested, held, ..
            }) => {
                assert_eq!((requested, held), (1, 4096));
            }
            other => panic!("expected out of memory, got {other:?}"),
        }
        drop((a, b));
    }

    #[test]
    fn limit_caps_what_is_held() {
        let (pool, _live) = fake(1 << 30);
        pool.set_limit(Some(2048));
        let _a = pool.alloc(2048).unwrap();
        assert!(matches!(pool.alloc(512), Err(Error::OutOfMemory { .. })));
    }
}
