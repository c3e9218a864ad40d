//! `searchsorted`: binary searches in a sorted 1-d array.

use super::compact::per_element;
use super::kernels::before;
use super::sortable::{c128_keys, c64_keys};
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

/// Whether the complex number of parts `(ar, ai)` and NaN class `ac` sorts strictly before
/// `(br, bi, bc)` in NumPy's order: by class (0: no NaN, 1: NaN imaginary part, 2: NaN real
/// part, 3: both), then real part, then imaginary part (within a class the NaN parts tie).
#[device_fn]
pub(crate) fn complex_before<F: Float>(ar: F, ai: F, ac: u8, br: F, bi: F, bc: u8) -> bool {
    ac < bc || (ac == bc && (ar < br || (!(br < ar) && ai < bi)))
}

/// [`search`] for complex numbers given as their sort keys (real parts, imaginary parts,
/// NaN classes of `a` and of `v`; see [`complex_before`]).
#[raw_kernel]
#[allow(clippy::too_many_arguments)]
pub(crate) fn search_complex<F: Float>(
    are: &[F],
    aim: &[F],
    acl: &[u8],
    vre: &[F],
    vim: &[F],
    vcl: &[u8],
    out: &mut [i64],
    right: bool,
) {
    let t = block_idx().x as usize * block_dim().x as usize + thread_idx().x as usize;
    if t < vre.len() {
        let (xr, xi, xc) = (vre[t], vim[t], vcl[t]);
        let mut lo = 0;
        let mut hi = are.len();
        while lo < hi {
            let mid = (lo + hi) / 2;
            let (yr, yi, yc) = (are[mid], aim[mid], acl[mid]);
            let x_first: bool = complex_before::<F>(xr, xi, xc, yr, yi, yc);
            let y_first: bool = complex_before::<F>(yr, yi, yc, xr, xi, xc);
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

/// Element types [`searchsorted`] takes, in NumPy's order (that of
/// [`sort`](super::sort)): integers and floats (NaN last), `bool` (`false < true`), and
/// `c64`/`c128` ordered lexicographically, the values holding a NaN last.
///
/// ```
/// use kernels_std::sort::SearchSortedDType;
/// fn takes<T: SearchSortedDType>() -> &'static str { <T as kernels_std::DType>::ID.name() }
/// assert_eq!(takes::<bool>(), "bool");
/// assert_eq!(takes::<kernels_std::c128>(), "c128");
/// ```
pub trait SearchSortedDType: DType {
    /// The insertion points of the elements of the 1-d `values` in the sorted 1-d `a`, both
    /// C-contiguous (`right`: after the equal elements).
    fn search_sorted(a: &Array<Self>, values: &Array<Self>, right: bool) -> Result<Array<i64>>;
}

macro_rules! search_num {
    ($($t:ty),*) => {$(
        impl SearchSortedDType for $t {
            fn search_sorted(a: &Array<$t>, values: &Array<$t>, right: bool) -> Result<Array<i64>> {
                search_in::<$t>(a, values, right)
            }
        }
    )*};
}
search_num!(i8, i16, i32, i64, u8, u16, u32, u64, f16, bf16, f32, f64);

/// Booleans are searched as `u8` (`false < true`, as NumPy orders them).
impl SearchSortedDType for bool {
    fn search_sorted(a: &Array<bool>, values: &Array<bool>, right: bool) -> Result<Array<i64>> {
        search_in::<u8>(&a.astype::<u8>()?, &values.astype::<u8>()?, right)
    }
}

macro_rules! search_complex_dtype {
    ($($t:ty, $part:ty: $keys:ident;)*) => {$(
        impl SearchSortedDType for $t {
            fn search_sorted(a: &Array<$t>, values: &Array<$t>, right: bool) -> Result<Array<i64>> {
                let (are, aim, acl) = $keys(a)?;
                let (vre, vim, vcl) = $keys(values)?;
                let mut out = Array::<i64>::zeros(&values.device(), &[values.len()])?;
                if !values.is_empty() {
                    search_complex::launch::<$part>(
                        &per_element(values.len())?,
                        &are,
                        &aim,
                        &acl,
                        &vre,
                        &vim,
                        &vcl,
                        &mut out,
                        right,
                    )?;
                }
                Ok(out)
            }
        }
    )*};
}
search_complex_dtype! {
    c64, f32: c64_keys;
    c128, f64: c128_keys;
}

/// The insertion points of the 1-d contiguous `values` in the 1-d contiguous `a`.
fn search_in<T: Num>(a: &Array<T>, values: &Array<T>, right: bool) -> Result<Array<i64>> {
    let mut out = Array::<i64>::zeros(&values.device(), &[values.len()])?;
    if !values.is_empty() {
        search::launch::<T>(&per_element(values.len())?, a, values, &mut out, right)?;
    }
    Ok(out)
}

/// NumPy's `searchsorted(a, v, side)`: for each element of `v`, the index at which inserting
/// it keeps the 1-d `a` sorted (NumPy's order, that of [`sort`](super::sort): NaN last;
/// complex numbers lexicographically, those holding a NaN last; [`SearchSortedDType`]).
/// The result has `v`'s shape.
/// `a` must be sorted (not checked, as in NumPy; see [`searchsorted_with_sorter`]).
///
/// ```
/// use kernels_std::sort::{searchsorted, Side};
/// use kernels_std::{c64, Array, Device};
/// let dev = Device::cpu();
/// let a = Array::from_vec(&dev, &[4], vec![1.0f64, 2.0, 2.0, f64::NAN])?;
/// let v = Array::from_vec(&dev, &[3], vec![2.0f64, 0.5, f64::NAN])?;
/// assert_eq!(searchsorted(&a, &v, Side::Left)?.to_vec()?, vec![1, 0, 3]);
/// assert_eq!(searchsorted(&a, &v, Side::Right)?.to_vec()?, vec![3, 0, 4]);
/// let z = Array::from_vec(&dev, &[3], vec![c64::new(1.0, 2.0), c64::new(2.0, -1.0), c64::new(f32::NAN, 0.0)])?;
/// let w = Array::from_vec(&dev, &[2], vec![c64::new(1.0, 5.0), c64::new(3.0, f32::NAN)])?;
/// assert_eq!(searchsorted(&z, &w, Side::Left)?.to_vec()?, vec![1, 2]);
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn searchsorted<T: SearchSortedDType>(
    a: &Array<T>,
    v: &Array<T>,
    side: Side,
) -> Result<Array<i64>> {
    if a.ndim() != 1 {
        return Err(Error::invalid(format!(
            "searchsorted: the sorted array must be 1-d, got shape {:?}",
            a.shape()
        )));
    }
    let a = flatten(a)?;
    let values = flatten(v)?;
    T::search_sorted(&a, &values, side == Side::Right)?.reshape(v.shape())
}

/// [`searchsorted`] for the callers of this crate generic over [`Num`].
pub(crate) fn searchsorted_num<T: Num>(
    a: &Array<T>,
    v: &Array<T>,
    side: Side,
) -> Result<Array<i64>> {
    if a.ndim() != 1 {
        return Err(Error::invalid(format!(
            "searchsorted: the sorted array must be 1-d, got shape {:?}",
            a.shape()
        )));
    }
    search_in(&flatten(a)?, &flatten(v)?, side == Side::Right)?.reshape(v.shape())
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
pub fn searchsorted_with_sorter<T: SearchSortedDType>(
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
        searchsorted_num(bins, x, side)
    } else {
        let reversed = bins.slice(s![..;-1])?;
        let found = searchsorted_num(&reversed, x, side)?;
        (bins.len() as i64 - &found).eval()
    }
}
