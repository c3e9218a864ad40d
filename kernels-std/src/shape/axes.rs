//! Views that rearrange, add or remove axes: `transpose`, `swapaxes`, `moveaxis`,
//! `expand_dims`, `squeeze`, `flip`, `broadcast_to`, `broadcast_arrays`, `atleast_{1,2,3}d`.
//! None of them copies an element.

use array_runtime::shape;
use array_runtime::{Array, DType, Error, Result};

use array_runtime::shape::normalize_axis as normalize;

/// Normalizes every axis of `axes` for `ndim` dimensions; a repeated axis is an error.
pub(crate) fn normalize_axes(op: &str, axes: &[isize], ndim: usize) -> Result<Vec<usize>> {
    let mut seen = vec![false; ndim];
    axes.iter()
        .map(|&a| {
            let n = normalize(a, ndim)?;
            if std::mem::replace(&mut seen[n], true) {
                return Err(Error::invalid(format!("{op}: repeated axis in {axes:?}")));
            }
            Ok(n)
        })
        .collect()
}

/// `a` with its axes permuted (NumPy's `transpose`): `None` reverses them, `Some(axes)` gives
/// the order (a permutation of `0..ndim`; negative axes count from the end). A view.
///
/// ```
/// use kernels_std::prelude::*;
/// use kernels_std::shape::transpose;
/// let a = Array::<f32>::zeros(&Device::cpu(), &[2, 3, 4])?;
/// assert_eq!(transpose(&a, None)?.shape(), &[4, 3, 2]);
/// assert_eq!(transpose(&a, Some(&[1, -1, 0]))?.shape(), &[3, 4, 2]);
/// assert!(transpose(&a, Some(&[0, 1])).is_err());
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn transpose<T: DType>(a: &Array<T>, axes: Option<&[isize]>) -> Result<Array<T>> {
    let Some(axes) = axes else {
        return Ok(a.t());
    };
    if axes.len() != a.ndim() {
        return Err(Error::invalid(format!(
            "transpose: axes {axes:?} don't match an array of shape {:?}",
            a.shape()
        )));
    }
    let axes = normalize_axes("transpose", axes, a.ndim())?;
    a.permute(&axes.iter().map(|&x| x as isize).collect::<Vec<_>>())
}

/// `a` with axes `axis1` and `axis2` exchanged (NumPy's `swapaxes`): a view.
///
/// ```
/// use kernels_std::prelude::*;
/// use kernels_std::shape::swapaxes;
/// let a = Array::<u8>::zeros(&Device::cpu(), &[2, 3, 4])?;
/// assert_eq!(swapaxes(&a, 0, -1)?.shape(), &[4, 3, 2]);
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn swapaxes<T: DType>(a: &Array<T>, axis1: isize, axis2: isize) -> Result<Array<T>> {
    let x = normalize(axis1, a.ndim())?;
    let y = normalize(axis2, a.ndim())?;
    a.swap_axes(x as isize, y as isize)
}

/// `a` with the axes `source` moved to the positions `destination`, the others keeping their
/// order (NumPy's `moveaxis`): a view. Both lists have the same length, without repeats.
///
/// ```
/// use kernels_std::prelude::*;
/// use kernels_std::shape::moveaxis;
/// let a = Array::<i64>::zeros(&Device::cpu(), &[3, 4, 5])?;
/// assert_eq!(moveaxis(&a, &[0], &[-1])?.shape(), &[4, 5, 3]);
/// assert_eq!(moveaxis(&a, &[0, 1], &[-1, -2])?.shape(), &[5, 4, 3]);
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn moveaxis<T: DType>(
    a: &Array<T>,
    source: &[isize],
    destination: &[isize],
) -> Result<Array<T>> {
    let nd = a.ndim();
    let src = normalize_axes("moveaxis", source, nd)?;
    let dst = normalize_axes("moveaxis", destination, nd)?;
    if src.len() != dst.len() {
        return Err(Error::invalid(format!(
            "moveaxis: `source` {source:?} and `destination` {destination:?} must have the \
             same number of elements"
        )));
    }
    let mut order: Vec<usize> = (0..nd).filter(|k| !src.contains(k)).collect();
    let mut pairs: Vec<(usize, usize)> = dst.into_iter().zip(src).collect();
    pairs.sort_unstable();
    for (d, s) in pairs {
        order.insert(d, s);
    }
    a.permute(&order.iter().map(|&x| x as isize).collect::<Vec<_>>())
}

/// NumPy's `rollaxis(a, axis, start=0)`: `a` with axis `axis` moved to stand before the
/// axis that is now at `start` (the others keeping their order): a view. `axis` in
/// `-ndim..ndim`; `start` in `-ndim..=ndim` (negative counts from the end), else an error as
/// NumPy's `AxisError`. (NumPy recommends [`moveaxis`].)
///
/// ```
/// use kernels_std::prelude::*;
/// use kernels_std::shape::rollaxis;
/// let a = Array::<f32>::zeros(&Device::cpu(), &[3, 4, 5, 6])?;
/// assert_eq!(rollaxis(&a, 3, 1)?.shape(), &[3, 6, 4, 5]);
/// assert_eq!(rollaxis(&a, 2, 0)?.shape(), &[5, 3, 4, 6]);
/// assert_eq!(rollaxis(&a, 1, 4)?.shape(), &[3, 5, 6, 4]);
/// assert!(rollaxis(&a, 1, 5).is_err());
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn rollaxis<T: DType>(a: &Array<T>, axis: isize, start: isize) -> Result<Array<T>> {
    let n = a.ndim();
    let axis = normalize(axis, n)?;
    let ni = n as isize;
    let s = if start < 0 { start + ni } else { start };
    if !(0..=ni).contains(&s) {
        return Err(Error::invalid(format!(
            "rollaxis: 'start' arg requires {} <= start < {}, but {start} was passed in",
            -ni,
            ni + 1
        )));
    }
    let mut start = s as usize;
    if axis < start {
        start -= 1;
    }
    let mut order: Vec<isize> = (0..ni).filter(|&k| k as usize != axis).collect();
    order.insert(start, axis as isize);
    a.permute(&order)
}

/// `a` with new axes of extent 1 at the positions `axes` of the result (NumPy's
/// `expand_dims`; each axis in `-(ndim + len)..ndim + len`, no repeats): a view.
///
/// ```
/// use kernels_std::prelude::*;
/// use kernels_std::shape::expand_dims;
/// let a = Array::<f64>::zeros(&Device::cpu(), &[2, 3])?;
/// assert_eq!(expand_dims(&a, &[0, -1])?.shape(), &[1, 2, 3, 1]);
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn expand_dims<T: DType>(a: &Array<T>, axes: &[isize]) -> Result<Array<T>> {
    let nd = a.ndim() + axes.len();
    let mut new = normalize_axes("expand_dims", axes, nd)?;
    new.sort_unstable();
    let mut out = a.clone();
    for ax in new {
        out = out.insert_axis(ax as isize)?;
    }
    Ok(out)
}

/// `a` without axes of extent 1 (NumPy's `squeeze`): `None` removes all of them, `Some(axes)`
/// those listed, each of which must have extent 1 (else an error). A view.
///
/// ```
/// use kernels_std::prelude::*;
/// use kernels_std::shape::squeeze;
/// let a = Array::<bool>::zeros(&Device::cpu(), &[1, 3, 1])?;
/// assert_eq!(squeeze(&a, None)?.shape(), &[3]);
/// assert_eq!(squeeze(&a, Some(&[-1]))?.shape(), &[1, 3]);
/// assert!(squeeze(&a, Some(&[1])).is_err());
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn squeeze<T: DType>(a: &Array<T>, axes: Option<&[isize]>) -> Result<Array<T>> {
    let Some(axes) = axes else {
        return Ok(a.squeeze());
    };
    let mut axes = normalize_axes("squeeze", axes, a.ndim())?;
    if let Some(&bad) = axes.iter().find(|&&ax| a.shape()[ax] != 1) {
        return Err(Error::invalid(format!(
            "squeeze: cannot select axis {bad} of shape {:?}: its extent is not 1",
            a.shape()
        )));
    }
    axes.sort_unstable();
    let mut out = a.clone();
    for ax in axes.into_iter().rev() {
        out = out.index_axis(ax as isize, 0)?;
    }
    Ok(out)
}

/// `a` reversed along `axes` (NumPy's `flip`): `None` reverses every axis. A view with
/// negated strides.
///
/// ```
/// use kernels_std::prelude::*;
/// use kernels_std::shape::flip;
/// let a = Array::from_vec(&Device::cpu(), &[2, 2], vec![1u8, 2, 3, 4])?;
/// assert_eq!(flip(&a, Some(&[1]))?.to_vec()?, vec![2, 1, 4, 3]);
/// assert_eq!(flip(&a, None)?.to_vec()?, vec![4, 3, 2, 1]);
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn flip<T: DType>(a: &Array<T>, axes: Option<&[isize]>) -> Result<Array<T>> {
    let axes = match axes {
        None => (0..a.ndim()).collect(),
        Some(axes) => normalize_axes("flip", axes, a.ndim())?,
    };
    let mut out = a.clone();
    for ax in axes {
        out = out.flip(ax as isize)?;
    }
    Ok(out)
}

/// `a` with its columns in reverse order (NumPy's `fliplr`: axis 1 flipped; `a` has at least
/// 2 dimensions). A view.
///
/// ```
/// use kernels_std::prelude::*;
/// use kernels_std::shape::fliplr;
/// let a = Array::from_vec(&Device::cpu(), &[2, 2], vec![1u8, 2, 3, 4])?;
/// assert_eq!(fliplr(&a)?.to_vec()?, vec![2, 1, 4, 3]);
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn fliplr<T: DType>(a: &Array<T>) -> Result<Array<T>> {
    if a.ndim() < 2 {
        return Err(Error::invalid(format!(
            "fliplr: the array must be at least 2-d, its shape is {:?}",
            a.shape()
        )));
    }
    a.flip(1)
}

/// `a` with its rows in reverse order (NumPy's `flipud`: axis 0 flipped; `a` has at least 1
/// dimension). A view.
///
/// ```
/// use kernels_std::prelude::*;
/// use kernels_std::shape::flipud;
/// let a = Array::from_vec(&Device::cpu(), &[2, 2], vec![1u8, 2, 3, 4])?;
/// assert_eq!(flipud(&a)?.to_vec()?, vec![3, 4, 1, 2]);
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn flipud<T: DType>(a: &Array<T>) -> Result<Array<T>> {
    if a.ndim() < 1 {
        return Err(Error::invalid("flipud: the array must be at least 1-d"));
    }
    a.flip(0)
}

/// `a` broadcast to `shape` (NumPy's `broadcast_to`): a read-only view with stride 0 along
/// the repeated axes.
///
/// ```
/// use kernels_std::prelude::*;
/// use kernels_std::shape::broadcast_to;
/// let a = Array::from_vec(&Device::cpu(), &[3], vec![1, 2, 3u8])?;
/// assert_eq!(broadcast_to(&a, &[2, 3])?.to_vec()?, vec![1, 2, 3, 1, 2, 3]);
/// assert!(broadcast_to(&a, &[4]).is_err());
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn broadcast_to<T: DType>(a: &Array<T>, shape: &[usize]) -> Result<Array<T>> {
    checked_view_size("broadcast_to", shape)?;
    a.broadcast_to(shape)
}

/// A view of `shape` must still count its elements in a `usize` (its `len()`), as NumPy
/// refuses such views ("iterator is too large").
fn checked_view_size(op: &str, shape: &[usize]) -> Result<()> {
    shape::checked_size(shape)
        .map(|_| ())
        .map_err(|_| Error::invalid(format!("{op}: shape {shape:?} has too many elements")))
}

/// Every array of `arrays` broadcast to their common shape (NumPy's `broadcast_arrays`):
/// views.
///
/// ```
/// use kernels_std::prelude::*;
/// use kernels_std::shape::broadcast_arrays;
/// let dev = Device::cpu();
/// let a = Array::from_vec(&dev, &[3, 1], vec![1, 2, 3i32])?;
/// let b = Array::from_vec(&dev, &[2], vec![10, 20i32])?;
/// let out = broadcast_arrays(&[&a, &b])?;
/// assert_eq!(out[1].shape(), &[3, 2]);
/// assert_eq!(out[0].to_vec()?, vec![1, 1, 2, 2, 3, 3]);
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn broadcast_arrays<T: DType>(arrays: &[&Array<T>]) -> Result<Vec<Array<T>>> {
    let shapes: Vec<&[usize]> = arrays.iter().map(|a| a.shape()).collect();
    let shape = shape::broadcast_shapes("broadcast_arrays", &shapes)?;
    checked_view_size("broadcast_arrays", &shape)?;
    arrays.iter().map(|a| a.broadcast_to(&shape)).collect()
}

/// The most dimensions an array has in NumPy 2 (`NPY_MAXDIMS`).
pub(crate) const MAX_DIMS: usize = 64;

/// The shape that broadcasting arrays of `shapes` gives (NumPy's `broadcast_shapes`): the
/// shapes aligned at their last axes, each axis the one extent other than 1 (or 1). No shape
/// gives `[]`.
///
/// Errors: shapes that do not broadcast ([`Error::Broadcast`]), or one of more than 64
/// dimensions (NumPy's limit).
///
/// ```
/// use kernels_std::shape::broadcast_shapes;
/// assert_eq!(broadcast_shapes(&[&[1, 2], &[3, 1], &[3, 2]])?, vec![3, 2]);
/// assert_eq!(broadcast_shapes(&[&[6, 7], &[5, 6, 1], &[7], &[5, 1, 7]])?, vec![5, 6, 7]);
/// assert_eq!(broadcast_shapes(&[&[0], &[1]])?, vec![0]);
/// assert!(broadcast_shapes(&[&[2], &[3]]).is_err());
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn broadcast_shapes(shapes: &[&[usize]]) -> Result<Vec<usize>> {
    if let Some(s) = shapes.iter().find(|s| s.len() > MAX_DIMS) {
        return Err(Error::invalid(format!(
            "broadcast_shapes: maximum supported dimension for an ndarray is currently \
             {MAX_DIMS}, found {}",
            s.len()
        )));
    }
    shape::broadcast_shapes("broadcast_shapes", shapes)
}

/// `a` with at least one dimension (NumPy's `atleast_1d`): a 0-d array becomes shape `[1]`.
///
/// ```
/// use kernels_std::prelude::*;
/// use kernels_std::shape::atleast_1d;
/// let a = Array::scalar(&Device::cpu(), 1.5f32)?;
/// assert_eq!(atleast_1d(&a)?.shape(), &[1]);
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn atleast_1d<T: DType>(a: &Array<T>) -> Result<Array<T>> {
    match a.ndim() {
        0 => a.reshape(&[1]),
        _ => Ok(a.clone()),
    }
}

/// `a` with at least two dimensions (NumPy's `atleast_2d`): `[n]` becomes `[1, n]`.
///
/// ```
/// use kernels_std::prelude::*;
/// use kernels_std::shape::atleast_2d;
/// let a = Array::<u16>::zeros(&Device::cpu(), &[3])?;
/// assert_eq!(atleast_2d(&a)?.shape(), &[1, 3]);
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn atleast_2d<T: DType>(a: &Array<T>) -> Result<Array<T>> {
    match a.ndim() {
        0 => a.reshape(&[1, 1]),
        1 => a.insert_axis(0),
        _ => Ok(a.clone()),
    }
}

/// `a` with at least three dimensions (NumPy's `atleast_3d`): `[n]` becomes `[1, n, 1]`,
/// `[m, n]` becomes `[m, n, 1]`.
///
/// ```
/// use kernels_std::prelude::*;
/// use kernels_std::shape::atleast_3d;
/// let a = Array::<u16>::zeros(&Device::cpu(), &[2, 3])?;
/// assert_eq!(atleast_3d(&a)?.shape(), &[2, 3, 1]);
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn atleast_3d<T: DType>(a: &Array<T>) -> Result<Array<T>> {
    match a.ndim() {
        0 => a.reshape(&[1, 1, 1]),
        1 => a.insert_axis(0)?.insert_axis(2),
        2 => a.insert_axis(2),
        _ => Ok(a.clone()),
    }
}
