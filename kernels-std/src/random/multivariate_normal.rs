//! `multivariate_normal`: a factor `F` of the covariance (`F F^T = cov`) computed by one
//! thread in a fixed order (cyclic Jacobi eigenvalues, or Cholesky), then
//! `x = mean + F z` per row with `z` standard normal. Both kernels use exactly rounded
//! operations in a fixed order, so the CPU and a GPU give the same bits (no BLAS, whose
//! summation order differs between backends).

use crate::prelude::*;

use super::generator::{launch_for, Generator};
use super::params::Size;

/// How [`Generator::multivariate_normal`] factors the covariance (NumPy's `method=`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum CovarianceMethod {
    /// `"svd"` (NumPy's default). For a symmetric matrix the singular vectors are the
    /// eigenvectors, so the factor is computed as for `Eigh` (from the symmetric part of
    /// `cov`); the check is NumPy's reconstruction test `allclose(V |L| V^T, cov)`.
    #[default]
    Svd,
    /// `"eigh"`: eigenvectors `V` and eigenvalues `L` of `cov` (its lower triangle), the factor
    /// `V sqrt(|L|)`; valid when no eigenvalue is below `-tol`.
    Eigh,
    /// `"cholesky"`: the lower Cholesky factor (of the lower triangle); an error when `cov`
    /// is not positive definite.
    Cholesky,
}

/// What [`Generator::multivariate_normal`] does with a covariance that is not symmetric
/// positive-semidefinite (NumPy's `check_valid=`; NumPy's default `"warn"` has no Rust
/// counterpart: warnings are not values).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum CheckValid {
    /// An error (NumPy's `"raise"`; the default here).
    #[default]
    Raise,
    /// Draw anyway (NumPy's `"ignore"`).
    Ignore,
}

/// The options of [`Generator::multivariate_normal`] beyond `mean`, `cov` and `size`: NumPy's
/// `check_valid`, `tol` (default `1e-8`) and `method`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct MultivariateNormalOptions {
    /// What a covariance that is not positive-semidefinite does.
    pub check_valid: CheckValid,
    /// The tolerance of the check.
    pub tol: f64,
    /// The factorization.
    pub method: CovarianceMethod,
}

impl Default for MultivariateNormalOptions {
    fn default() -> Self {
        MultivariateNormalOptions {
            check_valid: CheckValid::Raise,
            tol: 1e-8,
            method: CovarianceMethod::Svd,
        }
    }
}

/// Factors the `k x k` covariance `cov` (thread 0 of block 0) into `factor` (`k x k`,
/// `factor factor^T = cov`); `work` is `k x k` scratch. `method`: 0 svd, 1 eigh, 2 cholesky
/// (see [`CovarianceMethod`]). `status[0]` is 1 when the matrix fails the method's check
/// (not positive-semidefinite within `tol`; for Cholesky, not positive definite).
///
/// Eigenvalues by the cyclic Jacobi method: sweeps of plane rotations over every pair
/// `p < q`, each zeroing `a_pq` (`t = tan` of the angle, the smaller root of
/// `t^2 + 2 theta t - 1 = 0`, `theta = (a_qq - a_pp) / (2 a_pq)`), until the off-diagonal part
/// is below `1e-32` of the matrix's squared norm (or 100 sweeps); the rotations accumulate in
/// the eigenvector matrix.
#[raw_kernel]
pub fn covariance_factor(
    cov: &[f64],
    work: &mut [f64],
    factor: &mut [f64],
    status: &mut [f64],
    k: u64,
    method: u32,
    tol: f64,
) {
    if block_idx().x == 0 && thread_idx().x == 0 {
        status[0] = 0.0;
        if method == 2 {
            // Cholesky of the lower triangle, column by column.
            for j in 0..k {
                let mut d = cov[j * k + j];
                for m in 0..j {
                    d -= factor[j * k + m] * factor[j * k + m];
                }
                if !(d > 0.0) {
                    status[0] = 1.0;
                    return;
                }
                let l = d.sqrt();
                factor[j * k + j] = l;
                for i in (j + 1)..k {
                    let mut s = cov[i * k + j];
                    for m in 0..j {
                        s -= factor[i * k + m] * factor[j * k + m];
                    }
                    factor[i * k + j] = s / l;
                }
            }
            return;
        }
        // The symmetric matrix to diagonalize: the symmetric part (svd) or the lower triangle
        // (eigh), and its squared norm; the eigenvectors start as the identity.
        let mut norm = 0.0f64;
        for i in 0..k {
            for j in 0..k {
                let v = if method == 0 {
                    0.5 * (cov[i * k + j] + cov[j * k + i])
                } else if i >= j {
                    cov[i * k + j]
                } else {
                    cov[j * k + i]
                };
                work[i * k + j] = v;
                norm += v * v;
                factor[i * k + j] = if i == j { 1.0 } else { 0.0 };
            }
        }
        for _sweep in 0..100u32 {
            let mut off = 0.0f64;
            for p in 0..k {
                for q in (p + 1)..k {
                    off += work[p * k + q] * work[p * k + q];
                }
            }
            if off <= 1e-32 * norm {
                break;
            }
            for p in 0..k {
                for q in (p + 1)..k {
                    let apq = work[p * k + q];
                    if apq == 0.0 {
                        continue;
                    }
                    let theta = (work[q * k + q] - work[p * k + p]) / (2.0 * apq);
                    let t = if theta.abs() > 1e150 {
                        0.5 / theta
                    } else {
                        let r = 1.0 / (theta.abs() + (theta * theta + 1.0).sqrt());
                        if theta < 0.0 {
                            0.0 - r
                        } else {
                            r
                        }
                    };
                    let c = 1.0 / (t * t + 1.0).sqrt();
                    let s = t * c;
                    // A <- A J (columns p, q), then A <- J^T A (rows p, q); V <- V J.
                    for r in 0..k {
                        let arp = work[r * k + p];
                        let arq = work[r * k + q];
                        work[r * k + p] = c * arp - s * arq;
                        work[r * k + q] = s * arp + c * arq;
                    }
                    for r in 0..k {
                        let apr = work[p * k + r];
                        let aqr = work[q * k + r];
                        work[p * k + r] = c * apr - s * aqr;
                        work[q * k + r] = s * apr + c * aqr;
                    }
                    work[p * k + q] = 0.0;
                    work[q * k + p] = 0.0;
                    for r in 0..k {
                        let vrp = factor[r * k + p];
                        let vrq = factor[r * k + q];
                        factor[r * k + p] = c * vrp - s * vrq;
                        factor[r * k + q] = s * vrp + c * vrq;
                    }
                }
            }
        }
        // The checks, then the factor V sqrt(|L|).
        if method == 1 {
            for i in 0..k {
                if work[i * k + i] < 0.0 - tol {
                    status[0] = 1.0;
                }
            }
        } else {
            for i in 0..k {
                for j in 0..k {
                    let mut rec = 0.0f64;
                    for m in 0..k {
                        rec += factor[i * k + m] * work[m * k + m].abs() * factor[j * k + m];
                    }
                    let want = cov[i * k + j];
                    if !((rec - want).abs() <= tol + tol * want.abs()) {
                        status[0] = 1.0;
                    }
                }
            }
        }
        for m in 0..k {
            let root = work[m * k + m].abs().sqrt();
            for i in 0..k {
                factor[i * k + m] = factor[i * k + m] * root;
            }
        }
    }
}

/// `out[r k + i] = mean[i] + sum_j factor[i k + j] z[r k + j]` (the sum in order of `j`), one
/// thread per element. Any 1-D launch.
#[raw_kernel]
pub fn affine_rows(out: &mut [f64], z: &[f64], mean: &[f64], factor: &[f64]) {
    let k = mean.len();
    let n = out.len();
    let stride = grid_dim().x as u64 * block_dim().x as u64;
    let mut e = block_idx().x as u64 * block_dim().x as u64 + thread_idx().x as u64;
    while e < n {
        let r = e / k;
        let i = e % k;
        let mut s = 0.0f64;
        for j in 0..k {
            s += factor[i * k + j] * z[r * k + j];
        }
        out[e] = mean[i] + s;
        e += stride;
    }
}

impl Generator {
    /// NumPy's `Generator.multivariate_normal(mean, cov, size, check_valid, tol, method)`:
    /// normal vectors of mean `mean` (`k`) and covariance `cov` (`k x k`), shape
    /// `size + [k]`: `mean + F z` with `z` the next `rows * k` standard normals of the stream
    /// (as [`standard_normal`](Generator::standard_normal) of shape `size + [k]` would give)
    /// and `F F^T = cov` from `options.method`.
    ///
    /// Errors: `mean` not 1-d, `cov` not square, their lengths differ ("mean and cov must
    /// have same length"), a covariance that fails the check with
    /// [`CheckValid::Raise`] ("covariance is not symmetric positive-semidefinite."), or a
    /// Cholesky factorization of a matrix that is not positive definite ("Matrix is not
    /// positive definite"). An empty `mean` gives an empty result.
    ///
    /// ```
    /// use kernels_std::random::{Generator, MultivariateNormalOptions};
    /// use kernels_std::prelude::*;
    /// let dev = Device::cpu();
    /// let mean = Array::from_vec(&dev, &[2], vec![1.0, -1.0])?;
    /// let cov = Array::from_vec(&dev, &[2, 2], vec![4.0, 1.2, 1.2, 1.0])?;
    /// let opts = MultivariateNormalOptions::default();
    /// let x = Generator::new(4).multivariate_normal(&dev, &mean, &cov, &[2000], opts)?;
    /// assert_eq!(x.shape(), &[2000, 2]);
    /// let v = x.to_vec()?;
    /// let m0 = v.chunks(2).map(|r| r[0]).sum::<f64>() / 2000.0;
    /// let c01 = v.chunks(2).map(|r| (r[0] - 1.0) * (r[1] + 1.0)).sum::<f64>() / 2000.0;
    /// assert!((m0 - 1.0).abs() < 0.15 && (c01 - 1.2).abs() < 0.2);
    /// let not_psd = Array::from_vec(&dev, &[2, 2], vec![1.0, 2.0, 2.0, 1.0])?;
    /// assert!(Generator::new(4).multivariate_normal(&dev, &mean, &not_psd, None, opts).is_err());
    /// # Ok::<(), kernels_std::Error>(())
    /// ```
    pub fn multivariate_normal(
        &mut self,
        device: &Device,
        mean: &Array<f64>,
        cov: &Array<f64>,
        size: impl Into<Size>,
        options: MultivariateNormalOptions,
    ) -> Result<Array<f64>> {
        let name = "multivariate_normal";
        for (what, a) in [("mean", mean), ("cov", cov)] {
            if !a.device().same(device) {
                return Err(Error::invalid(format!(
                    "{name}: {what} is on {} but the call is on {device}",
                    a.device()
                )));
            }
        }
        if mean.ndim() != 1 {
            return Err(Error::invalid(format!(
                "{name}: mean must be 1 dimensional"
            )));
        }
        if cov.ndim() != 2 || cov.shape()[0] != cov.shape()[1] {
            return Err(Error::invalid(format!(
                "{name}: cov must be 2 dimensional and square"
            )));
        }
        let k = mean.len();
        if cov.shape()[0] != k {
            return Err(Error::invalid(format!(
                "{name}: mean and cov must have same length"
            )));
        }
        let mut shape = size.into().shape().map_or_else(Vec::new, <[usize]>::to_vec);
        shape.push(k);
        if shape.iter().product::<usize>() == 0 {
            return Array::<f64>::zeros(device, &shape);
        }
        let cov = cov.as_standard_layout()?;
        let mean = mean.as_standard_layout()?;
        let mut work = Array::<f64>::zeros(device, &[k, k])?;
        let mut factor = Array::<f64>::zeros(device, &[k, k])?;
        let mut status = Array::<f64>::zeros(device, &[1])?;
        let method = match options.method {
            CovarianceMethod::Svd => 0u32,
            CovarianceMethod::Eigh => 1,
            CovarianceMethod::Cholesky => 2,
        };
        covariance_factor::launch(
            &LaunchConfig::new(1, 1),
            &cov,
            &mut work,
            &mut factor,
            &mut status,
            k as u64,
            method,
            options.tol,
        )?;
        if status.to_vec()?[0] != 0.0 {
            if options.method == CovarianceMethod::Cholesky {
                return Err(Error::invalid(format!(
                    "{name}: Matrix is not positive definite"
                )));
            }
            if options.check_valid == CheckValid::Raise {
                return Err(Error::invalid(format!(
                    "{name}: covariance is not symmetric positive-semidefinite."
                )));
            }
        }
        let z = self.standard_normal::<f64>(device, &shape)?;
        let mut out = Array::<f64>::zeros(device, &shape)?;
        affine_rows::launch(&launch_for(out.len() as u64), &mut out, &z, &mean, &factor)?;
        Ok(out)
    }
}
