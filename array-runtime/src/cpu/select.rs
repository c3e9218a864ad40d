//! Selection on the CPU: stream compaction (the positions of the kept elements, the kept
//! elements or rows of an array), gathers and scatters by integer indices, written natively.
//!
//! The generic kernels of these operations (a flag pass, a scan, a scatter by the scan, each a
//! launch of the grid emulator with one emulated thread per element) are what a GPU runs; on
//! the CPU the same results come from two passes over the data instead: the elements kept in
//! each chunk are counted (chunks in parallel), an exclusive scan over the chunks' counts gives
//! each chunk its place in the output, and the chunks write their kept elements there in
//! parallel, into disjoint parts of the output. Within a chunk, runs of 64 elements are
//! compacted without branches through a small buffer, so the cost does not depend on how the
//! kept elements are spread. The order is C order, as NumPy's.
//!
//! Gathers (`take`) run over chunks of the output in parallel; scatters (`put`) run in index
//! order on one thread, so that a repeated index keeps its last value, as NumPy's does. How an
//! index is resolved (negative, out of range, wrapped or clipped) is the caller's function,
//! the same one its GPU kernel calls.

use std::ops::Range;
use std::sync::Arc;

use rayon::prelude::*;

use crate::array::{Array, Storage};
use crate::cpu::pool::HostBuffer;
use crate::dtype::DType;
use crate::error::{Error, Result};
use crate::shape::Layout;

/// Below this many elements one thread does the whole call (a parallel call costs a few
/// microseconds of waking and joining).
const SERIAL_LIMIT: usize = 1 << 15;

/// Elements compacted together through a buffer on the stack (a power of two).
const RUN: usize = 64;

/// The elements of `a`, which must be C-contiguous on the CPU.
fn host_elements<'a, T: DType>(a: &'a Array<T>, op: &str) -> Result<&'a [T]> {
    match &a.storage {
        Storage::Host(_) if a.is_empty() => Ok(&[]),
        Storage::Host(v) if a.is_c_contiguous() => {
            let start = a.layout.offset;
            Ok(&v[start..start + a.len()])
        }
        _ => Err(Error::invalid(format!(
            "{op}: needs a C-contiguous array on the CPU (shape {:?}, strides {:?}, on {:?})",
            a.shape(),
            a.strides(),
            a.device()
        ))),
    }
}

/// A C-contiguous CPU array of `shape` over `buf`.
fn host_array<T: DType>(buf: HostBuffer<T>, shape: &[usize]) -> Array<T> {
    Array::from_parts(Storage::Host(Arc::new(buf)), Layout::contiguous(shape))
}

/// `n` items split into ranges for parallel work: one range when `n` is small, else about
/// four per thread, each a whole number of `align` items (the last one excepted).
fn split(n: usize, align: usize) -> Vec<Range<usize>> {
    let threads = rayon::current_num_threads().max(1);
    if n <= SERIAL_LIMIT || threads == 1 {
        return whole(n);
    }
    let per = n.div_ceil(threads * 4).div_ceil(align).max(1) * align;
    (0..n.div_ceil(per))
        .map(|c| c * per..((c + 1) * per).min(n))
        .collect()
}

/// One range over all `n` items.
fn whole(n: usize) -> Vec<Range<usize>> {
    std::iter::once(0..n).collect()
}

/// Runs `f` over `items`, in parallel when there is more than one.
fn for_each<I: Send>(items: Vec<I>, f: impl Fn(I) + Sync + Send) {
    if items.len() == 1 {
        items.into_iter().for_each(f);
    } else {
        items.into_par_iter().for_each(f);
    }
}

/// `f` of each of `items`, in order, in parallel when there is more than one.
fn map<I: Sync, R: Send>(items: &[I], f: impl Fn(&I) -> R + Sync + Send) -> Vec<R> {
    if items.len() == 1 {
        items.iter().map(f).collect()
    } else {
        items.par_iter().map(f).collect()
    }
}

/// `f` of each of `items`, consumed in order, in parallel when there is more than one.
fn map_owned<I: Send, R: Send>(items: Vec<I>, f: impl Fn(I) -> R + Sync + Send) -> Vec<R> {
    if items.len() == 1 {
        items.into_iter().map(f).collect()
    } else {
        items.into_par_iter().map(f).collect()
    }
}

/// `out` cut into consecutive parts of the lengths `counts` (which sum to `out.len()`).
fn cut<'a, U>(mut out: &'a mut [U], counts: &[usize]) -> Vec<&'a mut [U]> {
    let mut parts = Vec::with_capacity(counts.len());
    for &c in counts {
        let (head, tail) = out.split_at_mut(c);
        parts.push(head);
        out = tail;
    }
    parts
}

/// Writes `value(i)` for each `i` (counted from `x`'s start) whose `keep(x[i])` holds, in
/// order, into `out` (whose length is their count): runs of [`RUN`] go through a buffer on the
/// stack, written at every element and advanced only past the kept ones, so no branch depends
/// on the data.
#[inline(always)]
fn compact_into<T: DType, U: DType>(
    x: &[T],
    keep: impl Fn(T) -> bool,
    value: impl Fn(usize) -> U,
    out: &mut [U],
) {
    let mut k = 0;
    let mut buf = [U::default(); RUN];
    for (r, run) in x.chunks(RUN).enumerate() {
        let mut c = 0;
        for (j, &v) in run.iter().enumerate() {
            // `c <= j < RUN` here: the mask only tells the compiler so.
            buf[c & (RUN - 1)] = value(r * RUN + j);
            c += usize::from(keep(v));
        }
        out[k..k + c].copy_from_slice(&buf[..c]);
        k += c;
    }
}

/// The number of elements of `x` for which `keep` holds.
#[inline(always)]
fn count_kept<T: DType>(x: &[T], keep: impl Fn(T) -> bool) -> usize {
    x.iter().filter(|&&v| keep(v)).count()
}

/// The C-order positions of the elements of `a` for which `keep` holds (NumPy's
/// `flatnonzero` with `keep = x != 0`). `a` must be C-contiguous on the CPU.
///
/// ```
/// use array_runtime::cpu::select;
/// use array_runtime::{Array, Device};
/// let a = Array::from_vec(&Device::cpu(), &[2, 3], vec![0i32, 4, 0, 0, 5, 6])?;
/// assert_eq!(select::positions(&a, |x| x != 0)?.to_vec()?, vec![1, 4, 5]);
/// # Ok::<(), array_runtime::Error>(())
/// ```
pub fn positions<T: DType>(a: &Array<T>, keep: impl Fn(T) -> bool + Sync) -> Result<Array<i64>> {
    let x = host_elements(a, "positions")?;
    let ranges = split(x.len(), RUN);
    let counts = map(&ranges, |r| count_kept(&x[r.clone()], &keep));
    let total = counts.iter().sum::<usize>();
    let mut buf = HostBuffer::<i64>::for_overwrite(total)?;
    let parts = cut(&mut buf, &counts);
    for_each(ranges.into_iter().zip(parts).collect(), |(r, out)| {
        let start = r.start;
        compact_into(&x[r], &keep, |i| (start + i) as i64, out)
    });
    Ok(host_array(buf, &[total]))
}

/// NumPy's `a[mask]` for a boolean `mask` over the leading axes of `a`: the rows of `a` (seen
/// as `[mask.len(), rest]`, `rest` the product of its other axes) where `mask` is true, in
/// order, in an array of shape `[count] + a.shape()[mask.ndim()..]`. `a` and `mask` must be
/// C-contiguous on the CPU, `mask.shape()` the leading part of `a.shape()`.
///
/// ```
/// use array_runtime::cpu::select;
/// use array_runtime::{Array, Device};
/// let dev = Device::cpu();
/// let a = Array::from_vec(&dev, &[3, 2], vec![1.0f64, 2.0, 3.0, 4.0, 5.0, 6.0])?;
/// let rows = Array::from_vec(&dev, &[3], vec![true, false, true])?;
/// let picked = select::compress_leading(&a, &rows)?;
/// assert_eq!(picked.shape(), &[2, 2]);
/// assert_eq!(picked.to_vec()?, vec![1.0, 2.0, 5.0, 6.0]);
/// # Ok::<(), array_runtime::Error>(())
/// ```
pub fn compress_leading<T: DType>(a: &Array<T>, mask: &Array<bool>) -> Result<Array<T>> {
    let k = mask.ndim();
    if k > a.ndim() || mask.shape() != &a.shape()[..k] {
        return Err(Error::invalid(format!(
            "compress_leading: a mask of shape {:?} does not match the leading axes of an array \
             of shape {:?}",
            mask.shape(),
            a.shape()
        )));
    }
    let m = host_elements(mask, "compress_leading")?;
    let x = host_elements(a, "compress_leading")?;
    let rest = &a.shape()[k..];
    let inner: usize = rest.iter().product();
    // Rows of many elements are copied whole, a branch per row; single elements go through
    // the branch-free runs.
    let align = if inner >= 8 { 1 } else { RUN };
    let work = m.len().saturating_mul(inner.max(1));
    let ranges = if work <= SERIAL_LIMIT {
        whole(m.len())
    } else {
        split(m.len(), align)
    };
    let counts = map(&ranges, |r| count_kept(&m[r.clone()], |b| b));
    let total = counts.iter().sum::<usize>();
    let len = total.checked_mul(inner).ok_or_else(|| {
        Error::invalid(format!(
            "compress_leading: {total} rows of {inner} elements overflow usize"
        ))
    })?;
    let mut buf = HostBuffer::<T>::for_overwrite(len)?;
    let lens: Vec<usize> = counts.iter().map(|c| c * inner).collect();
    let parts = cut(&mut buf, &lens);
    for_each(ranges.into_iter().zip(parts).collect(), |(r, out)| {
        if inner == 1 {
            let values = &x[r.clone()];
            compact_into(&m[r], |b| b, |i| values[i], out);
        } else if inner > 0 {
            let mut rows = out.chunks_exact_mut(inner);
            for i in r {
                if m[i]
                    && let Some(row) = rows.next()
                {
                    row.copy_from_slice(&x[i * inner..(i + 1) * inner]);
                }
            }
        }
    });
    let mut shape = Vec::with_capacity(1 + rest.len());
    shape.push(total);
    shape.extend_from_slice(rest);
    Ok(host_array(buf, &shape))
}

/// NumPy's `take` along one axis: `out[o, j, k] = src[o, resolve(idx[j]), k]` for `src` of
/// shape `[outer, n, inner]` (C-contiguous on the CPU, reshaped to `out_shape`, which must
/// have `outer * idx.len() * inner` elements). `resolve` maps an index to a position in
/// `0..n`, or to a negative value when it is out of range: such elements are left as zero
/// and counted; the count is returned beside the result.
///
/// ```
/// use array_runtime::cpu::select;
/// use array_runtime::{Array, Device};
/// let dev = Device::cpu();
/// let src = Array::from_vec(&dev, &[2, 3], vec![1i32, 2, 3, 4, 5, 6])?;
/// let idx = Array::from_vec(&dev, &[2], vec![2i64, 0])?;
/// let resolve = |t: i64| if (0..3).contains(&t) { t } else { -1 };
/// let (out, bad) = select::take(&src, [2, 3, 1], &idx, &[2, 2], resolve)?;
/// assert_eq!((out.to_vec()?, bad), (vec![3, 1, 6, 4], 0));
/// # Ok::<(), array_runtime::Error>(())
/// ```
pub fn take<T: DType>(
    src: &Array<T>,
    [outer, n, inner]: [usize; 3],
    idx: &Array<i64>,
    out_shape: &[usize],
    resolve: impl Fn(i64) -> i64 + Sync,
) -> Result<(Array<T>, usize)> {
    let x = host_elements(src, "take")?;
    let idx = host_elements(idx, "take")?;
    let m = idx.len();
    let len = crate::shape::checked_size_of(out_shape, 1)?;
    let fits = outer
        .checked_mul(n)
        .and_then(|v| v.checked_mul(inner))
        .is_some_and(|v| v == x.len());
    if !fits || outer.checked_mul(m).and_then(|v| v.checked_mul(inner)) != Some(len) {
        return Err(Error::invalid(format!(
            "take: a source of {} elements is not [{outer}, {n}, {inner}], or {len} output \
             elements are not [{outer}, {m}, {inner}]",
            x.len()
        )));
    }
    // Every element is written below (zero where the index is out of range).
    let mut buf = HostBuffer::<T>::for_overwrite(len)?;
    // Rows of the output: `outer * m` of `inner` elements each.
    let rows = outer * m;
    let ranges = if len <= SERIAL_LIMIT {
        whole(rows)
    } else {
        split(rows, 1)
    };
    let lens: Vec<usize> = ranges.iter().map(|r| r.len() * inner).collect();
    let parts = cut(&mut buf, &lens);
    let bad = map_owned(ranges.into_iter().zip(parts).collect(), |(r, out)| {
        // Output row `row` is `(o, j) = (row / m, row % m)`: divided once per range, then
        // walked in runs of one `o` (a plain loop per run: a division per element, or a
        // counter carried through a closure, cost more than the gather's cache misses).
        let (mut o, mut j) = (r.start / m.max(1), r.start % m.max(1));
        let mut bad = 0usize;
        let mut k = 0;
        let rows = out.len() / inner.max(1);
        while k < rows && inner > 0 {
            let run = (m - j).min(rows - k);
            let base = o * n;
            let ids = &idx[j..j + run];
            if inner == 1 {
                for (v, &i) in out[k..k + run].iter_mut().zip(ids) {
                    let t = resolve(i);
                    if t < 0 {
                        bad += 1;
                        *v = T::default();
                    } else {
                        *v = x[base + t as usize];
                    }
                }
            } else {
                let dst = out[k * inner..(k + run) * inner].chunks_exact_mut(inner);
                for (row, &i) in dst.zip(ids) {
                    let t = resolve(i);
                    if t < 0 {
                        bad += 1;
                        row.fill(T::default());
                    } else {
                        let from = (base + t as usize) * inner;
                        row.copy_from_slice(&x[from..from + inner]);
                    }
                }
            }
            k += run;
            j += run;
            if j == m {
                j = 0;
                o += 1;
            }
        }
        bad
    });
    Ok((host_array(buf, out_shape), bad.iter().sum()))
}

/// NumPy's `put` into `dst` (C-contiguous on the CPU): `dst.flat[resolve(idx[j])] =
/// values[j % values.len()]` for each `j` in order, so a repeated index keeps its last value.
/// `resolve` maps an index to a position in `0..dst.len()`, or to a negative value when it is
/// out of range: such indices write nothing and are counted; the count is returned.
///
/// With many indices, each thread owns a range of `dst` and goes through all the indices in
/// order, writing those that fall in its range: the same writes, in the same order per
/// element, as one thread would make.
///
/// ```
/// use array_runtime::cpu::select;
/// use array_runtime::{Array, Device};
/// let dev = Device::cpu();
/// let mut a = Array::<u8>::zeros(&dev, &[4])?;
/// let idx = Array::from_vec(&dev, &[3], vec![1i64, 3, 1])?;
/// let values = Array::from_vec(&dev, &[3], vec![7u8, 8, 9])?;
/// let bad = select::put(&mut a, &idx, &values, |t| if (0..4).contains(&t) { t } else { -1 })?;
/// assert_eq!((a.to_vec()?, bad), (vec![0, 9, 0, 8], 0));
/// # Ok::<(), array_runtime::Error>(())
/// ```
pub fn put<T: DType>(
    dst: &mut Array<T>,
    idx: &Array<i64>,
    values: &Array<T>,
    resolve: impl Fn(i64) -> i64 + Sync,
) -> Result<usize> {
    let idx = host_elements(idx, "put")?;
    let values = host_elements(values, "put")?;
    if idx.is_empty() {
        return Ok(0);
    }
    if values.is_empty() {
        return Err(Error::invalid("put: no values to put"));
    }
    host_elements(dst, "put")?;
    let (start, len) = (dst.layout.offset, dst.len());
    dst.storage.make_unique()?;
    let Storage::Host(v) = &mut dst.storage else {
        return Err(Error::invalid("put: the array left the CPU"));
    };
    let Some(data) = Arc::get_mut(v) else {
        return Err(Error::invalid("put: the array's storage is shared"));
    };
    let d = &mut data[start..start + len];
    let nv = values.len();
    // The writes of the indices that land in `part`, which starts at `lo` of `d`; the count
    // of out-of-range indices when `count` (one part counts them).
    let write = |(lo, part, count): (usize, &mut [T], bool)| {
        let (mut bad, mut v) = (0usize, 0usize);
        // Writes that land outside `part` go to `sink`: a store either way, chosen without a
        // branch (which half of `dst` an index falls in is a coin toss per element).
        let mut sink = T::default();
        for &i in idx {
            let t = resolve(i);
            if t < 0 || t as usize >= len {
                bad += 1;
            } else {
                let at = (t as usize).wrapping_sub(lo);
                *part.get_mut(at).unwrap_or(&mut sink) = values[v];
            }
            v += 1;
            if v == nv {
                v = 0;
            }
        }
        if count {
            bad
        } else {
            0
        }
    };
    // One range of `d` per thread (one in all for few indices).
    let threads = rayon::current_num_threads().max(1);
    let parts_n = if idx.len() <= SERIAL_LIMIT {
        1
    } else {
        threads.min(len).max(1)
    };
    let per = len.div_ceil(parts_n);
    let lens: Vec<usize> = (0..parts_n)
        .map(|k| per.min(len - (k * per).min(len)))
        .collect();
    let parts = cut(d, &lens);
    let items: Vec<(usize, &mut [T], bool)> = parts
        .into_iter()
        .enumerate()
        .map(|(k, part)| (k * per, part, k == 0))
        .collect();
    let bad: usize = map_owned(items, write).into_iter().sum();
    Ok(bad)
}

/// `[0, 1, .., n - 1]` as a C-contiguous `i64` CPU array (from the pool, filled in parallel
/// when long): the positions that index-based kernels (`linspace`, `eye`) map, written
/// directly rather than by an emulated launch.
///
/// ```
/// use array_runtime::cpu::select;
/// assert_eq!(select::iota(4)?.to_vec()?, vec![0, 1, 2, 3]);
/// # Ok::<(), array_runtime::Error>(())
/// ```
pub fn iota(n: usize) -> Result<Array<i64>> {
    let mut buf = HostBuffer::<i64>::for_overwrite(n)?;
    let ranges = split(n, RUN);
    let lens: Vec<usize> = ranges.iter().map(|r| r.len()).collect();
    let parts = cut(&mut buf, &lens);
    for_each(ranges.into_iter().zip(parts).collect(), |(r, out)| {
        for (o, i) in out.iter_mut().zip(r) {
            *o = i as i64;
        }
    });
    Ok(host_array(buf, &[n]))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::device::Device;

    /// A deterministic mask of `n` elements, true with probability about `density` percent.
    fn mask_of(n: usize, density: u64, seed: u64) -> Vec<bool> {
        (0..n as u64)
            .map(|i| {
                (i ^ seed)
                    .wrapping_mul(0x9E37_79B9_7F4A_7C15)
                    .rotate_left(31)
                    % 100
                    < density
            })
            .collect()
    }

    /// Lengths around the runs, the serial limit and the parallel chunks.
    const LENGTHS: [usize; 10] = [0, 1, 63, 64, 65, 1000, 32768, 32769, 100_003, 262_144];

    #[test]
    fn positions_and_compress_match_loops() {
        let dev = Device::cpu();
        for n in LENGTHS {
            for density in [0, 5, 50, 95, 100] {
                let m = mask_of(n, density, n as u64);
                let mask = Array::from_vec(&dev, &[n], m.clone()).unwrap();
                let want: Vec<i64> = (0..n).filter(|&i| m[i]).map(|i| i as i64).collect();
                let got = positions(&mask, |b| b).unwrap();
                assert_eq!(got.shape(), &[want.len()]);
                assert!(
                    got.to_vec().unwrap() == want,
                    "positions n {n} density {density}"
                );
                for inner in [1usize, 2, 9] {
                    let x: Vec<u32> = (0..n * inner).map(|i| i as u32 * 3).collect();
                    let a = Array::from_vec(&dev, &[n, inner], x.clone()).unwrap();
                    let got = compress_leading(&a, &mask).unwrap();
                    let mut want = Vec::new();
                    for i in (0..n).filter(|&i| m[i]) {
                        want.extend_from_slice(&x[i * inner..(i + 1) * inner]);
                    }
                    assert_eq!(got.shape(), &[want.len() / inner, inner]);
                    assert!(
                        got.to_vec().unwrap() == want,
                        "compress n {n} inner {inner}"
                    );
                }
            }
        }
        let strided = Array::from_vec(&dev, &[4], vec![1u8, 0, 2, 0])
            .unwrap()
            .slice(crate::s![..;2])
            .unwrap();
        assert!(positions(&strided, |x| x != 0).is_err());
    }

    #[test]
    fn take_and_put_match_loops() {
        let dev = Device::cpu();
        // Index counts below and above the serial limit (`put` then splits `dst` among the
        // threads); every index repeats, some are out of range.
        for (inner, m) in [(2usize, 30_001usize), (1, 70_001), (3, 45_000)] {
            let (outer, n) = (3usize, 20_000usize);
            let x: Vec<i64> = (0..(outer * n * inner) as i64).collect();
            let src = Array::from_vec(&dev, &[outer, n, inner], x.clone()).unwrap();
            let idx: Vec<i64> = (0..m as i64).map(|j| (j * 7919) % (n as i64 + 5)).collect();
            let i = Array::from_vec(&dev, &[m], idx.clone()).unwrap();
            let resolve = |t: i64| if t < n as i64 { t } else { -1 };
            // A pooled buffer of the output's size, left full of other values: the output
            // may reuse it, and its out-of-range elements must still read zero.
            drop(
                Array::from_vec(&dev, &[outer * m * inner], vec![-9i64; outer * m * inner])
                    .unwrap()
                    .copy()
                    .unwrap(),
            );
            let (got, bad) =
                take(&src, [outer, n, inner], &i, &[outer, m, inner], resolve).unwrap();
            let mut want = Vec::new();
            let mut want_bad = 0;
            for o in 0..outer {
                for &t in &idx {
                    if t < n as i64 {
                        let from = (o * n + t as usize) * inner;
                        want.extend_from_slice(&x[from..from + inner]);
                    } else {
                        want_bad += 1;
                        want.resize(want.len() + inner, 0);
                    }
                }
            }
            assert_eq!(bad, want_bad, "take inner {inner} m {m}");
            assert!(got.to_vec().unwrap() == want, "take inner {inner} m {m}");
            let mut dst = Array::<i64>::zeros(&dev, &[n]).unwrap();
            let values = Array::from_vec(&dev, &[7], (10..17).collect()).unwrap();
            let bad = put(&mut dst, &i, &values, resolve).unwrap();
            let mut want = vec![0i64; n];
            for (j, &t) in idx.iter().enumerate() {
                if t < n as i64 {
                    want[t as usize] = 10 + (j % 7) as i64;
                }
            }
            let want_bad = idx.iter().filter(|&&t| t >= n as i64).count();
            assert_eq!(bad, want_bad, "put m {m}");
            assert!(dst.to_vec().unwrap() == want, "put m {m}");
        }
        // No indices, and indices into rows of nothing.
        let src = Array::from_vec(&dev, &[2, 3], vec![1i64; 6]).unwrap();
        let none = Array::<i64>::zeros(&dev, &[0]).unwrap();
        let (got, bad) = take(&src, [2, 3, 1], &none, &[2, 0], |t| t).unwrap();
        assert_eq!((got.shape(), bad), (&[2usize, 0][..], 0));
        let flat = Array::<i64>::zeros(&dev, &[2, 0]).unwrap();
        let two = Array::from_vec(&dev, &[2], vec![0i64, 1]).unwrap();
        let (got, _) = take(&flat, [1, 2, 0], &two, &[2, 0], |t| t).unwrap();
        assert_eq!(got.shape(), &[2usize, 0][..]);
        // Many indices into an empty array: all out of range.
        let mut empty = Array::<i64>::zeros(&dev, &[0]).unwrap();
        let i = Array::from_vec(&dev, &[40_000], vec![0i64; 40_000]).unwrap();
        let values = Array::from_vec(&dev, &[1], vec![1i64]).unwrap();
        assert_eq!(put(&mut empty, &i, &values, |_| -1).unwrap(), 40_000);
    }

    #[test]
    fn iota_counts() {
        for n in [0usize, 5, 100_000] {
            let got = iota(n).unwrap().to_vec().unwrap();
            assert!(got == (0..n as i64).collect::<Vec<_>>());
        }
    }
}
