//! `cov` and `corrcoef`: the covariance matrix as one product of the centered variables with
//! their transpose (`linalg::matmul`: a GEMM on the device), then scaled or normalized.

use crate::linalg::{diagonal, matmul};
use crate::prelude::*;
use crate::reduce::{mean, sum, MeanDType};

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

/// Whether a weight is negative (NumPy refuses negative `fweights` and `aweights`).
#[elementwise]
pub fn is_negative(w: f64) -> bool {
    w < 0.0
}

/// The call [`cov`] returns: set `y`, `rowvar`, `bias`, `ddof`, `fweights` or `aweights`,
/// then `.run()`.
#[derive(Debug)]
#[must_use = "a cov builder does nothing until `.run()` is called"]
pub struct Cov<'a, T: MeanDType> {
    m: &'a Array<T>,
    y: Option<&'a Array<T>>,
    rowvar: bool,
    bias: bool,
    ddof: Option<f64>,
    fweights: Option<&'a Array<i64>>,
    aweights: Option<&'a Array<f64>>,
}

impl<'a, T: MeanDType> Cov<'a, T> {
    /// More variables (NumPy's `y`): the variables of `y` (rows, or columns with
    /// `.rowvar(false)`, a 1-d `y` being one variable) stacked after those of `m`; they must
    /// have as many observations.
    pub fn y(mut self, y: &'a Array<T>) -> Self {
        self.y = Some(y);
        self
    }

    /// Whether each row is a variable (default, NumPy's `rowvar=True`) or each column.
    pub fn rowvar(mut self, rowvar: bool) -> Self {
        self.rowvar = rowvar;
        self
    }

    /// NumPy's `bias`: divide by the number of observations (`ddof` 0) rather than one less,
    /// unless a `ddof` is given.
    pub fn bias(mut self, bias: bool) -> Self {
        self.bias = bias;
        self
    }

    /// The divisor is `n - ddof` (default 1, 0 with `bias`); it must be an integer, as in
    /// NumPy. With `ddof >= n` the entries are inf or NaN, not an error.
    pub fn ddof(mut self, ddof: impl Into<f64>) -> Self {
        self.ddof = Some(ddof.into());
        self
    }

    /// NumPy's `fweights`: how many times each observation occurs (1-d, one per observation,
    /// not negative).
    pub fn fweights(mut self, fweights: &'a Array<i64>) -> Self {
        self.fweights = Some(fweights);
        self
    }

    /// NumPy's `aweights`: a weight of each observation (1-d, one per observation, not
    /// negative); with `fweights` each observation weighs their product.
    pub fn aweights(mut self, aweights: &'a Array<f64>) -> Self {
        self.aweights = Some(aweights);
        self
    }

    /// The covariance matrix (`f64`, `variables x variables`, squeezed: a 0-d array for one
    /// variable).
    pub fn run(self) -> Result<Array<f64>> {
        Ok(self.matrix("cov")?.squeeze())
    }

    /// The unsqueezed `variables x variables` matrix.
    fn matrix(&self, op: &str) -> Result<Array<f64>> {
        let ddof = self.ddof.unwrap_or(if self.bias { 0.0 } else { 1.0 });
        if ddof.fract() != 0.0 {
            return Err(Error::invalid(format!(
                "{op}: ddof must be an integer, got {ddof}"
            )));
        }
        // NumPy transposes a 2-d `m` for `rowvar=False`, a 2-d `y` only when it has more than
        // one row
        let mut x = variables(op, "m", self.m, !self.rowvar)?;
        if x.shape()[0] == 0 {
            return Array::zeros(&self.m.device(), &[0, 0]);
        }
        if let Some(y) = self.y {
            let y = variables(
                op,
                "y",
                y,
                !self.rowvar && y.ndim() == 2 && y.shape()[0] != 1,
            )?;
            if y.shape()[1] != x.shape()[1] {
                return Err(Error::ShapeMismatch {
                    op: format!("{op}: y's observations against m's (variables x observations)"),
                    expected: vec![y.shape()[0], x.shape()[1]],
                    found: y.shape().to_vec(),
                });
            }
            x = crate::shape::concatenate(&[&x, &y], Some(0))?;
        }
        // NumPy converts to f64 first, and averages in f64
        let x = x.astype::<f64>()?;
        let n = x.shape()[1];
        let Some(w) = self.weights(op, n)? else {
            let centered = center(&x, &mean(&x).axis(1).keepdims(true).run()?)?;
            let fact = (n as f64 - ddof).max(0.0);
            return scale(&matmul(&centered, centered.t())?, 1.0 / fact);
        };
        // weighted: the mean sum(x w) / sum(w), the product of the centered rows with the
        // weighted ones; a few sums read back for the divisor
        let w_row = w.insert_axis(0)?;
        let w_sum: f64 = sum(&w).run()?.item()?;
        if w_sum == 0.0 {
            return Err(Error::invalid(format!(
                "{op}: the weights sum to zero, the mean cannot be normalized"
            )));
        }
        let avg = divide(
            &sum(&scale(&x, &w_row)?).axis(1).keepdims(true).run()?,
            w_sum,
        )?;
        let centered = center(&x, &avg)?;
        let fact = match self.aweights {
            _ if ddof == 0.0 => w_sum,
            None => w_sum - ddof,
            Some(aw) => {
                let waw: f64 = sum(&scale(&w, &aw.reshape(&[n])?)?).run()?.item()?;
                w_sum - ddof * waw / w_sum
            }
        };
        let product = matmul(&centered, scale(&centered, &w_row)?.t())?;
        scale(&product, 1.0 / fact.max(0.0))
    }

    /// The product of the weights given (`f64`, one per observation), checked: 1-d, `n` of
    /// them, none negative.
    fn weights(&self, op: &str, n: usize) -> Result<Option<Array<f64>>> {
        let check = |name: &str, w: &Array<f64>| -> Result<()> {
            if w.ndim() != 1 || w.len() != n {
                return Err(Error::ShapeMismatch {
                    op: format!("{op}: {name} (one per observation)"),
                    expected: vec![n],
                    found: w.shape().to_vec(),
                });
            }
            if crate::reduce::any(&is_negative(w)?).run()?.item()? {
                return Err(Error::invalid(format!("{op}: {name} cannot be negative")));
            }
            Ok(())
        };
        let fw = match self.fweights {
            Some(f) => {
                let f = f.astype::<f64>()?;
                check("fweights", &f)?;
                Some(f)
            }
            None => None,
        };
        if let Some(a) = self.aweights {
            check("aweights", a)?;
        }
        Ok(match (fw, self.aweights) {
            (Some(f), Some(a)) => Some(scale(&f, a)?),
            (Some(f), None) => Some(f),
            (None, Some(a)) => Some(a.copy()?),
            (None, None) => None,
        })
    }
}

/// `a` as a 2-d `variables x observations` array (NumPy's `ndmin=2`), transposed when
/// `columns` (the variables are the columns of a 2-d `a`).
fn variables<T: MeanDType>(op: &str, name: &str, a: &Array<T>, columns: bool) -> Result<Array<T>> {
    match a.ndim() {
        0 => a.reshape(&[1, 1]),
        1 => a.reshape(&[1, a.len()]),
        2 if columns => Ok(a.t()),
        2 => Ok(a.clone()),
        _ => Err(Error::invalid(format!(
            "{op}: {name} needs at most 2 dimensions, got shape {:?}",
            a.shape()
        ))),
    }
}

/// NumPy's `cov(m, y, rowvar, bias, ddof, fweights, aweights)`: the covariance matrix of the
/// variables in the rows of `m` (columns with `.rowvar(false)`), followed by those of `.y(&y)`,
/// observations along the other axis. Unweighted, the sums of products of deviations from the
/// means are divided by `n - ddof` (`ddof` 1 by default, 0 with `.bias(true)`); with weights `w`
/// (the product of `.fweights(&f)` and `.aweights(&a)`) the means are weighted and the divisor
/// is NumPy's: `sum(w)` for `ddof` 0, `sum(w) - ddof` with frequency weights only, else
/// `sum(w) - ddof sum(w a) / sum(w)`. Computed in `f64` whatever `T` is, as NumPy does (`y` has
/// `m`'s dtype here); a 1-d `m` is one variable and gives a 0-d result, `m` with no variable an
/// empty `0 x 0` matrix. Errors: more than two dimensions, a non-integer `ddof`, `y` with
/// another number of observations, weights not 1-d with one per observation, negative weights,
/// weights summing to zero.
///
/// ```
/// use kernels_std::prelude::*;
/// use kernels_std::stats::cov;
/// let dev = Device::cpu();
/// let m = Array::from_vec(&dev, &[2, 3], vec![0i32, 1, 2, 2, 1, 0])?;
/// assert_eq!(cov(&m).run()?.to_vec()?, vec![1.0, -1.0, -1.0, 1.0]);
/// assert_eq!(cov(&m).ddof(0).rowvar(false).run()?.shape(), &[3, 3]);
/// let y = Array::from_vec(&dev, &[3], vec![1i32, 1, 4])?;
/// assert_eq!(cov(&m).y(&y).run()?.shape(), &[3, 3]);
/// let f = Array::from_vec(&dev, &[3], vec![1i64, 2, 1])?;
/// let c = cov(&m).fweights(&f).bias(true).run()?;
/// assert_eq!(c.to_vec()?, vec![0.5, -0.5, -0.5, 0.5]);
/// let negative = Array::from_vec(&dev, &[3], vec![1i64, -2, 1])?;
/// assert!(cov(&m).fweights(&negative).run().is_err());
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn cov<T: MeanDType>(m: &Array<T>) -> Cov<'_, T> {
    Cov {
        m,
        y: None,
        rowvar: true,
        bias: false,
        ddof: None,
        fweights: None,
        aweights: None,
    }
}

/// The call [`corrcoef`] returns: set `y` or `rowvar`, then `.run()`.
#[derive(Debug)]
#[must_use = "a corrcoef builder does nothing until `.run()` is called"]
pub struct CorrCoef<'a, T: MeanDType> {
    cov: Cov<'a, T>,
}

impl<'a, T: MeanDType> CorrCoef<'a, T> {
    /// More variables (NumPy's `y`), stacked after those of `x` as in [`Cov::y`].
    pub fn y(mut self, y: &'a Array<T>) -> Self {
        self.cov.y = Some(y);
        self
    }

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

/// NumPy's `corrcoef(x, y, rowvar)`: Pearson's correlation coefficients, `cov[i, j] /
/// sqrt(cov[i, i] cov[j, j])`, clipped to `[-1, 1]`; NaN for a constant variable. The variables
/// of `.y(&y)` follow those of `x`. Computed in `f64`.
///
/// ```
/// use kernels_std::prelude::*;
/// use kernels_std::stats::corrcoef;
/// let x = Array::from_vec(&Device::cpu(), &[2, 4], vec![1.0f32, 2.0, 3.0, 4.0, 8.0, 6.0, 4.0, 2.0])?;
/// assert_eq!(corrcoef(&x).run()?.to_vec()?, vec![1.0, -1.0, -1.0, 1.0]);
/// let y = Array::from_vec(&Device::cpu(), &[4], vec![2.0f32, 4.0, 6.0, 8.0])?;
/// assert_eq!(corrcoef(&x).y(&y).run()?.shape(), &[3, 3]);
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn corrcoef<T: MeanDType>(x: &Array<T>) -> CorrCoef<'_, T> {
    CorrCoef { cov: cov(x) }
}
