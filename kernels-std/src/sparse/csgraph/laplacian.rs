//! SciPy's `laplacian` of a sparse or dense graph, on the device: degrees from the crate's
//! sparse line sums, the entries scaled and negated by raw kernels (`kernels.rs`).

use super::kernels::{
    laplacian_degrees, laplacian_entries, laplacian_normed_diagonal, off_diagonal_flags,
};
use crate::math::Elementary;
use crate::prelude::*;
use crate::reduce::SumDType;
use crate::shape::concatenate;
use crate::sort::compact::{per_element, selected_positions};
use crate::sort::take;
use crate::sparse::{AsCoo, CooArray, CscArray, CsrArray, SparseDType, SparseIndex};

/// The dtypes of [`laplacian`]: `f32` and `f64` (SciPy's integer graphs give an integer
/// Laplacian when not normed; convert them with `astype` first).
pub trait LaplacianDType:
    SparseDType + Float + SumDType<Out = Self> + Elementary<Out = Self>
{
}
impl LaplacianDType for f32 {}
impl LaplacianDType for f64 {}

/// The graphs [`laplacian`] takes and what it gives for each: a COO array for a sparse
/// graph (SciPy's), a dense array for a dense one. Sealed.
pub trait LaplacianInput<T: LaplacianDType>: sealed::Sealed {
    /// The Laplacian's type.
    type Output;
    #[doc(hidden)]
    fn compute(&self, keys: &Keys) -> Result<(Self::Output, Array<T>)>;
}

mod sealed {
    pub trait Sealed {}
    impl<T: crate::sparse::SparseDType, I: crate::sparse::SparseIndex> Sealed
        for crate::sparse::CsrArray<T, I>
    {
    }
    impl<T: crate::sparse::SparseDType, I: crate::sparse::SparseIndex> Sealed
        for crate::sparse::CscArray<T, I>
    {
    }
    impl<T: crate::sparse::SparseDType, I: crate::sparse::SparseIndex> Sealed
        for crate::sparse::CooArray<T, I>
    {
    }
    impl<T: crate::prelude::DType> Sealed for crate::prelude::Array<T> {}
}

/// The keywords of [`laplacian`].
#[doc(hidden)]
#[derive(Clone, Copy, Debug, Default)]
pub struct Keys {
    normed: bool,
    use_out_degree: bool,
    symmetrized: bool,
}

/// SciPy's `laplacian(csgraph, normed=False, return_diag=False, use_out_degree=False, *,
/// copy=True, form="array", dtype=None, symmetrized=False)` as a builder;
/// [`run`](Self::run) returns the Laplacian and its diagonal (SciPy's `return_diag=True`;
/// drop it for `False`).
#[must_use = "a laplacian call does nothing until `.run()` is called"]
#[derive(Debug)]
pub struct Laplacian<'a, T: LaplacianDType, G: LaplacianInput<T> + ?Sized> {
    graph: &'a G,
    keys: Keys,
    dtype: std::marker::PhantomData<T>,
}

/// SciPy's `laplacian`: `L = D - A` of the graph `A` (the diagonal of `A` ignored), `D` the
/// diagonal of the in-degrees (column sums; `use_out_degree(true)`: row sums); with
/// `normed(true)`, `D^-1/2 L D^-1/2` (isolated nodes keep a zero row, and 1 stands for
/// their degree's root in the returned diagonal); with `symmetrized(true)`, the Laplacian
/// of `A + A^T`. A sparse graph gives a COO array (the off-diagonal entries in
/// `coo_array(A)`'s order, then the diagonal, SciPy's layout), a dense one a dense array;
/// the second result is the diagonal of `D` (the roots of the degrees when normed).
///
/// Every step runs on the graph's device: the crate's sparse line sums and sum `A + A^T`,
/// a gather of the off-diagonal entries, and three raw kernels (degrees, the normed scale,
/// the scaled entries). `form="function"`/`"lo"` and `dtype` are not offered (use
/// `aslinearoperator` of the result, and `astype`). A non-square graph is an error.
///
/// ```
/// use kernels_std::prelude::*;
/// use kernels_std::sparse::csgraph::laplacian;
/// use kernels_std::sparse::CsrArray;
/// let dev = Device::cpu();
/// let d = Array::from_vec(&dev, &[3, 3], vec![0.0, 1.0, 2.0, 1.0, 0.0, 0.0, 2.0, 0.0, 0.0f64])?;
/// let (lap, deg) = laplacian(&CsrArray::<f64>::from_dense(&d)?).run()?;
/// assert_eq!(deg.to_vec()?, vec![3.0, 1.0, 2.0]);
/// assert_eq!(lap.toarray()?.to_vec()?, vec![3.0, -1.0, -2.0, -1.0, 1.0, 0.0, -2.0, 0.0, 2.0]);
/// let (dense, _) = laplacian(&d).normed(true).run()?;
/// assert!((dense.to_vec()?[1] + 1.0 / 3f64.sqrt()).abs() < 1e-15);
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn laplacian<T: LaplacianDType, G: LaplacianInput<T> + ?Sized>(
    csgraph: &G,
) -> Laplacian<'_, T, G> {
    Laplacian {
        graph: csgraph,
        keys: Keys::default(),
        dtype: std::marker::PhantomData,
    }
}

impl<T: LaplacianDType, G: LaplacianInput<T> + ?Sized> Laplacian<'_, T, G> {
    /// SciPy's `normed` (default `false`): the symmetrically normalized Laplacian.
    pub fn normed(mut self, normed: bool) -> Self {
        self.keys.normed = normed;
        self
    }
    /// SciPy's `use_out_degree` (default `false`): degrees from row sums, not column sums.
    pub fn use_out_degree(mut self, use_out_degree: bool) -> Self {
        self.keys.use_out_degree = use_out_degree;
        self
    }
    /// SciPy's `symmetrized` (default `false`): the Laplacian of `A + A^T`.
    pub fn symmetrized(mut self, symmetrized: bool) -> Self {
        self.keys.symmetrized = symmetrized;
        self
    }
    /// The Laplacian and its diagonal.
    pub fn run(self) -> Result<(G::Output, Array<T>)> {
        self.graph.compute(&self.keys)
    }
}

fn check_square(shape: &[usize]) -> Result<usize> {
    if shape.len() != 2 || shape[0] != shape[1] {
        return Err(Error::invalid(format!(
            "laplacian: csgraph must be a square matrix or array, got shape {shape:?}"
        )));
    }
    Ok(shape[0])
}

/// `coo_array(A + A^T)` when symmetrized (the sum of CSR arrays, as SciPy's `m += m.T`),
/// else `coo_array(A)`.
fn prepared<T: LaplacianDType, I: SparseIndex>(
    a: &impl AsCoo<T, I>,
    keys: &Keys,
) -> Result<CooArray<T, I>> {
    let coo = a.as_coo()?;
    check_square(&coo.shape())?;
    if keys.symmetrized {
        let csr = coo.tocsr()?;
        csr.add(&csr.transpose().tocsr()?)?.tocoo()
    } else {
        Ok(coo)
    }
}

/// The Laplacian of the COO array `m`. `dense` follows SciPy's dense route (the diagonal
/// zeroed before the sums) rather than the sparse one (the diagonal subtracted after).
fn core<T: LaplacianDType, I: SparseIndex>(
    m: &CooArray<T, I>,
    keys: &Keys,
    dense: bool,
) -> Result<(CooArray<T, I>, Array<T>)> {
    let n = m.shape()[0];
    let dev = m.device();
    let nnz = m.nnz();
    let mut flags = Array::<i64>::zeros(&dev, &[nnz])?;
    if nnz > 0 {
        off_diagonal_flags::launch::<I>(&per_element(nnz)?, m.row(), m.col(), &mut flags)?;
    }
    let keep = selected_positions(&flags)?;
    let (row, col, data) = (
        take(m.row(), &keep, None)?,
        take(m.col(), &keep, None)?,
        take(m.data(), &keep, None)?,
    );
    let axis = if keys.use_out_degree { 1 } else { 0 };
    let (sums, diag) = if dense {
        let off = CooArray::new(&data, &row, &col, [n, n])?;
        (off.sum(Some(axis))?, Array::<T>::zeros(&dev, &[n])?)
    } else {
        (m.sum(Some(axis))?, m.diagonal(0)?)
    };
    let mut w = Array::<T>::zeros(&dev, &[n])?;
    let mut idx = Array::<I>::zeros(&dev, &[n])?;
    if n > 0 {
        laplacian_degrees::launch::<T, I>(&per_element(n)?, &sums, &diag, &mut w, &mut idx)?;
    }
    let diag_values = if keys.normed {
        let root = crate::math::sqrt(&w)?;
        let mut d = Array::<T>::zeros(&dev, &[n])?;
        if n > 0 {
            laplacian_normed_diagonal::launch::<T>(&per_element(n)?, &root, &mut w, &mut d)?;
        }
        d
    } else {
        w.clone()
    };
    let kept = data.len();
    let mut values = Array::<T>::zeros(&dev, &[kept])?;
    if kept > 0 {
        laplacian_entries::launch::<T, I>(
            &per_element(kept)?,
            &row,
            &col,
            &data,
            &w,
            &mut values,
            u32::from(keys.normed),
        )?;
    }
    let lap = CooArray::new(
        &concatenate(&[&values, &diag_values], 0)?,
        &concatenate(&[&row, &idx], 0)?,
        &concatenate(&[&col, &idx], 0)?,
        [n, n],
    )?;
    Ok((lap, w))
}

macro_rules! sparse_input {
    ($ty:ident) => {
        impl<T: LaplacianDType, I: SparseIndex> LaplacianInput<T> for $ty<T, I> {
            type Output = CooArray<T, I>;
            fn compute(&self, keys: &Keys) -> Result<(CooArray<T, I>, Array<T>)> {
                check_square(&self.shape())?;
                core(&prepared(self, keys)?, keys, false)
            }
        }
    };
}
sparse_input!(CsrArray);
sparse_input!(CscArray);
sparse_input!(CooArray);

impl<T: LaplacianDType> LaplacianInput<T> for Array<T> {
    type Output = Array<T>;
    fn compute(&self, keys: &Keys) -> Result<(Array<T>, Array<T>)> {
        check_square(self.shape())?;
        let a = CooArray::<T, i64>::from_dense(self)?;
        let (lap, w) = core(&prepared(&a, keys)?, keys, true)?;
        Ok((lap.toarray()?, w))
    }
}
