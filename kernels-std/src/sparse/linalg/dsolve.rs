//! SciPy's `spsolve_triangular` (`_dsolve/linsolve.py`): forward or back substitution with a
//! sparse triangular matrix, on the host.

use super::scalar::SolverDType;
use crate::prelude::*;
use crate::sparse::{CooArray, CscArray, CsrArray, SparseIndex};

/// A compressed matrix's arrays on the host: rows (CSR) or columns (CSC).
#[derive(Debug)]
pub struct HostCompressed<T> {
    pub(super) by_rows: bool,
    pub(super) shape: [usize; 2],
    indptr: Vec<usize>,
    indices: Vec<usize>,
    pub(super) data: Vec<T>,
    pub(super) device: Device,
}

/// The sparse arrays [`spsolve_triangular`] takes: CSR, CSC (SciPy's formats) and COO
/// (converted to CSR, where SciPy converts to CSC with a `SparseEfficiencyWarning`). Sealed
/// in effect: its one method is crate-private.
pub trait TriangularOperand<T: SolverDType> {
    #[doc(hidden)]
    fn host_compressed(&self) -> Result<HostCompressed<T>>;
}

pub(super) fn host<T: DType>(a: &Array<T>) -> Result<Vec<T>> {
    if a.device().is_cpu() {
        a.to_vec()
    } else {
        a.to_device(&Device::Cpu)?.to_vec()
    }
}

fn host_index<I: SparseIndex>(a: &Array<I>) -> Result<Vec<usize>> {
    host(a)?
        .into_iter()
        .map(|v| {
            v.to_usize()
                .ok_or_else(|| Error::invalid("spsolve_triangular: a negative index"))
        })
        .collect()
}

fn compressed<T: SolverDType, I: SparseIndex>(
    by_rows: bool,
    shape: [usize; 2],
    data: &Array<T>,
    indices: &Array<I>,
    indptr: &Array<I>,
) -> Result<HostCompressed<T>> {
    Ok(HostCompressed {
        by_rows,
        shape,
        indptr: host_index(indptr)?,
        indices: host_index(indices)?,
        data: host(data)?,
        device: data.device(),
    })
}

impl<T: SolverDType, I: SparseIndex> TriangularOperand<T> for CsrArray<T, I> {
    fn host_compressed(&self) -> Result<HostCompressed<T>> {
        compressed(
            true,
            self.shape(),
            self.data(),
            self.indices(),
            self.indptr(),
        )
    }
}

impl<T: SolverDType, I: SparseIndex> TriangularOperand<T> for CscArray<T, I> {
    fn host_compressed(&self) -> Result<HostCompressed<T>> {
        compressed(
            false,
            self.shape(),
            self.data(),
            self.indices(),
            self.indptr(),
        )
    }
}

impl<T: SolverDType, I: SparseIndex> TriangularOperand<T> for CooArray<T, I> {
    fn host_compressed(&self) -> Result<HostCompressed<T>> {
        self.tocsr()?.host_compressed()
    }
}

/// The call [`spsolve_triangular`] returns: set SciPy's keywords, then
/// [`run`](SpsolveTriangular::run) gives `x`.
#[must_use = "a solver call does nothing until `.run()` is called"]
pub struct SpsolveTriangular<'a, T: SolverDType, A: TriangularOperand<T> + ?Sized> {
    a: &'a A,
    b: &'a Array<T>,
    lower: bool,
    unit_diagonal: bool,
}

impl<T: SolverDType, A: TriangularOperand<T> + ?Sized> std::fmt::Debug
    for SpsolveTriangular<'_, T, A>
{
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("spsolve_triangular")
            .field("lower", &self.lower)
            .field("unit_diagonal", &self.unit_diagonal)
            .finish_non_exhaustive()
    }
}

/// SciPy's `spsolve_triangular(A, b, lower=True, overwrite_A=False, overwrite_b=False,
/// unit_diagonal=False)`: `x` with `A x = b` for a square triangular CSR or CSC `A` (COO is
/// converted) and a dense `b` of `[n]` or `[n, k]`; `x` has `b`'s shape. Keywords are the
/// methods of [`SpsolveTriangular`].
///
/// Substitution row by row (CSR) or column by column (CSC) on the host, duplicates summed as
/// they are met; on CUDA the matrix and `b` are copied to the host and `x` back (a
/// level-scheduled device kernel is future work). Only the chosen triangle is read: entries
/// of the other one are ignored (SciPy 1.17 passes them to SuperLU's triangular solve, with
/// a meaningless result), and with `unit_diagonal` the stored diagonal too.
///
/// Errors, as SciPy's: `A` not square, `b` not 1-d or 2-d or of another length
/// (`ValueError`); a zero (or missing) diagonal entry without `unit_diagonal` ("A is
/// singular: zero entry on diagonal.", SciPy's `LinAlgError`); arrays on different devices.
///
/// ```
/// use kernels_std::prelude::*;
/// use kernels_std::sparse::CsrArray;
/// use kernels_std::sparse::linalg::spsolve_triangular;
/// let dev = Device::cpu();
/// let d = Array::from_vec(&dev, &[3, 3], vec![2.0f64, 0.0, 0.0, 1.0, 4.0, 0.0, 0.0, 2.0, 1.0])?;
/// let l = CsrArray::<f64>::from_dense(&d)?;
/// let b = Array::from_vec(&dev, &[3], vec![2.0, 5.0, 3.0])?;
/// assert_eq!(spsolve_triangular(&l, &b).run()?.to_vec()?, vec![1.0, 1.0, 1.0]);
/// // The transpose is upper triangular: lower(false) solves with it.
/// let u = l.transpose(); // a CSC array
/// let b = Array::from_vec(&dev, &[3], vec![3.0, 6.0, 1.0])?;
/// assert_eq!(spsolve_triangular(&u, &b).lower(false).run()?.to_vec()?, vec![1.0, 1.0, 1.0]);
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn spsolve_triangular<'a, T: SolverDType, A: TriangularOperand<T> + ?Sized>(
    a: &'a A,
    b: &'a Array<T>,
) -> SpsolveTriangular<'a, T, A> {
    SpsolveTriangular {
        a,
        b,
        lower: true,
        unit_diagonal: false,
    }
}

impl<T: SolverDType, A: TriangularOperand<T> + ?Sized> SpsolveTriangular<'_, T, A> {
    /// SciPy's `lower` (default `true`): `A` is lower triangular; `false`: upper.
    pub fn lower(mut self, lower: bool) -> Self {
        self.lower = lower;
        self
    }

    /// SciPy's `unit_diagonal` (default `false`): take the diagonal to be ones (the stored
    /// one is not read).
    pub fn unit_diagonal(mut self, unit_diagonal: bool) -> Self {
        self.unit_diagonal = unit_diagonal;
        self
    }

    /// SciPy's `overwrite_A`: accepted and ignored (`A` is never written).
    pub fn overwrite_a(self, _overwrite: bool) -> Self {
        self
    }

    /// SciPy's `overwrite_b`: accepted and ignored (`b` is never written).
    pub fn overwrite_b(self, _overwrite: bool) -> Self {
        self
    }

    /// Solves: `x` of `b`'s shape, on `b`'s device.
    pub fn run(self) -> Result<Array<T>> {
        let a = self.a.host_compressed()?;
        let [m, n] = a.shape;
        if m != n {
            return Err(Error::invalid(format!(
                "spsolve_triangular: A must be a square matrix but its shape is ({m}, {n})."
            )));
        }
        let b = self.b;
        let k = match b.shape() {
            [len] if *len == n => 1,
            [len, k] if *len == n => *k,
            [_] | [_, _] => {
                return Err(Error::ShapeMismatch {
                    op: format!(
                        "spsolve_triangular: the size of the dimensions of A must be equal to \
                         the size of the first dimension of b but the shape of A is ({n}, {n}) \
                         and the shape of b is {:?}",
                        b.shape()
                    ),
                    expected: vec![n],
                    found: b.shape().to_vec(),
                })
            }
            s => {
                return Err(Error::invalid(format!(
                    "spsolve_triangular: b must have 1 or 2 dims but its shape is {s:?}."
                )))
            }
        };
        let dev = b.device();
        if a.device != dev {
            return Err(Error::invalid(format!(
                "spsolve_triangular: A is on {:?}, b on {dev:?}",
                a.device
            )));
        }
        let mut x = host(&b.as_standard_layout()?)?;
        substitute(&a, &mut x, k, self.lower, self.unit_diagonal)?;
        let x = Array::from_vec(&Device::Cpu, b.shape(), x)?;
        if dev.is_cpu() {
            Ok(x)
        } else {
            x.to_device(&dev)
        }
    }
}

/// The stored entries of line `i` (a row of CSR, a column of CSC).
pub(super) fn line<T: Copy>(
    a: &HostCompressed<T>,
    i: usize,
) -> Result<impl Iterator<Item = (usize, T)> + '_> {
    let bad = || Error::invalid("spsolve_triangular: malformed index pointers");
    let (lo, hi) = (
        *a.indptr.get(i).ok_or_else(bad)?,
        *a.indptr.get(i + 1).ok_or_else(bad)?,
    );
    if lo > hi || hi > a.indices.len() || hi > a.data.len() {
        return Err(bad());
    }
    Ok(a.indices[lo..hi]
        .iter()
        .copied()
        .zip(a.data[lo..hi].iter().copied()))
}

/// Solves in place: `x` holds `b` (`[n, k]` row-major) and gets `x`.
fn substitute<T: SolverDType>(
    a: &HostCompressed<T>,
    x: &mut [T],
    k: usize,
    lower: bool,
    unit: bool,
) -> Result<()> {
    let n = a.shape[0];
    // The diagonal (duplicates summed).
    let mut diag = vec![T::zero(); n];
    if !unit {
        for (i, d) in diag.iter_mut().enumerate() {
            for (j, v) in line(a, i)? {
                if j == i {
                    *d = *d + v;
                }
            }
        }
        if diag.iter().any(|d| *d == T::zero()) {
            return Err(Error::invalid(
                "spsolve_triangular: A is singular: zero entry on diagonal.",
            ));
        }
    }
    let order: Box<dyn Iterator<Item = usize>> = if lower {
        Box::new(0..n)
    } else {
        Box::new((0..n).rev())
    };
    // Entry (row r, column c) of the chosen triangle, off the diagonal.
    let strict = |r: usize, c: usize| if lower { c < r } else { c > r };
    if a.by_rows {
        for i in order {
            for (j, v) in line(a, i)? {
                if j < n && strict(i, j) {
                    for c in 0..k {
                        x[i * k + c] = x[i * k + c] - v * x[j * k + c];
                    }
                }
            }
            if !unit {
                for c in 0..k {
                    x[i * k + c] = x[i * k + c] / diag[i];
                }
            }
        }
    } else {
        for j in order {
            if !unit {
                for c in 0..k {
                    x[j * k + c] = x[j * k + c] / diag[j];
                }
            }
            for (i, v) in line(a, j)? {
                if i < n && strict(i, j) {
                    for c in 0..k {
                        x[i * k + c] = x[i * k + c] - v * x[j * k + c];
                    }
                }
            }
        }
    }
    Ok(())
}

/// SciPy's `spsolve(A, b)`: `x` with `A x = b` for a square sparse `A` (CSR, CSC or COO)
/// and a dense `b` of `[n]`, `[n, 1]` (both give `x` of `[n]`, as SciPy's) or `[n, k]`
/// (`x` of `[n, k]`), by faer's sparse LU with partial pivoting (SciPy's default is
/// SuperLU with the COLAMD ordering; faer orders by COLAMD too).
///
/// The factorization and the solve run on the host; on CUDA the matrix and `b` are copied
/// there and `x` back (no device route yet: cuSOLVER's sparse LU is host-side as well).
/// A singular matrix gives an `x` of NaN, as SciPy's (which also warns,
/// `MatrixRankWarning`): a structurally singular one, or a zero pivot that makes the solve
/// produce a non-finite value from finite data.
///
/// Errors, as SciPy's `ValueError`s: `A` not square, `b` not 1-d or 2-d or not of `n` rows;
/// arrays on different devices. Without the `lapack` feature (faer) `spsolve` is absent.
///
/// ```
/// use kernels_std::prelude::*;
/// use kernels_std::sparse::CsrArray;
/// use kernels_std::sparse::linalg::spsolve;
/// let dev = Device::cpu();
/// let d = Array::from_vec(&dev, &[3, 3], vec![0.0f64, 2.0, 0.0, 1.0, 0.0, 1.0, 0.0, 1.0, 3.0])?;
/// let a = CsrArray::<f64>::from_dense(&d)?; // needs pivoting: a zero first pivot
/// let b = Array::from_vec(&dev, &[3], vec![2.0, 2.0, 4.0])?;
/// let x = spsolve(&a, &b)?.to_vec()?;
/// assert!(x.iter().all(|v| (v - 1.0).abs() < 1e-14));
/// // Singular: NaN.
/// let s = CsrArray::<f64>::from_dense(&Array::from_vec(&dev, &[2, 2], vec![1.0, 2.0, 2.0, 4.0])?)?;
/// let b = Array::from_vec(&dev, &[2], vec![1.0, 1.0])?;
/// assert!(spsolve(&s, &b)?.to_vec()?.iter().all(|v| v.is_nan()));
/// # Ok::<(), kernels_std::Error>(())
/// ```
#[cfg(feature = "lapack")]
pub fn spsolve<T, A>(a: &A, b: &Array<T>) -> Result<Array<T>>
where
    T: SolverDType + crate::linalg::LinalgFloat,
    A: TriangularOperand<T> + ?Sized,
{
    use faer::linalg::solvers::SolveCore as _;
    use faer::sparse::{SparseColMat, Triplet};
    let hc = a.host_compressed()?;
    let [m, n] = hc.shape;
    if m != n {
        return Err(Error::invalid(format!(
            "spsolve: matrix must be square (has shape ({m}, {n}))"
        )));
    }
    let (k, out_shape) = match b.shape() {
        [len] if *len == n => (1, vec![n]),
        [len, 1] if *len == n => (1, vec![n]),
        [len, k] if *len == n => (*k, vec![n, *k]),
        [len] | [len, _] => {
            return Err(Error::ShapeMismatch {
                op: format!("spsolve: matrix - rhs dimension mismatch (({n}, {n}) - {len})"),
                expected: vec![n],
                found: b.shape().to_vec(),
            })
        }
        s => {
            return Err(Error::invalid(format!(
                "spsolve: b must be 1-d or 2-d, got shape {s:?}"
            )))
        }
    };
    let dev = b.device();
    if hc.device != dev {
        return Err(Error::invalid(format!(
            "spsolve: A is on {:?}, b on {dev:?}",
            hc.device
        )));
    }
    let bv = host(&b.as_standard_layout()?)?;
    let mut triplets = Vec::new();
    triplets
        .try_reserve_exact(hc.data.len())
        .map_err(|_| Error::invalid("spsolve: out of memory"))?;
    for i in 0..n {
        for (j, v) in line(&hc, i)? {
            if j >= n {
                return Err(Error::invalid("spsolve: an index out of range"));
            }
            let (r, c) = if hc.by_rows { (i, j) } else { (j, i) };
            triplets.push(Triplet::new(r, c, v));
        }
    }
    let finite = |v: &T| crate::linalg::LinalgScalar::abs_f64(*v).is_finite();
    let nan =
        || <T as SolverDType>::from_real(<<T as SolverDType>::Re as num_traits::Float>::nan());
    let x: Vec<T> = if n == 0 || k == 0 {
        bv
    } else {
        let mat = SparseColMat::<usize, T>::try_new_from_triplets(n, n, &triplets)
            .map_err(|e| Error::invalid(format!("spsolve: {e:?}")))?;
        match mat.sp_lu() {
            Err(faer::sparse::linalg::LuError::SymbolicSingular { .. }) => vec![nan(); n * k],
            Err(e) => return Err(Error::invalid(format!("spsolve: {e:?}"))),
            Ok(lu) => {
                let mut rhs = faer::Mat::<T>::from_fn(n, k, |i, c| bv[i * k + c]);
                lu.solve_in_place_with_conj(faer::Conj::No, rhs.as_mut());
                let mut x = Vec::with_capacity(n * k);
                for i in 0..n {
                    for c in 0..k {
                        x.push(rhs[(i, c)]);
                    }
                }
                let inputs_finite = hc.data.iter().all(finite) && bv.iter().all(finite);
                if inputs_finite && !x.iter().all(finite) {
                    vec![nan(); n * k]
                } else {
                    x
                }
            }
        }
    };
    let x = Array::from_vec(&Device::Cpu, &out_shape, x)?;
    if dev.is_cpu() {
        Ok(x)
    } else {
        x.to_device(&dev)
    }
}
