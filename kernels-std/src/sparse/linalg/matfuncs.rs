//! SciPy's `matrix_power` (`_matfuncs.py`), `is_sptriangular` and `spbandwidth`
//! (`_dsolve/linsolve.py`): structure queries and powers of sparse matrices, on the device.

use crate::prelude::*;
use crate::sparse::{eye, CooArray, CscArray, CsrArray, SparseDType, SparseIndex};

/// The sparse arrays [`matrix_power`] takes, and the format of the power (SciPy's: CSR for
/// CSR and COO, CSC for CSC). Sealed in effect: its one method is crate-private.
pub trait MatrixPowerOperand<T: SparseDType + num_traits::One, I: SparseIndex> {
    /// The power's type.
    type Output;
    #[doc(hidden)]
    fn power(&self, p: u64) -> Result<Self::Output>;
}

fn check_square(shape: [usize; 2]) -> Result<usize> {
    if shape[0] != shape[1] {
        return Err(Error::invalid(format!(
            "matrix_power: sparse matrix is not square (shape ({}, {}))",
            shape[0], shape[1]
        )));
    }
    Ok(shape[0])
}

/// SciPy's recursion: `A^p = A (A^(p/2))^2` for odd `p`, `(A^(p/2))^2` for even.
fn power_by_squaring<M: Clone>(
    a: &M,
    p: u64,
    identity: &dyn Fn() -> Result<M>,
    mul: &dyn Fn(&M, &M) -> Result<M>,
) -> Result<M> {
    match p {
        0 => identity(),
        1 => Ok(a.clone()),
        _ => {
            let half = power_by_squaring(a, p / 2, identity, mul)?;
            if p % 2 == 1 {
                mul(&mul(a, &half)?, &half)
            } else {
                mul(&half, &half)
            }
        }
    }
}

impl<T: SparseDType + num_traits::One, I: SparseIndex> MatrixPowerOperand<T, I> for CsrArray<T, I> {
    type Output = CsrArray<T, I>;
    fn power(&self, p: u64) -> Result<CsrArray<T, I>> {
        let n = check_square(self.shape())?;
        let dev = self.device();
        power_by_squaring(self, p, &|| eye(&dev, n, n, 0), &|x, y| x.dot(y))
    }
}

impl<T: SparseDType + num_traits::One, I: SparseIndex> MatrixPowerOperand<T, I> for CscArray<T, I> {
    type Output = CscArray<T, I>;
    fn power(&self, p: u64) -> Result<CscArray<T, I>> {
        let n = check_square(self.shape())?;
        let dev = self.device();
        power_by_squaring(
            self,
            p,
            &|| Ok(eye::<T, I>(&dev, n, n, 0)?.transpose()),
            &|x, y| x.dot(y),
        )
    }
}

impl<T: SparseDType + num_traits::One, I: SparseIndex> MatrixPowerOperand<T, I> for CooArray<T, I> {
    type Output = CsrArray<T, I>;
    fn power(&self, p: u64) -> Result<CsrArray<T, I>> {
        check_square(self.shape())?;
        MatrixPowerOperand::power(&self.tocsr()?, p)
    }
}

/// SciPy's `matrix_power(A, power)`: `A @ A @ ... @ A` (`power` factors) of a square sparse
/// matrix by repeated squaring (SciPy's recursion, its order of products), each product the
/// crate's SpGEMM. `power` 0 is the identity (CSR or CSC; SciPy's is a DIA array). A COO
/// `A` gives CSR for every power (SciPy returns a COO copy for `power` 1). Every
/// [`SparseDType`], integers included, as SciPy's.
///
/// Errors, as SciPy's: `A` not square (SciPy's `TypeError`). A negative `power` (SciPy's
/// `ValueError`) cannot be written: `power` is unsigned.
///
/// ```
/// use kernels_std::prelude::*;
/// use kernels_std::sparse::CsrArray;
/// use kernels_std::sparse::linalg::matrix_power;
/// let dev = Device::cpu();
/// let a = CsrArray::<i64>::from_dense(&Array::from_vec(&dev, &[2, 2], vec![1, 2, 3, 4])?)?;
/// assert_eq!(matrix_power(&a, 3)?.toarray()?.to_vec()?, vec![37, 54, 81, 118]);
/// assert_eq!(matrix_power(&a, 0)?.toarray()?.to_vec()?, vec![1, 0, 0, 1]);
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn matrix_power<T, I, A>(a: &A, power: u64) -> Result<A::Output>
where
    T: SparseDType + num_traits::One,
    I: SparseIndex,
    A: MatrixPowerOperand<T, I> + ?Sized,
{
    a.power(power)
}

/// The sparse arrays [`is_sptriangular`] and [`spbandwidth`] take (CSR, CSC, COO): their
/// stored entries' coordinates. Sealed in effect: its one method is crate-private.
pub trait StructureOperand<T: SparseDType, I: SparseIndex> {
    #[doc(hidden)]
    fn coordinates(&self) -> Result<CooArray<T, I>>;
}

impl<T: SparseDType, I: SparseIndex> StructureOperand<T, I> for CsrArray<T, I> {
    fn coordinates(&self) -> Result<CooArray<T, I>> {
        self.tocoo()
    }
}

impl<T: SparseDType, I: SparseIndex> StructureOperand<T, I> for CscArray<T, I> {
    fn coordinates(&self) -> Result<CooArray<T, I>> {
        self.tocoo()
    }
}

impl<T: SparseDType, I: SparseIndex> StructureOperand<T, I> for CooArray<T, I> {
    fn coordinates(&self) -> Result<CooArray<T, I>> {
        Ok(self.clone())
    }
}

/// The smallest and largest `col - row` over the stored entries (`None` when there is none),
/// two reductions of the differences (in `i64`) on the device.
fn gap_extrema<T: SparseDType, I: SparseIndex, A: StructureOperand<T, I> + ?Sized>(
    a: &A,
) -> Result<Option<(i64, i64)>> {
    let coo = a.coordinates()?;
    if coo.nnz() == 0 {
        return Ok(None);
    }
    let gap = (&coo.col().astype::<i64>()? - &coo.row().astype::<i64>()?).eval()?;
    let lo: i64 = crate::reduce::min(&gap).run()?.item()?;
    let hi: i64 = crate::reduce::max(&gap).run()?.item()?;
    Ok(Some((lo, hi)))
}

/// SciPy's `is_sptriangular(A)`: `(lower, upper)`, whether every stored entry (explicit zeros
/// included) is on or below the diagonal, on or above it. Any shape. A matrix without stored
/// entries is both (SciPy's answer for COO; its CSR and CSC code raises an `IndexError` for
/// zero rows or columns, which is not reproduced).
///
/// ```
/// use kernels_std::prelude::*;
/// use kernels_std::sparse::CsrArray;
/// use kernels_std::sparse::linalg::is_sptriangular;
/// let dev = Device::cpu();
/// let l = CsrArray::<f64>::from_dense(&Array::from_vec(&dev, &[2, 2], vec![1.0, 0.0, 2.0, 3.0])?)?;
/// assert_eq!(is_sptriangular(&l)?, (true, false));
/// assert_eq!(is_sptriangular(&l.transpose())?, (false, true));
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn is_sptriangular<T: SparseDType, I: SparseIndex, A: StructureOperand<T, I> + ?Sized>(
    a: &A,
) -> Result<(bool, bool)> {
    Ok(match gap_extrema(a)? {
        None => (true, true),
        Some((lo, hi)) => (hi <= 0, lo >= 0),
    })
}

/// SciPy's `spbandwidth(A)`: `(below, above)`, the largest distance of a stored entry
/// (explicit zeros included) below and above the diagonal (0 when there is none on that
/// side). Any shape.
///
/// Errors, as SciPy's `ValueError`: a matrix without stored entries (SciPy takes the minimum
/// of an empty array).
///
/// ```
/// use kernels_std::prelude::*;
/// use kernels_std::sparse::{diags, CsrArray};
/// use kernels_std::sparse::linalg::spbandwidth;
/// let dev = Device::cpu();
/// let d = Array::from_vec(&dev, &[1], vec![1.0f64])?;
/// let a: CsrArray<f64> = diags(&dev, &[d.clone(), d.clone(), d], &[0, -2, 1], Some([5, 5]))?;
/// assert_eq!(spbandwidth(&a)?, (2, 1));
/// let empty = CsrArray::<f64>::from_dense(&Array::zeros(&dev, &[3, 3])?)?;
/// assert!(spbandwidth(&empty).is_err());
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn spbandwidth<T: SparseDType, I: SparseIndex, A: StructureOperand<T, I> + ?Sized>(
    a: &A,
) -> Result<(usize, usize)> {
    match gap_extrema(a)? {
        None => Err(Error::invalid(
            "spbandwidth: zero-size array to reduction operation minimum which has no \
             identity (no stored entries)",
        )),
        Some((lo, hi)) => Ok(((-lo).max(0) as usize, hi.max(0) as usize)),
    }
}
