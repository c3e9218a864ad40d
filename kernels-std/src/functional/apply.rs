//! `apply_along_axis` and `apply_over_axes`.

use array_runtime::cpu::host_vec;
use array_runtime::shape::normalize_axis;
use array_runtime::{Array, AsArray, DType, Error, Result};

use crate::shape::{expand_dims, stack};

/// A shape as Python prints a tuple.
fn py_tuple(shape: &[usize]) -> String {
    match shape {
        [] => "()".into(),
        [n] => format!("({n},)"),
        _ => {
            let parts: Vec<String> = shape.iter().map(|n| n.to_string()).collect();
            format!("({})", parts.join(", "))
        }
    }
}

/// `r` as an array of `shape`, as NumPy's assignment `buff[ind] = r` broadcasts it (leading
/// dimensions of extent 1 dropped first).
fn broadcast_result<U: DType>(mut r: Array<U>, shape: &[usize]) -> Result<Array<U>> {
    while r.ndim() > shape.len() && r.shape()[0] == 1 {
        r = r.index_axis(0, 0)?;
    }
    let from = r.shape().to_vec();
    r.broadcast_to(shape).map_err(|_| {
        Error::invalid(format!(
            "apply_along_axis: could not broadcast input array from shape {} into shape {}",
            py_tuple(&from),
            py_tuple(shape)
        ))
    })
}

/// `func1d` applied to each 1-d slice of `arr` along `axis` (NumPy's
/// `np.apply_along_axis`): the slices (views) are visited in C order of the other axes, and
/// the results (arrays, or expressions evaluated here) take the place of `axis` in the
/// result's shape, as NumPy builds it: `arr.shape[..axis] + r.shape + arr.shape[axis+1..]`,
/// so a 0-d result drops the axis and a 2-d one replaces it by two. Every result is
/// broadcast to the first one's shape, as NumPy's assignment does. The result is a view (a
/// permutation) of the stacked results, as NumPy's.
///
/// Errors: `axis` out of range ([`Error::Axis`], NumPy's `AxisError`); an empty extent
/// among the other axes (NumPy's "Cannot apply_along_axis when any iteration dimensions are
/// 0"); a result that does not broadcast to the first one's shape; `func1d`'s error.
///
/// ```
/// use kernels_std::prelude::*;
/// use kernels_std::functional::apply_along_axis;
/// use kernels_std::{diag, sort};
/// let dev = Device::cpu();
/// let a = Array::from_vec(&dev, &[2, 3], vec![3.0, 1.0, 2.0, 9.0, 7.0, 8.0])?;
/// // Each column reversed: a 1-d result keeps the axis in its place.
/// let rev = apply_along_axis(|v| v.flip(0), 0, &a)?;
/// assert_eq!(rev.to_vec()?, vec![9.0, 7.0, 8.0, 3.0, 1.0, 2.0]);
/// assert_eq!(apply_along_axis(|v| sort(v, Some(-1)), 1, &a)?.to_vec()?,
///            vec![1.0, 2.0, 3.0, 7.0, 8.0, 9.0]);
/// // A 2-d result per row replaces axis 1 by two axes: shape (2, 3, 3).
/// assert_eq!(apply_along_axis(|v| diag(v, 0), 1, &a)?.shape(), &[2, 3, 3]);
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn apply_along_axis<T, U, R, F>(mut func1d: F, axis: isize, arr: &Array<T>) -> Result<Array<U>>
where
    T: DType,
    U: DType,
    R: AsArray<U>,
    F: FnMut(&Array<T>) -> Result<R>,
{
    let nd = arr.ndim();
    let ax = normalize_axis(axis, nd)?;
    // The other axes first, then `axis`: slice `i` of the outer axes is a 1-d view.
    let mut order: Vec<isize> = (0..nd).filter(|&i| i != ax).map(|i| i as isize).collect();
    order.push(ax as isize);
    let moved = arr.permute(&order)?;
    let outer = &moved.shape()[..nd - 1];
    if outer.contains(&0) {
        return Err(Error::invalid(
            "apply_along_axis: Cannot apply_along_axis when any iteration dimensions are 0",
        ));
    }
    let count = outer
        .iter()
        .try_fold(1usize, |n, &d| n.checked_mul(d))
        .ok_or_else(|| Error::invalid("apply_along_axis: too many slices to visit"))?;
    let mut results: Vec<Array<U>> = host_vec::with_capacity(count)?;
    let mut index = vec![0usize; nd - 1];
    let mut res_shape: Vec<usize> = Vec::new();
    for k in 0..count {
        let mut slice = moved.clone();
        for &i in &index {
            slice = slice.index_axis(0, i as isize)?;
        }
        let r = func1d(&slice)?.as_array()?.into_owned();
        let r = if k == 0 {
            res_shape = r.shape().to_vec();
            r
        } else {
            broadcast_result(r, &res_shape)?
        };
        results.push(r);
        // The next index of the outer axes, in C order.
        for d in (0..index.len()).rev() {
            index[d] += 1;
            if index[d] < outer[d] {
                break;
            }
            index[d] = 0;
        }
    }
    let stacked = stack(&results[..], 0)?;
    let mut buff_shape = outer.to_vec();
    buff_shape.extend_from_slice(&res_shape);
    let buff = stacked.reshape(&buff_shape)?;
    // The result's axes in place of `axis`: [0, ax) + the result's + [ax, nd - 1).
    let rn = res_shape.len();
    let perm: Vec<isize> = (0..ax)
        .chain(nd - 1..nd - 1 + rn)
        .chain(ax..nd - 1)
        .map(|i| i as isize)
        .collect();
    buff.permute(&perm)
}

/// `func` applied to `a` over each axis of `axes` in turn (NumPy's `np.apply_over_axes`):
/// `func(&val, axis)` receives the previous result and the axis (a negative axis has
/// `a.ndim()` added once, as NumPy's, and is passed on as it then is); a result with one
/// dimension fewer gets it back as an axis of extent 1 at `axis` (NumPy's keepdims rule),
/// so reductions keep the number of dimensions. `func` returns the dtype it receives (cast
/// inside it, e.g. after an integer `sum`).
///
/// Errors: a result whose number of dimensions is neither `val`'s nor one fewer (NumPy's
/// "function is not returning an array of the correct shape"); `func`'s errors.
///
/// ```
/// use kernels_std::prelude::*;
/// use kernels_std::functional::apply_over_axes;
/// use kernels_std::sum;
/// let a = Array::from_vec(&Device::cpu(), &[2, 3, 4], (0..24).map(f64::from).collect())?;
/// let s = apply_over_axes(|x, axis| sum(x).axis(axis).run(), &a, &[0, 2])?;
/// assert_eq!(s.shape(), &[1, 3, 1]);
/// assert_eq!(s.to_vec()?, vec![60.0, 92.0, 124.0]);
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn apply_over_axes<T, F>(mut func: F, a: &Array<T>, axes: &[isize]) -> Result<Array<T>>
where
    T: DType,
    F: FnMut(&Array<T>, isize) -> Result<Array<T>>,
{
    let n = a.ndim() as isize;
    let mut val = a.clone();
    for &axis in axes {
        let axis = if axis < 0 { n + axis } else { axis };
        let res = func(&val, axis)?;
        if res.ndim() == val.ndim() {
            val = res;
            continue;
        }
        let res = if res.ndim() + 1 == val.ndim() {
            Some(expand_dims(&res, &[axis])?)
        } else {
            None
        };
        match res {
            Some(r) if r.ndim() == val.ndim() => val = r,
            _ => {
                return Err(Error::invalid(
                    "apply_over_axes: function is not returning an array of the correct shape",
                ))
            }
        }
    }
    Ok(val)
}
