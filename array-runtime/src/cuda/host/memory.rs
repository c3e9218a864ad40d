//! Device memory of the host target: one reserved region of the address space, carved into
//! blocks of 256-byte alignment (as `cuMemAlloc`'s).
//!
//! One region makes "is this address device memory?" two comparisons for the checker, which
//! sees every load and store of a module. Each block records how many of its bytes the buffer
//! using it holds (the pool rounds sizes up to classes), so that an access in the rounding is
//! reported, not silently allowed; and those bytes are filled with `0xff` when a buffer takes
//! the block, so that reading what no kernel wrote gives NaN or -1 instead of a plausible zero.
//!
//! The region is mapped `MAP_NORESERVE`: only pages touched are backed by memory, and large
//! freed blocks are given back with `madvise(MADV_DONTNEED)`. Running out of the region is
//! `CUDA_ERROR_OUT_OF_MEMORY`, so the pool's release-and-retry path runs as on a GPU.
//!
//! This is a raw-memory module: the region is dereferenced here only, under the invariants
//! written at each use.

use std::collections::BTreeMap;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};

use crate::cuda::pool::AllocFailure;
use crate::error::{Error, Result};

/// Alignment of every block.
const ALIGN: usize = 256;
/// Freed blocks at least this large give their pages back.
const RELEASE: usize = 1 << 20;

#[derive(Debug)]
struct Record {
    len: usize,
    used: AtomicUsize,
}

#[derive(Debug, Default)]
struct State {
    /// Free ranges: offset -> length (coalesced).
    free: BTreeMap<usize, usize>,
    /// Blocks in use: offset -> record.
    live: BTreeMap<usize, Arc<Record>>,
}

/// The device memory of one host-target device.
#[derive(Debug)]
pub(crate) struct HostMemory {
    base: usize,
    capacity: usize,
    state: Mutex<State>,
}

// SAFETY: the region is plain memory owned by this value for its whole life; blocks are handed
// out disjoint, under the mutex, and every access to their bytes goes through the methods
// below (bounds-checked) or through kernels given their addresses by the runtime.
unsafe impl Send for HostMemory {}
// SAFETY: as above.
unsafe impl Sync for HostMemory {}

impl Drop for HostMemory {
    fn drop(&mut self) {
        // SAFETY: `base`/`capacity` are the mapping made in `new`; no block outlives the
        // memory (each holds an `Arc` of it).
        unsafe { libc::munmap(self.base as *mut libc::c_void, self.capacity) };
    }
}

/// A block of the region. Dropping it frees it.
#[derive(Debug)]
pub struct HostBlock {
    memory: Arc<HostMemory>,
    offset: usize,
    record: Arc<Record>,
}

impl HostBlock {
    /// Its size in bytes.
    pub fn len(&self) -> usize {
        self.record.len
    }

    /// Whether it has no byte.
    pub fn is_empty(&self) -> bool {
        self.record.len == 0
    }

    /// The address of its first byte.
    pub fn addr(&self) -> u64 {
        (self.memory.base + self.offset) as u64
    }

    /// A buffer now holds its first `bytes` bytes: those are filled with `0xff`.
    pub(crate) fn set_used(&self, bytes: usize) {
        let bytes = bytes.min(self.record.len);
        self.record.used.store(bytes, Ordering::Relaxed);
        // SAFETY: the block's bytes are `base + offset .. + len` of the region, owned by this
        // block; a buffer takes a block before any kernel is given it.
        unsafe { std::ptr::write_bytes((self.memory.base + self.offset) as *mut u8, 0xff, bytes) };
    }
}

impl Drop for HostBlock {
    fn drop(&mut self) {
        self.memory.free(self.offset, self.record.len);
    }
}

/// Where an address lies in the region: its block's first byte, one past the bytes its buffer
/// holds, one past the block.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct BlockRange {
    pub lo: u64,
    pub hi: u64,
    pub end: u64,
}

impl HostMemory {
    /// A region of `capacity` bytes (rounded up to pages).
    pub(crate) fn new(capacity: usize) -> Result<Arc<HostMemory>> {
        let capacity = capacity.max(ALIGN).next_multiple_of(1 << 16);
        // SAFETY: an anonymous private mapping at an address of the kernel's choosing; it
        // aliases nothing.
        let p = unsafe {
            libc::mmap(
                std::ptr::null_mut(),
                capacity,
                libc::PROT_READ | libc::PROT_WRITE,
                libc::MAP_PRIVATE | libc::MAP_ANONYMOUS | libc::MAP_NORESERVE,
                -1,
                0,
            )
        };
        if p == libc::MAP_FAILED {
            return Err(Error::CudaUnavailable {
                reason: format!(
                    "the host target cannot reserve {} MiB of address space for device memory: \
                     {} (set KERNELS_CUDA_HOST_MEMORY_MIB lower)",
                    capacity >> 20,
                    std::io::Error::last_os_error()
                ),
            });
        }
        let mut state = State::default();
        state.free.insert(0, capacity);
        Ok(Arc::new(HostMemory {
            base: p as usize,
            capacity,
            state: Mutex::new(state),
        }))
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, State> {
        // Every statement leaves the maps consistent: a panic cannot tear them.
        self.state.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// The region: its first address and its length.
    pub(crate) fn region(&self) -> (u64, u64) {
        (self.base as u64, self.capacity as u64)
    }

    /// Bytes of the region not in blocks.
    /// Bytes of the region not in blocks, and the region's size.
    pub(crate) fn info(&self) -> (usize, usize) {
        (self.lock().free.values().sum(), self.capacity)
    }

    /// A block of `bytes` bytes (first fit), or out of memory.
    pub(crate) fn alloc(
        self: &Arc<Self>,
        bytes: usize,
    ) -> std::result::Result<HostBlock, AllocFailure> {
        let len = bytes.max(1).next_multiple_of(ALIGN);
        let mut st = self.lock();
        let Some((&offset, &free_len)) = st.free.iter().find(|&(_, &l)| l >= len) else {
            return Err(AllocFailure::OutOfMemory);
        };
        st.free.remove(&offset);
        if free_len > len {
            st.free.insert(offset + len, free_len - len);
        }
        let record = Arc::new(Record {
            len,
            used: AtomicUsize::new(len),
        });
        st.live.insert(offset, record.clone());
        Ok(HostBlock {
            memory: self.clone(),
            offset,
            record,
        })
    }

    fn free(&self, offset: usize, len: usize) {
        let mut st = self.lock();
        st.live.remove(&offset);
        let (mut lo, mut n) = (offset, len);
        if let Some((&prev, &plen)) = st.free.range(..offset).next_back()
            && prev + plen == offset
        {
            st.free.remove(&prev);
            lo = prev;
            n += plen;
        }
        if let Some(&next_len) = st.free.get(&(offset + len)) {
            st.free.remove(&(offset + len));
            n += next_len;
        }
        st.free.insert(lo, n);
        if len >= RELEASE {
            let page = 4096;
            let start = (self.base + offset).next_multiple_of(page);
            let end = (self.base + offset + len) & !(page - 1);
            if end > start {
                // SAFETY: whole pages inside the freed block, which nothing uses any more;
                // the mapping stays, reading as zeros until written again.
                unsafe {
                    libc::madvise(start as *mut libc::c_void, end - start, libc::MADV_DONTNEED)
                };
            }
        }
    }

    /// The block containing device address `addr`, if it is in one.
    pub(crate) fn block_of(&self, addr: u64) -> Option<BlockRange> {
        let off = (addr as usize).checked_sub(self.base)?;
        if off >= self.capacity {
            return None;
        }
        let st = self.lock();
        let (&start, rec) = st.live.range(..=off).next_back()?;
        if off >= start + rec.len {
            return None;
        }
        let lo = (self.base + start) as u64;
        Some(BlockRange {
            lo,
            hi: lo + rec.used.load(Ordering::Relaxed) as u64,
            end: lo + rec.len as u64,
        })
    }

    fn check(&self, b: &HostBlock, start: usize, len: usize) -> Result<usize> {
        if !std::ptr::eq(&*b.memory, self) {
            return Err(Error::invalid("a host-target block used on another device"));
        }
        match start.checked_add(len) {
            Some(end) if end <= b.len() => Ok(self.base + b.offset + start),
            _ => Err(Error::invalid(format!(
                "bytes {start}..{} of a device block of {}",
                start.saturating_add(len),
                b.len()
            ))),
        }
    }

    /// Copies `src` to bytes `start..` of `b`.
    pub(crate) fn write(&self, b: &mut HostBlock, start: usize, src: &[u8]) -> Result<()> {
        let p = self.check(b, start, src.len())?;
        // SAFETY: `p .. p + src.len()` lies inside `b` (checked), which `&mut` makes ours;
        // `src` is host memory outside the region or another block, never overlapping `b`.
        unsafe { std::ptr::copy_nonoverlapping(src.as_ptr(), p as *mut u8, src.len()) };
        Ok(())
    }

    /// Copies bytes `start..start + dst.len()` of `b` into `dst`.
    pub(crate) fn read_into(&self, b: &HostBlock, start: usize, dst: &mut [u8]) -> Result<()> {
        let p = self.check(b, start, dst.len())?;
        // SAFETY: inside `b` (checked); no kernel runs while a launch is not in progress on
        // this device's one stream (host launches complete before they return).
        dst.copy_from_slice(unsafe { std::slice::from_raw_parts(p as *const u8, dst.len()) });
        Ok(())
    }

    /// Copies the first `len` bytes of `src` to `dst`.
    pub(crate) fn copy(&self, src: &HostBlock, dst: &mut HostBlock, len: usize) -> Result<()> {
        let s = self.check(src, 0, len)?;
        let d = self.check(dst, 0, len)?;
        // SAFETY: both ranges are inside their blocks (checked); two blocks never overlap.
        unsafe { std::ptr::copy_nonoverlapping(s as *const u8, d as *mut u8, len) };
        Ok(())
    }

    /// Zeroes bytes `start..start + len` of `b`.
    pub(crate) fn zero(&self, b: &mut HostBlock, start: usize, len: usize) -> Result<()> {
        let p = self.check(b, start, len)?;
        // SAFETY: inside `b` (checked), which `&mut` makes ours.
        unsafe { std::ptr::write_bytes(p as *mut u8, 0, len) };
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn blocks_are_aligned_disjoint_and_coalesce() {
        let m = HostMemory::new(1 << 20).unwrap();
        let a = m.alloc(100).unwrap();
        let b = m.alloc(300).unwrap();
        assert_eq!(a.addr() % 256, 0);
        assert_eq!(b.addr(), a.addr() + 256);
        assert_eq!(b.len(), 512);
        b.set_used(300);
        let r = m.block_of(b.addr() + 10).unwrap();
        assert_eq!(
            (r.lo, r.hi, r.end),
            (b.addr(), b.addr() + 300, b.addr() + 512)
        );
        assert_eq!(m.block_of(a.addr() + 256 + 512), None);
        drop(a);
        drop(b);
        assert_eq!(m.info(), (1 << 20, 1 << 20));
        assert!(m.alloc(1 << 20).is_ok());
        assert!(matches!(
            m.alloc((1 << 20) + 1),
            Err(AllocFailure::OutOfMemory)
        ));
    }

    #[test]
    fn copies_are_checked() {
        let m = HostMemory::new(1 << 16).unwrap();
        let mut a = m.alloc(8).unwrap();
        m.write(&mut a, 0, &[1, 2, 3]).unwrap();
        let mut two = [0u8; 2];
        m.read_into(&a, 1, &mut two).unwrap();
        assert_eq!(two, [2, 3]);
        assert!(m.read_into(&a, 250, &mut [0u8; 10]).is_err());
        m.zero(&mut a, 0, 2).unwrap();
        let mut three = [9u8; 3];
        m.read_into(&a, 0, &mut three).unwrap();
        assert_eq!(three, [0, 0, 3]);
    }
}
