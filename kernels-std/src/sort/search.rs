//! `searchsorted`: binary searches in a sorted 1-d array.

use super::compact::per_element;
use super::kernels::before;
use super::take::take;
use crate::prelude::*;
use crate::s;
use crate::scan::rows::flatten;

/// Which insertion point [`searchsorted`] returns among equal elements (NumPy's `side`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Side {
    /// The first position where the value fits (`side="left"`, NumPy's default).
    #[default]
    Left,
    /// The last position where the value fits (`side="right"`).
    Right,
}

/// `out[t]`: where `v[t]` goes in the sorted `a` (NumPy's order, NaN last): the first
/// position whose element does not sort before it (`right`: that it sorts strictly before).
#[raw_kernel]
pub(crate) fn search<T: Num>(a: &[T], v: &[T], out: &mut [i64], right: bool) {
    let t = block_idx().x as usize * block_dim().x as usize + thread_idx().x as usize;
    if t < v.len() {
        let x = v[t];
        let mut lo = 0;
        let mut hi = a.len();
        while lo < hi {
            let mid = (lo + hi) / 2;
            let y = a[mid];
            let x_first: bool = before::<T>(x, y);
            let y_first: bool = before::<T>(y, x);
            let go_right = if right { !x_first } else { y_first };
            if go_right {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        out[t] = lo as i64;
    }
}

/// NumPy's `searchsorted(a, v, side)`: for each element of `v`, the index at which inserting
/// it keeps the 1-d `a` sorted (NumPy's order: NaN last). The result has `v`'s shape.
/// `a` must be sorted (not checked, as in NumPy; see [`searchsorted_with_sorter`]).
///
/// ```
/// use kernels_std::sort::{searchsorted, Side};
/// use kernels_std::{Array, Device};
/// let dev = Device::cpu();
/// let a = Array::from_vec(&dev, &[4], vec![1.0f64, 2.0, 2.0, f64::NAN])?;
/// let v = Array::from_vec(&dev, &[3], vec![2.0f64, 0.5, f64::NAN])?;
/// assert_eq!(searchsorted(&a, &v, Side::Left)?.to_vec()?, vec![1, 0, 3]);
/// assert_eq!(searchsorted(&a, &v, Side::Right)?.to_vec()?, vec![3, 0, 4]);
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn searchsorted<T: Num>(a: &Array<T>, v: &Array<T>, side: Side) -> Result<Array<i64>> {
    if a.ndim() != 1 {
        return Err(Error::invalid(format!(
            "searchsorted: the sorted array must be 1-d, got shape {:?}",
            a.shape()
        )));
    }
    let a = flatten(a)?;
    let values = flatten(v)?;
    let mut out = Array::<i64>::zeros(&v.device(), &[values.len()])?;
    if !values.is_empty() {
        search::launch::<T>(
            &per_element(values.len())?,
            &a,
            &values,
            &mut out,
            side == Side::Right,
        )?;
    }
    out.reshape(v.shape())
}

/// NumPy's `searchsorted(a, v, side, sorter)`: [`searchsorted`] in `a` taken in the order of
/// `sorter` (positions that sort `a`, e.g. from [`argsort`](super::argsort)); the indices
/// returned are positions in that order. A `sorter` of another length than `a`, or holding
/// an index out of range, is an error.
///
/// ```
/// use kernels_std::sort::{argsort, searchsorted_with_sorter, Side};
/// use kernels_std::{Array, Device};
/// let dev = Device::cpu();
/// let a = Array::from_vec(&dev, &[3], vec![30i32, 10, 20])?;
/// let v = Array::from_vec(&dev, &[2], vec![25i32, 10])?;
/// let order = argsort(&a, None)?;
/// assert_eq!(searchsorted_with_sorter(&a, &v, Side::Left, &order)?.to_vec()?, vec![2, 0]);
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn searchsorted_with_sorter<T: Num>(
    a: &Array<T>,
    v: &Array<T>,
    side: Side,
    sorter: &Array<i64>,
) -> Result<Array<i64>> {
    if a.ndim() != 1 || sorter.shape() != a.shape() {
        return Err(Error::invalid(format!(
            "searchsorted: needs a 1-d array and a sorter of its shape, got {:?} and {:?}",
            a.shape(),
            sorter.shape()
        )));
    }
    searchsorted(&take(a, sorter, None)?, v, side)
}

/// Whether the 1-d `bins` (read back: bin edges are few) are monotonic, as NumPy decides it
/// (on the values converted to `f64`): `Some(true)` increasing (or constant, or empty),
/// `Some(false)` decreasing, `None` neither. The direction is that of the first pair of
/// unequal neighbours; a pair holding a NaN breaks neither direction.
fn monotonicity<T: Num>(bins: &Array<T>) -> Result<Option<bool>> {
    let b: Vec<f64> = bins
        .to_vec()?
        .into_iter()
        .map(|x| x.cast::<f64>())
        .collect();
    let Some(first) = b.windows(2).position(|w| w[0] != w[1]) else {
        return Ok(Some(true));
    };
    let increasing = b[first] < b[first + 1];
    let broken = b[first..]
        .windows(2)
        .any(|w| if increasing { w[0] > w[1] } else { w[0] < w[1] });
    Ok(if broken { None } else { Some(increasing) })
}

/// NumPy's `digitize(x, bins, right)`: for each element of `x`, the index of the bin it falls
/// in, in `x`'s shape. With increasing `bins`, `i` such that `bins[i-1] <= x < bins[i]`
/// (`right`: `bins[i-1] < x <= bins[i]`); with decreasing `bins`, `bins[i-1] > x >= bins[i]`
/// (`right`: `bins[i-1] >= x > bins[i]`). Values beyond the edges give `0` or `len(bins)`;
/// NaN sorts last (after every edge, so `len(bins)` for increasing bins, `0` for decreasing).
/// Integers and floats (NumPy refuses complex `x`).
///
/// Errors as NumPy: `bins` not 1-d, or neither increasing nor decreasing.
///
/// ```
/// use kernels_std::sort::digitize;
/// use kernels_std::{Array, Device};
/// let dev = Device::cpu();
/// let x = Array::from_vec(&dev, &[5], vec![0.2f64, 6.4, 3.0, 1.6, f64::NAN])?;
/// let bins = Array::from_vec(&dev, &[4], vec![0.0f64, 1.0, 2.5, 4.0])?;
/// assert_eq!(digitize(&x, &bins, false)?.to_vec()?, vec![1, 4, 3, 2, 4]);
/// let down = Array::from_vec(&dev, &[4], vec![4.0f64, 2.5, 1.0, 0.0])?;
/// assert_eq!(digitize(&x, &down, false)?.to_vec()?, vec![3, 0, 1, 2, 0]);
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn digitize<T: Num>(x: &Array<T>, bins: &Array<T>, right: bool) -> Result<Array<i64>> {
    if bins.ndim() != 1 {
        return Err(Error::invalid(format!(
            "digitize: bins must be 1-d, got shape {:?}",
            bins.shape()
        )));
    }
    let increasing = monotonicity(bins)?.ok_or_else(|| {
        Error::invalid("digitize: bins must be monotonically increasing or decreasing")
    })?;
    let side = if right { Side::Left } else { Side::Right };
    if increasing {
        searchsorted(bins, x, side)
    } else {
        let reversed = bins.slice(s![..;-1])?;
        let found = searchsorted(&reversed, x, side)?;
        (bins.len() as i64 - &found).eval()
    }
}
