//! `cov` and `corrcoef`: the covariance matrix as one product of the centered variables with
//! their transpose (`linalg::matmul`: a GEMM on the device), then scaled or normalized.

use crate::linalg::{diagonal, matmul};
use crate::prelude::*;
use crate::reduce::{mean, MeanDType};

/// `x - m`: a variable centered on its mean.
#[elementwise]
pub fn center(x: f64, m: f64) -> f64 {
    x - m
}

/// `x * s`.
#[elementwise]
pub fn scale(x: f64, s: f64) -> f64 {
    x * s
}

/// `c / x`.
#[elementwise]
pub fn divide(c: f64, x: f64) -> f64 {
    c / x
}

/// A correlation from a covariance and the two variances, clipped to `[-1, 1]` (NaN kept), as
/// NumPy's `c /= stddev[:, None]; c /= stddev[None, :]; clip(c, -1, 1)`.
#[elementwise]
pub fn correlate(c: f64, var_i: f64, var_j: f64) -> f64 {
    let r = c / var_i.sqrt() / var_j.sqrt();
    if r < -1.0 {
        -1.0
    } else if r > 1.0 {
        1.0
    } else {
        r
    }
}

/// The call [`cov`] returns: set `rowvar` or `ddof`, then `.run()`.
#[derive(Debug)]
pub struct Cov<'a, T: MeanDType> {
    m: &'a Array<T>,
    rowvar: bool,
    ddof: f64,
}

impl<T: MeanDType> Cov<'_, T> {
    /// Whether each row is a variable (default, NumPy's `rowvar=True`) or each column.
    pub fn rowvar(mut self, rowvar: bool) -> Self {
        self.rowvar = rowvar;
        self
    }

    /// The divisor is `n - ddof` (default 1; NumPy's `bias=True` is `ddof(0)`). With
    /// `ddof >= n` the entries are inf or NaN, not an error.
    pub fn ddof(mut self, ddof: impl Into<f64>) -> Self {
        self.ddof = ddof.into();
        self
    }

    /// The covariance matrix (`f64`, `variables x variables`, squeezed: a 0-d array for one
    /// variable).
    pub fn run(self) -> Result<Array<f64>> {
        Ok(self.matrix("cov")?.squeeze())
    }

    /// The unsqueezed `variables x variables` matrix.
    fn matrix(&self, op: &str) -> Result<Array<f64>> {
        let m = self.m;
        let x = match m.ndim() {
            0 => m.reshape(&[1, 1])?,
            1 => m.reshape(&[1, m.len()])?,
            2 => m.clone(),
            _ => {
                return Err(Error::invalid(format!(
                    "{op}: needs at most 2 dimensions, got shape {:?}",
                    m.shape()
                )))
            }
        };
        let x = if !self.rowvar && x.shape()[0] != 1 {
            x.t()
        } else {
            x
        };
        // NumPy converts to f64 first, and averages in f64
        let x = x.astype::<f64>()?;
        let centered = center(&x, &mean(&x).axis(1).keepdims(true).run()?)?;
        let n = x.shape()[1] as f64;
        let fact = (n - self.ddof).max(0.0);
        let product = matmul(&centered, &centered.t())?;
        scale(&product, 1.0 / fact)
    }
}

/// NumPy's `cov(m)`: the covariance matrix of the variables in the rows of `m` (columns with
/// `.rowvar(false)`), observations along the other axis, divided by `n - ddof` (`ddof` 1 by
/// default). Computed in `f64` whatever `T` is, as NumPy does; a 1-d `m` is one variable and
/// gives a 0-d result. More than two dimensions is an error. No `fweights`/`aweights`, no `y`
/// (stack the variables first).
///
/// ```
/// use kernels_std::prelude::*;
/// use kernels_std::stats::cov;
/// let m = Array::from_vec(&Device::cpu(), &[2, 3], vec![0i32, 1, 2, 2, 1, 0])?;
/// assert_eq!(cov(&m).run()?.to_vec()?, vec![1.0, -1.0, -1.0, 1.0]);
/// assert_eq!(cov(&m).ddof(0).rowvar(false).run()?.shape(), &[3, 3]);
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn cov<T: MeanDType>(m: &Array<T>) -> Cov<'_, T> {
    Cov {
        m,
        rowvar: true,
        ddof: 1.0,
    }
}

/// The call [`corrcoef`] returns: set `rowvar`, then `.run()`.
#[derive(Debug)]
pub struct CorrCoef<'a, T: MeanDType> {
    cov: Cov<'a, T>,
}

impl<T: MeanDType> CorrCoef<'_, T> {
    /// Whether each row is a variable (default) or each column.
    pub fn rowvar(mut self, rowvar: bool) -> Self {
        self.cov.rowvar = rowvar;
        self
    }

    /// The correlation matrix (`f64`, squeezed).
    pub fn run(self) -> Result<Array<f64>> {
        let c = self.cov.matrix("corrcoef")?;
        if c.shape() == [1, 1] {
            // one variable: NumPy's c / c (1, or NaN for a constant)
            return Ok(divide(&c, &c)?.squeeze());
        }
        let d = diagonal(&c, 0, 0, 1)?;
        Ok(correlate(&c, &d.insert_axis(1)?, &d.insert_axis(0)?)?.squeeze())
    }
}

/// NumPy's `corrcoef(x)`: Pearson's correlation coefficients, `cov[i, j] / sqrt(cov[i, i]
/// cov[j, j])`, clipped to `[-1, 1]`; NaN for a constant variable. Computed in `f64`.
///
/// ```
/// use kernels_std::prelude::*;
/// use kernels_std::stats::corrcoef;
/// let x = Array::from_vec(&Device::cpu(), &[2, 4], vec![1.0f32, 2.0, 3.0, 4.0, 8.0, 6.0, 4.0, 2.0])?;
/// assert_eq!(corrcoef(&x).run()?.to_vec()?, vec![1.0, -1.0, -1.0, 1.0]);
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn corrcoef<T: MeanDType>(x: &Array<T>) -> CorrCoef<'_, T> {
    CorrCoef { cov: cov(x) }
}
