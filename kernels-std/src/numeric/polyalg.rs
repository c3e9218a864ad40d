//! NumPy's polynomial algebra of the top level (coefficients highest power first):
//! `polymul`, `polydiv`, `poly`, `roots` and `polyfit`. Coefficients are few: the
//! arithmetic runs on the host, the eigenvalues and least squares through
//! [`linalg`](crate::linalg).

use super::Coordinate;
use crate::fft::{convolve, ConvDType, Mode};
#[cfg(feature = "lapack")]
use crate::linalg::{eigvals, inv, lstsq};
use crate::prelude::*;
use num_traits::Zero;

/// The coefficients of `p` (0-d as one coefficient, else 1-d) on the host, or an error
/// naming `op`.
fn one_d<T: DType>(op: &str, p: &Array<T>) -> Result<Vec<T>> {
    if p.ndim() > 1 {
        return Err(Error::invalid(format!(
            "{op}: the coefficients must be 1-d, got shape {:?}",
            p.shape()
        )));
    }
    p.to_vec()
}

/// NumPy's `poly1d(c).coeffs`: `c` without its leading zeros, `[0]` when nothing is left.
fn trimmed<T: DType + Zero + PartialEq>(c: Vec<T>) -> Vec<T> {
    match c.iter().position(|v| *v != T::zero()) {
        Some(k) => c[k..].to_vec(),
        None => vec![T::zero()],
    }
}

/// NumPy's `polymul(a1, a2)`: the product of two polynomials (1-d coefficients, highest
/// power first; a 0-d array is one coefficient). As NumPy, each factor first loses its
/// leading zeros (an all-zero or empty factor becomes `[0]`), then the two are convolved
/// ([`convolve`]); the dtype is kept (integers wrap). Dtypes of [`ConvDType`].
///
/// ```
/// use kernels_std::numeric::polymul;
/// use kernels_std::prelude::*;
/// let dev = Device::cpu();
/// let a = Array::from_vec(&dev, &[3], vec![0i64, 1, 2])?; // x + 2
/// let b = Array::from_vec(&dev, &[2], vec![1i64, -2])?; // x - 2
/// assert_eq!(polymul(&a, &b)?.to_vec()?, vec![1, 0, -4]);
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn polymul<T: ConvDType + Zero + PartialEq>(a1: &Array<T>, a2: &Array<T>) -> Result<Array<T>> {
    let dev = a1.device();
    if !a2.device().same(&dev) {
        return Err(Error::invalid(format!(
            "polymul: a1 on {dev} and a2 on {}",
            a2.device()
        )));
    }
    let a = trimmed(one_d("polymul", a1)?);
    let b = trimmed(one_d("polymul", a2)?);
    let a = Array::from_vec(&dev, &[a.len()], a)?;
    let b = Array::from_vec(&dev, &[b.len()], b)?;
    convolve(&a, &b, Mode::Full)
}

/// NumPy's `polydiv(u, v)`: the quotient and remainder of the polynomial division `u / v`
/// (1-d coefficients, highest power first; 0-d is one coefficient), in `f64`, by NumPy's
/// long division: `q[k] = r[k] * (1 / v[0])`, then `r[k..=k + n] -= q[k] * v`. The quotient
/// has `max(len(u) - len(v) + 1, 1)` coefficients; the remainder is `u` after the division
/// less its leading values within `1e-8` of zero (NumPy's `allclose(r[0], 0)`), keeping at
/// least one. A zero `v[0]` is not an error, as in NumPy: `1 / v[0]` is infinite and the
/// results hold infinities and NaNs. An empty `u` or `v` is an error (NumPy's
/// `IndexError`). (NumPy computes `f32`/`f16` in their own dtype and takes complex
/// numbers.)
///
/// ```
/// use kernels_std::numeric::polydiv;
/// use kernels_std::prelude::*;
/// let dev = Device::cpu();
/// let u = Array::from_vec(&dev, &[3], vec![3.0, 5.0, 2.0])?; // 3x^2 + 5x + 2
/// let v = Array::from_vec(&dev, &[2], vec![2.0, 1.0])?; // 2x + 1
/// let (q, r) = polydiv(&u, &v)?;
/// assert_eq!(q.to_vec()?, vec![1.5, 1.75]);
/// assert_eq!(r.to_vec()?, vec![0.25]);
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn polydiv<T: Coordinate>(u: &Array<T>, v: &Array<T>) -> Result<(Array<f64>, Array<f64>)> {
    let dev = u.device();
    if !v.device().same(&dev) {
        return Err(Error::invalid(format!(
            "polydiv: u on {dev} and v on {}",
            v.device()
        )));
    }
    let u = one_d("polydiv", &T::to_f64(u)?)?;
    let v = one_d("polydiv", &T::to_f64(v)?)?;
    if u.is_empty() || v.is_empty() {
        return Err(Error::invalid(
            "polydiv: index 0 is out of bounds for axis 0 with size 0 (empty coefficients)",
        ));
    }
    let (m, n) = (u.len() - 1, v.len() - 1);
    let scale = 1.0 / v[0];
    let steps = (m + 1).saturating_sub(n);
    let mut q = vec![0.0; steps.max(1)];
    let mut r = u;
    for k in 0..steps {
        let d = scale * r[k];
        q[k] = d;
        for (rj, &vj) in r[k..=k + n].iter_mut().zip(&v) {
            *rj -= d * vj;
        }
    }
    let lead = r
        .iter()
        .take(r.len() - 1)
        .take_while(|x| x.abs() <= 1e-8)
        .count();
    let r = r[lead..].to_vec();
    Ok((
        Array::from_vec(&dev, &[q.len()], q)?,
        Array::from_vec(&dev, &[r.len()], r)?,
    ))
}

/// `prod (x - z)` over the roots `z`: NumPy's loop of convolutions with `[1, -z]`.
#[cfg(feature = "lapack")]
fn from_roots<T: Copy + num_traits::Num + std::ops::Neg<Output = T>>(zs: &[T]) -> Vec<T> {
    let mut a = vec![T::one()];
    for &z in zs {
        let mut next = a.clone();
        next.push(T::zero());
        for (k, &ak) in a.iter().enumerate() {
            next[k + 1] = next[k + 1] + ak * -z;
        }
        a = next;
    }
    a
}

/// NumPy's `poly(seq_of_zeros)`: the coefficients (highest power first, leading 1) of the
/// monic polynomial with the given roots (1-d), or with the eigenvalues of a non-empty
/// square matrix as roots (its characteristic polynomial). Computed in `f64`; the
/// eigenvalues of a real matrix come in conjugate pairs, so the coefficients are real (as
/// NumPy's). No roots give the 0-d `1.0`. Any other shape is an error, as in NumPy. (NumPy
/// keeps `f32` roots in `f32` and takes complex roots.)
///
/// ```
/// use kernels_std::numeric::poly;
/// use kernels_std::prelude::*;
/// let dev = Device::cpu();
/// let z = Array::from_vec(&dev, &[3], vec![1i32, 2, 3])?;
/// assert_eq!(poly(&z)?.to_vec()?, vec![1.0, -6.0, 11.0, -6.0]);
/// let a = Array::from_vec(&dev, &[2, 2], vec![0.0, 1.0, -1.0, 0.0])?; // roots +-i
/// let c = poly(&a)?.to_vec()?;
/// assert!((c[0] - 1.0f64).abs() < 1e-15 && c[1].abs() < 1e-15 && (c[2] - 1.0).abs() < 1e-15);
/// # Ok::<(), kernels_std::Error>(())
/// ```
#[cfg(feature = "lapack")]
pub fn poly<T: Coordinate>(seq_of_zeros: &Array<T>) -> Result<Array<f64>> {
    let dev = seq_of_zeros.device();
    let z = T::to_f64(seq_of_zeros)?;
    let sh = z.shape().to_vec();
    let coefficients = if sh.len() == 2 && sh[0] == sh[1] && sh[0] != 0 {
        let e = eigvals(&z)?.to_vec()?;
        if e.iter().all(|c| c.im == 0.0) {
            from_roots(&e.iter().map(|c| c.re).collect::<Vec<_>>())
        } else {
            from_roots(&e).iter().map(|c| c.re).collect()
        }
    } else if sh.len() <= 1 {
        let z = z.to_vec()?;
        if z.is_empty() {
            return Array::from_vec(&dev, &[], vec![1.0]);
        }
        from_roots(&z)
    } else {
        return Err(Error::invalid(format!(
            "poly: input must be 1d or non-empty square 2d array, got shape {sh:?}"
        )));
    };
    Array::from_vec(&dev, &[coefficients.len()], coefficients)
}

/// NumPy's `roots(p)`: the roots of the polynomial with coefficients `p` (1-d, highest
/// power first; 0-d is one coefficient), as NumPy: leading zeros are dropped, each trailing
/// zero is a root `0` (appended last), and the others are the eigenvalues of the companion
/// matrix (first row `-p[1..] / p[0]`, ones below the diagonal), in `f64`. All-zero or
/// empty `p` gives no roots. The result is complex (NumPy returns a real array when every
/// root is real; the eigenvalues may come in another order than LAPACK's). A NaN or
/// infinite coefficient is an error, as NumPy's `LinAlgError`.
///
/// ```
/// use kernels_std::numeric::roots;
/// use kernels_std::prelude::*;
/// let p = Array::from_vec(&Device::cpu(), &[4], vec![1.0, 0.0, 1.0, 0.0])?; // x^3 + x
/// let mut r: Vec<(f64, f64)> = roots(&p)?.to_vec()?.iter().map(|z| (z.re, z.im)).collect();
/// r.sort_by(|a, b| a.partial_cmp(b).unwrap());
/// assert_eq!(r.len(), 3);
/// assert!(r.iter().zip([(0.0, -1.0), (0.0, 0.0), (0.0, 1.0)])
///     .all(|(a, b)| (a.0 - b.0).abs() < 1e-15 && (a.1 - b.1).abs() < 1e-15));
/// # Ok::<(), kernels_std::Error>(())
/// ```
#[cfg(feature = "lapack")]
pub fn roots<T: Coordinate>(p: &Array<T>) -> Result<Array<c128>> {
    let dev = p.device();
    let c = one_d("roots", &T::to_f64(p)?)?;
    let Some(first) = c.iter().position(|&v| v != 0.0) else {
        return Array::zeros(&dev, &[0]);
    };
    let last = c.iter().rposition(|&v| v != 0.0).unwrap_or(first);
    let trailing = c.len() - last - 1;
    let c = &c[first..=last];
    if c.iter().any(|v| !v.is_finite()) {
        return Err(Error::linalg(
            "roots",
            "Array must not contain infs or NaNs (in the companion matrix)",
        ));
    }
    let n = c.len() - 1;
    let mut out = if n > 0 {
        let mut a = vec![0.0; n * n];
        for j in 0..n {
            a[j] = -c[j + 1] / c[0];
        }
        for i in 1..n {
            a[i * n + i - 1] = 1.0;
        }
        let a = Array::from_vec(&dev, &[n, n], a)?;
        eigvals(&a)?.to_vec()?
    } else {
        Vec::new()
    };
    out.extend(std::iter::repeat_n(c128::new(0.0, 0.0), trailing));
    Array::from_vec(&dev, &[out.len()], out)
}

/// NumPy's `cov=` of [`polyfit`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg(feature = "lapack")]
pub enum PolyfitCov {
    /// `cov=True`: `inv(A^T A)` scaled by the residual sum of squares over `len(x) - deg - 1`.
    Scaled,
    /// `cov="unscaled"`: `inv(A^T A)` as is (the weights are `1 / sigma`).
    Unscaled,
}

/// NumPy's `polyfit(..., full=True)`: the coefficients and the diagnostics of the
/// least-squares fit.
#[derive(Debug)]
#[cfg(feature = "lapack")]
pub struct PolyfitFull {
    /// The coefficients `(deg + 1,)`, or `(deg + 1, K)` for a 2-d `y`, highest power first.
    pub coefficients: Array<f64>,
    /// The residual sums of squares per column of `y` (`(1,)` for a 1-d `y`); empty when
    /// the scaled Vandermonde matrix has not full rank or no more rows than columns.
    pub residuals: Array<f64>,
    /// The effective rank of the scaled Vandermonde matrix.
    pub rank: usize,
    /// Its singular values, descending.
    pub singular_values: Array<f64>,
    /// The `rcond` used.
    pub rcond: f64,
}

/// The builder of [`polyfit`].
#[derive(Debug)]
#[cfg(feature = "lapack")]
pub struct Polyfit<'a, X: Coordinate, Y: Coordinate> {
    x: &'a Array<X>,
    y: &'a Array<Y>,
    deg: usize,
    rcond: Option<f64>,
    w: Option<&'a Array<f64>>,
}

/// NumPy's `polyfit(x, y, deg, rcond=None, full=False, w=None, cov=False)`: the polynomial
/// of degree `deg` (coefficients highest power first) fitting the points `(x, y)` by least
/// squares, as NumPy: the Vandermonde matrix of `x` (times the weights `w`, as `y`) has its
/// columns scaled to unit norm and goes to [`lstsq`] with `rcond` (default
/// `len(x) * f64::EPSILON`), and the solution is scaled back. `x` is 1-d and not empty; `y`
/// is 1-d or 2-d (one fit per column) with `len(x)` rows; `w` 1-d of that length. Computed
/// in `f64` (NumPy keeps `f32` inputs in `f32`); NumPy's `RankWarning` is not raised: see
/// [`Polyfit::run_full`]'s rank.
///
/// ```
/// use kernels_std::numeric::polyfit;
/// use kernels_std::prelude::*;
/// let dev = Device::cpu();
/// let x = Array::from_vec(&dev, &[4], vec![0.0, 1.0, 2.0, 3.0])?;
/// let y = Array::from_vec(&dev, &[4], vec![1.0, 3.0, 7.0, 13.0])?; // x^2 + x + 1
/// let c = polyfit(&x, &y, 2).run()?.to_vec()?;
/// assert!(c.iter().zip([1.0, 1.0, 1.0]).all(|(a, b)| (a - b).abs() < 1e-12));
/// let full = polyfit(&x, &y, 1).run_full()?;
/// assert_eq!(full.rank, 2);
/// assert!((full.residuals.to_vec()?[0] - 4.0f64).abs() < 1e-12);
/// let (_c, cov) = polyfit(&x, &y, 1).run_cov(kernels_std::numeric::PolyfitCov::Scaled)?;
/// assert_eq!(cov.shape(), &[2, 2]);
/// # Ok::<(), kernels_std::Error>(())
/// ```
#[cfg(feature = "lapack")]
pub fn polyfit<'a, X: Coordinate, Y: Coordinate>(
    x: &'a Array<X>,
    y: &'a Array<Y>,
    deg: usize,
) -> Polyfit<'a, X, Y> {
    Polyfit {
        x,
        y,
        deg,
        rcond: None,
        w: None,
    }
}

/// The scaled least-squares problem of a fit.
#[cfg(feature = "lapack")]
struct Fit {
    full: PolyfitFull,
    lhs: Vec<f64>,
    scale: Vec<f64>,
    order: usize,
    rows: usize,
    y_2d: bool,
}

#[cfg(feature = "lapack")]
impl<'a, X: Coordinate, Y: Coordinate> Polyfit<'a, X, Y> {
    /// NumPy's `rcond`: relative cutoff of the small singular values.
    pub fn rcond(mut self, rcond: f64) -> Self {
        self.rcond = Some(rcond);
        self
    }

    /// NumPy's `w`: a weight per point, multiplying the point's row before the fit.
    pub fn weights(mut self, w: &'a Array<f64>) -> Self {
        self.w = Some(w);
        self
    }

    /// The coefficients `(deg + 1,)` (or `(deg + 1, K)` for a 2-d `y`).
    pub fn run(self) -> Result<Array<f64>> {
        Ok(self.fit()?.full.coefficients)
    }

    /// NumPy's `full=True`: the coefficients with the residuals, rank, singular values and
    /// `rcond` of the scaled problem.
    pub fn run_full(self) -> Result<PolyfitFull> {
        Ok(self.fit()?.full)
    }

    /// NumPy's `cov=True` / `cov="unscaled"`: the coefficients and their covariance matrix
    /// `(deg + 1, deg + 1)` (`(deg + 1, deg + 1, K)` for a 2-d `y`). Scaled needs more points
    /// than coefficients (an error otherwise, as NumPy) and the residuals of a full-rank fit
    /// (NumPy fails to broadcast their absence too).
    pub fn run_cov(self, cov: PolyfitCov) -> Result<(Array<f64>, Array<f64>)> {
        let fit = self.fit()?;
        let (n, o) = (fit.rows, fit.order);
        let dev = fit.full.coefficients.device();
        let mut ata = vec![0.0; o * o];
        for i in 0..o {
            for j in 0..o {
                ata[i * o + j] = (0..n)
                    .map(|r| fit.lhs[r * o + i] * fit.lhs[r * o + j])
                    .sum();
            }
        }
        let mut base = inv(&Array::from_vec(&dev, &[o, o], ata)?)?.to_vec()?;
        for i in 0..o {
            for j in 0..o {
                base[i * o + j] /= fit.scale[i] * fit.scale[j];
            }
        }
        let facs = match cov {
            PolyfitCov::Unscaled => vec![1.0],
            PolyfitCov::Scaled => {
                if n <= o {
                    return Err(Error::invalid(
                        "polyfit: the number of data points must exceed order to scale the \
                         covariance matrix",
                    ));
                }
                let res = fit.full.residuals.to_vec()?;
                if res.is_empty() {
                    return Err(Error::invalid(
                        "polyfit: no residuals (the fit is rank deficient) to scale the \
                         covariance matrix",
                    ));
                }
                res.iter().map(|r| r / (n - o) as f64).collect()
            }
        };
        let c = fit.full.coefficients;
        if !fit.y_2d {
            let v: Vec<f64> = base.iter().map(|b| b * facs[0]).collect();
            return Ok((c, Array::from_vec(&dev, &[o, o], v)?));
        }
        let k = c.shape()[1];
        let facs = if facs.len() == 1 {
            vec![facs[0]; k]
        } else {
            facs
        };
        let v: Vec<f64> = base
            .iter()
            .flat_map(|b| facs.iter().map(move |f| b * f))
            .collect();
        Ok((c, Array::from_vec(&dev, &[o, o, k], v)?))
    }

    fn fit(self) -> Result<Fit> {
        let dev = self.x.device();
        if !self.y.device().same(&dev) || self.w.is_some_and(|w| !w.device().same(&dev)) {
            return Err(Error::invalid("polyfit: x, y and w on different devices"));
        }
        let order = self
            .deg
            .checked_add(1)
            .ok_or_else(|| Error::invalid("polyfit: deg too large"))?;
        if self.x.ndim() != 1 {
            return Err(Error::invalid(format!(
                "polyfit: expected 1D vector for x, got shape {:?}",
                self.x.shape()
            )));
        }
        if self.x.is_empty() {
            return Err(Error::invalid("polyfit: expected non-empty vector for x"));
        }
        if !(1..=2).contains(&self.y.ndim()) {
            return Err(Error::invalid(format!(
                "polyfit: expected 1D or 2D array for y, got shape {:?}",
                self.y.shape()
            )));
        }
        let rows = self.x.len();
        if self.y.shape()[0] != rows {
            return Err(Error::invalid(
                "polyfit: expected x and y to have same length",
            ));
        }
        let rcond = self.rcond.unwrap_or(rows as f64 * f64::EPSILON);
        let x = X::to_f64(self.x)?.to_vec()?;
        let y_2d = self.y.ndim() == 2;
        let k = if y_2d { self.y.shape()[1] } else { 1 };
        let mut rhs = Y::to_f64(self.y)?.to_vec()?;
        let cells = rows
            .checked_mul(order)
            .ok_or_else(|| Error::invalid("polyfit: the Vandermonde matrix is too large"))?;
        let mut lhs = Vec::new();
        lhs.try_reserve_exact(cells)
            .map_err(|e| Error::invalid(format!("polyfit: {e}")))?;
        for &xi in &x {
            // NumPy's vander: powers as products of repeated factors, highest first.
            let start = lhs.len();
            lhs.resize(start + order, 1.0);
            for j in (0..order.saturating_sub(1)).rev() {
                lhs[start + j] = lhs[start + j + 1] * xi;
            }
        }
        if let Some(w) = self.w {
            if w.ndim() != 1 {
                return Err(Error::invalid("polyfit: expected a 1-d array for weights"));
            }
            if w.len() != rows {
                return Err(Error::invalid(
                    "polyfit: expected w and y to have the same length",
                ));
            }
            let w = w.to_vec()?;
            for (r, &wr) in w.iter().enumerate() {
                lhs[r * order..(r + 1) * order]
                    .iter_mut()
                    .for_each(|v| *v *= wr);
                rhs[r * k..(r + 1) * k].iter_mut().for_each(|v| *v *= wr);
            }
        }
        let scale: Vec<f64> = (0..order)
            .map(|j| {
                (0..rows)
                    .map(|r| lhs[r * order + j].powi(2))
                    .sum::<f64>()
                    .sqrt()
            })
            .collect();
        for r in 0..rows {
            for j in 0..order {
                lhs[r * order + j] /= scale[j];
            }
        }
        let a = Array::from_vec(&dev, &[rows, order], lhs.clone())?;
        let b = Array::from_vec(&dev, self.y.shape(), rhs)?;
        let sol = lstsq(&a, &b, Some(rcond))?;
        let mut c = sol.x.to_vec()?;
        for (i, v) in c.iter_mut().enumerate() {
            *v /= scale[i / k];
        }
        let shape: Vec<usize> = if y_2d { vec![order, k] } else { vec![order] };
        Ok(Fit {
            full: PolyfitFull {
                coefficients: Array::from_vec(&dev, &shape, c)?,
                residuals: sol.residuals,
                rank: sol.rank,
                singular_values: sol.s,
                rcond,
            },
            lhs,
            scale,
            order,
            rows,
            y_2d,
        })
    }
}
