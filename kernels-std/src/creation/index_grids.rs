//! Index arrays of NumPy's index tricks: `indices`, `diag_indices(_from)`,
//! `tril_indices(_from)`, `triu_indices(_from)`. Built from the device's own kernels (`arange`,
//! `tri`, `nonzero`), as NumPy builds them.

use super::matrices::tri;
use super::ranges::arange;
use crate::prelude::*;
use crate::shape::stack;
use crate::sort::nonzero;

/// `0..n` as `i64` on `device`.
fn range(device: &Device, n: usize) -> Result<Array<i64>> {
    arange(device, n as i64)
}

/// NumPy's `indices(dimensions)`: a grid of indices, shape `[dimensions.len(), *dimensions]`,
/// where `out[i]` holds each position's index along axis `i`. No dimensions give shape `[0]`.
///
/// ```
/// use kernels_std::creation::indices;
/// use kernels_std::Device;
/// let g = indices(&Device::cpu(), &[2, 3])?;
/// assert_eq!(g.shape(), &[2, 2, 3]);
/// assert_eq!(g.to_vec()?, vec![0, 0, 0, 1, 1, 1, 0, 1, 2, 0, 1, 2]);
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn indices(device: &Device, dimensions: &[usize]) -> Result<Array<i64>> {
    if dimensions.is_empty() {
        return Array::<i64>::zeros(device, &[0]);
    }
    let grids = indices_sparse(device, dimensions)?
        .iter()
        .map(|g| g.broadcast_to(dimensions))
        .collect::<Result<Vec<_>>>()?;
    stack(&grids, 0)
}

/// NumPy's `indices(dimensions, sparse=True)`: one array per axis `i`, the indices along it,
/// of shape `dimensions[i]` on axis `i` and 1 on the others (they broadcast to the grid).
///
/// ```
/// use kernels_std::creation::indices_sparse;
/// use kernels_std::Device;
/// let g = indices_sparse(&Device::cpu(), &[2, 3])?;
/// assert_eq!((g[0].shape(), g[1].shape()), (&[2, 1][..], &[1, 3][..]));
/// assert_eq!(g[1].to_vec()?, vec![0, 1, 2]);
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn indices_sparse(device: &Device, dimensions: &[usize]) -> Result<Vec<Array<i64>>> {
    (0..dimensions.len())
        .map(|i| {
            let mut shape = vec![1; dimensions.len()];
            shape[i] = dimensions[i];
            range(device, dimensions[i])?.reshape(&shape)
        })
        .collect()
}

/// NumPy's `diag_indices(n, ndim)`: `ndim` copies of `0..n`, the indices of the main diagonal
/// of an `ndim`-dimensional array of extent `n` on every axis.
///
/// ```
/// use kernels_std::creation::diag_indices;
/// use kernels_std::Device;
/// let d = diag_indices(&Device::cpu(), 3, 2)?;
/// assert_eq!(d.len(), 2);
/// assert_eq!(d[1].to_vec()?, vec![0, 1, 2]);
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn diag_indices(device: &Device, n: usize, ndim: usize) -> Result<Vec<Array<i64>>> {
    let idx = range(device, n)?;
    Ok(vec![idx; ndim])
}

/// NumPy's `diag_indices_from(a)`: [`diag_indices`] for `a`, which must have at least 2
/// dimensions, all of one extent (else an error, as in NumPy).
///
/// ```
/// use kernels_std::creation::{diag_indices_from, zeros};
/// use kernels_std::Device;
/// let a = zeros::<f32>(&Device::cpu(), &[2, 2, 2])?;
/// assert_eq!(diag_indices_from(&a)?.len(), 3);
/// assert!(diag_indices_from(&zeros::<f32>(&Device::cpu(), &[2, 3])?).is_err());
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn diag_indices_from<T: DType>(a: &Array<T>) -> Result<Vec<Array<i64>>> {
    if a.ndim() < 2 {
        return Err(Error::invalid(
            "diag_indices_from: the input array must be at least 2-d",
        ));
    }
    let n = a.shape()[0];
    if a.shape().iter().any(|&d| d != n) {
        return Err(Error::invalid(format!(
            "diag_indices_from: all dimensions of the input must be of equal length, got {:?}",
            a.shape()
        )));
    }
    diag_indices(&a.device(), n, a.ndim())
}

/// The two arrays of `nonzero` of a 2-d mask.
fn pair(mut nz: Vec<Array<i64>>) -> (Array<i64>, Array<i64>) {
    let cols = nz.pop().expect("a 2-d mask");
    let rows = nz.pop().expect("a 2-d mask");
    (rows, cols)
}

/// NumPy's `tril_indices(n, k, m)`: the (row, column) indices of the lower triangle of an
/// `n` x `m` array (`m` defaults to `n`), on and below the `k`-th diagonal (`k > 0` above the
/// main one, `k < 0` below), in C order.
///
/// ```
/// use kernels_std::creation::tril_indices;
/// use kernels_std::Device;
/// let (r, c) = tril_indices(&Device::cpu(), 3, -1, Some(4))?;
/// assert_eq!(r.to_vec()?, vec![1, 2, 2]);
/// assert_eq!(c.to_vec()?, vec![0, 0, 1]);
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn tril_indices(
    device: &Device,
    n: usize,
    k: isize,
    m: Option<usize>,
) -> Result<(Array<i64>, Array<i64>)> {
    Ok(pair(nonzero(&tri::<u8>(device, n, m, k)?)?))
}

/// NumPy's `triu_indices(n, k, m)`: the (row, column) indices of the upper triangle of an
/// `n` x `m` array (`m` defaults to `n`), on and above the `k`-th diagonal, in C order.
///
/// ```
/// use kernels_std::creation::triu_indices;
/// use kernels_std::Device;
/// let (r, c) = triu_indices(&Device::cpu(), 3, 1, None)?;
/// assert_eq!(r.to_vec()?, vec![0, 0, 1]);
/// assert_eq!(c.to_vec()?, vec![1, 2, 2]);
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn triu_indices(
    device: &Device,
    n: usize,
    k: isize,
    m: Option<usize>,
) -> Result<(Array<i64>, Array<i64>)> {
    let below = tri::<u8>(device, n, m, k - 1)?;
    Ok(pair(nonzero(&below.equal(0u8).eval()?)?))
}

/// The extents of the 2-d `a` (an error otherwise, as NumPy's `*_indices_from`).
fn extents<T: DType>(a: &Array<T>, op: &str) -> Result<(usize, usize)> {
    match a.shape() {
        &[n, m] => Ok((n, m)),
        s => Err(Error::invalid(format!(
            "{op}: the input array must be 2-d, got shape {s:?}"
        ))),
    }
}

/// NumPy's `tril_indices_from(a, k)`: [`tril_indices`] for the shape of the 2-d `a`.
///
/// ```
/// use kernels_std::creation::{tril_indices_from, zeros};
/// use kernels_std::Device;
/// let a = zeros::<i32>(&Device::cpu(), &[2, 3])?;
/// let (r, c) = tril_indices_from(&a, 0)?;
/// assert_eq!((r.to_vec()?, c.to_vec()?), (vec![0, 1, 1], vec![0, 0, 1]));
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn tril_indices_from<T: DType>(a: &Array<T>, k: isize) -> Result<(Array<i64>, Array<i64>)> {
    let (n, m) = extents(a, "tril_indices_from")?;
    tril_indices(&a.device(), n, k, Some(m))
}

/// NumPy's `triu_indices_from(a, k)`: [`triu_indices`] for the shape of the 2-d `a`.
///
/// ```
/// use kernels_std::creation::{triu_indices_from, zeros};
/// use kernels_std::Device;
/// let a = zeros::<i32>(&Device::cpu(), &[2, 3])?;
/// let (r, c) = triu_indices_from(&a, 1)?;
/// assert_eq!((r.to_vec()?, c.to_vec()?), (vec![0, 0, 1], vec![1, 2, 2]));
/// assert!(triu_indices_from(&zeros::<i32>(&Device::cpu(), &[3])?, 0).is_err());
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn triu_indices_from<T: DType>(a: &Array<T>, k: isize) -> Result<(Array<i64>, Array<i64>)> {
    let (n, m) = extents(a, "triu_indices_from")?;
    triu_indices(&a.device(), n, k, Some(m))
}

/// The order in which [`unravel_index`] numbers the elements of a shape (NumPy's `order`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum IndexOrder {
    /// Row-major: the last axis varies fastest (`order='C'`, NumPy's default).
    #[default]
    C,
    /// Column-major: the first axis varies fastest (`order='F'`).
    F,
}

/// NumPy's `unravel_index(indices, shape, order)`: for flat positions into an array of
/// `shape`, one array per axis of their coordinates along it, each in `indices`' shape. An
/// index outside `0..size` (negative ones included) is an error, as in NumPy.
///
/// ```
/// use kernels_std::creation::{unravel_index, IndexOrder};
/// use kernels_std::{Array, Device};
/// let i = Array::from_vec(&Device::cpu(), &[3], vec![5i64, 1, 0])?;
/// let c = unravel_index(&i, &[2, 3], IndexOrder::C)?;
/// assert_eq!((c[0].to_vec()?, c[1].to_vec()?), (vec![1, 0, 0], vec![2, 1, 0]));
/// let f = unravel_index(&i, &[2, 3], IndexOrder::F)?;
/// assert_eq!((f[0].to_vec()?, f[1].to_vec()?), (vec![1, 1, 0], vec![2, 0, 0]));
/// assert!(unravel_index(&i, &[2, 2], IndexOrder::C).is_err());
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn unravel_index(
    indices: &Array<i64>,
    shape: &[usize],
    order: IndexOrder,
) -> Result<Vec<Array<i64>>> {
    let size: usize = shape.iter().product();
    if !indices.is_empty() {
        let lo = crate::reduce::min(indices).run()?.item()?;
        let hi = crate::reduce::max(indices).run()?.item()?;
        let bad = if lo < 0 {
            Some(lo)
        } else {
            (hi >= size as i64).then_some(hi)
        };
        if let Some(v) = bad {
            return Err(Error::invalid(format!(
                "unravel_index: index {v} is out of bounds for array with size {size}"
            )));
        }
    }
    let flat = indices.as_standard_layout()?.reshape(&[indices.len()])?;
    let coords = match order {
        IndexOrder::C => crate::sort::nonzero::coordinates(&flat, shape)?,
        IndexOrder::F => {
            let reversed: Vec<usize> = shape.iter().rev().copied().collect();
            let mut c = crate::sort::nonzero::coordinates(&flat, &reversed)?;
            c.reverse();
            c
        }
    };
    coords
        .into_iter()
        .map(|c| c.reshape(indices.shape()))
        .collect()
}

/// What [`ravel_multi_index`] does with a coordinate outside its axis (NumPy's `mode`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum RavelMode {
    /// An error (`mode='raise'`, NumPy's default).
    #[default]
    Raise,
    /// Taken modulo the extent (`mode='wrap'`: -1 is the last).
    Wrap,
    /// Clamped to the axis (`mode='clip'`).
    Clip,
}

/// `c * stride` after `mode` (0 raise: `c` as it is, 1 wrap, 2 clip) brought `c` into
/// `0..extent`.
#[elementwise]
pub(crate) fn ravel_term(c: i64, extent: i64, stride: i64, mode: i64) -> i64 {
    let mut at = c;
    if mode == 1 {
        at = c % extent;
        if at < 0 {
            at += extent;
        }
    } else if mode == 2 {
        if at < 0 {
            at = 0;
        }
        if at > extent - 1 {
            at = extent - 1;
        }
    }
    at * stride
}

/// NumPy's `ravel_multi_index(multi_index, dims, mode, order)`: the flat positions, in an
/// array of `dims` numbered in `order`, of the coordinates `multi_index` (one array per axis,
/// broadcast together), each axis's out-of-range coordinates treated as its `mode` says
/// (`modes`: one mode for every axis, or one per axis).
///
/// Errors as NumPy: not one coordinate array per dimension, a coordinate out of range in
/// [`RavelMode::Raise`], shapes that do not broadcast, `wrap` or `clip` on an empty axis.
///
/// ```
/// use kernels_std::creation::{ravel_multi_index, IndexOrder, RavelMode};
/// use kernels_std::{Array, Device};
/// let dev = Device::cpu();
/// let r = Array::from_vec(&dev, &[3], vec![3i64, 6, 6])?;
/// let c = Array::from_vec(&dev, &[3], vec![4i64, 5, -1])?;
/// let flat = ravel_multi_index(&[&r, &c], &[7, 6], &[RavelMode::Wrap], IndexOrder::C)?;
/// assert_eq!(flat.to_vec()?, vec![22, 41, 41]);
/// assert!(ravel_multi_index(&[&r, &c], &[7, 6], &[RavelMode::Raise], IndexOrder::C).is_err());
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn ravel_multi_index(
    multi_index: &[&Array<i64>],
    dims: &[usize],
    modes: &[RavelMode],
    order: IndexOrder,
) -> Result<Array<i64>> {
    if multi_index.len() != dims.len() {
        return Err(Error::invalid(format!(
            "ravel_multi_index: multi_index must be a sequence of length {}, got {}",
            dims.len(),
            multi_index.len()
        )));
    }
    if modes.len() != 1 && modes.len() != dims.len() {
        return Err(Error::invalid(format!(
            "ravel_multi_index: give one mode or {} modes, got {}",
            dims.len(),
            modes.len()
        )));
    }
    let Some(first) = multi_index.first() else {
        return Err(Error::invalid("ravel_multi_index: no coordinate arrays"));
    };
    let dev = first.device();
    let mut strides = vec![0i64; dims.len()];
    let mut stride = 1i64;
    let axes: Vec<usize> = match order {
        IndexOrder::C => (0..dims.len()).rev().collect(),
        IndexOrder::F => (0..dims.len()).collect(),
    };
    for &ax in &axes {
        strides[ax] = stride;
        stride = stride.saturating_mul(dims[ax] as i64);
    }
    let mut total: Option<Array<i64>> = None;
    for (ax, coords) in multi_index.iter().enumerate() {
        let mode = modes[if modes.len() == 1 { 0 } else { ax }];
        let extent = dims[ax] as i64;
        if mode == RavelMode::Raise && !coords.is_empty() {
            let lo = crate::reduce::min(*coords).run()?.item()?;
            let hi = crate::reduce::max(*coords).run()?.item()?;
            if lo < 0 || hi >= extent {
                return Err(Error::invalid(
                    "ravel_multi_index: invalid entry in coordinates array",
                ));
            }
        }
        if mode != RavelMode::Raise && extent == 0 && !coords.is_empty() {
            return Err(Error::invalid(format!(
                "ravel_multi_index: cannot {mode:?} into the empty axis {ax}"
            )));
        }
        let code = match mode {
            RavelMode::Raise => 0i64,
            RavelMode::Wrap => 1,
            RavelMode::Clip => 2,
        };
        let term = ravel_term(*coords, extent.max(1), strides[ax], code)?;
        total = Some(match total {
            None => term,
            Some(t) => (&t + &term).eval()?,
        });
    }
    let total = total.expect("at least one axis");
    if total.device().same(&dev) {
        Ok(total)
    } else {
        Err(Error::invalid(
            "ravel_multi_index: arrays on different devices",
        ))
    }
}

/// Element types [`ix_`] takes: every dtype's array reshapes as it is, except `bool`, whose
/// array is a mask that stands for the positions of its true elements (`i64`), as NumPy's.
pub trait CrossIndex: DType {
    /// The dtype of the index array: `Self`, or `i64` for `bool`.
    type Index: DType;
    /// The 1-d index array `a` stands for.
    fn cross_index(a: &Array<Self>) -> Result<Array<Self::Index>>;
}

macro_rules! cross_index_as_is {
    ($($t:ty),*) => {$(
        impl CrossIndex for $t {
            type Index = $t;
            fn cross_index(a: &Array<$t>) -> Result<Array<$t>> {
                Ok(a.clone())
            }
        }
    )*};
}
cross_index_as_is!(i8, i16, i32, i64, u8, u16, u32, u64, f16, bf16, f32, f64, c64, c128);

impl CrossIndex for bool {
    type Index = i64;
    fn cross_index(a: &Array<bool>) -> Result<Array<i64>> {
        crate::sort::flatnonzero(a)
    }
}

/// NumPy's `ix_(*args)`: an open mesh from 1-d sequences, for indexing the cross product: the
/// `k`-th of `n` arrays reshaped to `[1, .., len, .., 1]` (its length on axis `k`, `n` axes), a
/// view. Boolean arrays stand for the positions of their true elements (`i64`). A sequence
/// that is not 1-d is an error (NumPy's `ValueError`); no sequence gives none.
///
/// ```
/// use kernels_std::prelude::*;
/// use kernels_std::creation::ix_;
/// let dev = Device::cpu();
/// let rows = Array::from_vec(&dev, &[2], vec![0i64, 2])?;
/// let cols = Array::from_vec(&dev, &[3], vec![1i64, 0, 3])?;
/// let mesh = ix_(&[&rows, &cols])?;
/// assert_eq!(mesh[0].shape(), &[2, 1]);
/// assert_eq!(mesh[1].shape(), &[1, 3]);
/// let mask = Array::from_vec(&dev, &[3], vec![true, false, true])?;
/// assert_eq!(ix_(&[&mask])?[0].to_vec()?, vec![0, 2]);
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn ix_<T: CrossIndex>(args: &[&Array<T>]) -> Result<Vec<Array<T::Index>>> {
    let nd = args.len();
    args.iter()
        .enumerate()
        .map(|(k, a)| {
            if a.ndim() != 1 {
                return Err(Error::invalid(format!(
                    "ix_: cross index must be 1 dimensional, argument {k} has shape {:?}",
                    a.shape()
                )));
            }
            let index = T::cross_index(a)?;
            let mut shape = vec![1usize; nd];
            shape[k] = index.len();
            index.reshape(&shape)
        })
        .collect()
}

/// NumPy's `mask_indices(n, mask_func, k)`: the indices (one array per axis, as
/// [`nonzero`]) of the nonzero elements of `mask_func(ones, k)`, where `ones` is an `n x n`
/// array of ones (`i64`) on `device`; typically [`triu`](super::triu) or
/// [`tril`](super::tril), giving the positions of a triangle.
///
/// ```
/// use kernels_std::prelude::*;
/// use kernels_std::creation::{mask_indices, triu};
/// let ij = mask_indices(&Device::cpu(), 3, triu, 1)?;
/// assert_eq!(ij[0].to_vec()?, vec![0, 0, 1]);
/// assert_eq!(ij[1].to_vec()?, vec![1, 2, 2]);
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn mask_indices<U: DType>(
    device: &Device,
    n: usize,
    mask_func: impl FnOnce(&Array<i64>, isize) -> Result<Array<U>>,
    k: isize,
) -> Result<Vec<Array<i64>>> {
    let ones = Array::<i64>::full(device, &[n, n], 1)?;
    nonzero(&mask_func(&ones, k)?)
}
