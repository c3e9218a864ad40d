//! SciPy's fast Hankel transform (FFTLog): `fht`, `ifht` and `fhtoffset`.
//!
//! The transform of log-spaced samples is a convolution: a real FFT, a multiplication by
//! the coefficients `u_m` (ratios of gamma functions at complex points, computed once on the
//! host with the log-gamma function below), an inverse real FFT and a reversal, with the
//! optional power-law bias applied before and after (kernels on either backend).

use super::dtypes::{FftComplex, FftReal, RealFftDType};
use super::transform::{self, retype};
use crate::prelude::*;
use array_runtime::slice::{Slice, SliceItem};

const LN_2: f64 = std::f64::consts::LN_2;

/// The principal branch of `log Gamma(z)` (SciPy's `loggamma`: continuous off the negative
/// real axis): the recurrence `log Gamma(z) = log Gamma(z + 1) - log z` up to `Re z >= 15`,
/// then Stirling's series to `z^-13` (relative error below `1e-16` there).
fn loggamma(z: Complex<f64>) -> Complex<f64> {
    let mut z = z;
    let mut shift = Complex::new(0.0, 0.0);
    while z.re < 15.0 {
        shift += z.ln();
        z += 1.0;
    }
    let inv = z.inv();
    let inv2 = inv * inv;
    // B_2k / (2k (2k - 1)) for k = 1..7, Horner in 1/z^2.
    let c = [
        1.0 / 12.0,
        -1.0 / 360.0,
        1.0 / 1260.0,
        -1.0 / 1680.0,
        1.0 / 1188.0,
        -691.0 / 360360.0,
        1.0 / 156.0,
    ];
    let mut series = Complex::new(c[6], 0.0);
    for &ck in c[..6].iter().rev() {
        series = series * inv2 + ck;
    }
    (z - 0.5) * z.ln() - z + 0.5 * (2.0 * std::f64::consts::PI).ln() + series * inv - shift
}

/// `log |Gamma(x)|` and the sign of `Gamma(x)` for real `x` (not a pole).
fn lgamma_sign(x: f64) -> (f64, f64) {
    if x > 0.0 {
        return (loggamma(Complex::new(x, 0.0)).re, 1.0);
    }
    // Reflection: Gamma(x) Gamma(1 - x) = pi / sin(pi x).
    let s = (std::f64::consts::PI * x).sin();
    let (l, _) = lgamma_sign(1.0 - x);
    (std::f64::consts::PI.ln() - s.abs().ln() - l, s.signum())
}

fn is_pole(x: f64) -> bool {
    x <= 0.0 && x == x.floor()
}

/// `Gamma(x + m) / Gamma(x)` (SciPy's `poch`), with the limits at poles.
fn poch(x: f64, m: f64) -> f64 {
    let y = x + m;
    match (is_pole(x), is_pole(y)) {
        (true, false) => 0.0,
        (false, true) => f64::INFINITY,
        (true, true) => {
            // Gamma(-a + e) / Gamma(-b + e) -> (-1)^(a - b) b! / a!.
            let (a, b) = (-y, -x);
            let (la, _) = lgamma_sign(a + 1.0);
            let (lb, _) = lgamma_sign(b + 1.0);
            let sign = if (a - b) % 2.0 == 0.0 { 1.0 } else { -1.0 };
            sign * (lb - la).exp()
        }
        (false, false) => {
            let (ly, sy) = lgamma_sign(y);
            let (lx, sx) = lgamma_sign(x);
            sy * sx * (ly - lx).exp()
        }
    }
}

/// SciPy's `fhtcoeff`: the `n / 2 + 1` coefficients.
fn coefficients(
    n: usize,
    dln: f64,
    mu: f64,
    offset: f64,
    bias: f64,
    inverse: bool,
) -> Vec<Complex<f64>> {
    let (lnkr, q) = (offset, bias);
    let xp = (mu + 1.0 + q) / 2.0;
    let xm = (mu + 1.0 - q) / 2.0;
    let m = n / 2;
    let stop = std::f64::consts::PI * m as f64 / (n as f64 * dln);
    let step = if m > 0 { stop / m as f64 } else { 0.0 };
    let mut u: Vec<Complex<f64>> = (0..=m)
        .map(|k| {
            // np.linspace: k * step, the last point exactly `stop`.
            let y = if k == m { stop } else { k as f64 * step };
            let v = loggamma(Complex::new(xm, y));
            let w = loggamma(Complex::new(xp, y));
            Complex::new(
                w.re - v.re + LN_2 * q,
                w.im + v.im + y * 2.0 * (LN_2 - lnkr),
            )
            .exp()
        })
        .collect();
    if n.is_multiple_of(2) {
        u[m].im = 0.0;
    }
    if !(u[0].re.is_finite() && u[0].im.is_finite()) {
        u[0] = Complex::new(2f64.powf(q) * poch(xm, xp - xm), 0.0);
    }
    if u[0].re.is_infinite() && !inverse {
        u[0] = Complex::new(0.0, 0.0);
    } else if u[0] == Complex::new(0.0, 0.0) && inverse {
        u[0] = Complex::new(f64::INFINITY, 0.0);
    }
    u
}

/// SciPy's `fhtoffset(dln, mu, initial, bias)`: the offset closest to `initial` that makes
/// the transform low-ringing.
///
/// ```
/// use kernels_std::fft::fhtoffset;
/// let off = fhtoffset(0.1, 0.5, 0.0, 0.0);
/// assert!(off.abs() < 0.1);
/// ```
pub fn fhtoffset(dln: f64, mu: f64, initial: f64, bias: f64) -> f64 {
    let (lnkr, q) = (initial, bias);
    let xp = (mu + 1.0 + q) / 2.0;
    let xm = (mu + 1.0 - q) / 2.0;
    let y = std::f64::consts::PI / (2.0 * dln);
    let zp = loggamma(Complex::new(xp, y));
    let zm = loggamma(Complex::new(xm, y));
    let arg = (LN_2 - lnkr) / dln + (zp.im + zm.im) / std::f64::consts::PI;
    // np.round: half to even.
    lnkr + (arg - arg.round_ties_even()) * dln
}

/// A fast Hankel transform being set up: [`fht`] or [`ifht`]; `.run()` computes it.
#[derive(Clone, Debug)]
#[must_use = "a transform builder does nothing until `.run()` is called"]
pub struct HankelTransform<'a, T: RealFftDType> {
    a: &'a Array<T>,
    dln: f64,
    mu: f64,
    offset: f64,
    bias: f64,
    inverse: bool,
}

impl<T: RealFftDType> HankelTransform<'_, T> {
    /// SciPy's `offset` (default 0): the offset of the output's log-spaced grid.
    pub fn offset(mut self, offset: f64) -> Self {
        self.offset = offset;
        self
    }

    /// SciPy's `bias` (default 0): the exponent of a power-law bias.
    pub fn bias(mut self, bias: f64) -> Self {
        self.bias = bias;
        self
    }

    /// Computes the transform along the last axis, of `T::Real`.
    pub fn run(self) -> Result<Array<T::Real>> {
        let op = if self.inverse { "ifht" } else { "fht" };
        let Some(&n) = self.a.shape().last() else {
            return Err(Error::invalid(format!("{op}: a 0-d input has no axis")));
        };
        super::transform::check_n(op, n)?;
        let dev = self.a.device();
        let (q, dln, off) = (self.bias, self.dln, self.offset);
        let jc = (n as f64 - 1.0) / 2.0;
        let factors = |f: &dyn Fn(f64) -> f64| -> Result<Array<T::Real>> {
            let v: Vec<T::Real> = (0..n)
                .map(|j| <T::Real as FftReal>::from_f64(f(j as f64)))
                .collect();
            Array::from_vec(&dev, &[n], v)
        };
        let mut x: Array<T::Real> = retype(self.a.clone())?;
        if q != 0.0 {
            let s = if self.inverse { 1.0 } else { -1.0 };
            let fac = if self.inverse {
                factors(&|j| (q * ((j - jc) * dln + off)).exp())?
            } else {
                factors(&|j| (s * q * (j - jc) * dln).exp())?
            };
            x = super::kernels::scale_real::<T::Real>(&x, &fac)?;
        }
        let u = coefficients(n, dln, self.mu, off, q, self.inverse);
        let w: Vec<T::Complex> = u
            .iter()
            .map(|&c| {
                let c = if self.inverse {
                    // A / conj(u); 1 / conj(inf) = 0.
                    if c.re.is_infinite() {
                        Complex::new(0.0, 0.0)
                    } else {
                        c.conj().inv()
                    }
                } else {
                    c
                };
                T::Complex::from_complex(Complex::new(
                    <<T::Complex as FftComplex>::Real as FftReal>::from_f64(c.re),
                    <<T::Complex as FftComplex>::Real as FftReal>::from_f64(c.im),
                ))
            })
            .collect();
        let w = Array::from_vec(&dev, &[n / 2 + 1], w)?;
        let ax = x.ndim() - 1;
        let spec = transform::r2c::<T::Real, T::Complex>(&x, ax, n, 1.0, None)?;
        let spec = T::Complex::mul_array(&spec, &w)?;
        let y: Array<T::Real> = retype(transform::c2r::<T::Complex, T::Complex>(
            &spec,
            ax,
            n,
            1.0 / n as f64,
            None,
        )?)?;
        let mut y = y
            .slice([
                SliceItem::Ellipsis,
                SliceItem::Range(Slice::FULL.step_by(-1)),
            ])?
            .as_standard_layout()?;
        if q != 0.0 {
            let fac = if self.inverse {
                factors(&|j| 1.0 / (-q * (j - jc) * dln).exp())?
            } else {
                factors(&|j| (-q * ((j - jc) * dln + off)).exp())?
            };
            y = super::kernels::scale_real::<T::Real>(&y, &fac)?;
        }
        Ok(y)
    }
}

/// SciPy's `fht(a, dln, mu, offset, bias)`: the fast Hankel transform of log-spaced samples
/// `a` (last axis) with logarithmic spacing `dln`, Bessel order `mu`; `.offset(..)`,
/// `.bias(..)`. Real dtypes.
///
/// ```
/// use kernels_std::fft::{fht, fhtoffset, ifht};
/// use kernels_std::prelude::*;
/// let dev = Device::cpu();
/// let n = 64;
/// let dln = (1e6f64).ln() / (n - 1) as f64;
/// let r: Vec<f64> = (0..n).map(|j| (-3.0 * 10f64.ln() + j as f64 * dln).exp()).collect();
/// let a: Vec<f64> = r.iter().map(|r| r * (-r * r / 2.0).exp()).collect();
/// let a = Array::from_vec(&dev, &[n], a)?;
/// let off = fhtoffset(dln, 0.0, 0.0, 0.0);
/// let big = fht(&a, dln, 0.0).offset(off).run()?;
/// let back = ifht(&big, dln, 0.0).offset(off).run()?;
/// let (x, y) = (a.to_vec()?, back.to_vec()?);
/// assert!(x.iter().zip(&y).all(|(p, q)| (p - q).abs() < 1e-10));
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn fht<T: RealFftDType>(a: &Array<T>, dln: f64, mu: f64) -> HankelTransform<'_, T> {
    HankelTransform {
        a,
        dln,
        mu,
        offset: 0.0,
        bias: 0.0,
        inverse: false,
    }
}

/// SciPy's `ifht(A, dln, mu, offset, bias)`: the inverse of [`fht`].
///
/// ```
/// use kernels_std::fft::ifht;
/// use kernels_std::prelude::*;
/// let a = Array::from_vec(&Device::cpu(), &[8], vec![1.0f64; 8])?;
/// assert_eq!(ifht(&a, 0.5, 1.0).bias(0.2).run()?.shape(), [8]);
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn ifht<T: RealFftDType>(a: &Array<T>, dln: f64, mu: f64) -> HankelTransform<'_, T> {
    HankelTransform {
        inverse: true,
        ..fht(a, dln, mu)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn loggamma_matches_known_values() {
        // log Gamma(1) = log Gamma(2) = 0, log Gamma(0.5) = log(sqrt(pi)).
        assert!(loggamma(Complex::new(1.0, 0.0)).norm() < 1e-14);
        assert!(loggamma(Complex::new(2.0, 0.0)).norm() < 1e-14);
        let half = loggamma(Complex::new(0.5, 0.0)).re;
        assert!((half - std::f64::consts::PI.sqrt().ln()).abs() < 1e-14);
        // Gamma(i): |Gamma(i)|^2 = pi / sinh(pi); arg from SciPy: -1.8724366472624294.
        let gi = loggamma(Complex::new(0.0, 1.0));
        let want = (std::f64::consts::PI / std::f64::consts::PI.sinh()).ln() / 2.0;
        assert!((gi.re - want).abs() < 1e-14);
        assert!((gi.im + 1.8724366472624294).abs() < 1e-13);
        assert_eq!(poch(0.0, 1.0), 0.0);
        assert!((poch(2.0, 3.0) - 24.0).abs() < 1e-12);
    }
}
