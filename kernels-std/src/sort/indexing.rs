//! NumPy's indexing routines that read or write through masks and index arrays beyond `take`
//! and `put`: `extract`, `place`, `putmask`, `put_along_axis`, `select`, `choose`, `copyto`
//! and `fill_diagonal`.
//!
//! Every write goes through `put`'s scatter and every read through `take`'s gather or the
//! kernels below; positions are computed on the device (`flatnonzero`, `arange`), never
//! from the elements on the host.

use super::compact::per_element;
use super::nonzero::flatnonzero;
use super::take::{put, resolve, take, take_with_mode, TakeMode};
use crate::prelude::*;
use crate::scan::rows::flatten;
use crate::shape::edit::drop_leading_units;
use crate::shape::{stack, ArrayList};
use array_runtime::shape::normalize_axis;
use array_runtime::Casting;

/// NumPy's `extract(condition, arr)`: the elements of `arr` (flattened, C order) where the
/// flattened `condition` (any dtype; nonzero is true) is true. A `condition` shorter than
/// `arr` selects among its first elements; a true element past `arr`'s end is an
/// [`Error::Index`], as NumPy's.
///
/// ```
/// use kernels_std::prelude::*;
/// use kernels_std::sort::extract;
/// let dev = Device::cpu();
/// let a = Array::from_vec(&dev, &[2, 3], (0..6).collect::<Vec<i32>>())?;
/// let even = Array::from_vec(&dev, &[2, 3], vec![1u8, 0, 1, 0, 1, 0])?;
/// assert_eq!(extract(&even, &a)?.to_vec()?, vec![0, 2, 4]);
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn extract<C: DType, T: DType>(condition: &Array<C>, arr: &Array<T>) -> Result<Array<T>> {
    take(&flatten(arr)?, &flatnonzero(condition)?, None)
}

/// NumPy's `place(arr, mask, vals)`: in place, the elements of `arr` where `mask` (of `arr`'s
/// size) is true take the values of `vals` (flattened) in order, repeated from its start when
/// it runs out. Errors as NumPy's: a mask of another size, an empty `vals` with a true mask.
///
/// ```
/// use kernels_std::prelude::*;
/// use kernels_std::sort::place;
/// let dev = Device::cpu();
/// let mut a = Array::from_vec(&dev, &[2, 3], (0..6).collect::<Vec<i32>>())?;
/// let mask = Array::from_vec(&dev, &[2, 3], vec![false, true, true, false, true, true])?;
/// place(&mut a, &mask, &Array::from_vec(&dev, &[2], vec![44, 55])?)?;
/// assert_eq!(a.to_vec()?, vec![0, 44, 55, 3, 44, 55]);
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn place<T: DType>(arr: &mut Array<T>, mask: &Array<bool>, vals: &Array<T>) -> Result<()> {
    if mask.len() != arr.len() {
        return Err(Error::invalid(format!(
            "place: mask and data must be the same size ({} and {})",
            mask.len(),
            arr.len()
        )));
    }
    let at = flatnonzero(mask)?;
    if at.is_empty() {
        return Ok(());
    }
    if vals.is_empty() {
        return Err(Error::invalid("place: cannot insert from an empty array"));
    }
    put(arr, &at, vals, TakeMode::Raise)
}

/// NumPy's `putmask(a, mask, values)`: in place, `a.flat[i] = values.flat[i % values.len()]`
/// wherever `mask.flat[i]` is true (`mask` of `a`'s size). Unlike [`place`], the value is
/// chosen by the position in `a`, not by the count of true elements before it. An empty
/// `values` changes nothing.
///
/// ```
/// use kernels_std::prelude::*;
/// use kernels_std::sort::putmask;
/// let dev = Device::cpu();
/// let mut a = Array::from_vec(&dev, &[5], (0..5).collect::<Vec<i64>>())?;
/// let mask = Array::from_vec(&dev, &[5], vec![false, true, false, true, true])?;
/// putmask(&mut a, &mask, &Array::from_vec(&dev, &[2], vec![-1, -2])?)?;
/// assert_eq!(a.to_vec()?, vec![0, -2, 2, -2, -1]);
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn putmask<T: DType>(a: &mut Array<T>, mask: &Array<bool>, values: &Array<T>) -> Result<()> {
    if mask.len() != a.len() {
        return Err(Error::invalid(format!(
            "putmask: mask and data must be the same size ({} and {})",
            mask.len(),
            a.len()
        )));
    }
    if values.is_empty() {
        return Ok(());
    }
    let at = flatnonzero(mask)?;
    if at.is_empty() {
        return Ok(());
    }
    let vals = take_with_mode(values, &at, None, TakeMode::Wrap)?;
    put(a, &at, &vals, TakeMode::Raise)
}

/// The C-order position in an array of strides `strides` of each element of the index array
/// `idx` (C-contiguous, of shape `dims`): the coordinates of the element, with the one along
/// `axis` replaced by its index (negative counts from the end of `n`). An index out of range
/// counts in `bad[0]`.
#[raw_kernel]
#[allow(clippy::too_many_arguments)]
pub(crate) fn along_positions(
    idx: &[i64],
    dims: &[i64],
    strides: &[i64],
    out: &mut [i64],
    bad: &mut [u32],
    axis: u64,
    n: i64,
) {
    let o = block_idx().x as usize * block_dim().x as usize + thread_idx().x as usize;
    if o < out.len() {
        let mut rest = o as i64;
        let mut pos: i64 = 0;
        let mut d = dims.len();
        let mut ok = true;
        while d > 0 {
            d -= 1;
            let c = rest % dims[d];
            rest /= dims[d];
            if d as u64 == axis {
                let mut t = idx[o];
                if t < 0 {
                    t += n;
                }
                if t < 0 || t >= n {
                    ok = false;
                }
                pos += t * strides[d];
            } else {
                pos += c * strides[d];
            }
        }
        if ok {
            out[o] = pos;
        } else {
            atomic_add(&bad, 0, 1);
            out[o] = 0;
        }
    }
}

/// NumPy's `put_along_axis(arr, indices, values, axis)`: in place, `arr[..., indices[..., j,
/// ...], ...] = values[..., j, ...]` along `axis` (`None`: `arr` flattened, `indices` 1-d),
/// the inverse of [`take_along_axis`](super::take_along_axis). `indices` has `arr`'s number of
/// dimensions; off the axis it broadcasts with `arr` (as NumPy's fancy index), and `values`
/// broadcasts to the result. Negative indices count from the end; out of range is an
/// [`Error::Index`].
///
/// Differs from NumPy: where two indices write one element, which value stays is unspecified
/// (as for [`put`]).
///
/// ```
/// use kernels_std::prelude::*;
/// use kernels_std::sort::put_along_axis;
/// let dev = Device::cpu();
/// let mut a = Array::from_vec(&dev, &[2, 3], vec![10, 30, 20, 60, 40, 50i32])?;
/// let at = Array::from_vec(&dev, &[2, 1], vec![1i64, 0])?;
/// put_along_axis(&mut a, &at, &Array::scalar(&dev, 99)?, Some(1))?;
/// assert_eq!(a.to_vec()?, vec![10, 99, 20, 99, 40, 50]);
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn put_along_axis<T: DType>(
    arr: &mut Array<T>,
    indices: &Array<i64>,
    values: &Array<T>,
    axis: Option<isize>,
) -> Result<()> {
    let (arr_shape, axis) = match axis {
        None => {
            if indices.ndim() != 1 {
                return Err(Error::invalid(format!(
                    "put_along_axis: with no axis the indices must be 1-d, got shape {:?}",
                    indices.shape()
                )));
            }
            (vec![arr.len()], 0)
        }
        Some(ax) => {
            if arr.ndim() != indices.ndim() {
                return Err(Error::invalid(format!(
                    "put_along_axis: the indices (shape {:?}) must have as many dimensions as \
                     the array (shape {:?})",
                    indices.shape(),
                    arr.shape()
                )));
            }
            (arr.shape().to_vec(), normalize_axis(ax, arr.ndim())?)
        }
    };
    let nd = arr_shape.len();
    // The written shape: `arr`'s off the axis broadcast with the indices', the indices' along it.
    let mut shape = Vec::with_capacity(nd);
    for d in 0..nd {
        let (x, y) = (arr_shape[d], indices.shape()[d]);
        shape.push(if d == axis || x == y || x == 1 {
            y
        } else if y == 1 {
            x
        } else {
            return Err(Error::Broadcast {
                op: "put_along_axis".into(),
                shapes: vec![arr_shape.clone(), indices.shape().to_vec()],
            });
        });
    }
    let total = shape.iter().try_fold(1usize, |acc, &d| acc.checked_mul(d));
    let total =
        total.ok_or_else(|| Error::invalid("put_along_axis: the indices broadcast too large"))?;
    if total == 0 {
        return Ok(());
    }
    let n = arr_shape[axis];
    let dev = arr.device();
    let idx = indices.broadcast_to(&shape)?.as_standard_layout()?;
    let vals = flatten(&values.broadcast_to(&shape)?)?;
    // C strides of `arr`, 0 along the axes it broadcasts over.
    let mut strides = vec![0i64; nd];
    let mut s = 1i64;
    for d in (0..nd).rev() {
        strides[d] = if arr_shape[d] == 1 && d != axis { 0 } else { s };
        s = s.saturating_mul(arr_shape[d] as i64);
    }
    let dims: Vec<i64> = shape.iter().map(|&d| d as i64).collect();
    let dims = Array::from_vec(&dev, &[nd], dims)?;
    let strides = Array::from_vec(&dev, &[nd], strides)?;
    let mut at = Array::<i64>::zeros(&dev, &[total])?;
    let mut bad = Array::<u32>::zeros(&dev, &[1])?;
    along_positions::launch(
        &per_element(total)?,
        &idx,
        &dims,
        &strides,
        &mut at,
        &mut bad,
        axis as u64,
        n as i64,
    )?;
    if bad.item()? > 0 {
        return Err(Error::Index {
            message: format!("put_along_axis: index out of bounds for axis {axis} with size {n}"),
        });
    }
    put(arr, &at, &vals, TakeMode::Raise)
}

/// NumPy's `select(condlist, choicelist, default)`: at each position, the element of the
/// first choice whose condition is true there, else `default`. Conditions, choices and the
/// result broadcast together. Errors as NumPy's: no condition, as many conditions as choices
/// not given, shapes that do not broadcast.
///
/// ```
/// use kernels_std::prelude::*;
/// use kernels_std::sort::select;
/// let dev = Device::cpu();
/// let x = Array::from_vec(&dev, &[6], (0..6).collect::<Vec<i64>>())?;
/// let small = Array::from_vec(&dev, &[6], vec![true, true, true, false, false, false])?;
/// let big = Array::from_vec(&dev, &[6], vec![false, false, false, false, true, true])?;
/// let sq = Array::from_vec(&dev, &[6], vec![0, 1, 4, 9, 16, 25i64])?;
/// assert_eq!(select(&[&small, &big], &[&x, &sq], 42)?.to_vec()?, vec![0, 1, 2, 42, 16, 25]);
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn select<T: DType>(
    condlist: &[&Array<bool>],
    choicelist: &[&Array<T>],
    default: T,
) -> Result<Array<T>> {
    if condlist.len() != choicelist.len() {
        return Err(Error::invalid(format!(
            "select: list of cases must be same length as list of conditions ({} and {})",
            choicelist.len(),
            condlist.len()
        )));
    }
    let Some(first) = condlist.first() else {
        return Err(Error::invalid(
            "select: select with an empty condition list is not possible",
        ));
    };
    let shapes: Vec<&[usize]> = condlist
        .iter()
        .map(|c| c.shape())
        .chain(choicelist.iter().map(|c| c.shape()))
        .collect();
    let shape = array_runtime::shape::broadcast_shapes("select", &shapes)?;
    let mut out = Array::full(&first.device(), &shape, default)?;
    for (cond, choice) in condlist.iter().zip(choicelist).rev() {
        out = crate::math::where_(*cond, *choice, &out)?;
    }
    Ok(out)
}

/// `out[o] = stacked[index(a[o]) * out.len() + o]`: the element at `o` of the chosen array.
#[raw_kernel]
pub(crate) fn choose_gather<T: DType>(
    a: &[i64],
    stacked: &[T],
    out: &mut [T],
    bad: &mut [u32],
    n: u64,
    mode: u32,
) {
    let o = block_idx().x as usize * block_dim().x as usize + thread_idx().x as usize;
    if o < out.len() {
        let mut t: i64 = resolve(a[o], n as i64, mode);
        // Unlike `take`, `choose` does not count a negative index from the end under `raise`.
        if mode == 0 && a[o] < 0 {
            t = -1;
        }
        if t < 0 {
            atomic_add(&bad, 0, 1);
        } else {
            out[o] = stacked[t as usize * out.len() + o];
        }
    }
}

/// NumPy's `choose(a, choices, mode=...)`: `out[i] = choices[a[i]][i]`, `a` and the choices
/// broadcast together. `mode` as for [`take`](super::take_with_mode): [`TakeMode::Raise`]
/// refuses an index outside `0..choices.len()` (negative too, as NumPy), `Wrap` wraps it,
/// `Clip` clips it. `choices` is any [`ArrayList`] (`&[&x, &y]`, `&v`).
///
/// Errors: no choice, shapes that do not broadcast, an index out of range under `Raise`.
///
/// ```
/// use kernels_std::prelude::*;
/// use kernels_std::sort::{choose, TakeMode};
/// let dev = Device::cpu();
/// let x = Array::from_vec(&dev, &[3], vec![0, 1, 2i32])?;
/// let y = Array::from_vec(&dev, &[3], vec![10, 11, 12i32])?;
/// let a = Array::from_vec(&dev, &[3], vec![1i64, 0, 3])?;
/// assert!(choose(&a, &[&x, &y], TakeMode::Raise).is_err());
/// assert_eq!(choose(&a, &[&x, &y], TakeMode::Wrap)?.to_vec()?, vec![10, 1, 12]);
/// assert_eq!(choose(&a, &[&x, &y], TakeMode::Clip)?.to_vec()?, vec![10, 1, 12]);
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn choose<T: DType, L: ArrayList<T> + ?Sized>(
    a: &Array<i64>,
    choices: &L,
    mode: TakeMode,
) -> Result<Array<T>> {
    let choices = choices.arrays();
    if choices.is_empty() {
        return Err(Error::invalid("choose: needs at least one choice"));
    }
    let mut shapes: Vec<&[usize]> = vec![a.shape()];
    shapes.extend(choices.iter().map(|c| c.shape()));
    let shape = array_runtime::shape::broadcast_shapes("choose", &shapes)?;
    let dev = a.device();
    let mut out = Array::<T>::zeros(&dev, &shape)?;
    if out.is_empty() {
        return Ok(out);
    }
    let spread: Vec<Array<T>> = choices
        .iter()
        .map(|c| c.broadcast_to(&shape))
        .collect::<Result<_>>()?;
    let stacked = stack(&spread, 0)?;
    let index = a.broadcast_to(&shape)?.as_standard_layout()?;
    let mut bad = Array::<u32>::zeros(&dev, &[1])?;
    choose_gather::launch::<T>(
        &per_element(out.len())?,
        &index,
        &stacked,
        &mut out,
        &mut bad,
        choices.len() as u64,
        mode.code(),
    )?;
    if bad.item()? > 0 {
        return Err(Error::invalid("choose: invalid entry in choice array"));
    }
    Ok(out)
}

/// NumPy's `copyto(dst, src, casting, where)`: in place, `dst` takes `src` (broadcast to
/// `dst`'s shape after dropping unit axes in front of `dst`'s rank, converted to `dst`'s
/// dtype) wherever `where_` (broadcast too; `None`: all) is true. `casting` is NumPy's rule for the conversion (its default is
/// [`Casting::SameKind`]); a conversion it forbids is an error, as NumPy's `TypeError`.
///
/// ```
/// use kernels_std::prelude::*;
/// use kernels_std::sort::copyto;
/// use kernels_std::Casting;
/// let dev = Device::cpu();
/// let mut dst = Array::<f64>::zeros(&dev, &[2, 3])?;
/// let src = Array::from_vec(&dev, &[3], vec![1i32, 2, 3])?;
/// let mask = Array::from_vec(&dev, &[2, 1], vec![true, false])?;
/// copyto(&mut dst, &src, Casting::Safe, Some(&mask))?;
/// assert_eq!(dst.to_vec()?, vec![1.0, 2.0, 3.0, 0.0, 0.0, 0.0]);
/// let mut narrow = Array::<i8>::zeros(&dev, &[3])?;
/// assert!(copyto(&mut narrow, &src, Casting::Safe, None).is_err());
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn copyto<T: DType, U: DType>(
    dst: &mut Array<T>,
    src: &Array<U>,
    casting: Casting,
    where_: Option<&Array<bool>>,
) -> Result<()> {
    if !array_runtime::promote::can_cast(U::ID, T::ID, casting) {
        return Err(Error::invalid(format!(
            "copyto: cannot cast array data from {} to {} according to the rule '{}'",
            U::ID,
            T::ID,
            casting.name()
        )));
    }
    // As NumPy's assignment: unit axes of `src` in front of `dst`'s rank are dropped, then
    // `src` broadcasts (the mask does not drop any axis, as NumPy's).
    let shape = dst.shape().to_vec();
    let src = drop_leading_units(src, shape.len())?
        .broadcast_to(&shape)?
        .astype::<T>()?;
    match where_ {
        None => dst.assign(&src),
        Some(mask) => {
            let mask = mask.broadcast_to(&shape)?;
            let merged = crate::math::where_(&mask, &src, &*dst)?;
            dst.assign(&merged)
        }
    }
}

/// NumPy's `fill_diagonal(a, val, wrap)`: in place, the main diagonal of `a` (2-d, or every
/// axis of one length) takes the values of `val` (flattened), repeated from its start when it
/// runs out. For a tall matrix, `wrap` continues the diagonal after each block of `cols + 1`
/// rows (NumPy's historic wrapping); without it only the top square is filled. An empty `val`
/// changes nothing.
///
/// Errors as NumPy's: fewer than 2 dimensions, axes of different lengths (beyond 2-d).
///
/// ```
/// use kernels_std::prelude::*;
/// use kernels_std::sort::fill_diagonal;
/// let dev = Device::cpu();
/// let mut a = Array::<i32>::zeros(&dev, &[5, 2])?;
/// fill_diagonal(&mut a, &Array::from_vec(&dev, &[2], vec![1, 2])?, true)?;
/// assert_eq!(a.to_vec()?, vec![1, 0, 0, 2, 0, 0, 1, 0, 0, 2]);
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn fill_diagonal<T: DType>(a: &mut Array<T>, val: &Array<T>, wrap: bool) -> Result<()> {
    let shape = a.shape().to_vec();
    if shape.len() < 2 {
        return Err(Error::invalid(
            "fill_diagonal: the array must be at least 2-d",
        ));
    }
    let too_big = || Error::invalid("fill_diagonal: the array is too large");
    let (step, end) = if shape.len() == 2 {
        let cols = shape[1];
        let step = cols.checked_add(1).ok_or_else(too_big)?;
        let square = cols.checked_mul(cols).ok_or_else(too_big)?;
        (step, if wrap { a.len() } else { square.min(a.len()) })
    } else {
        if shape.iter().any(|&d| d != shape[0]) {
            return Err(Error::invalid(format!(
                "fill_diagonal: all dimensions of input must be of equal length, got {shape:?}"
            )));
        }
        // 1 + n + n^2 + ... : one step along every axis.
        let mut step = 0usize;
        let mut power = 1usize;
        for _ in 0..shape.len() {
            step = step.checked_add(power).ok_or_else(too_big)?;
            power = power.checked_mul(shape[0]).ok_or_else(too_big)?;
        }
        (step, a.len())
    };
    if val.is_empty() || end == 0 {
        return Ok(());
    }
    let to_i64 = |v: usize| i64::try_from(v).map_err(|_| too_big());
    let at: Array<i64> = crate::creation::arange(&a.device(), (0i64, to_i64(end)?, to_i64(step)?))?;
    put(a, &at, &flatten(val)?, TakeMode::Raise)
}
