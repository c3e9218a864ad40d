//! Shapes, strides and layouts: broadcasting, contiguity, and the merging of adjacent dimensions
//! that lets a strided operation run as a flat loop.
//!
//! Strides are counted in elements (not bytes) and may be negative (reversed views) or zero
//! (broadcast views).

use crate::error::{Error, Result};

/// Number of elements of a shape (1 for a 0-d shape).
///
/// ```
/// assert_eq!(array_runtime::shape::size(&[2, 3, 4]), 24);
/// assert_eq!(array_runtime::shape::size(&[]), 1);
/// ```
pub fn size(shape: &[usize]) -> usize {
    shape.iter().product()
}

/// The most dimensions an array may have: NumPy's `NPY_MAXDIMS` (64 since NumPy 2). Past
/// it, NumPy refuses the shape; here too, so that no routine recurses (display, nested
/// lists) or allocates per dimension without bound.
pub const MAX_NDIM: usize = 64;

/// Checks that an array may have `ndim` dimensions (at most [`MAX_NDIM`]), NumPy's error
/// otherwise.
///
/// ```
/// use array_runtime::shape::check_ndim;
/// assert!(check_ndim(64).is_ok());
/// assert!(check_ndim(65).unwrap_err().to_string().contains("64, found 65"));
/// ```
pub fn check_ndim(ndim: usize) -> Result<()> {
    if ndim > MAX_NDIM {
        return Err(Error::invalid(format!(
            "maximum supported dimension for an array is {MAX_NDIM}, found {ndim}"
        )));
    }
    Ok(())
}

/// Number of elements of a shape, or [`Error::TooBig`] when no array can have it: the rule of
/// [`checked_size_of`] for one-byte elements.
///
/// ```
/// use array_runtime::{shape::checked_size, Error};
/// assert_eq!(checked_size(&[2, 3]).unwrap(), 6);
/// assert_eq!(checked_size(&[0, 5]).unwrap(), 0);
/// assert!(matches!(checked_size(&[0, usize::MAX]), Err(Error::TooBig { .. })));
/// ```
pub fn checked_size(shape: &[usize]) -> Result<usize> {
    checked_size_of(shape, 1)
}

/// Number of elements of a shape of `itemsize`-byte elements, or [`Error::TooBig`] when no
/// array can have that shape. NumPy's rule: the nonzero extents multiplied together and by
/// the element size must not exceed `isize::MAX` (bytes), even when another extent is zero.
/// A shape of more than [`MAX_NDIM`] dimensions is an error too ([`check_ndim`]).
/// Every array is made through this check, so the strides and offsets of any array, and of
/// any view of it, fit in `isize`.
///
/// ```
/// use array_runtime::shape::checked_size_of;
/// assert_eq!(checked_size_of(&[4, 2], 8).unwrap(), 8);
/// assert!(checked_size_of(&[0, isize::MAX as usize], 1).is_ok());
/// assert!(checked_size_of(&[0, isize::MAX as usize], 2).is_err());  // np.zeros((0, 2**63-1), 'i2')
/// assert!(checked_size_of(&[1 << 62, 0, 4], 8).is_err());
/// ```
pub fn checked_size_of(shape: &[usize], itemsize: usize) -> Result<usize> {
    check_ndim(shape.len())?;
    let itemsize = itemsize.max(1);
    let mut bytes = itemsize;
    let mut empty = false;
    for &d in shape {
        if d == 0 {
            empty = true;
            continue;
        }
        bytes = bytes
            .checked_mul(d)
            .filter(|&b| b <= isize::MAX as usize)
            .ok_or_else(|| Error::TooBig {
                shape: shape.to_vec(),
                itemsize,
            })?;
    }
    Ok(if empty { 0 } else { bytes / itemsize })
}

/// Row-major (C order) strides of a shape, in elements.
///
/// ```
/// assert_eq!(array_runtime::shape::c_strides(&[2, 3, 4]), vec![12, 4, 1]);
/// ```
pub fn c_strides(shape: &[usize]) -> Vec<isize> {
    // Collected rather than `vec![0; n]` then filled: a zeroed allocation is `calloc`, which
    // glibc serves without its thread cache (several times slower for a layout's few bytes).
    let mut acc = 1isize;
    let mut strides: Vec<isize> = shape
        .iter()
        .rev()
        .map(|&d| {
            let s = acc;
            acc = acc.saturating_mul(d.max(1) as isize);
            s
        })
        .collect();
    strides.reverse();
    strides
}

/// The shape that NumPy's broadcasting rules give for `shapes`, or [`Error::Broadcast`].
///
/// ```
/// use array_runtime::shape::broadcast_shapes;
/// assert_eq!(broadcast_shapes("add", &[&[3, 1], &[4]]).unwrap(), vec![3, 4]);
/// assert!(broadcast_shapes("add", &[&[3], &[4]]).is_err());
/// ```
pub fn broadcast_shapes(op: &str, shapes: &[&[usize]]) -> Result<Vec<usize>> {
    let ndim = shapes.iter().map(|s| s.len()).max().unwrap_or(0);
    let mut out = vec![1usize; ndim];
    for shape in shapes {
        let lead = ndim - shape.len();
        for (i, &d) in shape.iter().enumerate() {
            let o = &mut out[lead + i];
            if *o == 1 {
                *o = d;
            } else if d != 1 && d != *o {
                return Err(Error::Broadcast {
                    op: op.to_string(),
                    shapes: shapes.iter().map(|s| s.to_vec()).collect(),
                });
            }
        }
    }
    Ok(out)
}

/// Normalises a possibly negative axis against `ndim`.
///
/// ```
/// assert_eq!(array_runtime::shape::normalize_axis(-1, 3).unwrap(), 2);
/// assert!(array_runtime::shape::normalize_axis(3, 3).is_err());
/// ```
pub fn normalize_axis(axis: isize, ndim: usize) -> Result<usize> {
    let n = ndim as isize;
    if axis < -n || axis >= n {
        return Err(Error::Axis { axis, ndim });
    }
    Ok(if axis < 0 { axis + n } else { axis } as usize)
}

/// Where an array's elements are in its storage: shape, strides (elements) and offset.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Layout {
    /// Extent of each dimension.
    pub shape: Vec<usize>,
    /// Distance in elements between neighbours along each dimension.
    pub strides: Vec<isize>,
    /// Element offset of index `[0, 0, ...]` in the storage.
    pub offset: usize,
}

impl Layout {
    /// A C-contiguous layout of `shape` at offset 0.
    pub fn contiguous(shape: &[usize]) -> Self {
        Layout {
            shape: shape.to_vec(),
            strides: c_strides(shape),
            offset: 0,
        }
    }

    /// Number of dimensions.
    pub fn ndim(&self) -> usize {
        self.shape.len()
    }

    /// Number of elements.
    pub fn size(&self) -> usize {
        size(&self.shape)
    }

    /// Whether the elements lie in C order, one after another (empty and 0-d layouts are).
    pub fn is_c_contiguous(&self) -> bool {
        if self.size() <= 1 {
            return true;
        }
        let mut expected = 1isize;
        for (&d, &s) in self.shape.iter().zip(&self.strides).rev() {
            if d != 1 {
                if s != expected {
                    return false;
                }
                expected *= d as isize;
            }
        }
        true
    }

    /// Lowest and highest storage offsets touched (inclusive); `None` for an empty layout.
    pub fn offset_bounds(&self) -> Option<(usize, usize)> {
        if self.size() == 0 {
            return None;
        }
        let (mut lo, mut hi) = (self.offset as isize, self.offset as isize);
        for (&d, &s) in self.shape.iter().zip(&self.strides) {
            let span = (d as isize - 1) * s;
            if span < 0 {
                lo += span;
            } else {
                hi += span;
            }
        }
        Some((lo as usize, hi as usize))
    }

    /// Whether two distinct indices can reach the same element (a zero stride along a dimension
    /// longer than one, or strides that interleave). Conservative: may say `true` for some
    /// exotic non-overlapping layouts, never `false` for an overlapping one.
    pub fn may_self_overlap(&self) -> bool {
        let mut dims: Vec<(usize, usize)> = self
            .shape
            .iter()
            .zip(&self.strides)
            .filter(|&(&d, _)| d > 1)
            .map(|(&d, &s)| (s.unsigned_abs(), d))
            .collect();
        if dims.iter().any(|&(s, _)| s == 0) {
            return true;
        }
        dims.sort_unstable();
        // Each stride must step over the whole extent of the smaller dimensions.
        let mut extent = 1usize;
        for (s, d) in dims {
            if s < extent {
                return true;
            }
            extent += s * (d - 1);
        }
        false
    }

    /// The layout seen through broadcasting to `shape`, or `None` if it does not broadcast.
    pub fn broadcast_to(&self, shape: &[usize]) -> Option<Layout> {
        if shape.len() < self.ndim() {
            return None;
        }
        let lead = shape.len() - self.ndim();
        let mut strides = vec![0isize; shape.len()];
        for i in 0..self.ndim() {
            let (d, s) = (self.shape[i], self.strides[i]);
            let t = shape[lead + i];
            if d == t {
                strides[lead + i] = if d == 1 { 0 } else { s };
            } else if d == 1 {
                strides[lead + i] = 0;
            } else {
                return None;
            }
        }
        Some(Layout {
            shape: shape.to_vec(),
            strides,
            offset: self.offset,
        })
    }
}

/// Merges adjacent dimensions of a shape shared by several operands wherever every operand
/// steps through them as one (`stride[i] == stride[i + 1] * shape[i + 1]`), and drops
/// dimensions of extent 1. Returns the merged shape and each operand's merged strides.
///
/// A C-contiguous operand ends as one dimension of stride 1, so a strided kernel becomes a
/// flat loop whenever the operands allow it.
///
/// ```
/// use array_runtime::shape::merge_dims;
/// let (shape, strides) = merge_dims(&[2, 3, 4], &[vec![12, 4, 1], vec![0, 0, 1]]);
/// assert_eq!(shape, vec![6, 4]);
/// assert_eq!(strides, vec![vec![4, 1], vec![0, 1]]);
/// ```
pub fn merge_dims(shape: &[usize], strides: &[Vec<isize>]) -> (Vec<usize>, Vec<Vec<isize>>) {
    let mut out_shape: Vec<usize> = Vec::with_capacity(shape.len());
    let mut out_strides: Vec<Vec<isize>> = vec![Vec::with_capacity(shape.len()); strides.len()];
    if size(shape) == 0 {
        // Nothing to visit: one empty dimension says it all.
        return (vec![0], vec![vec![0]; strides.len()]);
    }
    for (axis, &d) in shape.iter().enumerate() {
        if d == 1 {
            continue;
        }
        let mergeable = !out_shape.is_empty()
            && strides
                .iter()
                .zip(&out_strides)
                .all(|(s, o)| o.last().copied() == s[axis].checked_mul(d as isize));
        if mergeable {
            *out_shape.last_mut().unwrap() *= d;
            for (s, o) in strides.iter().zip(out_strides.iter_mut()) {
                *o.last_mut().unwrap() = s[axis];
            }
        } else {
            out_shape.push(d);
            for (s, o) in strides.iter().zip(out_strides.iter_mut()) {
                o.push(s[axis]);
            }
        }
    }
    (out_shape, out_strides)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn contiguity() {
        assert!(Layout::contiguous(&[2, 3]).is_c_contiguous());
        let t = Layout {
            shape: vec![3, 2],
            strides: vec![1, 3],
            offset: 0,
        };
        assert!(!t.is_c_contiguous());
        let with_unit = Layout {
            shape: vec![1, 3],
            strides: vec![99, 1],
            offset: 4,
        };
        assert!(with_unit.is_c_contiguous());
    }

    #[test]
    fn bounds_with_negative_strides() {
        let l = Layout {
            shape: vec![3],
            strides: vec![-2],
            offset: 4,
        };
        assert_eq!(l.offset_bounds(), Some((0, 4)));
    }

    #[test]
    fn overlap_detection() {
        assert!(!Layout::contiguous(&[4, 5]).may_self_overlap());
        let b = Layout::contiguous(&[5]).broadcast_to(&[4, 5]).unwrap();
        assert!(b.may_self_overlap());
        let t = Layout {
            shape: vec![5, 4],
            strides: vec![1, 5],
            offset: 0,
        };
        assert!(!t.may_self_overlap());
        let bad = Layout {
            shape: vec![3, 3],
            strides: vec![1, 1],
            offset: 0,
        };
        assert!(bad.may_self_overlap());
    }

    #[test]
    fn merge_keeps_reversed_dims_apart_from_forward_ones() {
        let (shape, strides) = merge_dims(&[3, 4], &[vec![4, 1], vec![-4, -1]]);
        assert_eq!(shape, vec![12]);
        assert_eq!(strides, vec![vec![1], vec![-1]]);
        let (shape, _) = merge_dims(&[3, 4], &[vec![4, 1], vec![1, 3]]);
        assert_eq!(shape, vec![3, 4]);
    }
}
