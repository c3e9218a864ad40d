//! Fallible host vectors: every host allocation whose size comes from user data (a shape, a
//! count, a file's header, the length of a broadcast view) goes through these functions
//! instead of `Vec::with_capacity`, `vec![v; n]`, `to_vec` or `collect`, which abort the
//! process when the memory is not there. Each returns [`Error::OutOfMemory`] instead.
//!
//! A request larger than the machine's memory and swap together is refused without asking the
//! allocator: these vectors are written in full, so such a request cannot succeed, and on a
//! system that overcommits memory the allocator might grant it only for the process to be
//! killed when the pages are touched.
//!
//! ```
//! use array_runtime::{cpu::host_vec, Error};
//! let v: Vec<u32> = host_vec::filled(3, 7)?;
//! assert_eq!(v, [7, 7, 7]);
//! let huge = host_vec::with_capacity::<f64>(1 << 60);
//! assert!(matches!(huge, Err(Error::OutOfMemory { device: "cpu", .. })));
//! # Ok::<(), Error>(())
//! ```

use std::sync::OnceLock;

use crate::error::{Error, Result};

/// Bytes of physical memory and swap, where the system says (Linux: `/proc/meminfo`).
fn memory_and_swap() -> Option<usize> {
    static TOTAL: OnceLock<Option<usize>> = OnceLock::new();
    *TOTAL.get_or_init(|| {
        let info = std::fs::read_to_string("/proc/meminfo").ok()?;
        let kib = |key: &str| -> Option<usize> {
            let line = info.lines().find(|l| l.starts_with(key))?;
            line.split_whitespace().nth(1)?.parse().ok()
        };
        let total = kib("MemTotal:")?.checked_add(kib("SwapTotal:").unwrap_or(0))?;
        total.checked_mul(1024)
    })
}

/// The out-of-memory error for a request of `requested` bytes of host memory.
pub(crate) fn out_of_memory(requested: usize) -> Error {
    Error::OutOfMemory {
        requested,
        held: super::memory_pool().used_bytes(),
        device: "cpu",
    }
}

/// Makes room for `additional` more elements in `v`, or [`Error::OutOfMemory`].
///
/// ```
/// let mut v = vec![1u8];
/// array_runtime::cpu::host_vec::reserve(&mut v, 10)?;
/// assert!(v.capacity() >= 11);
/// # Ok::<(), array_runtime::Error>(())
/// ```
pub fn reserve<T>(v: &mut Vec<T>, additional: usize) -> Result<()> {
    let requested = v
        .len()
        .saturating_add(additional)
        .saturating_mul(std::mem::size_of::<T>().max(1));
    if requested > isize::MAX as usize || memory_and_swap().is_some_and(|m| requested > m) {
        return Err(out_of_memory(requested));
    }
    v.try_reserve_exact(additional)
        .map_err(|_| out_of_memory(requested))
}

/// An empty vector with room for `n` elements, or [`Error::OutOfMemory`].
///
/// ```
/// let v = array_runtime::cpu::host_vec::with_capacity::<i16>(100)?;
/// assert!(v.is_empty() && v.capacity() >= 100);
/// # Ok::<(), array_runtime::Error>(())
/// ```
pub fn with_capacity<T>(n: usize) -> Result<Vec<T>> {
    let mut v = Vec::new();
    reserve(&mut v, n)?;
    Ok(v)
}

/// `n` copies of `value` (`vec![value; n]`), or [`Error::OutOfMemory`].
///
/// ```
/// assert_eq!(array_runtime::cpu::host_vec::filled(2, 0.5f32)?, [0.5, 0.5]);
/// # Ok::<(), array_runtime::Error>(())
/// ```
pub fn filled<T: Clone>(n: usize, value: T) -> Result<Vec<T>> {
    let mut v = with_capacity(n)?;
    v.resize(n, value);
    Ok(v)
}

/// A copy of `s` (`s.to_vec()`), or [`Error::OutOfMemory`].
///
/// ```
/// assert_eq!(array_runtime::cpu::host_vec::from_slice(&[1u8, 2])?, [1, 2]);
/// # Ok::<(), array_runtime::Error>(())
/// ```
pub fn from_slice<T: Clone>(s: &[T]) -> Result<Vec<T>> {
    let mut v = with_capacity(s.len())?;
    v.extend_from_slice(s);
    Ok(v)
}

/// The items of an iterator whose length is known before it runs (`iter.collect()`), or
/// [`Error::OutOfMemory`].
///
/// ```
/// let v = array_runtime::cpu::host_vec::collect((0..4u32).map(|i| i * i))?;
/// assert_eq!(v, [0, 1, 4, 9]);
/// # Ok::<(), array_runtime::Error>(())
/// ```
pub fn collect<T>(iter: impl ExactSizeIterator<Item = T>) -> Result<Vec<T>> {
    let mut v = with_capacity(iter.len())?;
    v.extend(iter);
    Ok(v)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn impossible_requests_are_errors() {
        assert!(with_capacity::<u8>(usize::MAX).is_err());
        assert!(with_capacity::<u64>(usize::MAX / 4).is_err());
        assert!(filled(1 << 61, 0u32).is_err());
        let mut v = vec![0u8; 4];
        assert!(reserve(&mut v, usize::MAX - 2).is_err());
        assert_eq!(v, [0; 4]);
        match with_capacity::<u16>(1 << 62) {
            Err(Error::OutOfMemory {
                requested, device, ..
            }) => assert_eq!((requested, device), (1 << 63, "cpu")),
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn possible_requests_succeed() {
        assert_eq!(collect([1, 2, 3].into_iter()).unwrap(), [1, 2, 3]);
        assert!(with_capacity::<u8>(0).unwrap().is_empty());
        assert_eq!(from_slice::<u8>(&[]).unwrap(), Vec::<u8>::new());
    }
}
