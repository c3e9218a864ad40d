//! `take`, `take_along_axis` and `put`: gathers and scatters by integer indices.

use super::compact::per_element;
use crate::prelude::*;
use crate::scan::rows::{flatten, normalize_axis, Rows};
use array_runtime::cpu::select as cpu_select;

/// What an index out of range does (NumPy's `mode`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum TakeMode {
    /// An error (`mode="raise"`, NumPy's default). Negative indices count from the end.
    #[default]
    Raise,
    /// Wrapped around the axis (`mode="wrap"`).
    Wrap,
    /// Clipped to the axis (`mode="clip"`): negative indices become 0.
    Clip,
}

impl TakeMode {
    pub(crate) fn code(self) -> u32 {
        match self {
            TakeMode::Raise => 0,
            TakeMode::Wrap => 1,
            TakeMode::Clip => 2,
        }
    }
}

/// Index `t` into an axis of `n > 0` elements under `mode` (0 raise, 1 wrap, 2 clip), or -1
/// when it is out of range under `raise`.
#[device_fn]
pub(crate) fn resolve(t: i64, n: i64, mode: u32) -> i64 {
    let mut r = t;
    if mode == 1 {
        r = t % n;
        if r < 0 {
            r += n;
        }
    } else if mode == 2 {
        r = t.clamp(0, n - 1);
    } else {
        if r < 0 {
            r += n;
        }
        if r < 0 || r >= n {
            r = -1;
        }
    }
    r
}

/// `out[o, j, k] = src[o, idx[j], k]` for `src` of shape `[outer, n, inner]` and `out` of
/// shape `[outer, m, inner]`; an index out of range counts in `bad[0]` and writes nothing.
#[raw_kernel]
#[allow(clippy::too_many_arguments)]
pub(crate) fn gather<T: DType>(
    src: &[T],
    idx: &[i64],
    out: &mut [T],
    bad: &mut [u32],
    n: usize,
    m: usize,
    inner: usize,
    mode: u32,
) {
    let o = block_idx().x as usize * block_dim().x as usize + thread_idx().x as usize;
    if o < out.len() {
        let outer = o / (m * inner);
        let j = (o / inner) % m;
        let k = o % inner;
        let t: i64 = resolve(idx[j], n as i64, mode);
        if t < 0 {
            atomic_add(&bad, 0, 1);
        } else {
            out[o] = src[(outer * n + t as usize) * inner + k];
        }
    }
}

/// `out[r, j] = src[r, idx[r, j]]` for rows of `n` (`src`) and `m` (`idx`, `out`) elements.
#[raw_kernel]
pub(crate) fn gather_rows<T: DType>(
    src: &[T],
    idx: &[i64],
    out: &mut [T],
    bad: &mut [u32],
    n: usize,
    m: usize,
) {
    let o = block_idx().x as usize * block_dim().x as usize + thread_idx().x as usize;
    if o < out.len() {
        let t: i64 = resolve(idx[o], n as i64, 0u32);
        if t < 0 {
            atomic_add(&bad, 0, 1);
        } else {
            out[o] = src[(o / m) * n + t as usize];
        }
    }
}

/// `out[r, j] = src[r, idx[r, j]]` for `src` and `idx` of shape `[rows, n]` (C-contiguous),
/// indices known to be in range (positions from a sort).
pub(crate) fn gather_rows_of<T: DType>(
    src: &Array<T>,
    idx: &Array<i64>,
    rows: usize,
    n: usize,
) -> Result<Array<T>> {
    let dev = src.device();
    let mut out = Array::<T>::zeros(&dev, &[rows, n])?;
    if rows * n > 0 {
        let mut bad = Array::<u32>::zeros(&dev, &[1])?;
        gather_rows::launch::<T>(
            &per_element(rows * n)?,
            src,
            idx,
            &mut out,
            &mut bad,
            n as u64,
            n as u64,
        )?;
    }
    Ok(out)
}

/// `dst[idx[j]] = values[j % values.len()]`; an index out of range counts in `bad[0]`.
#[raw_kernel]
pub(crate) fn scatter<T: DType>(
    dst: &mut [T],
    idx: &[i64],
    values: &[T],
    bad: &mut [u32],
    mode: u32,
) {
    let j = block_idx().x as usize * block_dim().x as usize + thread_idx().x as usize;
    if j < idx.len() {
        let t: i64 = resolve(idx[j], dst.len() as i64, mode);
        if t < 0 {
            atomic_add(&bad, 0, 1);
        } else {
            dst[t as usize] = values[j % values.len()];
        }
    }
}

/// The error of an out-of-range index, if `bad` counted any.
fn check_bad(op: &str, bad: &Array<u32>, extent: usize) -> Result<()> {
    bad_error(op, bad.item()? as usize, extent)
}

/// The error of `count` out-of-range indices, if any.
fn bad_error(op: &str, count: usize, extent: usize) -> Result<()> {
    if count > 0 {
        return Err(Error::Index {
            message: format!(
                "{op}: {count} index(es) out of bounds for an axis of {extent} element(s)"
            ),
        });
    }
    Ok(())
}

/// NumPy's `take(a, indices, axis)` with `mode="raise"`: see [`take_with_mode`].
///
/// ```
/// use kernels_std::sort::take;
/// use kernels_std::{Array, Device};
/// let dev = Device::cpu();
/// let a = Array::from_vec(&dev, &[2, 3], vec![1.0f32, 2.0, 3.0, 4.0, 5.0, 6.0])?;
/// let i = Array::from_vec(&dev, &[2], vec![2i64, -3])?;
/// assert_eq!(take(&a, &i, Some(1))?.to_vec()?, vec![3.0, 1.0, 6.0, 4.0]);
/// assert_eq!(take(&a, &i, None)?.to_vec()?, vec![3.0, 4.0]);
/// let out_of_range = Array::from_vec(&dev, &[1], vec![6i64])?;
/// assert!(take(&a, &out_of_range, None).is_err());
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn take<T: DType>(a: &Array<T>, indices: &Array<i64>, axis: Option<isize>) -> Result<Array<T>> {
    take_with_mode(a, indices, axis, TakeMode::Raise)
}

/// NumPy's `take(a, indices, axis, mode=...)`: the elements (sub-arrays) of `a` at `indices`
/// along `axis` (`None`: the flattened array). The result's shape is `a`'s with the axis
/// replaced by `indices`' shape. An index out of range is an [`Error::Index`] under
/// [`TakeMode::Raise`] (negative ones count from the end); a non-empty take from an empty
/// axis is an error in every mode.
///
/// ```
/// use kernels_std::sort::{take_with_mode, TakeMode};
/// use kernels_std::{Array, Device};
/// let dev = Device::cpu();
/// let a = Array::from_vec(&dev, &[4], vec![10i32, 11, 12, 13])?;
/// let i = Array::from_vec(&dev, &[3], vec![5i64, -1, 9])?;
/// assert_eq!(take_with_mode(&a, &i, None, TakeMode::Wrap)?.to_vec()?, vec![11, 13, 11]);
/// assert_eq!(take_with_mode(&a, &i, None, TakeMode::Clip)?.to_vec()?, vec![13, 10, 13]);
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn take_with_mode<T: DType>(
    a: &Array<T>,
    indices: &Array<i64>,
    axis: Option<isize>,
    mode: TakeMode,
) -> Result<Array<T>> {
    let (src, axis) = match axis {
        None => (flatten(a)?, 0),
        Some(ax) => (a.as_standard_layout()?, normalize_axis(ax, a.ndim())?),
    };
    let shape = src.shape();
    let n = shape[axis];
    let inner: usize = shape[axis + 1..].iter().product();
    let outer: usize = shape[..axis].iter().product();
    let m = indices.len();
    let mut out_shape = shape[..axis].to_vec();
    out_shape.extend_from_slice(indices.shape());
    out_shape.extend_from_slice(&shape[axis + 1..]);
    let dev = a.device();
    let mut out = Array::<T>::zeros(&dev, &out_shape)?;
    if out.is_empty() {
        return Ok(out);
    }
    if n == 0 {
        return Err(Error::Index {
            message: format!("take: cannot take {m} element(s) from an empty axis ({shape:?})"),
        });
    }
    let idx = flatten(indices)?;
    if dev.is_cpu() {
        let code = mode.code();
        let (out, bad) = cpu_select::take(&src, [outer, n, inner], &idx, &out_shape, |t| {
            resolve(t, n as i64, code)
        })?;
        return bad_error("take", bad, n).map(|()| out);
    }
    let mut bad = Array::<u32>::zeros(&dev, &[1])?;
    gather::launch::<T>(
        &per_element(out.len())?,
        &src,
        &idx,
        &mut out,
        &mut bad,
        n as u64,
        m as u64,
        inner as u64,
        mode.code(),
    )?;
    check_bad("take", &bad, n)?;
    Ok(out)
}

/// NumPy's `take_along_axis(a, indices, axis)`: `out[..., j, ...] = a[..., indices[..., j,
/// ...], ...]` along `axis`, the other axes of `a` and `indices` broadcast together (`None`:
/// `a` flattened, `indices` 1-d). Typical use: with [`argsort`](super::argsort)'s result.
/// Negative indices count from the end; out of range is an [`Error::Index`].
///
/// ```
/// use kernels_std::sort::{argsort, take_along_axis};
/// use kernels_std::{Array, Device};
/// let a = Array::from_vec(&Device::cpu(), &[2, 3], vec![3i16, 1, 2, 9, 8, 7])?;
/// let order = argsort(&a, Some(1))?;
/// assert_eq!(take_along_axis(&a, &order, Some(1))?.to_vec()?, vec![1, 2, 3, 7, 8, 9]);
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn take_along_axis<T: DType>(
    a: &Array<T>,
    indices: &Array<i64>,
    axis: Option<isize>,
) -> Result<Array<T>> {
    let (a, indices, axis) = match axis {
        None => {
            if indices.ndim() != 1 {
                return Err(Error::invalid(format!(
                    "take_along_axis: with no axis the indices must be 1-d, got shape {:?}",
                    indices.shape()
                )));
            }
            (flatten(a)?, indices.clone(), 0)
        }
        Some(ax) => {
            if a.ndim() != indices.ndim() {
                return Err(Error::invalid(format!(
                    "take_along_axis: the indices (shape {:?}) must have as many dimensions as \
                     the array (shape {:?})",
                    indices.shape(),
                    a.shape()
                )));
            }
            (a.clone(), indices.clone(), normalize_axis(ax, a.ndim())?)
        }
    };
    // Broadcast every axis but `axis`.
    let nd = a.ndim();
    let mut shape = Vec::with_capacity(nd);
    for d in 0..nd {
        let (x, y) = (a.shape()[d], indices.shape()[d]);
        shape.push(if d == axis || x == y || y == 1 {
            x
        } else if x == 1 {
            y
        } else {
            return Err(Error::Broadcast {
                op: "take_along_axis".into(),
                shapes: vec![a.shape().to_vec(), indices.shape().to_vec()],
            });
        });
    }
    let mut idx_shape = shape.clone();
    idx_shape[axis] = indices.shape()[axis];
    let a = a.broadcast_to(&shape)?;
    let indices = indices.broadcast_to(&idx_shape)?;
    let src = Rows::new(&a, Some(axis as isize))?;
    let idx = Rows::new(&indices, Some(axis as isize))?;
    let (n, m) = (src.n, idx.n);
    let dev = a.device();
    let mut out = Array::<T>::zeros(&dev, &[idx.rows, m])?;
    if idx.rows * m > 0 {
        if n == 0 {
            return Err(Error::Index {
                message: format!(
                    "take_along_axis: cannot take from an empty axis (shape {:?})",
                    a.shape()
                ),
            });
        }
        let mut bad = Array::<u32>::zeros(&dev, &[1])?;
        gather_rows::launch::<T>(
            &per_element(out.len())?,
            &src.data,
            &idx.data,
            &mut out,
            &mut bad,
            n as u64,
            m as u64,
        )?;
        check_bad("take_along_axis", &bad, n)?;
    }
    idx.restore(&out, m)
}

/// NumPy's `put(a, indices, values, mode)`: `a.flat[indices[j]] = values[j % values.len()]`
/// in place (C order of `a`). `values` repeats when shorter than `indices`.
///
/// On the CPU the writes run in index order, so a repeated index keeps its last value, as in
/// NumPy. Differs from NumPy on a GPU: which of a repeated index's values is written is
/// unspecified there (the writes run in parallel).
///
/// ```
/// use kernels_std::sort::{put, TakeMode};
/// use kernels_std::{Array, Device};
/// let dev = Device::cpu();
/// let mut a = Array::from_vec(&dev, &[2, 2], vec![0u16; 4])?;
/// let i = Array::from_vec(&dev, &[2], vec![3i64, 0])?;
/// put(&mut a, &i, &Array::from_vec(&dev, &[2], vec![7u16, 9])?, TakeMode::Raise)?;
/// assert_eq!(a.to_vec()?, vec![9, 0, 0, 7]);
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn put<T: DType>(
    a: &mut Array<T>,
    indices: &Array<i64>,
    values: &Array<T>,
    mode: TakeMode,
) -> Result<()> {
    if indices.is_empty() {
        return Ok(());
    }
    if values.is_empty() || a.is_empty() {
        return Err(Error::invalid(format!(
            "put: cannot put {} value(s) into an array of shape {:?}",
            values.len(),
            a.shape()
        )));
    }
    let dev = a.device();
    let idx = flatten(indices)?;
    let values = flatten(values)?;
    let extent = a.len();
    if dev.is_cpu() {
        // In index order on one thread (the runtime's CPU layer): the last of repeated
        // indices wins, as in NumPy.
        let code = mode.code();
        let resolve = |t| resolve(t, extent as i64, code);
        let bad = if a.is_c_contiguous() {
            cpu_select::put(a, &idx, &values, resolve)?
        } else {
            let mut flat = flatten(a)?;
            let bad = cpu_select::put(&mut flat, &idx, &values, resolve)?;
            let shape = a.shape().to_vec();
            a.assign(&flat.reshape(&shape)?)?;
            bad
        };
        return bad_error("put", bad, extent);
    }
    let mut bad = Array::<u32>::zeros(&dev, &[1])?;
    let cfg = per_element(idx.len())?;
    if a.is_c_contiguous() {
        scatter::launch::<T>(&cfg, a, &idx, &values, &mut bad, mode.code())?;
    } else {
        let mut flat = flatten(a)?;
        scatter::launch::<T>(&cfg, &mut flat, &idx, &values, &mut bad, mode.code())?;
        let shape = a.shape().to_vec();
        a.assign(&flat.reshape(&shape)?)?;
    }
    check_bad("put", &bad, extent)
}
