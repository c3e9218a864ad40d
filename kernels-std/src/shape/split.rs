//! Splitting an array into views: `split`, `array_split`, `hsplit`, `vsplit`.

use array_runtime::cpu::host_vec;
use array_runtime::slice::{Slice, SliceItem};
use array_runtime::{Array, DType, Error, Result};

use array_runtime::shape::normalize_axis as normalize;

/// Where to split: NumPy's `indices_or_sections` argument.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Sections {
    /// Into this many parts (equal ones for [`split`]; for [`array_split`] the first
    /// `len % n` parts have one more element).
    Count(usize),
    /// Before each of these positions along the axis (negative ones count from the end;
    /// they are clamped to the axis as slice bounds are, so parts may be empty).
    Indices(Vec<isize>),
}

impl From<usize> for Sections {
    fn from(n: usize) -> Self {
        Sections::Count(n)
    }
}

impl From<Vec<isize>> for Sections {
    fn from(indices: Vec<isize>) -> Self {
        Sections::Indices(indices)
    }
}

impl From<&[isize]> for Sections {
    fn from(indices: &[isize]) -> Self {
        Sections::Indices(indices.to_vec())
    }
}

/// `a` cut along `axis` into views (NumPy's `split`): `Sections::Count(n)` needs `n` to divide
/// the axis's extent (else an error), `Sections::Indices` cuts before each index.
///
/// ```
/// use kernels_std::prelude::*;
/// use kernels_std::shape::{split, Sections};
/// let a = Array::from_vec(&Device::cpu(), &[6], (0..6).collect::<Vec<i32>>())?;
/// let parts = split(&a, 3, 0)?;
/// assert_eq!(parts[1].to_vec()?, vec![2, 3]);
/// let parts = split(&a, vec![1, 4], 0)?;
/// assert_eq!(parts[2].to_vec()?, vec![4, 5]);
/// assert!(split(&a, 4, 0).is_err());
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn split<T: DType>(
    a: &Array<T>,
    sections: impl Into<Sections>,
    axis: isize,
) -> Result<Vec<Array<T>>> {
    let sections = sections.into();
    if let Sections::Count(n) = sections {
        let ax = normalize(axis, a.ndim())?;
        let len = a.shape()[ax];
        if n == 0 || !len.is_multiple_of(n) {
            return Err(Error::invalid(format!(
                "split: array split does not result in an equal division ({len} elements \
                 along axis {ax} into {n} sections)"
            )));
        }
    }
    array_split(a, sections, axis)
}

/// `a` cut along `axis` into views, allowing unequal parts (NumPy's `array_split`): with
/// `Sections::Count(n)` (`n >= 1`) the first `len % n` parts have `len / n + 1` elements and
/// the others `len / n`.
///
/// ```
/// use kernels_std::prelude::*;
/// use kernels_std::shape::array_split;
/// let a = Array::from_vec(&Device::cpu(), &[5], (0..5).collect::<Vec<i32>>())?;
/// let parts = array_split(&a, 3, 0)?;
/// let lens: Vec<usize> = parts.iter().map(|p| p.len()).collect();
/// assert_eq!(lens, vec![2, 2, 1]);
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn array_split<T: DType>(
    a: &Array<T>,
    sections: impl Into<Sections>,
    axis: isize,
) -> Result<Vec<Array<T>>> {
    if a.ndim() == 0 {
        return Err(Error::invalid("array_split: a 0-d array cannot be split"));
    }
    let ax = normalize(axis, a.ndim())?;
    let len = a.shape()[ax] as isize;
    let bounds: Vec<(isize, isize)> = match sections.into() {
        Sections::Count(n) => {
            if n == 0 {
                return Err(Error::invalid(
                    "array_split: number sections must be larger than 0",
                ));
            }
            // One view per section, however many are asked for: allocated fallibly.
            let n = isize::try_from(n).map_err(|_| {
                Error::invalid(format!(
                    "array_split: {n} sections are more than any list holds"
                ))
            })?;
            let (each, extra) = (len / n, len % n);
            let mut start = 0;
            host_vec::collect((0..n).map(|k| {
                let size = each + isize::from(k < extra);
                start += size;
                (start - size, start)
            }))?
        }
        Sections::Indices(indices) => {
            let mut cuts = vec![0];
            cuts.extend(indices);
            cuts.push(len);
            cuts.windows(2).map(|w| (w[0], w[1])).collect()
        }
    };
    let mut parts = host_vec::with_capacity(bounds.len())?;
    for (start, end) in bounds {
        let mut items = vec![SliceItem::Range(Slice::from(..)); a.ndim()];
        items[ax] = SliceItem::Range(Slice {
            start: Some(start),
            end: Some(end),
            step: 1,
        });
        parts.push(a.slice(&items)?);
    }
    Ok(parts)
}

/// `a` split along axis 1 (axis 0 for 1-d arrays) (NumPy's `hsplit`).
///
/// ```
/// use kernels_std::prelude::*;
/// use kernels_std::shape::hsplit;
/// let a = Array::<u8>::zeros(&Device::cpu(), &[2, 4])?;
/// assert_eq!(hsplit(&a, 2)?[0].shape(), &[2, 2]);
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn hsplit<T: DType>(a: &Array<T>, sections: impl Into<Sections>) -> Result<Vec<Array<T>>> {
    if a.ndim() == 0 {
        return Err(Error::invalid(
            "hsplit: only works on arrays of 1 or more dimensions",
        ));
    }
    split(a, sections, isize::from(a.ndim() > 1))
}

/// `a` split along axis 0 (NumPy's `vsplit`; `a` has at least 2 dimensions).
///
/// ```
/// use kernels_std::prelude::*;
/// use kernels_std::shape::vsplit;
/// let a = Array::<u8>::zeros(&Device::cpu(), &[4, 2])?;
/// assert_eq!(vsplit(&a, 2)?[1].shape(), &[2, 2]);
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn vsplit<T: DType>(a: &Array<T>, sections: impl Into<Sections>) -> Result<Vec<Array<T>>> {
    if a.ndim() < 2 {
        return Err(Error::invalid(
            "vsplit: only works on arrays of 2 or more dimensions",
        ));
    }
    split(a, sections, 0)
}

/// `a` split along axis 2 (NumPy's `dsplit`; `a` has at least 3 dimensions).
///
/// ```
/// use kernels_std::prelude::*;
/// use kernels_std::shape::dsplit;
/// let a = Array::<u8>::zeros(&Device::cpu(), &[1, 2, 4])?;
/// assert_eq!(dsplit(&a, 2)?[1].shape(), &[1, 2, 2]);
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn dsplit<T: DType>(a: &Array<T>, sections: impl Into<Sections>) -> Result<Vec<Array<T>>> {
    if a.ndim() < 3 {
        return Err(Error::invalid(
            "dsplit: only works on arrays of 3 or more dimensions",
        ));
    }
    split(a, sections, 2)
}

/// The sub-arrays of `x` along `axis` (NumPy's `unstack`): `x.shape()[axis]` views, each
/// without that axis (the inverse of [`stack`](super::stack)). Negative axes count from the
/// end; a 0-d array is an error (NumPy's `ValueError`).
///
/// ```
/// use kernels_std::prelude::*;
/// use kernels_std::shape::unstack;
/// let a = Array::from_vec(&Device::cpu(), &[2, 3], (0..6).collect::<Vec<i32>>())?;
/// let rows = unstack(&a, 0)?;
/// assert_eq!(rows[1].to_vec()?, vec![3, 4, 5]);
/// let cols = unstack(&a, -1)?;
/// assert_eq!(cols.len(), 3);
/// assert_eq!(cols[2].to_vec()?, vec![2, 5]);
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn unstack<T: DType>(x: &Array<T>, axis: isize) -> Result<Vec<Array<T>>> {
    if x.ndim() == 0 {
        return Err(Error::invalid(
            "unstack: the input array must be at least 1-d",
        ));
    }
    let ax = normalize(axis, x.ndim())?;
    (0..x.shape()[ax])
        .map(|i| x.index_axis(ax as isize, i as isize))
        .collect()
}
