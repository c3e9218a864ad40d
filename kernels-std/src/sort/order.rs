//! `partition`, `argpartition`, `lexsort` and `sort_complex`: orders built on the stable sort
//! of [`sorting`](super::sorting).

use super::sortable::Sortable;
use super::take::gather_rows_of;
use crate::prelude::*;
use crate::scan::rows::Rows;

/// The `kth` argument of [`partition`] and [`argpartition`]: one index (`2`, `-1`) or several
/// (`[1, 3]`, `&[1, 3][..]`, `vec![1, 3]`), as NumPy's int or sequence of ints.
pub trait Kth {
    /// The indices, as given (negative ones count from the end).
    fn indices(&self) -> Vec<i64>;
}

macro_rules! kth_int {
    ($($t:ty),*) => {$(
        impl Kth for $t {
            fn indices(&self) -> Vec<i64> {
                vec![*self as i64]
            }
        }
    )*};
}
kth_int!(i32, i64, isize, usize);

impl<K: Kth> Kth for [K] {
    fn indices(&self) -> Vec<i64> {
        self.iter().flat_map(Kth::indices).collect()
    }
}

impl<K: Kth, const N: usize> Kth for [K; N] {
    fn indices(&self) -> Vec<i64> {
        self[..].indices()
    }
}

impl<K: Kth> Kth for Vec<K> {
    fn indices(&self) -> Vec<i64> {
        self[..].indices()
    }
}

impl<K: Kth + ?Sized> Kth for &K {
    fn indices(&self) -> Vec<i64> {
        (**self).indices()
    }
}

/// NumPy's checks of `kth` against an axis of `n` elements: at least one index, each in
/// `-n..n` (not checked when the array is empty, as in NumPy).
fn check_kth(op: &str, kth: &impl Kth, n: usize, size: usize) -> Result<()> {
    let kth = kth.indices();
    if kth.is_empty() {
        return Err(Error::invalid(format!(
            "{op}: kth needs at least one index"
        )));
    }
    if size == 0 {
        return Ok(());
    }
    for k in kth {
        let at = if k < 0 { k + n as i64 } else { k };
        if at < 0 || at >= n as i64 {
            return Err(Error::invalid(format!(
                "{op}: kth(={at}) out of bounds ({n})"
            )));
        }
    }
    Ok(())
}

/// The extent of `axis` in `a` (`None`: its size), after NumPy's axis check.
fn axis_len<T: DType>(a: &Array<T>, axis: Option<isize>) -> Result<usize> {
    match axis {
        None => Ok(a.len()),
        Some(ax) => {
            let axis = crate::scan::rows::normalize_axis(ax, a.ndim())?;
            Ok(a.shape()[axis])
        }
    }
}

/// NumPy's `partition(a, kth, axis)` (`None`: the flattened array): a copy of `a` in which,
/// along `axis`, the element at each position of `kth` is the one a sort would put there,
/// every element before it is not greater and every element after it not smaller (NumPy's
/// order: NaN last). NumPy leaves the order within each side unspecified; this routine sorts
/// the whole axis (with the stable sort), which meets the guarantee for every `kth` at once.
///
/// Errors as NumPy: no `kth`, a `kth` outside `-n..n` (unless `a` is empty), a bad axis (a
/// 0-d array needs `None`).
///
/// ```
/// use kernels_std::sort::partition;
/// use kernels_std::{Array, Device};
/// let a = Array::from_vec(&Device::cpu(), &[6], vec![3i32, 4, 2, 1, 6, 5])?;
/// let p = partition(&a, 2, Some(0))?.to_vec()?;
/// assert_eq!(p[2], 3);
/// assert!(p[..2].iter().all(|&x| x <= 3) && p[3..].iter().all(|&x| x >= 3));
/// assert!(partition(&a, [1, -1], Some(0)).is_ok());
/// assert!(partition(&a, 6, Some(0)).is_err());
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn partition<T: Sortable>(
    a: &Array<T>,
    kth: impl Kth,
    axis: Option<isize>,
) -> Result<Array<T>> {
    check_kth("partition", &kth, axis_len(a, axis)?, a.len())?;
    super::sort(a, axis)
}

/// NumPy's `argpartition(a, kth, axis)`: the positions along `axis` that partition `a` as
/// [`partition`] does (here: that sort it, stably). Errors as [`partition`].
///
/// ```
/// use kernels_std::sort::argpartition;
/// use kernels_std::{Array, Device};
/// let a = Array::from_vec(&Device::cpu(), &[5], vec![3.0f64, f64::NAN, 2.0, 1.0, 0.5])?;
/// let p = argpartition(&a, -1, None)?.to_vec()?;
/// assert_eq!(p[4], 1); // the NaN is largest
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn argpartition<T: Sortable>(
    a: &Array<T>,
    kth: impl Kth,
    axis: Option<isize>,
) -> Result<Array<i64>> {
    check_kth("argpartition", &kth, axis_len(a, axis)?, a.len())?;
    super::argsort(a, axis)
}

/// NumPy's `lexsort(keys, axis)`: the positions along `axis` that sort by several keys of one
/// shape, the **last** key primary, ties broken by the one before it, and so on; remaining
/// ties keep their order (stable). Each key is ordered as [`sort`](super::sort) orders it
/// (NaN last). A 0-d key gives the 0-d position 0.
///
/// Errors as NumPy: no key, keys of different shapes, a bad axis.
///
/// ```
/// use kernels_std::sort::lexsort;
/// use kernels_std::{Array, Device};
/// let dev = Device::cpu();
/// let first = Array::from_vec(&dev, &[4], vec![1i32, 0, 1, 0])?; // primary
/// let second = Array::from_vec(&dev, &[4], vec![7i32, 9, 5, 8])?;
/// assert_eq!(lexsort(&[&second, &first], -1)?.to_vec()?, vec![3, 1, 2, 0]);
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn lexsort<T: Sortable>(keys: &[&Array<T>], axis: isize) -> Result<Array<i64>> {
    let first = keys
        .first()
        .ok_or_else(|| Error::invalid("lexsort: need at least one key"))?;
    for k in keys {
        if k.shape() != first.shape() {
            return Err(Error::invalid(format!(
                "lexsort: all keys need the same shape, got {:?} and {:?}",
                first.shape(),
                k.shape()
            )));
        }
        if !k.device().same(&first.device()) {
            return Err(Error::invalid("lexsort: the keys are on different devices"));
        }
    }
    if first.ndim() == 0 {
        crate::scan::rows::normalize_axis(axis, 1)?;
        return Array::scalar(&first.device(), 0i64);
    }
    let mut order: Option<Array<i64>> = None;
    let mut restore = None;
    for key in keys {
        let rows = Rows::new(key, Some(axis))?;
        let (r, n) = (rows.rows, rows.n);
        let (data, axes) = rows.into_parts();
        let data = match &order {
            None => data,
            Some(o) => gather_rows_of(&data, o, r, n)?,
        };
        let (_, pos) = T::sort_rows(data, r, n, true)?;
        order = Some(match &order {
            None => pos,
            Some(o) => gather_rows_of(o, &pos, r, n)?,
        });
        restore = Some((axes, n));
    }
    let (axes, n) = restore.expect("at least one key");
    axes.restore(&order.expect("at least one key"), n)
}

/// Real dtypes [`sort_complex`] takes, with the complex dtype it returns (NumPy's: `complex64`
/// for 8- and 16-bit integers, `complex128` for every other real dtype, `float32` included).
pub trait SortComplex: DType {
    /// The complex dtype of the result.
    type Complex: Sortable;
}

macro_rules! sort_complex_to {
    ($c:ty: $($t:ty),*) => {$(
        impl SortComplex for $t {
            type Complex = $c;
        }
    )*};
}
sort_complex_to!(c64: i8, i16, u8, u16);
sort_complex_to!(c128: bool, i32, i64, u32, u64, f16, bf16, f32, f64);
impl SortComplex for c64 {
    type Complex = c64;
}
impl SortComplex for c128 {
    type Complex = c128;
}

/// NumPy's `sort_complex(a)`: `a` sorted along its last axis as complex numbers (by real part,
/// then imaginary part; those holding a NaN last), in the complex dtype of
/// [`SortComplex`]. A 0-d array is an [`Error::Axis`](crate::Error::Axis), as in NumPy.
///
/// ```
/// use kernels_std::sort::sort_complex;
/// use kernels_std::{c128, Array, Device};
/// let a = Array::from_vec(&Device::cpu(), &[3], vec![3.0f32, 1.0, 2.0])?;
/// let s = sort_complex(&a)?;
/// assert_eq!(s.to_vec()?, vec![c128::new(1.0, 0.0), c128::new(2.0, 0.0), c128::new(3.0, 0.0)]);
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn sort_complex<T: SortComplex>(a: &Array<T>) -> Result<Array<T::Complex>> {
    super::sort(&a.astype::<T::Complex>()?, Some(-1))
}
