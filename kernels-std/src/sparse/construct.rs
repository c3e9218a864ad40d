//! SciPy's construction helpers of `scipy.sparse`: `find`, `tril`, `triu`, `kron`, `hstack`,
//! `vstack`.

use super::compressed::{check_device, check_extents};
use super::dtypes::{SparseDType, SparseIndex};
use super::kernels::{kron_coords, place_entries, triangle_flags};
use super::{CooArray, CscArray, CsrArray};
use crate::ops::Numeric;
use crate::prelude::*;
use crate::sort::compact::{per_element, selected_positions};
use crate::sort::take;

/// The sparse arrays (CSR, CSC, COO, DIA) as the COO array SciPy's helpers convert them to
/// (`coo_array(a)`: the entries in storage order, duplicates and explicit zeros kept).
/// Sealed.
pub trait AsCoo<T: SparseDType, I: SparseIndex>: sealed::Sealed {
    /// SciPy's `coo_array(a)`.
    fn as_coo(&self) -> Result<CooArray<T, I>>;
}

mod sealed {
    pub trait Sealed {}
    impl<T: super::SparseDType, I: super::SparseIndex> Sealed for super::CsrArray<T, I> {}
    impl<T: super::SparseDType, I: super::SparseIndex> Sealed for super::CscArray<T, I> {}
    impl<T: super::SparseDType, I: super::SparseIndex> Sealed for super::CooArray<T, I> {}
    impl<T: super::SparseDType, I: super::SparseIndex> Sealed for crate::sparse::DiaArray<T, I> {}
}

impl<T: SparseDType, I: SparseIndex> AsCoo<T, I> for CsrArray<T, I> {
    fn as_coo(&self) -> Result<CooArray<T, I>> {
        self.tocoo()
    }
}
impl<T: SparseDType, I: SparseIndex> AsCoo<T, I> for CscArray<T, I> {
    fn as_coo(&self) -> Result<CooArray<T, I>> {
        self.tocoo()
    }
}
impl<T: SparseDType, I: SparseIndex> AsCoo<T, I> for CooArray<T, I> {
    fn as_coo(&self) -> Result<CooArray<T, I>> {
        Ok(self.clone())
    }
}
impl<T: SparseDType, I: SparseIndex> AsCoo<T, I> for super::DiaArray<T, I> {
    fn as_coo(&self) -> Result<CooArray<T, I>> {
        self.tocoo()
    }
}

/// SciPy's `find(a)`: the rows, columns and values of the nonzero entries, in row-major
/// order, duplicates summed first (entries summing to zero, and stored zeros, left out; NaN
/// kept).
///
/// ```
/// use kernels_std::prelude::*;
/// use kernels_std::sparse::{find, CscArray};
/// let d = Array::from_vec(&Device::cpu(), &[2, 2], vec![0.0f64, 2.0, 3.0, 4.0])?;
/// let (r, c, v) = find(&CscArray::<f64>::from_dense(&d)?)?;
/// assert_eq!((r.to_vec()?, c.to_vec()?, v.to_vec()?), (vec![0, 1, 1], vec![1, 0, 1], vec![2.0, 3.0, 4.0]));
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn find<T: SparseDType, I: SparseIndex>(
    a: &impl AsCoo<T, I>,
) -> Result<(Array<I>, Array<I>, Array<T>)> {
    let mut coo = a.as_coo()?;
    coo.sum_duplicates()?;
    coo.eliminate_zeros()?;
    Ok((coo.row().clone(), coo.col().clone(), coo.data().clone()))
}

/// The entries of `a` on one side of its `k`-th diagonal, in storage order.
fn triangle<T: SparseDType, I: SparseIndex>(
    a: &impl AsCoo<T, I>,
    k: isize,
    upper: bool,
) -> Result<CooArray<T, I>> {
    let coo = a.as_coo()?;
    let n = coo.nnz();
    if n == 0 {
        return Ok(CooArray::trusted(
            coo.data().clone(),
            coo.row().clone(),
            coo.col().clone(),
            coo.shape(),
            false,
        ));
    }
    let dev = coo.device();
    let mut flags = Array::<i64>::zeros(&dev, &[n])?;
    // Beyond the matrix either way every entry (or none) is kept: clamp `k` to what i64 holds.
    let k = (k as i128).clamp(-(1i128 << 62), 1i128 << 62) as i64;
    triangle_flags::launch::<I>(
        &per_element(n)?,
        coo.row(),
        coo.col(),
        &mut flags,
        k,
        upper as u32,
    )?;
    let keep = selected_positions(&flags)?;
    Ok(CooArray::trusted(
        take(coo.data(), &keep, None)?,
        take(coo.row(), &keep, None)?,
        take(coo.col(), &keep, None)?,
        coo.shape(),
        false,
    ))
}

/// SciPy's `tril(a, k)`: the entries on or below the `k`-th diagonal (`col <= row + k`), a
/// COO array in the storage order of `coo_array(a)` (duplicates and stored zeros kept), as
/// SciPy returns with `format=None` (`.tocsr()` for CSR).
///
/// ```
/// use kernels_std::prelude::*;
/// use kernels_std::sparse::{tril, triu, CsrArray};
/// let d = Array::from_vec(&Device::cpu(), &[2, 3], vec![1i32, 2, 3, 4, 5, 6])?;
/// let a = CsrArray::<i32>::from_dense(&d)?;
/// assert_eq!(tril(&a, 0)?.toarray()?.to_vec()?, vec![1, 0, 0, 4, 5, 0]);
/// assert_eq!(triu(&a, 1)?.toarray()?.to_vec()?, vec![0, 2, 3, 0, 0, 6]);
/// assert_eq!(tril(&a, -1)?.nnz(), 1);
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn tril<T: SparseDType, I: SparseIndex>(
    a: &impl AsCoo<T, I>,
    k: isize,
) -> Result<CooArray<T, I>> {
    triangle(a, k, false)
}

/// SciPy's `triu(a, k)`: the entries on or above the `k`-th diagonal (`col >= row + k`), a
/// COO array (see [`tril`]).
pub fn triu<T: SparseDType, I: SparseIndex>(
    a: &impl AsCoo<T, I>,
    k: isize,
) -> Result<CooArray<T, I>> {
    triangle(a, k, true)
}

/// SciPy's `kron(a, b, format="coo")`: the Kronecker product, of shape `(ma * mb, na * nb)`,
/// a COO array whose entry `i * nnz(b) + j` is entry `i` of `coo_array(a)` times entry `j` of
/// `coo_array(b)` (SciPy's order; nothing summed or dropped). SciPy's `format=None` returns
/// a BSR array when `b` is dense enough; the values are the same. A shape the index type
/// cannot hold is an error.
///
/// ```
/// use kernels_std::prelude::*;
/// use kernels_std::sparse::{eye, kron, CsrArray};
/// let dev = Device::cpu();
/// let i2: CsrArray<f64> = eye(&dev, 2, 2, 0)?;
/// let b = CsrArray::<f64>::from_dense(&Array::from_vec(&dev, &[1, 2], vec![1.0, 2.0])?)?;
/// let k = kron(&i2, &b)?;
/// assert_eq!(k.shape(), [2, 4]);
/// assert_eq!(k.toarray()?.to_vec()?, vec![1.0, 2.0, 0.0, 0.0, 0.0, 0.0, 1.0, 2.0]);
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn kron<T: SparseDType + Numeric, I: SparseIndex>(
    a: &impl AsCoo<T, I>,
    b: &impl AsCoo<T, I>,
) -> Result<CooArray<T, I>> {
    let what = "kron";
    let (a, b) = (a.as_coo()?, b.as_coo()?);
    let dev = a.device();
    check_device(what, &dev, &[b.device()])?;
    let [ma, na] = a.shape();
    let [mb, nb] = b.shape();
    let overflow = || Error::invalid(format!("{what}: the shape of the product overflows"));
    let shape = [
        ma.checked_mul(mb).ok_or_else(overflow)?,
        na.checked_mul(nb).ok_or_else(overflow)?,
    ];
    check_extents::<I>(what, &shape)?;
    let n = a.nnz().checked_mul(b.nnz()).ok_or_else(overflow)?;
    check_extents::<I>(what, &[n])?;
    let mut row = Array::<I>::zeros(&dev, &[n])?;
    let mut col = Array::<I>::zeros(&dev, &[n])?;
    let mut ia = Array::<i64>::zeros(&dev, &[n])?;
    let mut ib = Array::<i64>::zeros(&dev, &[n])?;
    if n == 0 {
        let data = Array::<T>::zeros(&dev, &[0])?;
        return Ok(CooArray::trusted(data, row, col, shape, false));
    }
    kron_coords::launch::<I>(
        &per_element(n)?,
        a.row(),
        a.col(),
        b.row(),
        b.col(),
        &mut row,
        &mut col,
        &mut ia,
        &mut ib,
        mb as u64,
        nb as u64,
    )?;
    let data = T::multiply(&take(a.data(), &ia, None)?, &take(b.data(), &ib, None)?)?;
    Ok(CooArray::trusted(data, row, col, shape, false))
}

/// The blocks placed one after the other along `axis` (0: `vstack`, 1: `hstack`), as CSR.
fn stack<T: SparseDType, I: SparseIndex>(
    what: &str,
    blocks: &[CsrArray<T, I>],
    axis: usize,
) -> Result<CsrArray<T, I>> {
    let Some(first) = blocks.first() else {
        return Err(Error::invalid(format!("{what}: no blocks")));
    };
    let dev = first.device();
    let other = 1 - axis;
    let mut total = 0usize;
    let mut nnz = 0usize;
    for (j, b) in blocks.iter().enumerate() {
        check_device(what, &dev, &[b.device()])?;
        if b.shape()[other] != first.shape()[other] {
            return Err(Error::ShapeMismatch {
                op: format!(
                    "{what}: block {j} has incompatible {} dimensions",
                    if axis == 0 { "column" } else { "row" }
                ),
                expected: first.shape().to_vec(),
                found: b.shape().to_vec(),
            });
        }
        total = total
            .checked_add(b.shape()[axis])
            .ok_or_else(|| Error::invalid(format!("{what}: the shape overflows")))?;
        nnz += b.nnz();
    }
    let mut shape = first.shape();
    shape[axis] = total;
    check_extents::<I>(what, &[shape[0], shape[1], nnz])?;
    let mut row = Array::<I>::zeros(&dev, &[nnz])?;
    let mut col = Array::<I>::zeros(&dev, &[nnz])?;
    let mut data = Array::<T>::zeros(&dev, &[nnz])?;
    let (mut base, mut offset) = (0usize, 0usize);
    for b in blocks {
        let coo = b.tocoo()?;
        if coo.nnz() > 0 {
            let (row_off, col_off) = if axis == 0 { (offset, 0) } else { (0, offset) };
            place_entries::launch::<T, I>(
                &per_element(coo.nnz())?,
                coo.row(),
                coo.col(),
                coo.data(),
                &mut row,
                &mut col,
                &mut data,
                base as u64,
                row_off as u64,
                col_off as u64,
            )?;
        }
        base += coo.nnz();
        offset += b.shape()[axis];
    }
    CooArray::trusted(data, row, col, shape, false).tocsr()
}

/// SciPy's `vstack(blocks)` of CSR arrays of one number of columns: a CSR array, the blocks'
/// rows one after the other. The result is canonical (a block's duplicates summed, its rows
/// sorted; SciPy keeps each block's order, the same for canonical blocks). No block, or
/// different numbers of columns, is an error. Other formats: `.tocsr()` first.
///
/// ```
/// use kernels_std::prelude::*;
/// use kernels_std::sparse::{eye, hstack, vstack, CsrArray};
/// let dev = Device::cpu();
/// let a: CsrArray<f32> = eye(&dev, 1, 2, 0)?;
/// let b: CsrArray<f32> = eye(&dev, 1, 2, 1)?;
/// assert_eq!(vstack(&[a.clone(), b.clone()])?.toarray()?.to_vec()?, vec![1.0, 0.0, 0.0, 1.0]);
/// assert_eq!(hstack(&[a.clone(), b])?.toarray()?.to_vec()?, vec![1.0, 0.0, 0.0, 1.0]);
/// let tall: CsrArray<f32> = eye(&dev, 2, 2, 0)?;
/// assert!(hstack(&[a, tall]).is_err());
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn vstack<T: SparseDType, I: SparseIndex>(blocks: &[CsrArray<T, I>]) -> Result<CsrArray<T, I>> {
    stack("vstack", blocks, 0)
}

/// SciPy's `hstack(blocks)` of CSR arrays of one number of rows: a CSR array, the blocks'
/// columns side by side (see [`vstack`]).
pub fn hstack<T: SparseDType, I: SparseIndex>(blocks: &[CsrArray<T, I>]) -> Result<CsrArray<T, I>> {
    stack("hstack", blocks, 1)
}

/// SciPy's `kronsum(A, B)`: the Kronecker sum `kron(I_m, A) + kron(B, I_n)` of a square
/// `n x n` array `A` and a square `m x m` array `B`, an `mn x mn` CSR array (canonical: the
/// two Kronecker products' entries summed where they meet, zero sums dropped, as SciPy's
/// sparse `+`). Errors, as SciPy's: `A` or `B` not square ("A is not square").
///
/// ```
/// use kernels_std::prelude::*;
/// use kernels_std::sparse::{kronsum, CsrArray};
/// let dev = Device::cpu();
/// let a = CsrArray::<f64>::from_dense(&Array::from_vec(&dev, &[2, 2], vec![1.0, 2.0, 0.0, 3.0])?)?;
/// let b = CsrArray::<f64>::from_dense(&Array::from_vec(&dev, &[1, 1], vec![10.0])?)?;
/// assert_eq!(kronsum(&a, &b)?.toarray()?.to_vec()?, vec![11.0, 2.0, 0.0, 13.0]);
/// let rect = CsrArray::<f64>::from_dense(&Array::zeros(&dev, &[1, 2])?)?;
/// assert!(kronsum(&rect, &b).is_err());
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn kronsum<T: SparseDType + Numeric + num_traits::One, I: SparseIndex>(
    a: &impl AsCoo<T, I>,
    b: &impl AsCoo<T, I>,
) -> Result<CsrArray<T, I>> {
    let (a, b) = (a.as_coo()?, b.as_coo()?);
    for (name, x) in [("A", &a), ("B", &b)] {
        let [r, c] = x.shape();
        if r != c {
            return Err(Error::invalid(format!(
                "kronsum: {name} is not square (shape ({r}, {c}))"
            )));
        }
    }
    let dev = a.device();
    check_device("kronsum", &dev, &[b.device()])?;
    let (n, m) = (a.shape()[0], b.shape()[0]);
    let i_m: CsrArray<T, I> = super::eye(&dev, m, m, 0)?;
    let i_n: CsrArray<T, I> = super::eye(&dev, n, n, 0)?;
    let left = kron(&i_m, &a)?.tocsr()?;
    let right = kron(&b, &i_n)?.tocsr()?;
    left.add(&right)
}

/// The blocks of [`block_array`]: one row of blocks per `Vec`, `None` for a zero block.
pub type Blocks<'b, T, I> = [Vec<Option<&'b dyn AsCoo<T, I>>>];

/// SciPy's `block_array(blocks)` (`format=None`): the sparse array assembled from a 2-d grid
/// of blocks (any of the three formats; `None` a block of zeros), as a COO array whose
/// entries are the blocks' in row-major block order, each block's in `coo_array(b)`'s order
/// (SciPy's general path; duplicates and stored zeros kept).
///
/// Each block row's height is that of its first block with rows, each block column's width
/// that of its first block with columns; a row or column of `None` only has size 0 (SciPy's
/// rules). `dev` holds the result (the blocks must be on it). Errors, as SciPy's: rows of
/// different lengths or no rows ("blocks must be 2-D"), a block whose height or width
/// disagrees with its row's or column's (SciPy's "`blocks[i,:]` has incompatible row
/// dimensions").
///
/// ```
/// use kernels_std::prelude::*;
/// use kernels_std::sparse::{block_array, AsCoo, CooArray};
/// let dev = Device::cpu();
/// let a = CooArray::<i64>::from_dense(&Array::from_vec(&dev, &[2, 2], vec![1, 2, 3, 4])?)?;
/// let b = CooArray::<i64>::from_dense(&Array::from_vec(&dev, &[2, 1], vec![5, 6])?)?;
/// let c = CooArray::<i64>::from_dense(&Array::from_vec(&dev, &[1, 1], vec![7])?)?;
/// let m = block_array(&dev, &[vec![Some(&a as &dyn AsCoo<_, _>), Some(&b)], vec![None, Some(&c)]])?;
/// assert_eq!(m.toarray()?.to_vec()?, vec![1, 2, 5, 3, 4, 6, 0, 0, 7]);
/// assert!(block_array(&dev, &[vec![Some(&a as &dyn AsCoo<_, _>), Some(&c)]]).is_err());
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn block_array<T: SparseDType, I: SparseIndex>(
    dev: &Device,
    blocks: &Blocks<'_, T, I>,
) -> Result<CooArray<T, I>> {
    let what = "block_array";
    let rows = blocks.len();
    let cols = blocks.first().map_or(0, Vec::len);
    if rows == 0 || blocks.iter().any(|r| r.len() != cols) {
        return Err(Error::invalid(format!("{what}: blocks must be 2-D")));
    }
    let mut heights = vec![0usize; rows];
    let mut widths = vec![0usize; cols];
    let mut coos: Vec<Vec<Option<CooArray<T, I>>>> = Vec::with_capacity(rows);
    let mut nnz = 0usize;
    for (i, row) in blocks.iter().enumerate() {
        let mut out = Vec::with_capacity(cols);
        for (j, b) in row.iter().enumerate() {
            let Some(b) = b else {
                out.push(None);
                continue;
            };
            let c = b.as_coo()?;
            check_device(what, dev, &[c.device()])?;
            let [h, w] = c.shape();
            if heights[i] == 0 {
                heights[i] = h;
            } else if heights[i] != h {
                return Err(Error::invalid(format!(
                    "{what}: blocks[{i},:] has incompatible row dimensions. Got \
                     blocks[{i},{j}].shape[0] == {h}, expected {}.",
                    heights[i]
                )));
            }
            if widths[j] == 0 {
                widths[j] = w;
            } else if widths[j] != w {
                return Err(Error::invalid(format!(
                    "{what}: blocks[:,{j}] has incompatible column dimensions. Got \
                     blocks[{i},{j}].shape[1] == {w}, expected {}.",
                    widths[j]
                )));
            }
            nnz = nnz
                .checked_add(c.nnz())
                .ok_or_else(|| Error::invalid(format!("{what}: too many stored values")))?;
            out.push(Some(c));
        }
        coos.push(out);
    }
    let overflow = || Error::invalid(format!("{what}: the shape overflows"));
    let offsets = |sizes: &[usize]| -> Result<Vec<usize>> {
        let mut acc = vec![0usize];
        for &s in sizes {
            acc.push(
                acc.last()
                    .copied()
                    .unwrap_or(0)
                    .checked_add(s)
                    .ok_or_else(overflow)?,
            );
        }
        Ok(acc)
    };
    let (row_off, col_off) = (offsets(&heights)?, offsets(&widths)?);
    let shape = [row_off[rows], col_off[cols]];
    let (row_off, col_off) = (&row_off, &col_off);
    let placed = coos.iter().enumerate().flat_map(|(i, r)| {
        r.iter()
            .enumerate()
            .filter_map(move |(j, c)| c.as_ref().map(|c| (c, row_off[i], col_off[j])))
    });
    place_blocks(dev, what, placed, shape, nnz)
}

/// The COO array of `shape` holding each block's entries at its `(row, column)` offset, the
/// blocks' entries in the order given: the placement `block_array` and `block_diag` share.
fn place_blocks<'c, T: SparseDType, I: SparseIndex>(
    dev: &Device,
    what: &str,
    blocks: impl Iterator<Item = (&'c CooArray<T, I>, usize, usize)>,
    shape: [usize; 2],
    nnz: usize,
) -> Result<CooArray<T, I>> {
    check_extents::<I>(what, &[shape[0], shape[1], nnz])?;
    let mut row = Array::<I>::zeros(dev, &[nnz])?;
    let mut col = Array::<I>::zeros(dev, &[nnz])?;
    let mut data = Array::<T>::zeros(dev, &[nnz])?;
    let mut base = 0usize;
    for (c, r0, c0) in blocks {
        if c.nnz() > 0 {
            place_entries::launch::<T, I>(
                &per_element(c.nnz())?,
                c.row(),
                c.col(),
                c.data(),
                &mut row,
                &mut col,
                &mut data,
                base as u64,
                r0 as u64,
                c0 as u64,
            )?;
        }
        base += c.nnz();
    }
    Ok(CooArray::trusted(data, row, col, shape, false))
}

/// SciPy's `bmat(blocks)`: [`block_array`] under its older name.
///
/// ```
/// use kernels_std::prelude::*;
/// use kernels_std::sparse::{bmat, eye, AsCoo, CsrArray};
/// let dev = Device::cpu();
/// let i: CsrArray<f32> = eye(&dev, 2, 2, 0)?;
/// let m = bmat(&dev, &[vec![None, Some(&i as &dyn AsCoo<_, _>)], vec![Some(&i), None]])?;
/// assert_eq!(m.shape(), [4, 4]);
/// assert_eq!(m.toarray()?.to_vec()?[2], 1.0);
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn bmat<T: SparseDType, I: SparseIndex>(
    dev: &Device,
    blocks: &Blocks<'_, T, I>,
) -> Result<CooArray<T, I>> {
    block_array(dev, blocks)
}

/// SciPy's `block_diag(mats, format)`: the blocks (any of the four formats) along the
/// diagonal, zeros elsewhere. The entries are each block's `coo_array(b)` entries in turn
/// (duplicates and stored zeros kept), as a COO array for `format` `None` or `"coo"`, else
/// its `tocsr()` (`"csr"`) or `tocsc()` (`"csc"`).
/// Errors: no blocks (SciPy cannot concatenate nothing), another format, blocks on another
/// device than `dev`. (SciPy also takes dense arrays and scalars as blocks: give them as
/// `CooArray::from_dense`, noting that SciPy stores every element of a dense block.)
///
/// ```
/// use kernels_std::prelude::*;
/// use kernels_std::sparse::{block_diag, AsCoo, CooArray, SparseArray};
/// let dev = Device::cpu();
/// let a = CooArray::<i32>::from_dense(&Array::from_vec(&dev, &[2, 2], vec![1, 2, 3, 4])?)?;
/// let b = CooArray::<i32>::from_dense(&Array::from_vec(&dev, &[1, 1], vec![5])?)?;
/// let m = block_diag(&dev, &[&a as &dyn AsCoo<_, _>, &b], Some("csr"))?;
/// let SparseArray::Csr(m) = m else { unreachable!() };
/// assert_eq!(m.toarray()?.to_vec()?, vec![1, 2, 0, 3, 4, 0, 0, 0, 5]);
/// assert!(block_diag(&dev, &[&a as &dyn AsCoo<_, _>], Some("lil")).is_err());
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn block_diag<T: SparseDType, I: SparseIndex>(
    dev: &Device,
    mats: &[&dyn AsCoo<T, I>],
    format: Option<&str>,
) -> Result<super::SparseArray<T, I>> {
    if mats.is_empty() {
        return Err(Error::invalid(
            "block_diag: no blocks (SciPy: need at least one array to concatenate)",
        ));
    }
    if !matches!(format, None | Some("coo" | "csr" | "csc")) {
        return Err(Error::invalid(format!(
            "block_diag: format {format:?} is not one of None, \"coo\", \"csr\", \"csc\""
        )));
    }
    let what = "block_diag";
    let coos = mats
        .iter()
        .map(|b| b.as_coo())
        .collect::<Result<Vec<_>>>()?;
    let (mut rows, mut cols, mut nnz) = (0usize, 0usize, 0usize);
    for c in &coos {
        check_device(what, dev, &[c.device()])?;
        let overflow = || Error::invalid(format!("{what}: the shape overflows"));
        rows = rows.checked_add(c.shape()[0]).ok_or_else(overflow)?;
        cols = cols.checked_add(c.shape()[1]).ok_or_else(overflow)?;
        nnz = nnz.checked_add(c.nnz()).ok_or_else(overflow)?;
    }
    let mut placed = Vec::with_capacity(coos.len());
    let (mut r0, mut c0) = (0usize, 0usize);
    for c in &coos {
        placed.push((c, r0, c0));
        r0 += c.shape()[0];
        c0 += c.shape()[1];
    }
    let coo = place_blocks(dev, what, placed.into_iter(), [rows, cols], nnz)?;
    Ok(match format {
        Some("csr") => super::SparseArray::Csr(coo.tocsr()?),
        Some("csc") => super::SparseArray::Csc(coo.tocsc()?),
        _ => super::SparseArray::Coo(coo),
    })
}
