//! The continuous distributions of NumPy's `Generator` (`f64` results; `standard_gamma` also
//! `f32`): each a kind of the [`continuous`](super::kernels::continuous) kernel. Parameters
//! are scalars or arrays ([`Param`]), broadcast with `size` ([`Size`]) as in NumPy; invalid
//! parameters give NumPy's message as an error, and a NaN parameter gives NaN.

use crate::prelude::*;

use super::continuous::ContinuousKind as K;
use super::generator::Generator;
use super::params::{Param, Size};
use super::uniform::RandomFloat;

impl Generator {
    /// NumPy's `Generator.standard_gamma(shape, size, dtype)`: gamma variates of scale 1 and
    /// shape `shape >= 0` (Marsaglia and Tsang's method, see
    /// [`samplers`](super::samplers)), as `f64` or `f32` (computed in `f64`, rounded).
    ///
    /// Errors: `shape < 0`.
    ///
    /// ```
    /// use kernels_std::random::Generator;
    /// use kernels_std::prelude::*;
    /// let dev = Device::cpu();
    /// let mut rng = Generator::new(1);
    /// let g = rng.standard_gamma::<f32>(&dev, 2.5, &[1000])?.to_vec()?;
    /// let mean = g.iter().sum::<f32>() / 1000.0;
    /// assert!((mean - 2.5).abs() < 0.3 && g.iter().all(|&v| v > 0.0));
    /// assert!(rng.standard_gamma::<f64>(&dev, -1.0, None).is_err());
    /// # Ok::<(), kernels_std::Error>(())
    /// ```
    pub fn standard_gamma<T: RandomFloat>(
        &mut self,
        device: &Device,
        shape: impl Into<Param<f64>>,
        size: impl Into<Size>,
    ) -> Result<Array<T>> {
        let params = [("shape", shape.into()), ("scale", Param::Scalar(1.0))];
        self.continuous(device, K::Gamma, &params, size.into())
    }

    /// NumPy's `Generator.gamma(shape, scale, size)`: `scale` times a standard gamma variate
    /// of shape `shape`; mean `shape * scale`.
    ///
    /// Errors: `shape < 0`, `scale < 0`.
    ///
    /// ```
    /// use kernels_std::random::Generator;
    /// use kernels_std::prelude::*;
    /// let dev = Device::cpu();
    /// let shape = Array::from_vec(&dev, &[2, 1], vec![1.0, 9.0])?;
    /// let x = Generator::new(2).gamma(&dev, &shape, 0.5, &[2, 500])?.to_vec()?;
    /// let (a, b) = x.split_at(500);
    /// assert!((a.iter().sum::<f64>() / 500.0 - 0.5).abs() < 0.15);
    /// assert!((b.iter().sum::<f64>() / 500.0 - 4.5).abs() < 0.5);
    /// assert!(Generator::new(2).gamma(&dev, 1.0, -1.0, None).is_err());
    /// # Ok::<(), kernels_std::Error>(())
    /// ```
    pub fn gamma(
        &mut self,
        device: &Device,
        shape: impl Into<Param<f64>>,
        scale: impl Into<Param<f64>>,
        size: impl Into<Size>,
    ) -> Result<Array<f64>> {
        let params = [("shape", shape.into()), ("scale", scale.into())];
        self.continuous(device, K::Gamma, &params, size.into())
    }

    /// NumPy's `Generator.beta(a, b, size)`: beta variates in `[0, 1]`, mean `a / (a + b)`
    /// (Johnk's method when both shapes are at most 1, else a ratio of gamma variates).
    ///
    /// Errors: `a <= 0`, `b <= 0`.
    ///
    /// ```
    /// use kernels_std::random::Generator;
    /// use kernels_std::prelude::*;
    /// let dev = Device::cpu();
    /// let x = Generator::new(3).beta(&dev, 2.0, 6.0, &[1000])?.to_vec()?;
    /// assert!(x.iter().all(|&v| (0.0..=1.0).contains(&v)));
    /// assert!((x.iter().sum::<f64>() / 1000.0 - 0.25).abs() < 0.03);
    /// assert!(Generator::new(3).beta(&dev, 0.0, 1.0, None).is_err());
    /// # Ok::<(), kernels_std::Error>(())
    /// ```
    pub fn beta(
        &mut self,
        device: &Device,
        a: impl Into<Param<f64>>,
        b: impl Into<Param<f64>>,
        size: impl Into<Size>,
    ) -> Result<Array<f64>> {
        let params = [("a", a.into()), ("b", b.into())];
        self.continuous(device, K::Beta, &params, size.into())
    }

    /// NumPy's `Generator.chisquare(df, size)`: chi-square variates of `df > 0` degrees of
    /// freedom (`2 standard_gamma(df / 2)`); mean `df`.
    ///
    /// Errors: `df <= 0`.
    ///
    /// ```
    /// use kernels_std::random::Generator;
    /// use kernels_std::prelude::*;
    /// let dev = Device::cpu();
    /// let x = Generator::new(4).chisquare(&dev, 3.0, &[1000])?.to_vec()?;
    /// assert!((x.iter().sum::<f64>() / 1000.0 - 3.0).abs() < 0.4);
    /// assert!(Generator::new(4).chisquare(&dev, 0.0, None).is_err());
    /// # Ok::<(), kernels_std::Error>(())
    /// ```
    pub fn chisquare(
        &mut self,
        device: &Device,
        df: impl Into<Param<f64>>,
        size: impl Into<Size>,
    ) -> Result<Array<f64>> {
        self.continuous(device, K::Chisquare, &[("df", df.into())], size.into())
    }

    /// NumPy's `Generator.f(dfnum, dfden, size)`: F (Fisher-Snedecor) variates, the ratio of
    /// two chi-square variates each divided by its degrees of freedom.
    ///
    /// Errors: `dfnum <= 0`, `dfden <= 0`.
    ///
    /// ```
    /// use kernels_std::random::Generator;
    /// use kernels_std::prelude::*;
    /// let dev = Device::cpu();
    /// let x = Generator::new(5).f(&dev, 5.0, 20.0, &[1000])?.to_vec()?;
    /// // Mean dfden / (dfden - 2).
    /// assert!((x.iter().sum::<f64>() / 1000.0 - 20.0 / 18.0).abs() < 0.1);
    /// assert!(Generator::new(5).f(&dev, 1.0, -2.0, None).is_err());
    /// # Ok::<(), kernels_std::Error>(())
    /// ```
    pub fn f(
        &mut self,
        device: &Device,
        dfnum: impl Into<Param<f64>>,
        dfden: impl Into<Param<f64>>,
        size: impl Into<Size>,
    ) -> Result<Array<f64>> {
        let params = [("dfnum", dfnum.into()), ("dfden", dfden.into())];
        self.continuous(device, K::F, &params, size.into())
    }

    /// NumPy's `Generator.standard_t(df, size)`: Student's t variates of `df > 0` degrees of
    /// freedom, `z sqrt(df / 2) / sqrt(g)` with `z` normal and `g` gamma of shape `df / 2`.
    ///
    /// Errors: `df <= 0`.
    ///
    /// ```
    /// use kernels_std::random::Generator;
    /// use kernels_std::prelude::*;
    /// let dev = Device::cpu();
    /// let x = Generator::new(6).standard_t(&dev, 10.0, &[1000])?.to_vec()?;
    /// assert!((x.iter().sum::<f64>() / 1000.0).abs() < 0.15);
    /// assert!(Generator::new(6).standard_t(&dev, 0.0, None).is_err());
    /// # Ok::<(), kernels_std::Error>(())
    /// ```
    pub fn standard_t(
        &mut self,
        device: &Device,
        df: impl Into<Param<f64>>,
        size: impl Into<Size>,
    ) -> Result<Array<f64>> {
        self.continuous(device, K::StandardT, &[("df", df.into())], size.into())
    }

    /// NumPy's `Generator.noncentral_chisquare(df, nonc, size)`: noncentral chi-square
    /// variates, mean `df + nonc` (for `df > 1` a chi-square of `df - 1` plus a shifted
    /// squared normal; else a chi-square of `df + 2i` with `i` Poisson of mean `nonc / 2`).
    ///
    /// Errors: `df <= 0`, `nonc < 0`.
    ///
    /// ```
    /// use kernels_std::random::Generator;
    /// use kernels_std::prelude::*;
    /// let dev = Device::cpu();
    /// let x = Generator::new(7).noncentral_chisquare(&dev, 3.0, 2.0, &[1000])?.to_vec()?;
    /// assert!((x.iter().sum::<f64>() / 1000.0 - 5.0).abs() < 0.5);
    /// assert!(Generator::new(7).noncentral_chisquare(&dev, 3.0, -1.0, None).is_err());
    /// # Ok::<(), kernels_std::Error>(())
    /// ```
    pub fn noncentral_chisquare(
        &mut self,
        device: &Device,
        df: impl Into<Param<f64>>,
        nonc: impl Into<Param<f64>>,
        size: impl Into<Size>,
    ) -> Result<Array<f64>> {
        let params = [("df", df.into()), ("nonc", nonc.into())];
        self.continuous(device, K::NoncentralChisquare, &params, size.into())
    }

    /// NumPy's `Generator.noncentral_f(dfnum, dfden, nonc, size)`: noncentral F variates, a
    /// noncentral chi-square over `dfnum` divided by a chi-square over `dfden`.
    ///
    /// Errors: `dfnum <= 0`, `dfden <= 0`, `nonc < 0`.
    ///
    /// ```
    /// use kernels_std::random::Generator;
    /// use kernels_std::prelude::*;
    /// let dev = Device::cpu();
    /// let x = Generator::new(8).noncentral_f(&dev, 3.0, 20.0, 3.0, &[1000])?.to_vec()?;
    /// // Mean dfden (dfnum + nonc) / (dfnum (dfden - 2)) = 20/9.
    /// assert!((x.iter().sum::<f64>() / 1000.0 - 20.0 / 9.0).abs() < 0.25);
    /// assert!(Generator::new(8).noncentral_f(&dev, 0.0, 1.0, 1.0, None).is_err());
    /// # Ok::<(), kernels_std::Error>(())
    /// ```
    pub fn noncentral_f(
        &mut self,
        device: &Device,
        dfnum: impl Into<Param<f64>>,
        dfden: impl Into<Param<f64>>,
        nonc: impl Into<Param<f64>>,
        size: impl Into<Size>,
    ) -> Result<Array<f64>> {
        let params = [
            ("dfnum", dfnum.into()),
            ("dfden", dfden.into()),
            ("nonc", nonc.into()),
        ];
        self.continuous(device, K::NoncentralF, &params, size.into())
    }

    /// NumPy's `Generator.gumbel(loc, scale, size)`: Gumbel (extreme value type I) variates,
    /// `loc - scale ln(-ln u)`.
    ///
    /// Errors: `scale < 0`.
    ///
    /// ```
    /// use kernels_std::random::Generator;
    /// use kernels_std::prelude::*;
    /// let dev = Device::cpu();
    /// let x = Generator::new(9).gumbel(&dev, 1.0, 2.0, &[1000])?.to_vec()?;
    /// // Mean loc + scale * Euler's gamma.
    /// assert!((x.iter().sum::<f64>() / 1000.0 - (1.0 + 2.0 * 0.5772)).abs() < 0.3);
    /// assert!(Generator::new(9).gumbel(&dev, 0.0, -1.0, None).is_err());
    /// # Ok::<(), kernels_std::Error>(())
    /// ```
    pub fn gumbel(
        &mut self,
        device: &Device,
        loc: impl Into<Param<f64>>,
        scale: impl Into<Param<f64>>,
        size: impl Into<Size>,
    ) -> Result<Array<f64>> {
        let params = [("loc", loc.into()), ("scale", scale.into())];
        self.continuous(device, K::Gumbel, &params, size.into())
    }

    /// NumPy's `Generator.laplace(loc, scale, size)`: Laplace (double exponential) variates.
    ///
    /// Errors: `scale < 0`.
    ///
    /// ```
    /// use kernels_std::random::Generator;
    /// use kernels_std::prelude::*;
    /// let dev = Device::cpu();
    /// let x = Generator::new(10).laplace(&dev, -1.0, 0.5, &[1000])?.to_vec()?;
    /// assert!((x.iter().sum::<f64>() / 1000.0 + 1.0).abs() < 0.1);
    /// assert!(Generator::new(10).laplace(&dev, 0.0, -1.0, None).is_err());
    /// # Ok::<(), kernels_std::Error>(())
    /// ```
    pub fn laplace(
        &mut self,
        device: &Device,
        loc: impl Into<Param<f64>>,
        scale: impl Into<Param<f64>>,
        size: impl Into<Size>,
    ) -> Result<Array<f64>> {
        let params = [("loc", loc.into()), ("scale", scale.into())];
        self.continuous(device, K::Laplace, &params, size.into())
    }

    /// NumPy's `Generator.logistic(loc, scale, size)`: logistic variates,
    /// `loc + scale ln(u / (1 - u))`.
    ///
    /// Errors: `scale < 0`.
    ///
    /// ```
    /// use kernels_std::random::Generator;
    /// use kernels_std::prelude::*;
    /// let dev = Device::cpu();
    /// let x = Generator::new(11).logistic(&dev, 4.0, 1.0, &[1000])?.to_vec()?;
    /// assert!((x.iter().sum::<f64>() / 1000.0 - 4.0).abs() < 0.25);
    /// assert!(Generator::new(11).logistic(&dev, 0.0, -1.0, None).is_err());
    /// # Ok::<(), kernels_std::Error>(())
    /// ```
    pub fn logistic(
        &mut self,
        device: &Device,
        loc: impl Into<Param<f64>>,
        scale: impl Into<Param<f64>>,
        size: impl Into<Size>,
    ) -> Result<Array<f64>> {
        let params = [("loc", loc.into()), ("scale", scale.into())];
        self.continuous(device, K::Logistic, &params, size.into())
    }

    /// NumPy's `Generator.lognormal(mean, sigma, size)`: `exp(mean + sigma z)` with `z`
    /// standard normal.
    ///
    /// Errors: `sigma < 0`.
    ///
    /// ```
    /// use kernels_std::random::Generator;
    /// use kernels_std::prelude::*;
    /// let dev = Device::cpu();
    /// let x = Generator::new(12).lognormal(&dev, 0.0, 0.25, &[1000])?.to_vec()?;
    /// // Mean exp(sigma^2 / 2).
    /// assert!((x.iter().sum::<f64>() / 1000.0 - (0.03125f64).exp()).abs() < 0.05);
    /// assert!(Generator::new(12).lognormal(&dev, 0.0, -1.0, None).is_err());
    /// # Ok::<(), kernels_std::Error>(())
    /// ```
    pub fn lognormal(
        &mut self,
        device: &Device,
        mean: impl Into<Param<f64>>,
        sigma: impl Into<Param<f64>>,
        size: impl Into<Size>,
    ) -> Result<Array<f64>> {
        let params = [("mean", mean.into()), ("sigma", sigma.into())];
        self.continuous(device, K::Lognormal, &params, size.into())
    }

    /// NumPy's `Generator.pareto(a, size)`: Pareto II (Lomax) variates, `exp(e / a) - 1` with
    /// `e` standard exponential (add 1 and multiply by `m` for the classical Pareto of mode
    /// `m`).
    ///
    /// Errors: `a <= 0`.
    ///
    /// ```
    /// use kernels_std::random::Generator;
    /// use kernels_std::prelude::*;
    /// let dev = Device::cpu();
    /// let x = Generator::new(13).pareto(&dev, 5.0, &[1000])?.to_vec()?;
    /// // Mean 1 / (a - 1).
    /// assert!(x.iter().all(|&v| v >= 0.0));
    /// assert!((x.iter().sum::<f64>() / 1000.0 - 0.25).abs() < 0.05);
    /// assert!(Generator::new(13).pareto(&dev, 0.0, None).is_err());
    /// # Ok::<(), kernels_std::Error>(())
    /// ```
    pub fn pareto(
        &mut self,
        device: &Device,
        a: impl Into<Param<f64>>,
        size: impl Into<Size>,
    ) -> Result<Array<f64>> {
        self.continuous(device, K::Pareto, &[("a", a.into())], size.into())
    }

    /// NumPy's `Generator.power(a, size)`: variates in `[0, 1]` of density `a x^(a-1)`,
    /// `u^(1/a)`.
    ///
    /// Errors: `a <= 0`.
    ///
    /// ```
    /// use kernels_std::random::Generator;
    /// use kernels_std::prelude::*;
    /// let dev = Device::cpu();
    /// let x = Generator::new(14).power(&dev, 3.0, &[1000])?.to_vec()?;
    /// // Mean a / (a + 1).
    /// assert!(x.iter().all(|&v| (0.0..=1.0).contains(&v)));
    /// assert!((x.iter().sum::<f64>() / 1000.0 - 0.75).abs() < 0.03);
    /// assert!(Generator::new(14).power(&dev, -1.0, None).is_err());
    /// # Ok::<(), kernels_std::Error>(())
    /// ```
    pub fn power(
        &mut self,
        device: &Device,
        a: impl Into<Param<f64>>,
        size: impl Into<Size>,
    ) -> Result<Array<f64>> {
        self.continuous(device, K::Power, &[("a", a.into())], size.into())
    }

    /// NumPy's `Generator.rayleigh(scale, size)`: Rayleigh variates, `scale sqrt(2 e)` with
    /// `e` standard exponential.
    ///
    /// Errors: `scale < 0`.
    ///
    /// ```
    /// use kernels_std::random::Generator;
    /// use kernels_std::prelude::*;
    /// let dev = Device::cpu();
    /// let x = Generator::new(15).rayleigh(&dev, 2.0, &[1000])?.to_vec()?;
    /// // Mean scale sqrt(pi / 2).
    /// assert!((x.iter().sum::<f64>() / 1000.0 - 2.0 * 1.2533).abs() < 0.15);
    /// assert!(Generator::new(15).rayleigh(&dev, -1.0, None).is_err());
    /// # Ok::<(), kernels_std::Error>(())
    /// ```
    pub fn rayleigh(
        &mut self,
        device: &Device,
        scale: impl Into<Param<f64>>,
        size: impl Into<Size>,
    ) -> Result<Array<f64>> {
        self.continuous(device, K::Rayleigh, &[("scale", scale.into())], size.into())
    }

    /// NumPy's `Generator.standard_cauchy(size)`: standard Cauchy variates, `cot(pi u)` with
    /// `u` uniform in `(0, 1)` (one word each; NumPy divides two normals, the same law).
    ///
    /// ```
    /// use kernels_std::random::Generator;
    /// use kernels_std::prelude::*;
    /// let x = Generator::new(16).standard_cauchy(&Device::cpu(), &[1000])?.to_vec()?;
    /// // The median is 0, the quartiles -1 and 1.
    /// let inside = x.iter().filter(|v| v.abs() < 1.0).count();
    /// assert!((400..600).contains(&inside));
    /// # Ok::<(), kernels_std::Error>(())
    /// ```
    pub fn standard_cauchy(
        &mut self,
        device: &Device,
        size: impl Into<Size>,
    ) -> Result<Array<f64>> {
        self.continuous(device, K::StandardCauchy, &[], size.into())
    }

    /// NumPy's `Generator.triangular(left, mode, right, size)`: triangular variates on
    /// `[left, right]` peaking at `mode`, by inversion.
    ///
    /// Errors: `left > mode`, `mode > right`, `left == right`.
    ///
    /// ```
    /// use kernels_std::random::Generator;
    /// use kernels_std::prelude::*;
    /// let dev = Device::cpu();
    /// let x = Generator::new(17).triangular(&dev, 0.0, 1.0, 5.0, &[1000])?.to_vec()?;
    /// assert!(x.iter().all(|&v| (0.0..=5.0).contains(&v)));
    /// assert!((x.iter().sum::<f64>() / 1000.0 - 2.0).abs() < 0.15);
    /// assert!(Generator::new(17).triangular(&dev, 1.0, 0.0, 2.0, None).is_err());
    /// # Ok::<(), kernels_std::Error>(())
    /// ```
    pub fn triangular(
        &mut self,
        device: &Device,
        left: impl Into<Param<f64>>,
        mode: impl Into<Param<f64>>,
        right: impl Into<Param<f64>>,
        size: impl Into<Size>,
    ) -> Result<Array<f64>> {
        let params = [
            ("left", left.into()),
            ("mode", mode.into()),
            ("right", right.into()),
        ];
        self.continuous(device, K::Triangular, &params, size.into())
    }

    /// NumPy's `Generator.vonmises(mu, kappa, size)`: von Mises (circular normal) variates in
    /// `[-pi, pi]` of mode `mu` and concentration `kappa` (Best and Fisher's method).
    ///
    /// Errors: `kappa < 0`.
    ///
    /// ```
    /// use kernels_std::random::Generator;
    /// use kernels_std::prelude::*;
    /// let dev = Device::cpu();
    /// let x = Generator::new(18).vonmises(&dev, 0.5, 4.0, &[1000])?.to_vec()?;
    /// let pi = std::f64::consts::PI;
    /// assert!(x.iter().all(|&v| (-pi..=pi).contains(&v)));
    /// assert!((x.iter().sum::<f64>() / 1000.0 - 0.5).abs() < 0.1);
    /// assert!(Generator::new(18).vonmises(&dev, 0.0, -1.0, None).is_err());
    /// # Ok::<(), kernels_std::Error>(())
    /// ```
    pub fn vonmises(
        &mut self,
        device: &Device,
        mu: impl Into<Param<f64>>,
        kappa: impl Into<Param<f64>>,
        size: impl Into<Size>,
    ) -> Result<Array<f64>> {
        let params = [("mu", mu.into()), ("kappa", kappa.into())];
        self.continuous(device, K::Vonmises, &params, size.into())
    }

    /// NumPy's `Generator.wald(mean, scale, size)`: Wald (inverse Gaussian) variates of mean
    /// `mean` and shape `scale`, by Michael, Schucany and Haas' transformation.
    ///
    /// Errors: `mean <= 0`, `scale <= 0`.
    ///
    /// ```
    /// use kernels_std::random::Generator;
    /// use kernels_std::prelude::*;
    /// let dev = Device::cpu();
    /// let x = Generator::new(19).wald(&dev, 2.0, 8.0, &[1000])?.to_vec()?;
    /// assert!(x.iter().all(|&v| v > 0.0));
    /// assert!((x.iter().sum::<f64>() / 1000.0 - 2.0).abs() < 0.15);
    /// assert!(Generator::new(19).wald(&dev, 0.0, 1.0, None).is_err());
    /// # Ok::<(), kernels_std::Error>(())
    /// ```
    pub fn wald(
        &mut self,
        device: &Device,
        mean: impl Into<Param<f64>>,
        scale: impl Into<Param<f64>>,
        size: impl Into<Size>,
    ) -> Result<Array<f64>> {
        let params = [("mean", mean.into()), ("scale", scale.into())];
        self.continuous(device, K::Wald, &params, size.into())
    }

    /// NumPy's `Generator.weibull(a, size)`: Weibull variates of shape `a` and scale 1,
    /// `e^(1/a)` with `e` standard exponential (`a = 0` gives 0).
    ///
    /// Errors: `a < 0`.
    ///
    /// ```
    /// use kernels_std::random::Generator;
    /// use kernels_std::prelude::*;
    /// let dev = Device::cpu();
    /// let x = Generator::new(20).weibull(&dev, 2.0, &[1000])?.to_vec()?;
    /// // Mean Gamma(1 + 1/a) = sqrt(pi) / 2.
    /// assert!((x.iter().sum::<f64>() / 1000.0 - 0.8862).abs() < 0.05);
    /// assert!(Generator::new(20).weibull(&dev, -1.0, None).is_err());
    /// # Ok::<(), kernels_std::Error>(())
    /// ```
    pub fn weibull(
        &mut self,
        device: &Device,
        a: impl Into<Param<f64>>,
        size: impl Into<Size>,
    ) -> Result<Array<f64>> {
        self.continuous(device, K::Weibull, &[("a", a.into())], size.into())
    }
}
