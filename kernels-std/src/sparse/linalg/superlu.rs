//! SciPy's `splu` (`_dsolve/linsolve.py`, the `SuperLU` object), `factorized` and `inv`
//! (`_matfuncs.py`): a sparse LU factorization kept for many solves, on the host, by faer's
//! simplicial (left-looking, Gilbert-Peierls) LU with partial pivoting after a COLAMD column
//! ordering.

use faer::dyn_stack::{MemBuffer, MemStack, StackReq};
use faer::perm::PermRef;
use faer::sparse::linalg::colamd;
use faer::sparse::linalg::lu::simplicial::{self, SimplicialLu};
use faer::sparse::{SparseColMat, Triplet};
use faer::{Conj, Par};

use super::dsolve::{host, line, HostCompressed, TriangularOperand};
use super::scalar::SolverDType;
use crate::linalg::{LinalgFloat, LinalgScalar};
use crate::prelude::*;
use crate::sparse::{CooArray, CscArray, CsrArray, SparseIndex};

/// The element types [`splu`] factors: [`SolverDType`]s that faer computes in.
pub trait LuDType: SolverDType + LinalgFloat {}
impl<T: SolverDType + LinalgFloat> LuDType for T {}

/// The column ordering of [`splu`] (SciPy's `permc_spec`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum PermcSpec {
    /// `'NATURAL'`: no column permutation.
    Natural,
    /// `'COLAMD'` (SciPy's default): the approximate minimum degree ordering of `A^T A`'s
    /// columns, computed without forming `A^T A`.
    #[default]
    Colamd,
}

impl PermcSpec {
    /// SciPy's `permc_spec` string: `"NATURAL"` or `"COLAMD"`; `"MMD_ATA"` and
    /// `"MMD_AT_PLUS_A"` (multiple minimum degree) are not offered and, as any other
    /// string, an error.
    pub fn parse(s: &str) -> Result<Self> {
        match s {
            "NATURAL" => Ok(PermcSpec::Natural),
            "COLAMD" => Ok(PermcSpec::Colamd),
            "MMD_ATA" | "MMD_AT_PLUS_A" => Err(Error::invalid(format!(
                "splu: permc_spec={s:?} (multiple minimum degree) is not offered; use \
                 \"COLAMD\" or \"NATURAL\""
            ))),
            _ => Err(Error::invalid(format!(
                "splu: permc_spec must be one of NATURAL, MMD_ATA, MMD_AT_PLUS_A, COLAMD, \
                 not {s:?}"
            ))),
        }
    }
}

/// Which system [`SuperLU::solve`] solves (SciPy's `trans`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Trans {
    /// `'N'`: `A x = b`.
    #[default]
    N,
    /// `'T'`: `A^T x = b`.
    T,
    /// `'H'`: `A^H x = b` (`A^T` for real dtypes).
    H,
}

/// SciPy's `SuperLU` object: the LU factorization `Pr A Pc = L U` of a square sparse matrix
/// made by [`splu`], for solving with many right-hand sides.
///
/// `L` is unit lower triangular, `U` upper triangular; row `i` of `A` is row
/// [`perm_r`](Self::perm_r)`[i]` of `Pr A`, column `j` of `A` is column
/// [`perm_c`](Self::perm_c)`[j]` of `A Pc` (SciPy's conventions: `Pr` is
/// `csc_array((ones, (perm_r, arange(n))))`, `Pc` is `csc_array((ones, (arange(n), perm_c)))`).
/// The factors live on the host; [`solve`](Self::solve) takes and returns arrays on the
/// factored matrix's device.
pub struct SuperLU<T: LuDType> {
    n: usize,
    lu: SimplicialLu<usize, T>,
    row_fwd: Vec<usize>,
    row_inv: Vec<usize>,
    col_fwd: Vec<usize>,
    col_inv: Vec<usize>,
    device: Device,
}

impl<T: LuDType> std::fmt::Debug for SuperLU<T> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("SuperLU")
            .field("shape", &self.shape())
            .field("nnz", &self.nnz())
            .finish_non_exhaustive()
    }
}

/// The call [`splu`] returns: set SciPy's keywords, then [`run`](Splu::run) factors.
#[must_use = "a factorization does nothing until `.run()` is called"]
pub struct Splu<'a, T: LuDType, A: TriangularOperand<T> + ?Sized> {
    a: &'a A,
    permc: Result<PermcSpec>,
    _t: std::marker::PhantomData<T>,
}

impl<T: LuDType, A: TriangularOperand<T> + ?Sized> std::fmt::Debug for Splu<'_, T, A> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("splu")
            .field("permc_spec", &self.permc.as_ref().ok())
            .finish_non_exhaustive()
    }
}

/// SciPy's `splu(A, permc_spec=None)`: the LU factorization of a square sparse matrix (CSR,
/// CSC or COO; duplicates summed), a [`SuperLU`] whose [`solve`](SuperLU::solve) solves
/// `A x = b`, `A^T x = b` or `A^H x = b`.
///
/// faer's simplicial sparse LU (partial pivoting: the largest magnitude of each column, where
/// SuperLU, at its default `diag_pivot_thresh=1`, prefers the diagonal among ties) after a
/// COLAMD column ordering, on the host; on CUDA the matrix is copied there. The factors and
/// permutations are therefore not SuperLU's (another supernodal code, another COLAMD), but
/// they satisfy the same identity `Pr A Pc = L U`, and the solutions agree to rounding.
///
/// Errors, as SciPy's: `A` not square (`ValueError`), `A` singular (a structurally zero
/// column, or a pivot exactly zero: SciPy's `RuntimeError: Factor is exactly singular`); an
/// unknown `permc_spec`.
///
/// ```
/// use kernels_std::prelude::*;
/// use kernels_std::sparse::CscArray;
/// use kernels_std::sparse::linalg::{splu, Trans};
/// let dev = Device::cpu();
/// let d = Array::from_vec(&dev, &[3, 3], vec![1.0f64, 2.0, 0.0, 3.0, 4.0, 0.0, 0.0, 0.0, 5.0])?;
/// let a = CscArray::<f64>::from_dense(&d)?;
/// let lu = splu(&a).run()?;
/// assert_eq!(lu.shape(), [3, 3]);
/// let b = Array::from_vec(&dev, &[3], vec![5.0, 11.0, 10.0])?;
/// let x = lu.solve(&b, Trans::N)?.to_vec()?;
/// assert!((x[0] - 1.0).abs() < 1e-14 && (x[1] - 2.0).abs() < 1e-14 && (x[2] - 2.0).abs() < 1e-14);
/// // A^T x = b
/// let x = lu.solve(&b, Trans::T)?.to_vec()?;
/// assert!((x[0] - 6.5).abs() < 1e-14 && (x[1] + 0.5).abs() < 1e-14);
/// // Singular: an error.
/// let s = CscArray::<f64>::from_dense(&Array::from_vec(&dev, &[2, 2], vec![1.0, 2.0, 2.0, 4.0])?)?;
/// assert!(splu(&s).run().unwrap_err().to_string().contains("exactly singular"));
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn splu<T: LuDType, A: TriangularOperand<T> + ?Sized>(a: &A) -> Splu<'_, T, A> {
    Splu {
        a,
        permc: Ok(PermcSpec::Colamd),
        _t: std::marker::PhantomData,
    }
}

impl<T: LuDType, A: TriangularOperand<T> + ?Sized> Splu<'_, T, A> {
    /// SciPy's `permc_spec` (default `"COLAMD"`): `"NATURAL"` or `"COLAMD"` (see
    /// [`PermcSpec::parse`]); an unknown string is an error at `run`.
    pub fn permc_spec(mut self, spec: &str) -> Self {
        self.permc = PermcSpec::parse(spec);
        self
    }

    /// Factors: the [`SuperLU`].
    pub fn run(self) -> Result<SuperLU<T>> {
        let permc = self.permc?;
        factor(&self.a.host_compressed()?, permc)
    }
}

fn oom(what: &str) -> Error {
    Error::invalid(format!("{what}: out of memory"))
}

/// `A` as faer's CSC matrix (duplicates summed).
fn to_faer<T: LuDType>(
    hc: &HostCompressed<T>,
    shift: Option<T>,
    what: &str,
) -> Result<SparseColMat<usize, T>> {
    let n = hc.shape[1];
    let mut triplets = Vec::new();
    triplets
        .try_reserve_exact(hc.data.len() + if shift.is_some() { n } else { 0 })
        .map_err(|_| oom(what))?;
    if let Some(s) = shift {
        for i in 0..n {
            triplets.push(Triplet::new(i, i, -s));
        }
    }
    for i in 0..hc.shape[0] {
        for (j, v) in line(hc, i)? {
            if j >= n {
                return Err(Error::invalid(format!("{what}: an index out of range")));
            }
            let (r, c) = if hc.by_rows { (i, j) } else { (j, i) };
            triplets.push(Triplet::new(r, c, v));
        }
    }
    SparseColMat::<usize, T>::try_new_from_triplets(n, n, &triplets)
        .map_err(|e| Error::invalid(format!("{what}: {e:?}")))
}

/// The factorization of `A - sigma I` (for `eigsh`'s shift-invert mode).
pub(super) fn shifted_lu<T: LuDType>(hc: &HostCompressed<T>, sigma: f64) -> Result<SuperLU<T>> {
    let s = <T as SolverDType>::from_real(
        num_traits::cast(sigma).unwrap_or_else(<<T as SolverDType>::Re as num_traits::Float>::nan),
    );
    factor_shifted(hc, PermcSpec::Colamd, Some(s))
}

fn factor<T: LuDType>(hc: &HostCompressed<T>, permc: PermcSpec) -> Result<SuperLU<T>> {
    factor_shifted(hc, permc, None)
}

fn factor_shifted<T: LuDType>(
    hc: &HostCompressed<T>,
    permc: PermcSpec,
    shift: Option<T>,
) -> Result<SuperLU<T>> {
    let what = "splu";
    let [m, n] = hc.shape;
    if m != n {
        return Err(Error::invalid(format!(
            "{what}: can only factor square matrices (shape ({m}, {n}))"
        )));
    }
    let a = to_faer(hc, shift, what)?;
    let singular = || Error::linalg(what, "Factor is exactly singular");
    let mut col_fwd = vec![0usize; n];
    let mut col_inv = vec![0usize; n];
    match permc {
        PermcSpec::Natural => {
            for (i, (f, v)) in col_fwd.iter_mut().zip(&mut col_inv).enumerate() {
                (*f, *v) = (i, i);
            }
        }
        PermcSpec::Colamd => {
            let req = colamd::order_scratch::<usize>(n, n, a.compute_nnz());
            let mut mem = MemBuffer::try_new(req).map_err(|_| oom(what))?;
            colamd::order(
                &mut col_fwd,
                &mut col_inv,
                a.symbolic(),
                colamd::Control::default(),
                MemStack::new(&mut mem),
            )
            .map_err(|e| Error::invalid(format!("{what}: {e:?}")))?;
        }
    }
    let mut row_fwd = vec![0usize; n];
    let mut row_inv = vec![0usize; n];
    let mut lu = SimplicialLu::<usize, T>::new();
    let req = simplicial::factorize_simplicial_numeric_lu_scratch::<usize, T>(n, n);
    let mut mem = MemBuffer::try_new(req).map_err(|_| oom(what))?;
    simplicial::factorize_simplicial_numeric_lu(
        &mut row_fwd,
        &mut row_inv,
        &mut lu,
        a.as_ref(),
        PermRef::new_checked(&col_fwd, &col_inv, n),
        MemStack::new(&mut mem),
    )
    .map_err(|e| match e {
        faer::sparse::linalg::LuError::SymbolicSingular { .. } => singular(),
        e => Error::invalid(format!("{what}: {e:?}")),
    })?;
    // A pivot exactly zero (SuperLU's `info > 0`): the diagonal of U.
    let u = lu.u_factor_unsorted();
    for j in 0..n {
        let rows = u.row_idx_of_col_raw(j);
        let vals = u.val_of_col(j);
        let diag = rows
            .iter()
            .zip(vals)
            .filter(|(r, _)| **r == j)
            .fold(<T as LinalgScalar>::zero(), |s, (_, v)| s + *v);
        if diag == <T as LinalgScalar>::zero() {
            return Err(singular());
        }
    }
    Ok(SuperLU {
        n,
        lu,
        row_fwd,
        row_inv,
        col_fwd,
        col_inv,
        device: hc.device.clone(),
    })
}

impl<T: LuDType> SuperLU<T> {
    /// SciPy's `shape`: `[n, n]`.
    pub fn shape(&self) -> [usize; 2] {
        [self.n, self.n]
    }

    /// SciPy's `nnz`: the stored entries of `L` (its unit diagonal included) and `U`.
    pub fn nnz(&self) -> usize {
        self.lu.l_factor_unsorted().compute_nnz() + self.lu.u_factor_unsorted().compute_nnz()
    }

    /// SciPy's `perm_r`: row `i` of `A` is row `perm_r[i]` of `Pr A`.
    pub fn perm_r(&self) -> &[usize] {
        &self.row_inv
    }

    /// SciPy's `perm_c`: column `j` of `A` is column `perm_c[j]` of `A Pc`.
    pub fn perm_c(&self) -> &[usize] {
        &self.col_inv
    }

    /// The device of the factored matrix (where [`solve`](Self::solve) takes `b`).
    pub fn device(&self) -> Device {
        self.device.clone()
    }

    /// SciPy's `L`: the unit lower triangular factor (its diagonal stored), canonical CSC.
    ///
    /// ```
    /// use kernels_std::prelude::*;
    /// use kernels_std::sparse::{CscArray, CooArray};
    /// use kernels_std::sparse::linalg::splu;
    /// let dev = Device::cpu();
    /// let d = Array::from_vec(&dev, &[2, 2], vec![1.0f64, 2.0, 3.0, 4.0])?;
    /// let lu = splu(&CscArray::<f64>::from_dense(&d)?).permc_spec("NATURAL").run()?;
    /// let (l, u) = (lu.l::<i32>()?, lu.u::<i32>()?);
    /// assert_eq!(lu.perm_r(), &[1, 0]); // row 0 of A is row 1 of Pr A: pivoting on 3
    /// assert_eq!(l.toarray()?.to_vec()?, vec![1.0, 0.0, 1.0 / 3.0, 1.0]);
    /// assert_eq!(u.toarray()?.to_vec()?, vec![3.0, 4.0, 0.0, 2.0 - 4.0 / 3.0]);
    /// assert_eq!(lu.nnz(), 6);
    /// # Ok::<(), kernels_std::Error>(())
    /// ```
    pub fn l<I: SparseIndex>(&self) -> Result<CscArray<T, I>> {
        self.factor_csc(self.lu.l_factor_unsorted())
    }

    /// SciPy's `U`: the upper triangular factor, canonical CSC.
    pub fn u<I: SparseIndex>(&self) -> Result<CscArray<T, I>> {
        self.factor_csc(self.lu.u_factor_unsorted())
    }

    fn factor_csc<I: SparseIndex>(
        &self,
        f: faer::sparse::SparseColMatRef<'_, usize, T>,
    ) -> Result<CscArray<T, I>> {
        let nnz = f.compute_nnz();
        let (mut data, mut row, mut col) = (
            Vec::with_capacity(nnz),
            Vec::with_capacity(nnz),
            Vec::with_capacity(nnz),
        );
        let index = |v: usize| {
            num_traits::cast::<usize, I>(v)
                .ok_or_else(|| Error::invalid("SuperLU: an index beyond the index type"))
        };
        for j in 0..self.n {
            for (r, v) in f.row_idx_of_col_raw(j).iter().zip(f.val_of_col(j)) {
                data.push(*v);
                row.push(index(*r)?);
                col.push(index(j)?);
            }
        }
        let dev = Device::Cpu;
        let coo = CooArray::new(
            &Array::from_vec(&dev, &[nnz], data)?,
            &Array::from_vec(&dev, &[nnz], row)?,
            &Array::from_vec(&dev, &[nnz], col)?,
            [self.n, self.n],
        )?;
        let csc = coo.tocsc()?;
        if self.device.is_cpu() {
            Ok(csc)
        } else {
            CscArray::new(
                &csc.data().to_device(&self.device)?,
                &csc.indices().to_device(&self.device)?,
                &csc.indptr().to_device(&self.device)?,
                [self.n, self.n],
            )
        }
    }

    /// SciPy's `solve(rhs, trans='N')`: `x` with `A x = b` (`Trans::N`), `A^T x = b`
    /// (`Trans::T`) or `A^H x = b` (`Trans::H`), for `b` of `[n]` or `[n, k]`; `x` has `b`'s
    /// shape. Errors, as SciPy's `ValueError`s: `b` of another length or not 1-d or 2-d;
    /// `b` on another device than the factored matrix.
    pub fn solve(&self, b: &Array<T>, trans: Trans) -> Result<Array<T>> {
        let n = self.n;
        let k = match b.shape() {
            [len] if *len == n => 1,
            [len, k] if *len == n => *k,
            [_] | [_, _] => {
                return Err(Error::ShapeMismatch {
                    op: "SuperLU.solve: b is of incompatible size".into(),
                    expected: vec![n],
                    found: b.shape().to_vec(),
                })
            }
            s => {
                return Err(Error::invalid(format!(
                    "SuperLU.solve: b must be 1-d or 2-d, got shape {s:?}"
                )))
            }
        };
        let dev = b.device();
        if dev != self.device {
            return Err(Error::invalid(format!(
                "SuperLU.solve: b is on {dev:?}, the factors' matrix on {:?}",
                self.device
            )));
        }
        let bv = host(&b.as_standard_layout()?)?;
        let x = self.solve_host(&bv, k, trans)?;
        let x = Array::from_vec(&Device::Cpu, b.shape(), x)?;
        if dev.is_cpu() {
            Ok(x)
        } else {
            x.to_device(&dev)
        }
    }

    /// Solves for `k` columns held row-major in `b` (`[n, k]`), on the host.
    pub(crate) fn solve_host(&self, b: &[T], k: usize, trans: Trans) -> Result<Vec<T>> {
        let n = self.n;
        if n == 0 || k == 0 {
            return Ok(b.to_vec());
        }
        let mut rhs = faer::Mat::<T>::from_fn(n, k, |i, c| b[i * k + c]);
        let row = PermRef::new_checked(&self.row_fwd, &self.row_inv, n);
        let col = PermRef::new_checked(&self.col_fwd, &self.col_inv, n);
        let req = StackReq::any_of(&[
            simplicial::solve_in_place_scratch::<usize, T>(n, k, Par::Seq),
            simplicial::solve_transpose_in_place_scratch::<usize, T>(n, k, Par::Seq),
        ]);
        let mut mem = MemBuffer::try_new(req).map_err(|_| oom("SuperLU.solve"))?;
        let stack = MemStack::new(&mut mem);
        match trans {
            Trans::N => {
                self.lu
                    .solve_in_place_with_conj(row, col, Conj::No, rhs.as_mut(), Par::Seq, stack)
            }
            Trans::T => self.lu.solve_transpose_in_place_with_conj(
                row,
                col,
                Conj::No,
                rhs.as_mut(),
                Par::Seq,
                stack,
            ),
            Trans::H => self.lu.solve_transpose_in_place_with_conj(
                row,
                col,
                Conj::Yes,
                rhs.as_mut(),
                Par::Seq,
                stack,
            ),
        }
        let mut x = Vec::new();
        x.try_reserve_exact(n * k)
            .map_err(|_| oom("SuperLU.solve"))?;
        for i in 0..n {
            for c in 0..k {
                x.push(rhs[(i, c)]);
            }
        }
        Ok(x)
    }
}

/// SciPy's `factorized(A)` (without scikit-umfpack: `splu(A).solve`): a function that
/// solves `A x = b` with the factorization made once. Errors as [`splu`]'s.
///
/// ```
/// use kernels_std::prelude::*;
/// use kernels_std::sparse::CsrArray;
/// use kernels_std::sparse::linalg::factorized;
/// let dev = Device::cpu();
/// let d = Array::from_vec(&dev, &[2, 2], vec![4.0f64, 1.0, 1.0, 3.0])?;
/// let solve = factorized(&CsrArray::<f64>::from_dense(&d)?)?;
/// for rhs in [vec![5.0, 4.0], vec![4.0, 1.0]] {
///     let x = solve(&Array::from_vec(&dev, &[2], rhs.clone())?)?.to_vec()?;
///     assert!((4.0 * x[0] + x[1] - rhs[0]).abs() < 1e-14);
///     assert!((x[0] + 3.0 * x[1] - rhs[1]).abs() < 1e-14);
/// }
/// # Ok::<(), kernels_std::Error>(())
/// ```
#[allow(clippy::type_complexity)]
pub fn factorized<T: LuDType, A: TriangularOperand<T> + ?Sized>(
    a: &A,
) -> Result<Box<dyn Fn(&Array<T>) -> Result<Array<T>>>> {
    let lu = splu(a).run()?;
    Ok(Box::new(move |b: &Array<T>| lu.solve(b, Trans::N)))
}

/// The sparse arrays [`inv`] takes, and the format of their inverse (SciPy's: CSR for CSR,
/// CSC for CSC and COO). Sealed in effect: its one method is crate-private.
pub trait InvOperand<T: LuDType>: TriangularOperand<T> {
    /// The inverse's type.
    type Output;
    #[doc(hidden)]
    fn from_coo(coo: CooArray<T, i64>, dev: &Device) -> Result<Self::Output>;
}

fn coo_to_device<T: LuDType, I: SparseIndex>(
    coo: CooArray<T, I>,
    dev: &Device,
) -> Result<CooArray<T, I>> {
    if dev.is_cpu() {
        return Ok(coo);
    }
    CooArray::new(
        &coo.data().to_device(dev)?,
        &coo.row().to_device(dev)?,
        &coo.col().to_device(dev)?,
        coo.shape(),
    )
}

fn reindex<T: LuDType, I: SparseIndex>(coo: CooArray<T, i64>) -> Result<CooArray<T, I>> {
    let cast = |a: &Array<i64>| -> Result<Array<I>> {
        let v: Result<Vec<I>> = a
            .to_vec()?
            .into_iter()
            .map(|x| {
                num_traits::cast::<i64, I>(x)
                    .ok_or_else(|| Error::invalid("inv: an index beyond the index type"))
            })
            .collect();
        Array::from_vec(&Device::Cpu, &[a.len()], v?)
    };
    CooArray::new(
        coo.data(),
        &cast(coo.row())?,
        &cast(coo.col())?,
        coo.shape(),
    )
}

impl<T: LuDType, I: SparseIndex> InvOperand<T> for CsrArray<T, I> {
    type Output = CsrArray<T, I>;
    fn from_coo(coo: CooArray<T, i64>, dev: &Device) -> Result<Self::Output> {
        coo_to_device(reindex::<T, I>(coo)?, dev)?.tocsr()
    }
}

impl<T: LuDType, I: SparseIndex> InvOperand<T> for CscArray<T, I> {
    type Output = CscArray<T, I>;
    fn from_coo(coo: CooArray<T, i64>, dev: &Device) -> Result<Self::Output> {
        coo_to_device(reindex::<T, I>(coo)?, dev)?.tocsc()
    }
}

impl<T: LuDType, I: SparseIndex> InvOperand<T> for CooArray<T, I> {
    type Output = CscArray<T, I>;
    fn from_coo(coo: CooArray<T, i64>, dev: &Device) -> Result<Self::Output> {
        coo_to_device(reindex::<T, I>(coo)?, dev)?.tocsc()
    }
}

/// SciPy's `inv(A)`: the inverse of a square sparse matrix, sparse (CSR for a CSR `A`, CSC
/// for CSC and COO, as SciPy's), by [`splu`] and a solve per column of the identity (64
/// columns at a time), keeping the nonzero values (as SciPy's `spsolve` with a sparse
/// right-hand side keeps them).
///
/// Errors, as SciPy's: `A` not square, `A` singular ("Factor is exactly singular"), `A` of
/// 0 x 0 (SciPy's `ValueError` from an empty concatenation). SciPy returns a dense 1-d array
/// for a 1 x 1 `A` (its vector path); here the result is sparse for every size.
///
/// ```
/// use kernels_std::prelude::*;
/// use kernels_std::sparse::CsrArray;
/// use kernels_std::sparse::linalg::inv;
/// let dev = Device::cpu();
/// let d = Array::from_vec(&dev, &[2, 2], vec![1.0f64, 2.0, 3.0, 4.0])?;
/// let ainv = inv(&CsrArray::<f64>::from_dense(&d)?)?; // a CsrArray
/// let v = ainv.toarray()?.to_vec()?;
/// let want = [-2.0, 1.0, 1.5, -0.5];
/// assert!(v.iter().zip(want).all(|(a, b)| (a - b).abs() < 1e-14));
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn inv<T: LuDType, A: InvOperand<T> + ?Sized>(a: &A) -> Result<A::Output> {
    let hc = a.host_compressed()?;
    let [m, n] = hc.shape;
    if m != n {
        return Err(Error::invalid(format!(
            "inv: matrix must be square (has shape ({m}, {n}))"
        )));
    }
    if n == 0 {
        return Err(Error::invalid(
            "inv: need at least one array to concatenate (a 0 x 0 matrix)",
        ));
    }
    let lu = factor(&hc, PermcSpec::Colamd)?;
    const BLOCK: usize = 64;
    let (mut data, mut row, mut col) = (Vec::new(), Vec::new(), Vec::new());
    let mut start = 0;
    while start < n {
        let k = BLOCK.min(n - start);
        let mut b = vec![<T as LinalgScalar>::zero(); n * k];
        for c in 0..k {
            b[(start + c) * k + c] = <T as LinalgScalar>::one();
        }
        let x = lu.solve_host(&b, k, Trans::N)?;
        // Column by column, as SciPy's loop over the columns of the identity.
        for c in 0..k {
            for i in 0..n {
                let v = x[i * k + c];
                if v != <T as LinalgScalar>::zero() {
                    data.push(v);
                    row.push(i as i64);
                    col.push((start + c) as i64);
                }
            }
        }
        start += k;
    }
    let nnz = data.len();
    let dev = Device::Cpu;
    let coo = CooArray::new(
        &Array::from_vec(&dev, &[nnz], data)?,
        &Array::from_vec(&dev, &[nnz], row)?,
        &Array::from_vec(&dev, &[nnz], col)?,
        [n, n],
    )?;
    A::from_coo(coo, &hc.device)
}
