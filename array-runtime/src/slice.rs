//! NumPy-style basic indexing: ranges with steps, single indices, new axes and an ellipsis,
//! written with the [`s!`](crate::s) macro and applied as views (no element is copied).
//!
//! The rules are Python's (`slice.indices`): a negative bound counts from the end, bounds out of
//! range are clamped, a negative step walks backwards from the end (`..;-1` reverses an axis).
//! A single index removes its axis and must be in range; a zero step is an error.
//!
//! | NumPy            | here                     |
//! |------------------|--------------------------|
//! | `a[1:3, ::-1]`   | `a.slice(s![1..3, ..;-1])` |
//! | `a[-1]`          | `a.slice(s![-1])`        |
//! | `a[:, None]`     | `a.slice(s![.., NewAxis])` |
//! | `a[..., 0]`      | `a.slice(s![Ellipsis, 0])` |
//! | `a[::2] = x`     | write into `a.slice_mut(s![..;2])` |
//!
//! ```
//! use array_runtime::{s, Array, Device, NewAxis};
//! let a = Array::from_vec(&Device::cpu(), &[3, 4], (0..12).collect::<Vec<i32>>())?;
//! let b = a.slice(s![1.., ..;-2])?;
//! assert_eq!(b.shape(), &[2, 2]);
//! assert_eq!(b.to_vec()?, vec![7, 5, 11, 9]);
//! assert_eq!(a.slice(s![-1, NewAxis, 1..3])?.to_vec()?, vec![9, 10]);
//! # Ok::<(), array_runtime::Error>(())
//! ```

use std::ops::{Range, RangeFrom, RangeFull, RangeInclusive, RangeTo, RangeToInclusive};

use crate::array::{Array, ArrayViewMut};
use crate::dtype::DType;
use crate::error::{Error, Result};
use crate::shape::Layout;

/// A range of one axis with a step: Python's `start:end:step`.
///
/// `None` bounds are the ends of the axis in the step's direction; negative bounds count from
/// the end. Made from Rust ranges (`1..3`, `..`, `2..=4`, `..-1`) and [`Slice::step_by`].
///
/// ```
/// use array_runtime::slice::Slice;
/// let r = Slice::from(1..-1).step_by(2);
/// assert_eq!(r, Slice { start: Some(1), end: Some(-1), step: 2 });
/// assert_eq!(r.indices(10)?, (1, 9, 2, 4));      // 1, 3, 5, 7
/// assert_eq!(Slice::from(..).step_by(-1).indices(3)?, (2, -1, -1, 3));
/// # Ok::<(), array_runtime::Error>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Slice {
    /// First index (inclusive), or the start of the axis in the step's direction.
    pub start: Option<isize>,
    /// Last index (exclusive), or past the end of the axis in the step's direction.
    pub end: Option<isize>,
    /// Distance between selected indices; negative walks backwards; never zero.
    pub step: isize,
}

impl Slice {
    /// The whole axis, `::1`.
    ///
    /// ```
    /// use array_runtime::slice::Slice;
    /// assert_eq!(Slice::FULL.indices(4)?, (0, 4, 1, 4));
    /// # Ok::<(), array_runtime::Error>(())
    /// ```
    pub const FULL: Slice = Slice {
        start: None,
        end: None,
        step: 1,
    };

    /// The same bounds with a new step (`s![a..b; step]` calls this).
    ///
    /// ```
    /// use array_runtime::slice::Slice;
    /// assert_eq!(Slice::from(..).step_by(-1).step, -1);
    /// ```
    pub const fn step_by(self, step: isize) -> Slice {
        Slice { step, ..self }
    }

    /// Python's `slice.indices(len)` and the resulting length: `(start, end, step, len)`,
    /// where the selected indices are `start + k * step` for `k < len`. `end` may be `-1` for a
    /// negative step that runs to the first element.
    ///
    /// Fails with [`Error::Index`] for a zero step.
    ///
    /// ```
    /// use array_runtime::slice::Slice;
    /// assert_eq!(Slice::from(-100..100).indices(5)?, (0, 5, 1, 5));   // clamped
    /// assert_eq!(Slice::from(3..1).indices(5)?.3, 0);                  // empty
    /// assert!(Slice::FULL.step_by(0).indices(5).is_err());
    /// # Ok::<(), array_runtime::Error>(())
    /// ```
    pub fn indices(&self, len: usize) -> Result<(isize, isize, isize, usize)> {
        let step = self.step;
        if step == 0 {
            return Err(Error::Index {
                message: "slice step cannot be zero".into(),
            });
        }
        // An axis longer than `isize::MAX` belongs to no array (`shape::checked_size_of`).
        let n = isize::try_from(len).map_err(|_| Error::Index {
            message: format!("an axis of {len} elements is longer than any array's"),
        })?;
        // Resolves a bound: negative counts from the end, then clamps to [lo, hi].
        let resolve = |b: isize, lo: isize, hi: isize| {
            let b = if b < 0 { b.saturating_add(n) } else { b };
            b.clamp(lo, hi)
        };
        let (start, end) = if step > 0 {
            (
                self.start.map_or(0, |b| resolve(b, 0, n)),
                self.end.map_or(n, |b| resolve(b, 0, n)),
            )
        } else {
            (
                self.start.map_or(n - 1, |b| resolve(b, -1, n - 1)),
                self.end.map_or(-1, |b| resolve(b, -1, n - 1)),
            )
        };
        // In unsigned arithmetic: `-step` overflows for `isize::MIN`, and the distance between
        // the bounds of an axis of `isize::MAX` elements may not fit in `isize`.
        let span = |hi: isize, lo: isize| hi.abs_diff(lo) - 1;
        let count = if step > 0 && end > start {
            span(end, start) / step.unsigned_abs() + 1
        } else if step < 0 && start > end {
            span(start, end) / step.unsigned_abs() + 1
        } else {
            0
        };
        Ok((start, end, step, count))
    }
}

impl From<RangeFull> for Slice {
    fn from(_: RangeFull) -> Self {
        Slice::FULL
    }
}

macro_rules! slice_from_ranges {
    ($($t:ty),*) => {$(
        impl From<Range<$t>> for Slice {
            fn from(r: Range<$t>) -> Self {
                Slice { start: Some(to_isize(r.start)), end: Some(to_isize(r.end)), step: 1 }
            }
        }
        impl From<RangeFrom<$t>> for Slice {
            fn from(r: RangeFrom<$t>) -> Self {
                Slice { start: Some(to_isize(r.start)), end: None, step: 1 }
            }
        }
        impl From<RangeTo<$t>> for Slice {
            fn from(r: RangeTo<$t>) -> Self {
                Slice { start: None, end: Some(to_isize(r.end)), step: 1 }
            }
        }
        impl From<RangeInclusive<$t>> for Slice {
            fn from(r: RangeInclusive<$t>) -> Self {
                Slice { start: Some(to_isize(*r.start())), end: inclusive_end(to_isize(*r.end())), step: 1 }
            }
        }
        impl From<RangeToInclusive<$t>> for Slice {
            fn from(r: RangeToInclusive<$t>) -> Self {
                Slice { start: None, end: inclusive_end(to_isize(r.end)), step: 1 }
            }
        }
        impl From<Range<$t>> for SliceItem {
            fn from(r: Range<$t>) -> Self {
                SliceItem::Range(r.into())
            }
        }
        impl From<RangeFrom<$t>> for SliceItem {
            fn from(r: RangeFrom<$t>) -> Self {
                SliceItem::Range(r.into())
            }
        }
        impl From<RangeTo<$t>> for SliceItem {
            fn from(r: RangeTo<$t>) -> Self {
                SliceItem::Range(r.into())
            }
        }
        impl From<RangeInclusive<$t>> for SliceItem {
            fn from(r: RangeInclusive<$t>) -> Self {
                SliceItem::Range(r.into())
            }
        }
        impl From<RangeToInclusive<$t>> for SliceItem {
            fn from(r: RangeToInclusive<$t>) -> Self {
                SliceItem::Range(r.into())
            }
        }
        impl From<$t> for SliceItem {
            fn from(i: $t) -> Self {
                SliceItem::Index(to_isize(i))
            }
        }
    )*};
}
// `i32` is there so that bare integer literals (`s![1..3, 2]`) resolve without annotations.
slice_from_ranges!(isize, usize, i32);

/// An index or bound as `isize`; a `usize` beyond `isize::MAX` saturates (it is out of range
/// for any axis either way).
fn to_isize<T: TryInto<isize>>(v: T) -> isize {
    v.try_into().unwrap_or(isize::MAX)
}

/// The exclusive end of an inclusive range: `..=-1` is "through the last element".
fn inclusive_end(end: isize) -> Option<isize> {
    if end == -1 {
        None
    } else {
        Some(end.saturating_add(1))
    }
}

/// A new axis of extent 1 (NumPy's `None` / `np.newaxis`) in [`s!`](crate::s).
///
/// ```
/// use array_runtime::{s, Array, Device, NewAxis};
/// let a = Array::<f32>::zeros(&Device::cpu(), &[3])?;
/// assert_eq!(a.slice(s![NewAxis, ..])?.shape(), &[1, 3]);
/// # Ok::<(), array_runtime::Error>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct NewAxis;

/// As many whole axes as needed (NumPy's `...`) in [`s!`](crate::s); at most one per slice.
///
/// ```
/// use array_runtime::{s, Array, Device, Ellipsis};
/// let a = Array::<f32>::zeros(&Device::cpu(), &[2, 3, 4])?;
/// assert_eq!(a.slice(s![Ellipsis, 0])?.shape(), &[2, 3]);
/// # Ok::<(), array_runtime::Error>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Ellipsis;

/// What one position of a slice does to the array's axes.
///
/// ```
/// use array_runtime::slice::{Slice, SliceItem};
/// use array_runtime::{Array, Device};
/// let a = Array::from_vec(&Device::cpu(), &[4], vec![1u8, 2, 3, 4])?;
/// let items = vec![SliceItem::Range(Slice::from(1..).step_by(2))];
/// assert_eq!(a.slice(items)?.to_vec()?, vec![2, 4]);
/// # Ok::<(), array_runtime::Error>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SliceItem {
    /// Keeps the axis, restricted to a range with a step.
    Range(Slice),
    /// Selects one index and removes the axis; negative counts from the end.
    Index(isize),
    /// Inserts an axis of extent 1.
    NewAxis,
    /// Stands for as many whole axes as the other items leave.
    Ellipsis,
}

impl From<Slice> for SliceItem {
    fn from(s: Slice) -> Self {
        SliceItem::Range(s)
    }
}

impl From<RangeFull> for SliceItem {
    fn from(_: RangeFull) -> Self {
        SliceItem::Range(Slice::FULL)
    }
}

impl From<NewAxis> for SliceItem {
    fn from(_: NewAxis) -> Self {
        SliceItem::NewAxis
    }
}

impl From<Ellipsis> for SliceItem {
    fn from(_: Ellipsis) -> Self {
        SliceItem::Ellipsis
    }
}

/// Builds the slice items of a NumPy-style index: `s![1..3, ..;-1, 2, NewAxis]` is
/// `a[1:3, ::-1, 2, None]`.
///
/// Each position is a range (`a..b`, `a..`, `..b`, `..`, `a..=b`), optionally followed by
/// `;step`, a single index, [`NewAxis`](crate::NewAxis) or [`Ellipsis`](crate::Ellipsis).
/// Expands to an array of [`SliceItem`](crate::slice::SliceItem)s, which
/// [`Array::slice`](crate::Array::slice) takes.
///
/// ```
/// use array_runtime::{s, Array, Device, NewAxis};
/// let a = Array::from_vec(&Device::cpu(), &[2, 3], (0..6).collect::<Vec<u32>>())?;
/// assert_eq!(a.slice(s![.., ..;-1])?.to_vec()?, vec![2, 1, 0, 5, 4, 3]);
/// assert_eq!(a.slice(s![1, 0..;2])?.to_vec()?, vec![3, 5]);
/// assert_eq!(a.slice(s![NewAxis, -1, ..])?.shape(), &[1, 3]);
/// let step = 2;
/// assert_eq!(a.slice(s![..;-1, ..;step])?.to_vec()?, vec![3, 5, 0, 2]);
/// # Ok::<(), array_runtime::Error>(())
/// ```
#[macro_export]
macro_rules! s {
    // Munch one position at a time into [$($items)*].
    (@parse [$($items:expr_2021,)*]) => {
        [$($items,)*]
    };
    (@parse [$($items:expr_2021,)*] $r:expr_2021 ; $step:expr_2021 $(, $($rest:tt)*)?) => {
        $crate::s!(@parse [
            $($items,)*
            $crate::slice::SliceItem::Range($crate::slice::Slice::from({
                // NumPy's `1:-1` is `1..-1` here: not an empty range.
                #[allow(clippy::reversed_empty_ranges)]
                let r = $r;
                r
            }).step_by($step)),
        ] $($($rest)*)?)
    };
    (@parse [$($items:expr_2021,)*] $e:expr_2021 $(, $($rest:tt)*)?) => {
        $crate::s!(@parse [
            $($items,)*
            <$crate::slice::SliceItem as ::core::convert::From<_>>::from({
                // NumPy's `1:-1` is `1..-1` here: not an empty range.
                #[allow(clippy::reversed_empty_ranges)]
                let e = $e;
                e
            }),
        ] $($($rest)*)?)
    };
    () => {
        [$crate::slice::SliceItem::Ellipsis; 0]
    };
    ($($t:tt)+) => {
        $crate::s!(@parse [] $($t)+)
    };
}

/// The layout selected by `items` from `layout`.
pub(crate) fn slice_layout(layout: &Layout, items: &[SliceItem]) -> Result<Layout> {
    let ndim = layout.ndim();
    let indexed = items
        .iter()
        .filter(|i| matches!(i, SliceItem::Range(_) | SliceItem::Index(_)))
        .count();
    let ellipses = items
        .iter()
        .filter(|i| matches!(i, SliceItem::Ellipsis))
        .count();
    if ellipses > 1 {
        return Err(Error::Index {
            message: "an index can only have a single ellipsis".into(),
        });
    }
    if indexed > ndim {
        return Err(Error::Index {
            message: format!(
                "too many indices for array: array is {ndim}-dimensional, but {indexed} were \
                 indexed"
            ),
        });
    }
    let mut out = Layout {
        shape: Vec::with_capacity(ndim + items.len()),
        strides: Vec::with_capacity(ndim + items.len()),
        offset: layout.offset,
    };
    // Offsets and strides are checked although they fit for every array's layout
    // (`shape::checked_size_of` bounds them): a `Layout` is public and may be made by hand.
    let overflow = || Error::Index {
        message: format!("the slice {items:?} of layout {layout:?} overflows isize"),
    };
    let mut offset = isize::try_from(layout.offset).map_err(|_| overflow())?;
    let mut axis = 0usize;
    let keep_axis = |out: &mut Layout, axis: usize| {
        out.shape.push(layout.shape[axis]);
        out.strides.push(layout.strides[axis]);
    };
    for item in items {
        match *item {
            SliceItem::Range(r) => {
                let (d, s) = (layout.shape[axis], layout.strides[axis]);
                let (start, _, step, len) = r.indices(d)?;
                // An empty range keeps the offset: `start` may lie outside the axis.
                if len > 0 {
                    offset = start
                        .checked_mul(s)
                        .and_then(|o| offset.checked_add(o))
                        .ok_or_else(overflow)?;
                }
                out.shape.push(len);
                let stride = if len > 1 {
                    s.checked_mul(step)
                } else {
                    Some(s)
                };
                out.strides.push(stride.ok_or_else(overflow)?);
                axis += 1;
            }
            SliceItem::Index(i) => {
                let (d, s) = (layout.shape[axis], layout.strides[axis]);
                let n = isize::try_from(d).map_err(|_| overflow())?;
                if i < -n || i >= n {
                    return Err(Error::Index {
                        message: format!(
                            "index {i} is out of bounds for axis {axis} with size {d}"
                        ),
                    });
                }
                offset = (if i < 0 { i + n } else { i })
                    .checked_mul(s)
                    .and_then(|o| offset.checked_add(o))
                    .ok_or_else(overflow)?;
                axis += 1;
            }
            SliceItem::NewAxis => {
                out.shape.push(1);
                out.strides.push(0);
            }
            SliceItem::Ellipsis => {
                for _ in 0..ndim - indexed {
                    keep_axis(&mut out, axis);
                    axis += 1;
                }
            }
        }
    }
    while axis < ndim {
        keep_axis(&mut out, axis);
        axis += 1;
    }
    // New axes may take the view past the most dimensions an array may have.
    crate::shape::check_ndim(out.shape.len())?;
    // A slice never starts before its storage (unless the layout was made by hand wrong).
    out.offset = usize::try_from(offset).map_err(|_| overflow())?;
    Ok(out)
}

impl<T: DType> Array<T> {
    /// A view of the elements selected by a NumPy-style index (see [`s!`](crate::s)): no
    /// element is copied.
    ///
    /// Fails with [`Error::Index`] for an index out of bounds, a zero step, more indexed axes
    /// than the array has, or two ellipses.
    ///
    /// ```
    /// use array_runtime::{s, Array, Device, Error};
    /// let a = Array::from_vec(&Device::cpu(), &[5], vec![0i64, 1, 2, 3, 4])?;
    /// assert_eq!(a.slice(s![-2..])?.to_vec()?, vec![3, 4]);
    /// assert_eq!(a.slice(s![..;-2])?.to_vec()?, vec![4, 2, 0]);
    /// assert_eq!(a.slice(s![3])?.item()?, 3);
    /// assert!(matches!(a.slice(s![5]), Err(Error::Index { .. })));
    /// # Ok::<(), Error>(())
    /// ```
    pub fn slice(&self, info: impl AsRef<[SliceItem]>) -> Result<Array<T>> {
        let layout = slice_layout(&self.layout, info.as_ref())?;
        Ok(Array::from_parts(self.storage.clone(), layout))
    }

    /// A mutable view of the elements selected by a NumPy-style index, for kernels to write
    /// into (NumPy's `a[::2] = ...`). The storage is made unique to this array first, as in
    /// [`Array::view_mut`].
    ///
    /// ```
    /// use array_runtime::{s, Array, Device};
    /// let mut a = Array::<f32>::zeros(&Device::cpu(), &[4, 4])?;
    /// let v = a.slice_mut(s![1..3, ..;2])?;
    /// assert_eq!(v.shape(), &[2, 2]);
    /// assert_eq!(v.strides(), &[4, 2]);
    /// # Ok::<(), array_runtime::Error>(())
    /// ```
    pub fn slice_mut(&mut self, info: impl AsRef<[SliceItem]>) -> Result<ArrayViewMut<'_, T>> {
        let layout = slice_layout(&self.layout, info.as_ref())?;
        self.storage.make_unique()?;
        Ok(ArrayViewMut {
            storage: &mut self.storage,
            layout,
        })
    }
}

impl<'a, T: DType> ArrayViewMut<'a, T> {
    /// A mutable view of part of this view, borrowing it (see [`Array::slice`] for the index).
    ///
    /// ```
    /// use array_runtime::{s, Array, Device};
    /// let mut a = Array::<u8>::zeros(&Device::cpu(), &[6])?;
    /// let mut v = a.slice_mut(s![1..])?;         // elements 1..6
    /// let w = v.slice_mut(s![..;-2])?;           // elements 5, 3, 1
    /// assert_eq!((w.shape(), w.strides()), (&[3][..], &[-2][..]));
    /// # Ok::<(), array_runtime::Error>(())
    /// ```
    pub fn slice_mut(&mut self, info: impl AsRef<[SliceItem]>) -> Result<ArrayViewMut<'_, T>> {
        let layout = slice_layout(&self.layout, info.as_ref())?;
        Ok(ArrayViewMut {
            storage: self.storage,
            layout,
        })
    }

    /// Like [`ArrayViewMut::slice_mut`], consuming the view so the result keeps its lifetime.
    ///
    /// ```
    /// use array_runtime::{s, Array, Device};
    /// let mut a = Array::<u8>::zeros(&Device::cpu(), &[2, 3])?;
    /// let row = a.view_mut()?.into_slice(s![1, ..])?;
    /// assert_eq!(row.shape(), &[3]);
    /// # Ok::<(), array_runtime::Error>(())
    /// ```
    pub fn into_slice(self, info: impl AsRef<[SliceItem]>) -> Result<ArrayViewMut<'a, T>> {
        let layout = slice_layout(&self.layout, info.as_ref())?;
        Ok(ArrayViewMut {
            storage: self.storage,
            layout,
        })
    }

    /// The strides, in elements.
    ///
    /// ```
    /// use array_runtime::{Array, Device};
    /// let mut a = Array::<u8>::zeros(&Device::cpu(), &[2, 3])?;
    /// assert_eq!(a.view_mut()?.strides(), &[3, 1]);
    /// # Ok::<(), array_runtime::Error>(())
    /// ```
    pub fn strides(&self) -> &[isize] {
        &self.layout.strides
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Python's `range(*slice(start, end, step).indices(n))`, by brute force.
    fn reference(start: Option<isize>, end: Option<isize>, step: isize, n: usize) -> Vec<isize> {
        let n = n as isize;
        let norm = |b: isize| if b < 0 { b + n } else { b };
        (0..n)
            .filter(|&i| {
                if step > 0 {
                    let lo = start.map_or(0, norm).max(0);
                    let hi = end.map_or(n, norm);
                    i >= lo && i < hi && (i - lo) % step == 0
                } else {
                    let hi = start.map_or(n - 1, norm).min(n - 1);
                    let lo = end.map_or(-1, norm);
                    i <= hi && i > lo && (hi - i) % -step == 0
                }
            })
            .collect()
    }

    #[test]
    fn indices_match_python() {
        let bounds = [
            None,
            Some(-7),
            Some(-3),
            Some(-1),
            Some(0),
            Some(1),
            Some(3),
            Some(6),
        ];
        for n in 0..6usize {
            for &start in &bounds {
                for &end in &bounds {
                    for step in [-3isize, -2, -1, 1, 2, 3] {
                        let (b, _, st, len) = Slice { start, end, step }.indices(n).unwrap();
                        let got: Vec<isize> = (0..len as isize).map(|k| b + k * st).collect();
                        let mut want = reference(start, end, step, n);
                        if step < 0 {
                            want.reverse();
                        }
                        assert_eq!(got, want, "n={n} {start:?}:{end:?}:{step}");
                    }
                }
            }
        }
    }
}
