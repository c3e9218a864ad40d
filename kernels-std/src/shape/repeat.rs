//! Repetition: `tile` (whole arrays, a broadcast view copied once) and `repeat` (each element,
//! a broadcast view copied once, or a gather for per-element counts).

use array_runtime::cpu::host_vec;
use array_runtime::{Array, DType, Error, Result};

use super::kernels::gather;
use super::reshape::{ravel, reshape};
use array_runtime::shape::normalize_axis as normalize;

/// `a` repeated `reps[k]` times along each axis `k` (NumPy's `tile`). When `reps` is shorter
/// than `a.ndim()` it is padded with leading ones; when longer, `a` gets leading axes of
/// extent 1. One kernel pass over the result.
///
/// ```
/// use kernels_std::prelude::*;
/// use kernels_std::shape::tile;
/// let a = Array::from_vec(&Device::cpu(), &[2], vec![1, 2u8])?;
/// assert_eq!(tile(&a, &[2])?.to_vec()?, vec![1, 2, 1, 2]);
/// assert_eq!(tile(&a, &[2, 1])?.shape(), &[2, 2]);
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn tile<T: DType>(a: &Array<T>, reps: &[usize]) -> Result<Array<T>> {
    let nd = a.ndim().max(reps.len());
    let mut dims = vec![1usize; nd - a.ndim()];
    dims.extend_from_slice(a.shape());
    let mut r = vec![1usize; nd - reps.len()];
    r.extend_from_slice(reps);
    // View `a` as (1, d0, 1, d1, ...), broadcast to (r0, d0, r1, d1, ...), copy, merge pairs.
    let mut interleaved = Vec::with_capacity(2 * nd);
    let mut broadcast = Vec::with_capacity(2 * nd);
    for (&d, &k) in dims.iter().zip(&r) {
        interleaved.extend([1, d]);
        broadcast.extend([k, d]);
    }
    let out_shape: Vec<usize> = dims
        .iter()
        .zip(&r)
        .map(|(&d, &k)| d.checked_mul(k))
        .collect::<Option<_>>()
        .ok_or_else(|| Error::invalid(format!("tile: {reps:?} repetitions are too many")))?;
    let interleaved: Vec<isize> = interleaved.iter().map(|&d| d as isize).collect();
    let view = reshape(a, &interleaved)?.broadcast_to(&broadcast)?;
    view.copy()?.reshape(&out_shape)
}

/// How many times to repeat each element: NumPy's `repeats` argument.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Repeats {
    /// Every element the same number of times.
    Each(isize),
    /// One count per element along the axis (a single count broadcasts).
    PerElement(Vec<isize>),
}

impl From<isize> for Repeats {
    fn from(n: isize) -> Self {
        Repeats::Each(n)
    }
}

impl From<Vec<isize>> for Repeats {
    fn from(counts: Vec<isize>) -> Self {
        Repeats::PerElement(counts)
    }
}

impl From<&[isize]> for Repeats {
    fn from(counts: &[isize]) -> Self {
        Repeats::PerElement(counts.to_vec())
    }
}

/// Each element of `a` repeated (NumPy's `repeat`): along `Some(axis)`, or over the
/// flattened array with `None`. Counts are `isize` as NumPy's; a negative one is an error, as
/// is a count list whose length is neither 1 nor the axis's extent.
///
/// ```
/// use kernels_std::prelude::*;
/// use kernels_std::shape::repeat;
/// let a = Array::from_vec(&Device::cpu(), &[2, 2], vec![1, 2, 3, 4i32])?;
/// assert_eq!(repeat(&a, 2, None)?.to_vec()?, vec![1, 1, 2, 2, 3, 3, 4, 4]);
/// assert_eq!(repeat(&a, vec![1, 2], Some(0))?.to_vec()?, vec![1, 2, 3, 4, 3, 4]);
/// assert!(repeat(&a, -1, None).is_err());
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn repeat<T: DType>(
    a: &Array<T>,
    repeats: impl Into<Repeats>,
    axis: Option<isize>,
) -> Result<Array<T>> {
    let (a, ax) = match axis {
        None => (ravel(a)?, 0),
        Some(axis) => (a.clone(), normalize(axis, a.ndim())?),
    };
    let len = a.shape()[ax];
    let negative = || Error::invalid("repeat: repeats may not contain negative values");
    let counts = match repeats.into() {
        Repeats::Each(n) if n < 0 => return Err(negative()),
        Repeats::Each(n) => return repeat_each(&a, n as usize, ax),
        Repeats::PerElement(c) if c.len() == 1 => {
            if c[0] < 0 {
                return Err(negative());
            }
            return repeat_each(&a, c[0] as usize, ax);
        }
        Repeats::PerElement(c) => c,
    };
    if counts.len() != len {
        return Err(Error::invalid(format!(
            "repeat: {} repeats given for an axis of extent {len} (shape {:?})",
            counts.len(),
            a.shape()
        )));
    }
    if counts.iter().any(|&c| c < 0) {
        return Err(negative());
    }
    // The index map holds one i64 per output position along the axis, allocated fallibly.
    let total = counts
        .iter()
        .try_fold(0usize, |acc, &c| acc.checked_add(c as usize))
        .filter(|&total| total <= isize::MAX as usize / 8)
        .ok_or_else(|| Error::invalid("repeat: the repetitions are too many"))?;
    let mut index: Vec<i64> = host_vec::with_capacity(total)?;
    for (i, &c) in counts.iter().enumerate() {
        index.extend(std::iter::repeat_n(i as i64, c as usize));
    }
    gather(&a, ax, &index)
}

/// Every element of `a` repeated `n` times along the normalized `axis`: a broadcast view of a
/// new axis after `axis`, copied once.
fn repeat_each<T: DType>(a: &Array<T>, n: usize, axis: usize) -> Result<Array<T>> {
    let mut wide = a.shape().to_vec();
    wide.insert(axis + 1, n);
    let mut out_shape = a.shape().to_vec();
    out_shape[axis] = out_shape[axis]
        .checked_mul(n)
        .ok_or_else(|| Error::invalid(format!("repeat: {n} repetitions are too many")))?;
    let view = a.insert_axis(axis as isize + 1)?.broadcast_to(&wide)?;
    view.copy()?.reshape(&out_shape)
}
