//! Joining arrays: `concatenate`, `stack`, `vstack`, `hstack`, `dstack`, `column_stack`,
//! `append`, each taking any [`ArrayList`] (`&[a, b]`, `&[&a, &b]`, `&v`). The output is
//! allocated once on the arrays' device and each input is copied into its slice of it by the
//! elementwise copy kernel.

use array_runtime::slice::{Slice, SliceItem};
use array_runtime::{Array, DType, Error, Result};

use super::axes::{atleast_1d, atleast_2d, atleast_3d};
use super::kernels::for_overwrite;
use array_runtime::shape::normalize_axis as normalize;

/// The arrays a join takes by reference ([`concatenate`], [`stack`], [`vstack`], [`hstack`],
/// [`dstack`], [`column_stack`]): a slice, an array or a `Vec` of arrays or of references to
/// arrays: `&[a, b]`, `&[&a, &b]`, `&v` (`v: Vec<Array<T>>` or `Vec<&Array<T>>`).
///
/// ```
/// use kernels_std::prelude::*;
/// use kernels_std::shape::{concatenate, ArrayList};
/// let dev = Device::cpu();
/// let a = Array::from_vec(&dev, &[2], vec![1, 2i32])?;
/// let b = Array::from_vec(&dev, &[1], vec![3i32])?;
/// assert_eq!([&a, &b].arrays().len(), 2);
/// let v = vec![a.clone(), b.clone()];
/// assert_eq!(concatenate(&v, 0)?.to_vec()?, vec![1, 2, 3]);
/// assert_eq!(concatenate(&[&b, &a], 0)?.to_vec()?, vec![3, 1, 2]);
/// assert_eq!(concatenate(&[b, a], 0)?.to_vec()?, vec![3, 1, 2]);
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub trait ArrayList<T: DType> {
    /// The arrays, in order.
    fn arrays(&self) -> Vec<&Array<T>>;
}

impl<T: DType> ArrayList<T> for [Array<T>] {
    fn arrays(&self) -> Vec<&Array<T>> {
        self.iter().collect()
    }
}

impl<T: DType> ArrayList<T> for [&Array<T>] {
    fn arrays(&self) -> Vec<&Array<T>> {
        self.to_vec()
    }
}

impl<T: DType, const N: usize> ArrayList<T> for [Array<T>; N] {
    fn arrays(&self) -> Vec<&Array<T>> {
        self.iter().collect()
    }
}

impl<T: DType, const N: usize> ArrayList<T> for [&Array<T>; N] {
    fn arrays(&self) -> Vec<&Array<T>> {
        self.to_vec()
    }
}

impl<T: DType> ArrayList<T> for Vec<Array<T>> {
    fn arrays(&self) -> Vec<&Array<T>> {
        self.iter().collect()
    }
}

impl<T: DType> ArrayList<T> for Vec<&Array<T>> {
    fn arrays(&self) -> Vec<&Array<T>> {
        self.clone()
    }
}

impl<T: DType, L: ArrayList<T> + ?Sized> ArrayList<T> for &L {
    fn arrays(&self) -> Vec<&Array<T>> {
        (**self).arrays()
    }
}

/// The axis of [`concatenate`] and [`append`]: an integer (`0`, `-1`; negative counts from
/// the end), as [`stack`] takes it, or an `Option<isize>` (`None` joins the flattened arrays,
/// NumPy's `axis=None`).
///
/// ```
/// use kernels_std::shape::JoinAxis;
/// assert_eq!(JoinAxis::axis(1), Some(1));
/// assert_eq!(JoinAxis::axis(Some(-1)), Some(-1));
/// assert_eq!(JoinAxis::axis(None), None);
/// ```
pub trait JoinAxis {
    /// The axis, `None` for the flattened arrays.
    fn axis(self) -> Option<isize>;
}

impl JoinAxis for isize {
    fn axis(self) -> Option<isize> {
        Some(self)
    }
}

impl JoinAxis for i32 {
    fn axis(self) -> Option<isize> {
        Some(self as isize)
    }
}

impl JoinAxis for Option<isize> {
    fn axis(self) -> Option<isize> {
        self
    }
}

/// The arrays of `arrays` joined along an existing axis (NumPy's `concatenate`): an integer
/// or `Some(axis)` joins along `axis` (every other extent must agree), `None` joins the
/// flattened arrays. `arrays` is a reference to any [`ArrayList`] (`&[a, b]`, `&[&a, &b]`,
/// `&v`); `axis` any [`JoinAxis`] (`0`, `-1`, `Some(1)`, `None`).
///
/// Errors: no array, 0-d arrays (with an axis), different numbers of dimensions, extents that
/// differ off the axis ([`Error::ShapeMismatch`]), a bad axis, arrays on different devices.
///
/// ```
/// use kernels_std::prelude::*;
/// use kernels_std::shape::concatenate;
/// let dev = Device::cpu();
/// let a = Array::from_vec(&dev, &[2, 2], vec![1, 2, 3, 4i32])?;
/// let b = Array::from_vec(&dev, &[1, 2], vec![5, 6i32])?;
/// assert_eq!(concatenate(&[&a, &b], 0)?.to_vec()?, vec![1, 2, 3, 4, 5, 6]);
/// assert_eq!(concatenate(&[&a, &b.t()], -1)?.shape(), &[2, 3]);
/// assert_eq!(concatenate(&[&a, &b], None)?.shape(), &[6]);
/// assert_eq!(concatenate(&[a.clone(), b.clone()], Some(0))?.shape(), &[3, 2]);
/// assert!(concatenate(&[&a, &b], 1).is_err());
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn concatenate<T: DType, L: ArrayList<T> + ?Sized>(
    arrays: &L,
    axis: impl JoinAxis,
) -> Result<Array<T>> {
    let arrays = arrays.arrays();
    let first = arrays
        .first()
        .ok_or_else(|| Error::invalid("concatenate: need at least one array to concatenate"))?;
    let Some(axis) = axis.axis() else {
        let flat: Vec<Array<T>> = arrays
            .iter()
            .map(|a| super::reshape::ravel(a))
            .collect::<Result<_>>()?;
        return join_along(&flat.iter().collect::<Vec<_>>(), 0, "concatenate");
    };
    if first.ndim() == 0 {
        return Err(Error::invalid(
            "concatenate: zero-dimensional arrays cannot be concatenated",
        ));
    }
    let axis = normalize(axis, first.ndim())?;
    join_along(&arrays, axis, "concatenate")
}

/// Joins `arrays` (at least one, none 0-d) along the normalized `axis`.
fn join_along<T: DType>(arrays: &[&Array<T>], axis: usize, op: &str) -> Result<Array<T>> {
    let first = arrays[0];
    let nd = first.ndim();
    let mut shape = first.shape().to_vec();
    shape[axis] = 0;
    for (k, a) in arrays.iter().enumerate() {
        if a.ndim() != nd {
            return Err(Error::invalid(format!(
                "{op}: all the input arrays must have the same number of dimensions, but \
                 the array at index 0 has {nd} dimension(s) and the array at index {k} has {} \
                 dimension(s)",
                a.ndim()
            )));
        }
        let off_axis = |s: &[usize]| {
            let mut s = s.to_vec();
            s[axis] = 0;
            s
        };
        if off_axis(a.shape()) != off_axis(first.shape()) {
            return Err(Error::ShapeMismatch {
                op: format!(
                    "{op} (array {k} along axis {axis}: every extent but that axis's must agree)"
                ),
                expected: first.shape().to_vec(),
                found: a.shape().to_vec(),
            });
        }
        if !a.device().same(&first.device()) {
            return Err(Error::DeviceMismatch {
                op: op.into(),
                devices: arrays.iter().map(|a| a.device().to_string()).collect(),
            });
        }
        // Views (broadcast ones) can be long: the total is checked, then the output's shape.
        shape[axis] = shape[axis].checked_add(a.shape()[axis]).ok_or_else(|| {
            Error::invalid(format!(
                "{op}: the extents along axis {axis} add up to more than usize holds"
            ))
        })?;
    }
    // The inputs tile the output along `axis`: every element is written.
    let mut out = for_overwrite::<T>(&first.device(), &shape)?;
    let mut start = 0isize;
    for a in arrays {
        let len = a.shape()[axis] as isize;
        if len > 0 && !a.is_empty() {
            let mut items = vec![SliceItem::Range(Slice::from(..)); nd];
            items[axis] = SliceItem::Range(Slice::from(start..start + len));
            out.slice_mut(&items)?.assign(*a)?;
        }
        start += len;
    }
    Ok(out)
}

/// The arrays of `arrays` (all of one shape) joined along a new axis `axis` of the result
/// (NumPy's `stack`; `axis` in `-(ndim + 1)..=ndim`, negative counting from the end, as
/// [`concatenate`]'s integer axis; NumPy's default is `0`). `arrays` is a reference to any
/// [`ArrayList`].
///
/// ```
/// use kernels_std::prelude::*;
/// use kernels_std::shape::stack;
/// let dev = Device::cpu();
/// let a = Array::from_vec(&dev, &[2], vec![1, 2u8])?;
/// let b = Array::from_vec(&dev, &[2], vec![3, 4u8])?;
/// assert_eq!(stack(&[&a, &b], 0)?.to_vec()?, vec![1, 2, 3, 4]);
/// assert_eq!(stack(&[&a, &b], -1)?.to_vec()?, vec![1, 3, 2, 4]);
/// assert_eq!(stack(&[a, b], 1)?.shape(), &[2, 2]);
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn stack<T: DType, L: ArrayList<T> + ?Sized>(arrays: &L, axis: isize) -> Result<Array<T>> {
    let arrays = arrays.arrays();
    let first = arrays
        .first()
        .ok_or_else(|| Error::invalid("stack: need at least one array to stack"))?;
    for (k, a) in arrays.iter().enumerate() {
        if a.shape() != first.shape() {
            return Err(Error::ShapeMismatch {
                op: format!("stack (array {k}: all input arrays must have the same shape)"),
                expected: first.shape().to_vec(),
                found: a.shape().to_vec(),
            });
        }
    }
    let axis = normalize(axis, first.ndim() + 1)?;
    let expanded: Vec<Array<T>> = arrays
        .iter()
        .map(|a| a.insert_axis(axis as isize))
        .collect::<Result<_>>()?;
    join_along(&expanded.iter().collect::<Vec<_>>(), axis, "stack")
}

/// Applies `promote` to each array, then joins along `axis`.
fn join_promoted<T: DType>(
    arrays: &[&Array<T>],
    promote: fn(&Array<T>) -> Result<Array<T>>,
    axis: impl Fn(&Array<T>) -> usize,
    op: &str,
) -> Result<Array<T>> {
    let promoted: Vec<Array<T>> = arrays.iter().map(|a| promote(a)).collect::<Result<_>>()?;
    let first = promoted
        .first()
        .ok_or_else(|| Error::invalid(format!("{op}: need at least one array to concatenate")))?;
    let axis = axis(first);
    join_along(&promoted.iter().collect::<Vec<_>>(), axis, op)
}

/// The arrays stacked vertically (NumPy's `vstack`): 1-d arrays of length `n` become rows
/// `[1, n]`, then everything is concatenated along axis 0.
///
/// ```
/// use kernels_std::prelude::*;
/// use kernels_std::shape::vstack;
/// let dev = Device::cpu();
/// let a = Array::from_vec(&dev, &[3], vec![1, 2, 3i64])?;
/// assert_eq!(vstack(&[&a, &a])?.shape(), &[2, 3]);
/// assert_eq!(vstack(&[a.clone(), a])?.shape(), &[2, 3]);
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn vstack<T: DType, L: ArrayList<T> + ?Sized>(arrays: &L) -> Result<Array<T>> {
    join_promoted(&arrays.arrays(), atleast_2d, |_| 0, "vstack")
}

/// The arrays stacked horizontally (NumPy's `hstack`): concatenated along axis 1, or along
/// axis 0 when they are 1-d (0-d arrays count as 1-d).
///
/// ```
/// use kernels_std::prelude::*;
/// use kernels_std::shape::hstack;
/// let dev = Device::cpu();
/// let a = Array::from_vec(&dev, &[2, 1], vec![1, 2i64])?;
/// assert_eq!(hstack(&[&a, &a])?.to_vec()?, vec![1, 1, 2, 2]);
/// let parts = vec![a.clone(), a];
/// assert_eq!(hstack(&parts)?.shape(), &[2, 2]);
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn hstack<T: DType, L: ArrayList<T> + ?Sized>(arrays: &L) -> Result<Array<T>> {
    join_promoted(
        &arrays.arrays(),
        atleast_1d,
        |a| usize::from(a.ndim() != 1),
        "hstack",
    )
}

/// The arrays stacked along the third axis (NumPy's `dstack`): each is made at least 3-d
/// (`[n]` as `[1, n, 1]`, `[m, n]` as `[m, n, 1]`), then concatenated along axis 2.
///
/// ```
/// use kernels_std::prelude::*;
/// use kernels_std::shape::dstack;
/// let dev = Device::cpu();
/// let a = Array::from_vec(&dev, &[2], vec![1, 2i64])?;
/// assert_eq!(dstack(&[&a, &a])?.shape(), &[1, 2, 2]);
/// assert_eq!(dstack(&[a.clone(), a])?.shape(), &[1, 2, 2]);
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn dstack<T: DType, L: ArrayList<T> + ?Sized>(arrays: &L) -> Result<Array<T>> {
    join_promoted(&arrays.arrays(), atleast_3d, |_| 2, "dstack")
}

/// 1-d arrays as the columns of a 2-d array, 2-d arrays as they are, joined along axis 1
/// (NumPy's `column_stack`).
///
/// ```
/// use kernels_std::prelude::*;
/// use kernels_std::shape::column_stack;
/// let dev = Device::cpu();
/// let a = Array::from_vec(&dev, &[3], vec![1, 2, 3i32])?;
/// let b = Array::from_vec(&dev, &[3], vec![4, 5, 6i32])?;
/// assert_eq!(column_stack(&[&a, &b])?.to_vec()?, vec![1, 4, 2, 5, 3, 6]);
/// assert_eq!(column_stack(&[a, b])?.shape(), &[3, 2]);
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn column_stack<T: DType, L: ArrayList<T> + ?Sized>(arrays: &L) -> Result<Array<T>> {
    fn as_column<T: DType>(a: &Array<T>) -> Result<Array<T>> {
        match a.ndim() {
            0 | 1 => atleast_1d(a)?.insert_axis(1),
            _ => Ok(a.clone()),
        }
    }
    join_promoted(&arrays.arrays(), as_column, |_| 1, "column_stack")
}

/// `values` appended to `a` (NumPy's `append`): along an axis (`1`, `Some(1)`; the same
/// rules as [`concatenate`]), or both flattened with `None`. A new array.
///
/// ```
/// use kernels_std::prelude::*;
/// use kernels_std::shape::append;
/// let dev = Device::cpu();
/// let a = Array::from_vec(&dev, &[2, 2], vec![1, 2, 3, 4u8])?;
/// let b = Array::from_vec(&dev, &[1, 2], vec![5, 6u8])?;
/// assert_eq!(append(&a, &b, None)?.shape(), &[6]);
/// assert_eq!(append(&a, &b, Some(0))?.shape(), &[3, 2]);
/// assert_eq!(append(&a, &b, -2)?.shape(), &[3, 2]);
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn append<T: DType>(a: &Array<T>, values: &Array<T>, axis: impl JoinAxis) -> Result<Array<T>> {
    concatenate(&[a, values], axis)
}

/// The nested lists of [`block`]: an array, or a list of blocks (NumPy's nested Python
/// lists). Built with `.into()` from an array, a reference to one, or a `Vec` of anything
/// that converts: `vec![vec![&a, &b], vec![&c, &d]].into()`.
///
/// ```
/// use kernels_std::prelude::*;
/// use kernels_std::shape::Block;
/// let a = Array::from_vec(&Device::cpu(), &[1], vec![1u8])?;
/// let b: Block<u8> = vec![vec![&a, &a], vec![&a, &a]].into();
/// assert!(matches!(b, Block::List(ref rows) if rows.len() == 2));
/// # Ok::<(), kernels_std::Error>(())
/// ```
#[derive(Clone, Debug)]
pub enum Block<T: DType> {
    /// An array (a leaf).
    Array(Array<T>),
    /// A list of blocks, joined along one axis.
    List(Vec<Block<T>>),
}

impl<T: DType> From<Array<T>> for Block<T> {
    fn from(a: Array<T>) -> Self {
        Block::Array(a)
    }
}

impl<T: DType> From<&Array<T>> for Block<T> {
    fn from(a: &Array<T>) -> Self {
        Block::Array(a.clone())
    }
}

impl<T: DType, X: Into<Block<T>>> From<Vec<X>> for Block<T> {
    fn from(items: Vec<X>) -> Self {
        Block::List(items.into_iter().map(Into::into).collect())
    }
}

/// The depth of the first leaf and the most dimensions of any leaf, after checking that
/// every leaf is as deep and no list is empty (NumPy's messages).
fn block_depth<T: DType>(
    b: &Block<T>,
    path: &mut Vec<usize>,
    first: &mut Option<usize>,
) -> Result<usize> {
    match b {
        Block::Array(a) => {
            let depth = path.len();
            let at = || path.iter().map(|i| format!("[{i}]")).collect::<String>();
            match *first {
                None => *first = Some(depth),
                Some(d) if d != depth => {
                    return Err(Error::invalid(format!(
                        "block: list depths are mismatched; the first element was at depth \
                         {d}, but there is an element at depth {depth} (arrays{})",
                        at()
                    )))
                }
                Some(_) => {}
            }
            Ok(a.ndim())
        }
        Block::List(items) => {
            if items.is_empty() {
                let at: String = path.iter().map(|i| format!("[{i}]")).collect();
                return Err(Error::invalid(format!(
                    "block: list at arrays{at} cannot be empty"
                )));
            }
            let mut most = 0;
            for (i, item) in items.iter().enumerate() {
                path.push(i);
                most = most.max(block_depth(item, path, first)?);
                path.pop();
            }
            Ok(most)
        }
    }
}

/// Joins the blocks of `b` at list `level` (0 the outermost) of a nesting `depth` deep into an
/// array of `ndim` dimensions: the innermost lists along the last axis, the outer ones along
/// the axes before it.
fn assemble<T: DType>(b: &Block<T>, level: usize, depth: usize, ndim: usize) -> Result<Array<T>> {
    match b {
        Block::Array(a) => {
            let mut a = a.clone();
            while a.ndim() < ndim {
                a = a.insert_axis(0)?;
            }
            Ok(a)
        }
        Block::List(items) => {
            let parts: Vec<Array<T>> = items
                .iter()
                .map(|item| assemble(item, level + 1, depth, ndim))
                .collect::<Result<_>>()?;
            join_along(
                &parts.iter().collect::<Vec<_>>(),
                ndim - depth + level,
                "block",
            )
        }
    }
}

/// An array assembled from nested lists of blocks (NumPy's `block`): the innermost lists are
/// joined along the last axis, the lists around them along the axis before, and so on. Every
/// array gets leading unit axes up to the result's dimensions, the larger of the nesting
/// depth and the most dimensions of an array. A bare array gives a copy.
///
/// Errors as NumPy's: an empty list, arrays at different depths of nesting, extents that do
/// not line up ([`Error::ShapeMismatch`]). The arrays share one dtype (NumPy promotes).
///
/// ```
/// use kernels_std::prelude::*;
/// use kernels_std::shape::block;
/// let dev = Device::cpu();
/// let a = Array::from_vec(&dev, &[2, 2], vec![1, 2, 3, 4i32])?;
/// let b = Array::from_vec(&dev, &[2, 1], vec![5, 6i32])?;
/// let c = Array::from_vec(&dev, &[1, 3], vec![7, 8, 9i32])?;
/// let m = block(vec![vec![&a, &b], vec![&c]])?;
/// assert_eq!(m.shape(), &[3, 3]);
/// assert_eq!(m.to_vec()?, vec![1, 2, 5, 3, 4, 6, 7, 8, 9]);
/// let row = block(vec![&b.t(), &c])?;
/// assert_eq!(row.to_vec()?, vec![5, 6, 7, 8, 9]);
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn block<T: DType>(arrays: impl Into<Block<T>>) -> Result<Array<T>> {
    let arrays = arrays.into();
    let mut depth = None;
    let most = block_depth(&arrays, &mut Vec::new(), &mut depth)?;
    let depth = depth.unwrap_or(0);
    let ndim = depth.max(most);
    match &arrays {
        Block::Array(a) => a.copy(),
        list => assemble(list, 0, depth, ndim),
    }
}
