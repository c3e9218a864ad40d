//! SciPy's `scipy.sparse` (a first slice): CSR, CSC, COO and DIA arrays on either backend.
//!
//! | SciPy | here |
//! |---|---|
//! | `csr_array((data, indices, indptr), shape=(m, n))` | [`CsrArray::new`]`(&data, &indices, &indptr, [m, n])` |
//! | `csc_array((data, indices, indptr), shape=(m, n))` | [`CscArray::new`] |
//! | `coo_array((data, (row, col)), shape=(m, n))` | [`CooArray::new`]`(&data, &row, &col, [m, n])` |
//! | `csr_array(dense)`, `csc_array(dense)`, `coo_array(dense)` | `CsrArray::<T>::from_dense(&dense)`, ... |
//! | `eye_array(m, n, k=k, format="csr")`, `identity(n, format="csr")` | [`eye`]`(&dev, m, n, k)`, [`identity`]`(&dev, n)` |
//! | `diags_array(diagonals, offsets=offsets, shape=shape, format="csr")` | [`diags`]`(&dev, &diagonals, &offsets, Some(shape))` |
//! | `a.toarray()`, `a.tocsr()`, `a.tocsc()`, `a.tocoo()`, `a.T` | `a.toarray()`, `a.tocsr()`, `a.tocsc()`, `a.tocoo()`, `a.transpose()` |
//! | `a.sum_duplicates()`, `a.sort_indices()`, `a.eliminate_zeros()` | the same, on `&mut a` |
//! | `a @ x`, `a.dot(x)` (dense `x`, 1-d or 2-d) | `a.dot(&x)`, `a.matmul(&x)` |
//! | `a @ b`, `a.dot(b)` (sparse `b`: SpGEMM) | `a.dot(&b)`, `a.matmul(&b)` (see [`DotOperand`]) |
//! | `a + b`, `a - b`, `a.multiply(b)` (sparse, one shape and format) | `(&a + &b)?`, `(&a - &b)?`, `a.multiply(&b)` (also `a.add(&b)`, `a.sub(&b)`; COO gives CSR, as SciPy) |
//! | `find(a)`, `tril(a, k)`, `triu(a, k)`, `kron(a, b, format="coo")` | [`find`]`(&a)`, [`tril`]`(&a, k)`, [`triu`]`(&a, k)`, [`kron`]`(&a, &b)` (any format in, COO out) |
//! | `vstack(blocks)`, `hstack(blocks)` (CSR blocks) | [`vstack`]`(&blocks)`, [`hstack`]`(&blocks)` |
//! | `block_array([[a, None], [None, b]])`, `bmat(...)` | [`block_array`]`(&dev, &[vec![Some(&a as &dyn AsCoo<_, _>), None], vec![None, Some(&b)]])` (COO), [`bmat`] |
//! | `kronsum(a, b)` | [`kronsum`]`(&a, &b)` (CSR) |
//! | `random_array((m, n), density=d, rng=seed)` (`format="coo"`) | [`random_array`]`(&mut Generator::new(seed), &dev, [m, n], d)` |
//! | `dia_array((data, offsets), shape=(m, n))`, `dia_array(dense)`, `a.todia()` | [`DiaArray::new`]`(&data, &offsets, [m, n])`, [`DiaArray::from_dense`], `a.todia()` |
//! | `diags_array(diagonals, offsets=offsets, shape=shape, format="dia")` | [`diags_dia`]`(&dev, &diagonals, &offsets, Some(shape))` |
//! | `save_npz(path, a, compressed)`, `load_npz(path)` | [`save_npz`]`(path, &a.into(), compressed)`, [`load_npz`]`::<T, I>(path, &dev)` ([`SparseArray`]) |
//! | `a + d`, `a.multiply(d)` (dense `d`) | `a.add_dense(&d)` (dense), `a.multiply_dense(&d)` (COO; DIA for DIA) |
//! | `a.sum()`, `a.sum(axis=0)`, `a.sum(axis=1)` | `a.sum(None)`, `a.sum(Some(0))`, `a.sum(Some(1))` |
//! | `a.diagonal(k)`, `a * 2.0` | `a.diagonal(k)`, `a.mul_scalar(2.0)` |
//! | `a.setdiag(values, k)` (CSR, CSC, COO, DIA) | `a.setdiag(&values, k)` (`values` 0-d or 1-d) |
//! | `a[i, j]` (two integers; CSR, CSC, COO) | `a.get(i, j)` (negative from the end) |
//! | `a.copy()`, `a.sorted_indices()`, `a.prune()` | `a.copy()`, `a.sorted_indices()`, `a.prune()` (the last two CSR, CSC) |
//! | `a.max(axis)`, `a.min(axis)`, `a.mean(axis)` | `a.max(None)`, `a.min(Some(0))`, `a.mean(Some(1))` (dense results) |
//! | `a.power(n)`, `a.conj()`, `a.conjugate()` | the same (`n` of the array's dtype) |
//! | `A[i:j:k]`, `A[:, i:j:k]`, `A[idx]` (CSR; `A[:, idx]` of CSC) | `a.slice_rows(i, j, k)`, `a.slice_cols(i, j, k)`, `a.take_rows(&idx)` (`a.take_cols(&idx)`) |
//! | `block_diag(mats, format="csr")` | [`block_diag`]`(&dev, &[&a as &dyn AsCoo<_, _>, &b], Some("csr"))` ([`SparseArray`]) |
//! | `a.shape`, `a.nnz`, `a.dtype`, `a.format` | `a.shape()`, `a.nnz()`, `a.dtype()`, `a.format()` |
//! | `a.has_sorted_indices`, `a.has_canonical_format` | `a.has_sorted_indices()`, `a.has_canonical_format()` |
//!
//! Differences from SciPy, on purpose: the arrays are 2-d; the element type and the index
//! type (`i32` by default, or `i64`) are type parameters, so SciPy's promotions (of an
//! `f32` array by an `f64` vector, of `i32` indices to `i64` when a dimension needs it) are
//! the caller's to spell (an extent the index type cannot hold is an error); construction
//! always runs SciPy's full check (`check_format(full_check=True)`) on the device, so
//! unsorted pointers or out-of-range indices are errors at once, not wrong results later.
//!
//! Every computation is a raw kernel (`kernels.rs`) that runs on the CPU backend and on
//! CUDA; a routine reads back a few scalars at most (a count of faults, a number of entries).
//! Design notes: `kernels-std/src/sparse/README.md`.
//!
//! ```
//! use kernels_std::prelude::*;
//! use kernels_std::sparse::{eye, CsrArray};
//! let dev = Device::cpu();
//! let a: CsrArray<f64> = eye(&dev, 3, 3, 0)?.mul_scalar(2.0)?;
//! let x = Array::from_vec(&dev, &[3], vec![1.0, 2.0, 3.0])?;
//! assert_eq!(a.dot(&x)?.to_vec()?, vec![2.0, 4.0, 6.0]);
//! assert_eq!(a.sum(None)?.item()?, 6.0);
//! # Ok::<(), kernels_std::Error>(())
//! ```

mod compressed;
mod construct;
mod coo;
mod coo_dia_ops;
mod copies;
mod csc;
pub mod csgraph;
mod csr;
mod dia;
mod dtypes;
mod elementwise;
mod extrema;
mod item;
pub(crate) mod kernels;
pub mod linalg;
mod npz;
mod ops;
mod random;
mod setdiag;
mod slicing;
mod spgemm;

pub use construct::{
    block_array, block_diag, bmat, find, hstack, kron, kronsum, tril, triu, vstack, AsCoo, Blocks,
};
pub use coo::CooArray;
pub use csc::CscArray;
pub use csr::CsrArray;
pub use dia::{diags_dia, DiaArray};
pub use dtypes::{SparseDType, SparseIndex};
pub use extrema::{SparseExtrema, SparseMean};
pub use npz::{load_npz, save_npz, SparseArray};
pub use ops::DotOperand;
pub use random::{random_array, RandomSparseDType};

use crate::prelude::*;
use crate::reduce::SumDType;
use crate::sort::compact::per_element;
use crate::sort::{flatnonzero, take};
use compressed::{check_extents, Compressed};
use kernels::{diagonal_entries, eye_parts, unravel};

/// The dtype of `sum` of a sparse array of `T` (NumPy's: `i64` for narrower signed integers,
/// `u64` for narrower unsigned ones, else `T`).
pub type SumOut<T> = <T as SumDType>::Out;

/// The axis of a 2-d reduction (`-1` is 1, `-2` is 0); anything else is an [`Error::Axis`].
fn normalize_axis(axis: Option<isize>) -> Result<Option<usize>> {
    match axis {
        None => Ok(None),
        Some(0 | -2) => Ok(Some(0)),
        Some(1 | -1) => Ok(Some(1)),
        Some(a) => Err(Error::Axis { axis: a, ndim: 2 }),
    }
}

/// How many of `data` are nonzero (one count read back).
fn count_nonzero_values<T: DType>(data: &Array<T>) -> Result<usize> {
    let count = crate::reduce::count_nonzero(data).run()?.item()?;
    Ok(count.cast::<u64>() as usize)
}

/// The nonzero elements of the 2-d `dense` in C order: their rows, columns and values.
fn dense_parts<T: SparseDType, I: SparseIndex>(
    dense: &Array<T>,
) -> Result<(Array<I>, Array<I>, Array<T>)> {
    let &[m, n] = dense.shape() else {
        return Err(Error::invalid(format!(
            "sparse array from dense: expected a 2-d array, got shape {:?}",
            dense.shape()
        )));
    };
    check_extents::<I>("sparse array from dense", &[m, n])?;
    let dense = dense.as_standard_layout()?;
    let flat = flatnonzero(&dense)?;
    let dev = dense.device();
    let nnz = flat.len();
    check_extents::<I>("sparse array from dense (stored values)", &[nnz])?;
    let mut row = Array::<I>::zeros(&dev, &[nnz])?;
    let mut col = Array::<I>::zeros(&dev, &[nnz])?;
    if nnz > 0 {
        unravel::launch::<I>(&per_element(nnz)?, &flat, &mut row, &mut col, n as u64)?;
    }
    let data = take(&dense, &flat, None)?;
    Ok((row, col, data))
}

/// SciPy's `eye_array(rows, cols, k=k, format="csr")`: ones on the `k`-th diagonal (above
/// the main one for `k > 0`, below for `k < 0`; none when `k` is outside the matrix).
///
/// ```
/// use kernels_std::prelude::*;
/// use kernels_std::sparse::{eye, CsrArray};
/// let a: CsrArray<f32> = eye(&Device::cpu(), 2, 3, 1)?;
/// assert_eq!(a.toarray()?.to_vec()?, vec![0.0, 1.0, 0.0, 0.0, 0.0, 1.0]);
/// assert_eq!(a.indptr().to_vec()?, vec![0, 1, 2]);
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn eye<T: SparseDType + num_traits::One, I: SparseIndex>(
    dev: &Device,
    rows: usize,
    cols: usize,
    k: isize,
) -> Result<CsrArray<T, I>> {
    check_extents::<I>("eye", &[rows, cols])?;
    let (m, n, k128) = (rows as i128, cols as i128, k as i128);
    let (r0, len) = if k128 <= -m || k128 >= n {
        (0, 0)
    } else {
        let (r0, c0) = (0.max(-k128), 0.max(k128));
        (r0 as usize, (m - r0).min(n - c0) as usize)
    };
    let mut indptr = Array::<I>::zeros(dev, &[rows + 1])?;
    let mut indices = Array::<I>::zeros(dev, &[len])?;
    let mut data = Array::<T>::zeros(dev, &[len])?;
    if rows > 0 {
        eye_parts::launch::<T, I>(
            &per_element(rows)?,
            &mut indptr,
            &mut indices,
            &mut data,
            T::one(),
            rows as u64,
            r0 as u64,
            len as u64,
            k as i64,
        )?;
    }
    Ok(CsrArray {
        inner: Compressed {
            data,
            indices,
            indptr,
            majors: rows,
            minor: cols,
            sorted: true,
            canonical: true,
        },
    })
}

/// SciPy's `identity(n, format="csr")`: [`eye`]`(dev, n, n, 0)`.
///
/// ```
/// use kernels_std::prelude::*;
/// use kernels_std::sparse::{identity, CsrArray};
/// let a: CsrArray<i64, i64> = identity(&Device::cpu(), 2)?;
/// assert_eq!(a.toarray()?.to_vec()?, vec![1, 0, 0, 1]);
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn identity<T: SparseDType + num_traits::One, I: SparseIndex>(
    dev: &Device,
    n: usize,
) -> Result<CsrArray<T, I>> {
    eye(dev, n, n, 0)
}

/// SciPy's `diags_array(diagonals, offsets=offsets, shape=shape, format="csr")`: diagonal
/// `j` (a 1-d array, or one element repeated along the diagonal) on the `offsets[j]`-th
/// diagonal. `shape` `None` is the square matrix of `len(diagonals[0]) + |offsets[0]|` rows.
/// A diagonal longer than its place is cut, as SciPy cuts it; the stored zeros are dropped
/// (SciPy's DIA-to-CSR conversion drops them). Errors, as SciPy's: different numbers of
/// diagonals and offsets, a repeated offset, an offset outside the matrix, a diagonal shorter
/// than its place (and not of one element), no diagonal and no shape.
///
/// ```
/// use kernels_std::prelude::*;
/// use kernels_std::sparse::{diags, CsrArray};
/// let dev = Device::cpu();
/// let main = Array::from_vec(&dev, &[3], vec![2.0f64, 2.0, 2.0])?;
/// let off = Array::from_vec(&dev, &[1], vec![-1.0f64])?; // repeated along the diagonal
/// let a: CsrArray<f64> = diags(&dev, &[main, off.clone(), off], &[0, -1, 1], None)?;
/// assert_eq!(a.toarray()?.to_vec()?, vec![2.0, -1.0, 0.0, -1.0, 2.0, -1.0, 0.0, -1.0, 2.0]);
/// let short = Array::from_vec(&dev, &[2], vec![1.0f64, 1.0])?;
/// assert!(diags::<f64, i32>(&dev, &[short], &[0], Some([3, 3])).is_err());
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn diags<T: SparseDType, I: SparseIndex>(
    dev: &Device,
    diagonals: &[Array<T>],
    offsets: &[isize],
    shape: Option<[usize; 2]>,
) -> Result<CsrArray<T, I>> {
    let what = "diags_array";
    if diagonals.len() != offsets.len() {
        return Err(Error::invalid(format!(
            "{what}: different number of diagonals ({}) and offsets ({})",
            diagonals.len(),
            offsets.len()
        )));
    }
    let mut sorted = offsets.to_vec();
    sorted.sort_unstable();
    if sorted.windows(2).any(|w| w[0] == w[1]) {
        return Err(Error::invalid(format!(
            "{what}: offset array contains duplicate values"
        )));
    }
    let [m, n] = match (shape, diagonals.first(), offsets.first()) {
        (Some(s), _, _) => s,
        (None, Some(d), Some(&k)) => {
            let side = d
                .len()
                .checked_add(k.unsigned_abs())
                .ok_or_else(|| Error::invalid(format!("{what}: the inferred shape overflows")))?;
            [side, side]
        }
        _ => {
            return Err(Error::invalid(format!(
                "{what}: no diagonal to infer the shape from"
            )))
        }
    };
    check_extents::<I>(what, &[m, n])?;
    // Each diagonal's place: (values, r0, c0, length).
    let (mi, ni) = (m as i128, n as i128);
    let mut places = Vec::with_capacity(diagonals.len());
    let mut total = 0usize;
    for (j, (d, &k)) in diagonals.iter().zip(offsets).enumerate() {
        compressed::check_device(what, dev, &[d.device()])?;
        if d.ndim() > 1 {
            return Err(Error::invalid(format!(
                "{what}: diagonal {j} should be 1-d, got shape {:?}",
                d.shape()
            )));
        }
        let k = k as i128;
        let length = (mi + k).min(ni - k).min(mi.min(ni));
        if length < 0 {
            return Err(Error::invalid(format!(
                "{what}: offset {k} (index {j}) out of bounds for shape ({m}, {n})"
            )));
        }
        let length = length as usize;
        if d.len() != 1 && d.len() < length {
            return Err(Error::invalid(format!(
                "{what}: diagonal length (index {j}: {} at offset {k}) does not agree with \
                 array size ({m}, {n})",
                d.len()
            )));
        }
        places.push((
            d.reshape(&[d.len()])?.as_standard_layout()?,
            0.max(-k) as usize,
            0.max(k) as usize,
            length,
        ));
        total += length;
    }
    check_extents::<I>(what, &[total])?;
    let mut row = Array::<I>::zeros(dev, &[total])?;
    let mut col = Array::<I>::zeros(dev, &[total])?;
    let mut data = Array::<T>::zeros(dev, &[total])?;
    let mut base = 0;
    for (v, r0, c0, len) in places {
        if len > 0 {
            diagonal_entries::launch::<T, I>(
                &per_element(len)?,
                &v,
                &mut row,
                &mut col,
                &mut data,
                base as u64,
                len as u64,
                r0 as u64,
                c0 as u64,
            )?;
        }
        base += len;
    }
    let mut coo = CooArray::trusted(data, row, col, [m, n], false);
    coo.eliminate_zeros()?;
    coo.tocsr()
}

#[cfg(test)]
mod nvrtc;
