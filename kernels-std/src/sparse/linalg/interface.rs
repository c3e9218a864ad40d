//! [`LinearOperator`] and [`aslinearoperator`]: SciPy's `scipy.sparse.linalg._interface`.

use std::cell::OnceCell;
use std::rc::Rc;

use super::scalar::SolverDType;
use crate::prelude::*;
use crate::sparse::{CooArray, CscArray, CsrArray, SparseIndex};

/// A product of the operator (or of its adjoint) with a vector or a matrix.
type Product<'a, T> = Rc<dyn Fn(&Array<T>) -> Result<Array<T>> + 'a>;

/// SciPy's `LinearOperator(shape, matvec, rmatvec=None, matmat=None, dtype=T)`: an `m x n`
/// operator given by what it does to a vector, so that a solver needs no matrix. The
/// closures may borrow (the lifetime `'a`); cloning the operator shares them.
///
/// [`matvec`](Self::matvec) takes `x` of shape `[n]` or `[n, 1]` and returns `[m]` or
/// `[m, 1]` (as SciPy's); [`rmatvec`](Self::rmatvec) applies the adjoint `A^H` the same way;
/// [`matmat`](Self::matmat) takes `[n, k]`, through the closure given with
/// [`with_matmat`](Self::with_matmat) or column by column through `matvec` (SciPy's
/// default). A closure that returns the wrong number of elements is an error, as in SciPy.
///
/// ```
/// use kernels_std::prelude::*;
/// use kernels_std::sparse::linalg::LinearOperator;
/// let dev = Device::cpu();
/// // The operator x -> 2 x on R^3, written as a closure.
/// let double = LinearOperator::new([3, 3], |x: &Array<f64>| (x * 2.0).eval());
/// let x = Array::from_vec(&dev, &[3], vec![1.0, 2.0, 3.0])?;
/// assert_eq!(double.matvec(&x)?.to_vec()?, vec![2.0, 4.0, 6.0]);
/// assert_eq!(double.matvec(&x.reshape(&[3, 1])?)?.shape(), &[3, 1]);
/// assert!(double.matvec(&Array::zeros(&dev, &[2])?).is_err()); // dimension mismatch
/// assert!(double.rmatvec(&x).is_err()); // no adjoint given
/// let m = Array::from_vec(&dev, &[3, 2], vec![1.0, 0.0, 0.0, 1.0, 1.0, 1.0])?;
/// assert_eq!(double.matmat(&m)?.to_vec()?, vec![2.0, 0.0, 0.0, 2.0, 2.0, 2.0]);
/// # Ok::<(), kernels_std::Error>(())
/// ```
#[derive(Clone)]
pub struct LinearOperator<'a, T: DType> {
    shape: [usize; 2],
    matvec: Product<'a, T>,
    rmatvec: Option<Product<'a, T>>,
    matmat: Option<Product<'a, T>>,
    identity: bool,
}

impl<T: DType> std::fmt::Debug for LinearOperator<'_, T> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "<{}x{} LinearOperator with dtype={}>",
            self.shape[0],
            self.shape[1],
            T::ID.name()
        )
    }
}

impl<'a, T: DType> LinearOperator<'a, T> {
    /// SciPy's `LinearOperator(shape, matvec=matvec, dtype=T)`.
    pub fn new(shape: [usize; 2], matvec: impl Fn(&Array<T>) -> Result<Array<T>> + 'a) -> Self {
        LinearOperator {
            shape,
            matvec: Rc::new(matvec),
            rmatvec: None,
            matmat: None,
            identity: false,
        }
    }

    /// SciPy's `rmatvec=`: the product of the adjoint `A^H` with a vector of `[m]`.
    ///
    /// ```
    /// use kernels_std::prelude::*;
    /// use kernels_std::sparse::linalg::LinearOperator;
    /// let dev = Device::cpu();
    /// // The first-difference operator R^3 -> R^2 and its transpose.
    /// let d = LinearOperator::new([2, 3], |x: &Array<f64>| {
    ///     let v = x.to_vec()?;
    ///     Array::from_vec(&x.device(), &[2], vec![v[1] - v[0], v[2] - v[1]])
    /// })
    /// .with_rmatvec(|y: &Array<f64>| {
    ///     let v = y.to_vec()?;
    ///     Array::from_vec(&y.device(), &[3], vec![-v[0], v[0] - v[1], v[1]])
    /// });
    /// let y = Array::from_vec(&dev, &[2], vec![1.0, 2.0])?;
    /// assert_eq!(d.rmatvec(&y)?.to_vec()?, vec![-1.0, -1.0, 2.0]);
    /// # Ok::<(), kernels_std::Error>(())
    /// ```
    pub fn with_rmatvec(mut self, rmatvec: impl Fn(&Array<T>) -> Result<Array<T>> + 'a) -> Self {
        self.rmatvec = Some(Rc::new(rmatvec));
        self
    }

    /// SciPy's `matmat=`: the product with a matrix of `[n, k]` in one call.
    pub fn with_matmat(mut self, matmat: impl Fn(&Array<T>) -> Result<Array<T>> + 'a) -> Self {
        self.matmat = Some(Rc::new(matmat));
        self
    }

    /// SciPy's `IdentityOperator((n, n))`: `x` itself (no copy, no kernel).
    ///
    /// ```
    /// use kernels_std::prelude::*;
    /// use kernels_std::sparse::linalg::LinearOperator;
    /// let x = Array::from_vec(&Device::cpu(), &[2], vec![1.0f32, 2.0])?;
    /// assert_eq!(LinearOperator::identity(2).matvec(&x)?.to_vec()?, vec![1.0, 2.0]);
    /// # Ok::<(), kernels_std::Error>(())
    /// ```
    pub fn identity(n: usize) -> Self {
        let id = |x: &Array<T>| Ok(x.clone());
        LinearOperator {
            shape: [n, n],
            matvec: Rc::new(id),
            rmatvec: Some(Rc::new(id)),
            matmat: Some(Rc::new(id)),
            identity: true,
        }
    }

    /// `[m, n]` (SciPy's `shape`).
    pub fn shape(&self) -> [usize; 2] {
        self.shape
    }

    /// The element type (SciPy's `dtype`).
    pub fn dtype(&self) -> DTypeId {
        T::ID
    }

    /// Whether this is [`LinearOperator::identity`] (the solvers skip its products).
    pub(crate) fn is_identity(&self) -> bool {
        self.identity
    }

    /// SciPy's `A.matvec(x)`: `x` of shape `[n]` or `[n, 1]`, the result `[m]` or `[m, 1]`.
    pub fn matvec(&self, x: &Array<T>) -> Result<Array<T>> {
        apply("matvec", &self.matvec, [self.shape[0], self.shape[1]], x)
    }

    /// SciPy's `A.rmatvec(y)`: the adjoint `A^H` times `y` of shape `[m]` or `[m, 1]`. An
    /// error when the operator was made without an adjoint.
    pub fn rmatvec(&self, y: &Array<T>) -> Result<Array<T>> {
        let f = self
            .rmatvec
            .as_ref()
            .ok_or_else(|| Error::invalid(format!("rmatvec is not defined for {self:?}")))?;
        apply("rmatvec", f, [self.shape[1], self.shape[0]], y)
    }

    /// SciPy's `A.matmat(X)`: `X` of shape `[n, k]`, the result `[m, k]`.
    pub fn matmat(&self, x: &Array<T>) -> Result<Array<T>> {
        let [m, n] = self.shape;
        if x.ndim() != 2 || x.shape()[0] != n {
            return Err(Error::ShapeMismatch {
                op: "LinearOperator.matmat: dimension mismatch".into(),
                expected: vec![n, x.shape().get(1).copied().unwrap_or(1)],
                found: x.shape().to_vec(),
            });
        }
        let k = x.shape()[1];
        let y = match &self.matmat {
            Some(f) => f(x)?,
            None => {
                let mut cols = Vec::with_capacity(k);
                for j in 0..k {
                    cols.push(self.matvec(&x.slice(s![.., j as isize])?)?);
                }
                if cols.is_empty() {
                    Array::zeros(&x.device(), &[m, 0])?
                } else {
                    crate::shape::stack(&cols, 1)?
                }
            }
        };
        if y.len() != m * k {
            return Err(Error::invalid(format!(
                "LinearOperator.matmat: invalid shape {:?} returned by user-defined matmat() \
                 (expected [{m}, {k}])",
                y.shape()
            )));
        }
        y.reshape(&[m, k])
    }
}

/// `f(x)` for an operator of `shape` (`[out, in]`), with SciPy's checks of `x` and of what the
/// closure returns.
fn apply<T: DType>(
    what: &str,
    f: &Product<'_, T>,
    [out, inn]: [usize; 2],
    x: &Array<T>,
) -> Result<Array<T>> {
    let column = match x.shape() {
        [k] if *k == inn => false,
        [k, 1] if *k == inn => true,
        s => {
            return Err(Error::ShapeMismatch {
                op: format!("LinearOperator.{what}: dimension mismatch"),
                expected: vec![inn],
                found: s.to_vec(),
            })
        }
    };
    let flat = x.reshape(&[inn])?;
    let y = f(&flat)?;
    if y.len() != out {
        return Err(Error::invalid(format!(
            "LinearOperator.{what}: invalid shape {:?} returned by user-defined {what}() \
             (expected [{out}])",
            y.shape()
        )));
    }
    if column {
        y.reshape(&[out, 1])
    } else {
        y.reshape(&[out])
    }
}

/// What [`aslinearoperator`] takes: the sparse arrays, a 2-d dense [`Array`], and a
/// [`LinearOperator`] itself.
pub trait AsLinearOperator<T: DType> {
    /// SciPy's `aslinearoperator(self)`.
    fn as_linear_operator(&self) -> Result<LinearOperator<'_, T>>;

    /// Where the operator's products take their operands: the arrays' device, the CPU for a
    /// [`LinearOperator`] (whose closures are the user's).
    #[doc(hidden)]
    fn operator_device(&self) -> Device {
        Device::cpu()
    }
}

impl<'a, T: DType> AsLinearOperator<T> for LinearOperator<'a, T> {
    fn as_linear_operator(&self) -> Result<LinearOperator<'_, T>> {
        Ok(self.clone())
    }
}

/// The operator of a CSR array: `matvec` its SpMV, `rmatvec` the SpMV of the CSR form of
/// `A^H` (made at the first call and kept), `matmat` its SpMM.
pub(crate) fn csr_operator<'a, T: SolverDType, I: SparseIndex>(
    a: CsrArray<T, I>,
) -> LinearOperator<'a, T> {
    let shape = a.shape();
    let adjoint: OnceCell<CsrArray<T, I>> = OnceCell::new();
    let (a1, a2, a3) = (a.clone(), a.clone(), a);
    let rmatvec = move |y: &Array<T>| -> Result<Array<T>> {
        if adjoint.get().is_none() {
            let t = a2.tocsc()?.transpose();
            let h = CsrArray::new(
                &T::conj_array(t.data())?,
                t.indices(),
                t.indptr(),
                t.shape(),
            )?;
            let _ = adjoint.set(h);
        }
        let h = adjoint.get().expect("set above");
        h.dot(y)
    };
    LinearOperator::new(shape, move |x: &Array<T>| a1.dot(x))
        .with_rmatvec(rmatvec)
        .with_matmat(move |x: &Array<T>| a3.dot(x))
}

/// SciPy's `aslinearoperator(csr)`.
impl<T: SolverDType, I: SparseIndex> AsLinearOperator<T> for CsrArray<T, I> {
    fn operator_device(&self) -> Device {
        self.device()
    }
    fn as_linear_operator(&self) -> Result<LinearOperator<'_, T>> {
        Ok(csr_operator(self.clone()))
    }
}

/// SciPy's `aslinearoperator(csc)`: through its CSR form, made once.
impl<T: SolverDType, I: SparseIndex> AsLinearOperator<T> for CscArray<T, I> {
    fn operator_device(&self) -> Device {
        self.device()
    }
    fn as_linear_operator(&self) -> Result<LinearOperator<'_, T>> {
        Ok(csr_operator(self.tocsr()?))
    }
}

/// SciPy's `aslinearoperator(coo)`: through its CSR form, made once.
impl<T: SolverDType, I: SparseIndex> AsLinearOperator<T> for CooArray<T, I> {
    fn operator_device(&self) -> Device {
        self.device()
    }
    fn as_linear_operator(&self) -> Result<LinearOperator<'_, T>> {
        Ok(csr_operator(self.tocsr()?))
    }
}

/// SciPy's `aslinearoperator(ndarray)` of a 2-d array: products by `matmul` (GEMM), the
/// adjoint by `matmul` with the conjugate transpose.
impl<T: SolverDType> AsLinearOperator<T> for Array<T> {
    fn operator_device(&self) -> Device {
        self.device()
    }
    fn as_linear_operator(&self) -> Result<LinearOperator<'_, T>> {
        let &[m, n] = self.shape() else {
            return Err(Error::invalid(format!(
                "aslinearoperator: expected a 2-d array, got shape {:?}",
                self.shape()
            )));
        };
        let ah = T::conj_array(&self.t())?;
        Ok(
            LinearOperator::new([m, n], move |x: &Array<T>| crate::linalg::matmul(self, x))
                .with_rmatvec(move |y: &Array<T>| crate::linalg::matmul(&ah, y))
                .with_matmat(move |x: &Array<T>| crate::linalg::matmul(self, x)),
        )
    }
}

/// SciPy's `aslinearoperator(A)`: a [`LinearOperator`] of a [`CsrArray`], [`CscArray`],
/// [`CooArray`] (products by SpMV on their CSR form), a 2-d dense [`Array`] (by GEMM), or of
/// a `LinearOperator` (itself). The solvers call it on what they are given.
///
/// ```
/// use kernels_std::prelude::*;
/// use kernels_std::sparse::{linalg::aslinearoperator, CooArray};
/// let dev = Device::cpu();
/// let d = Array::from_vec(&dev, &[2, 3], vec![1.0f64, 0.0, 2.0, 0.0, 3.0, 0.0])?;
/// let a = CooArray::<f64>::from_dense(&d)?;
/// let op = aslinearoperator(&a)?;
/// assert_eq!(op.shape(), [2, 3]);
/// let x = Array::from_vec(&dev, &[3], vec![1.0, 1.0, 1.0])?;
/// assert_eq!(op.matvec(&x)?.to_vec()?, vec![3.0, 3.0]);
/// let y = Array::from_vec(&dev, &[2], vec![1.0, 1.0])?;
/// assert_eq!(op.rmatvec(&y)?.to_vec()?, vec![1.0, 3.0, 2.0]);
/// let dense = aslinearoperator(&d)?;
/// assert_eq!(dense.rmatvec(&y)?.to_vec()?, vec![1.0, 3.0, 2.0]);
/// assert!(aslinearoperator(&x).is_err()); // 1-d
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn aslinearoperator<T: DType, A: AsLinearOperator<T> + ?Sized>(
    a: &A,
) -> Result<LinearOperator<'_, T>> {
    a.as_linear_operator()
}
