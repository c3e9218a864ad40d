//! `diff`: differences of neighbours along an axis, repeated `n` times.

use array_runtime::kernel::elementwise::{IntoOperand, Operand};
use array_runtime::slice::{Slice, SliceItem};

use super::rows::normalize_axis;
use crate::prelude::*;

/// `later - earlier` (integers wrap).
#[elementwise]
pub(crate) fn difference<T: Num>(later: T, earlier: T) -> T {
    later - earlier
}

/// `later != earlier`: NumPy's `diff` of booleans.
#[elementwise]
pub(crate) fn bool_difference(later: bool, earlier: bool) -> bool {
    later != earlier
}

/// Element types [`diff`] accepts: the numeric dtypes and `c64`/`c128` (`later - earlier`)
/// and `bool` (`later != earlier`, as NumPy).
pub trait Diff: DType {
    /// The difference of two arrays of one shape, elementwise.
    fn difference(later: &Array<Self>, earlier: &Array<Self>) -> Result<Array<Self>>;
}

macro_rules! numeric_diff {
    ($($t:ty),*) => {$(
        impl Diff for $t {
            fn difference(later: &Array<$t>, earlier: &Array<$t>) -> Result<Array<$t>> {
                difference::<$t>(later, earlier)
            }
        }
    )*};
}
numeric_diff!(i8, i16, i32, i64, u8, u16, u32, u64, f16, bf16, f32, f64);

/// Complex numbers: the runtime's complex subtraction (each part subtracted).
macro_rules! complex_diff {
    ($($t:ty),*) => {$(
        impl Diff for $t {
            fn difference(later: &Array<$t>, earlier: &Array<$t>) -> Result<Array<$t>> {
                <$t as array_runtime::ops::Numeric>::subtract(later, earlier)
            }
        }
    )*};
}
complex_diff!(c64, c128);

impl Diff for bool {
    fn difference(later: &Array<bool>, earlier: &Array<bool>) -> Result<Array<bool>> {
        bool_difference(later, earlier)
    }
}

/// NumPy's `diff(a, n, axis)`: `out[i] = a[i + 1] - a[i]` along `axis`, applied `n` times; the
/// axis shrinks by `n` (to 0 when `n` is at least its length). `n = 0` returns `a` unchanged.
/// `bool` arrays give `a[i + 1] != a[i]`, as NumPy; complex arrays subtract both parts. A 0-d array is an error (NumPy's
/// `ValueError`), an axis out of range an [`Error::Axis`](crate::Error::Axis).
///
/// ```
/// use kernels_std::scan::diff;
/// use kernels_std::{Array, Device};
/// let a = Array::from_vec(&Device::cpu(), &[2, 3], vec![1i32, 4, 9, 16, 25, 36])?;
/// assert_eq!(diff(&a, 1, -1)?.to_vec()?, vec![3, 5, 9, 11]);
/// assert_eq!(diff(&a, 2, 1)?.to_vec()?, vec![2, 2]);
/// assert_eq!(diff(&a, 1, 0)?.to_vec()?, vec![15, 21, 27]);
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn diff<T: Diff>(a: &Array<T>, n: usize, axis: isize) -> Result<Array<T>> {
    if a.ndim() == 0 {
        return Err(Error::invalid(
            "diff: needs an array of at least one dimension, got a 0-d array",
        ));
    }
    let axis = normalize_axis(axis, a.ndim())?;
    let along = |range: Slice| -> Vec<SliceItem> {
        (0..a.ndim())
            .map(|d| SliceItem::Range(if d == axis { range } else { Slice::FULL }))
            .collect()
    };
    let mut out = a.clone();
    for _ in 0..n {
        if out.shape()[axis] == 0 {
            break;
        }
        let later = out.slice(along(Slice::from(1..)))?;
        let earlier = out.slice(along(Slice::from(..-1)))?;
        out = T::difference(&later, &earlier)?;
    }
    Ok(out)
}

/// NumPy's `ediff1d(ary, to_end, to_begin)`: the differences of neighbours of `ary` flattened
/// (C order), with the elements of `to_begin` before them and those of `to_end` after (both
/// flattened; any shape). The result is 1-d, of `ary`'s dtype; fewer than two elements give
/// no difference.
///
/// Errors: a `bool` array (NumPy's `TypeError`: booleans do not subtract; [`diff`] of
/// booleans is `!=`). `to_begin` and `to_end` have `ary`'s dtype (NumPy casts them under the
/// `same_kind` rule).
///
/// ```
/// use kernels_std::scan::ediff1d;
/// use kernels_std::{Array, Device};
/// let dev = Device::cpu();
/// let a = Array::from_vec(&dev, &[2, 2], vec![1i64, 2, 4, 7])?;
/// assert_eq!(ediff1d(&a, None, None)?.to_vec()?, vec![1, 2, 3]);
/// let end = Array::from_vec(&dev, &[2], vec![88i64, 99])?;
/// let begin = Array::from_vec(&dev, &[], vec![-99i64])?;
/// assert_eq!(
///     ediff1d(&a, Some(&end), Some(&begin))?.to_vec()?,
///     vec![-99, 1, 2, 3, 88, 99]
/// );
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn ediff1d<T: Diff>(
    ary: &Array<T>,
    to_end: Option<&Array<T>>,
    to_begin: Option<&Array<T>>,
) -> Result<Array<T>> {
    if T::ID == DTypeId::Bool {
        return Err(Error::invalid(
            "ediff1d: boolean arrays do not subtract (NumPy's TypeError); compare neighbours \
             with not_equal, or use diff",
        ));
    }
    let flat = crate::shape::ravel(ary)?;
    let mut parts = Vec::with_capacity(3);
    if let Some(b) = to_begin {
        parts.push(crate::shape::ravel(b)?);
    }
    parts.push(diff(&flat, 1, 0)?);
    if let Some(e) = to_end {
        parts.push(crate::shape::ravel(e)?);
    }
    crate::shape::concatenate(&parts, 0)
}

/// NumPy's `diff(a, n, axis, prepend=..., append=...)` as a builder: [`diff`] of `a` with
/// values joined before and after it along `axis` first. Made by [`diff_with`].
#[derive(Debug)]
#[must_use = "a DiffWith does nothing until run"]
pub struct DiffWith<'a, T: Diff> {
    a: &'a Array<T>,
    n: usize,
    axis: isize,
    prepend: Option<Operand<'a, T>>,
    append: Option<Operand<'a, T>>,
}

/// NumPy's `diff` with its `prepend` and `append` keywords: a builder over `a`, `n` and
/// `axis` (see [`diff`]); [`prepend`](DiffWith::prepend) and [`append`](DiffWith::append)
/// take a scalar or an array of `a`'s dtype, joined to `a` along `axis` before the
/// differences are taken. As in NumPy, a scalar (or a 0-d array) is broadcast to `a`'s shape
/// with `axis` of length 1; any other array must have `a`'s number of dimensions and match
/// `a`'s shape except along `axis` (else an error, NumPy's `ValueError` of `concatenate`).
/// With `n = 0` the values are not joined and `a` is returned, as NumPy does.
///
/// ```
/// use kernels_std::scan::diff_with;
/// use kernels_std::{Array, Device};
/// let dev = Device::cpu();
/// let a = Array::from_vec(&dev, &[3], vec![1i32, 2, 4])?;
/// let end = Array::from_vec(&dev, &[2], vec![10i32, 20])?;
/// // np.diff([1, 2, 4], prepend=0, append=[10, 20])
/// let d = diff_with(&a, 1, -1).prepend(0).append(&end).run()?;
/// assert_eq!(d.to_vec()?, vec![1, 1, 2, 6, 10]);
/// let m = Array::from_vec(&dev, &[2, 2], vec![1.0f64, 2.0, 3.0, 5.0])?;
/// // np.diff(m, axis=0, prepend=1.0): a row of ones first
/// let d = diff_with(&m, 1, 0).prepend(1.0).run()?;
/// assert_eq!(d.shape(), &[2, 2]);
/// assert_eq!(d.to_vec()?, vec![0.0, 1.0, 2.0, 3.0]);
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn diff_with<T: Diff>(a: &Array<T>, n: usize, axis: isize) -> DiffWith<'_, T> {
    DiffWith {
        a,
        n,
        axis,
        prepend: None,
        append: None,
    }
}

impl<'a, T: Diff> DiffWith<'a, T> {
    /// Values joined before `a` along the axis (NumPy's `prepend`): a scalar or an array.
    pub fn prepend(mut self, values: impl IntoOperand<'a, T>) -> Self {
        self.prepend = Some(values.into_operand());
        self
    }

    /// Values joined after `a` along the axis (NumPy's `append`): a scalar or an array.
    pub fn append(mut self, values: impl IntoOperand<'a, T>) -> Self {
        self.append = Some(values.into_operand());
        self
    }

    /// The differences, as [`diff`] of the joined array.
    pub fn run(self) -> Result<Array<T>> {
        let a = self.a;
        if a.ndim() == 0 {
            return Err(Error::invalid(
                "diff: needs an array of at least one dimension, got a 0-d array",
            ));
        }
        let axis = normalize_axis(self.axis, a.ndim())?;
        if self.n == 0 || (self.prepend.is_none() && self.append.is_none()) {
            return diff(a, self.n, axis as isize);
        }
        let mut parts = Vec::with_capacity(3);
        if let Some(p) = self.prepend {
            parts.push(edge(a, axis, p, "prepend")?);
        }
        parts.push(a.clone());
        if let Some(p) = self.append {
            parts.push(edge(a, axis, p, "append")?);
        }
        if let Some(p) = parts.iter().find(|p| p.ndim() != a.ndim()) {
            return Err(Error::invalid(format!(
                "diff: prepend/append of shape {:?} has {} dimensions, the array {} (shape {:?})",
                p.shape(),
                p.ndim(),
                a.ndim(),
                a.shape()
            )));
        }
        let joined = crate::shape::concatenate(&parts, axis as isize)?;
        diff(&joined, self.n, axis as isize)
    }
}

/// A `prepend`/`append` operand as an array to join to `a` along `axis`: a scalar or 0-d
/// array broadcast to `a`'s shape with `axis` of length 1, other arrays as they are.
fn edge<T: Diff>(a: &Array<T>, axis: usize, op: Operand<'_, T>, what: &str) -> Result<Array<T>> {
    let mut shape = a.shape().to_vec();
    shape[axis] = 1;
    match op.ready()? {
        Operand::Scalar(v) => Array::full(&a.device(), &shape, v),
        Operand::Borrowed(b) if b.ndim() == 0 => b.broadcast_to(&shape),
        Operand::Owned(b) if b.ndim() == 0 => b.broadcast_to(&shape),
        Operand::Borrowed(b) => Ok(b.clone()),
        Operand::Owned(b) => Ok(b),
        Operand::Lazy(_) => Err(Error::invalid(format!(
            "diff: the {what} operand was not evaluated"
        ))),
    }
}
