//! The discrete distributions of NumPy's `Generator` (`i64` results, as NumPy's `int64`):
//! each a kind of the [`discrete`](super::kernels::discrete) kernel. Parameters are scalars or
//! arrays ([`Param`]), broadcast with `size` ([`Size`]); invalid parameters give NumPy's
//! message as an error.

use crate::prelude::*;

use super::discrete::DiscreteKind as K;
use super::generator::Generator;
use super::params::{Param, Size};

impl Generator {
    /// NumPy's `Generator.binomial(n, p, size)`: the number of successes in `n` trials of
    /// probability `p` (inversion for `n min(p, 1-p) <= 30`, else BTPE).
    ///
    /// Errors: `n < 0`; `p` outside `[0, 1]` or NaN.
    ///
    /// ```
    /// use kernels_std::random::Generator;
    /// use kernels_std::prelude::*;
    /// let dev = Device::cpu();
    /// let x = Generator::new(1).binomial(&dev, 1000, 0.3, &[500])?.to_vec()?;
    /// assert!(x.iter().all(|&v| (0..=1000).contains(&v)));
    /// assert!((x.iter().sum::<i64>() as f64 / 500.0 - 300.0).abs() < 5.0);
    /// assert!(Generator::new(1).binomial(&dev, 10, 1.5, None).is_err());
    /// # Ok::<(), kernels_std::Error>(())
    /// ```
    pub fn binomial(
        &mut self,
        device: &Device,
        n: impl Into<Param<i64>>,
        p: impl Into<Param<f64>>,
        size: impl Into<Size>,
    ) -> Result<Array<i64>> {
        self.discrete(
            device,
            K::Binomial,
            &[("n", n.into())],
            &[("p", p.into())],
            size.into(),
        )
    }

    /// NumPy's `Generator.geometric(p, size)`: the number of trials up to the first success,
    /// at least 1 (inversion: `ceil(ln u / ln(1 - p))`).
    ///
    /// Errors: `p` outside `(0, 1]` or NaN.
    ///
    /// ```
    /// use kernels_std::random::Generator;
    /// use kernels_std::prelude::*;
    /// let dev = Device::cpu();
    /// let x = Generator::new(2).geometric(&dev, 0.25, &[1000])?.to_vec()?;
    /// assert!(x.iter().all(|&v| v >= 1));
    /// assert!((x.iter().sum::<i64>() as f64 / 1000.0 - 4.0).abs() < 0.4);
    /// assert!(Generator::new(2).geometric(&dev, 0.0, None).is_err());
    /// # Ok::<(), kernels_std::Error>(())
    /// ```
    pub fn geometric(
        &mut self,
        device: &Device,
        p: impl Into<Param<f64>>,
        size: impl Into<Size>,
    ) -> Result<Array<i64>> {
        self.discrete(device, K::Geometric, &[], &[("p", p.into())], size.into())
    }

    /// NumPy's `Generator.hypergeometric(ngood, nbad, nsample, size)`: the number of good
    /// items in `nsample` drawn without replacement from `ngood` good and `nbad` bad ones.
    ///
    /// Errors (NumPy's order): `ngood` or `nbad` at least `10^9`, `ngood + nbad < nsample`,
    /// a negative `ngood`, `nbad` or `nsample`.
    ///
    /// ```
    /// use kernels_std::random::Generator;
    /// use kernels_std::prelude::*;
    /// let dev = Device::cpu();
    /// let x = Generator::new(3).hypergeometric(&dev, 30, 70, 20, &[1000])?.to_vec()?;
    /// assert!(x.iter().all(|&v| (0..=20).contains(&v)));
    /// assert!((x.iter().sum::<i64>() as f64 / 1000.0 - 6.0).abs() < 0.3);
    /// assert!(Generator::new(3).hypergeometric(&dev, 1, 1, 3, None).is_err());
    /// # Ok::<(), kernels_std::Error>(())
    /// ```
    pub fn hypergeometric(
        &mut self,
        device: &Device,
        ngood: impl Into<Param<i64>>,
        nbad: impl Into<Param<i64>>,
        nsample: impl Into<Param<i64>>,
        size: impl Into<Size>,
    ) -> Result<Array<i64>> {
        let ints = [
            ("ngood", ngood.into()),
            ("nbad", nbad.into()),
            ("nsample", nsample.into()),
        ];
        self.discrete(device, K::Hypergeometric, &ints, &[], size.into())
    }

    /// NumPy's `Generator.logseries(p, size)`: logarithmic series variates,
    /// `P(k) = -p^k / (k ln(1 - p))` for `k >= 1` (Kemp's method).
    ///
    /// Errors: `p` outside `[0, 1)` or NaN.
    ///
    /// ```
    /// use kernels_std::random::Generator;
    /// use kernels_std::prelude::*;
    /// let dev = Device::cpu();
    /// let x = Generator::new(4).logseries(&dev, 0.5, &[1000])?.to_vec()?;
    /// // Mean -p / ((1 - p) ln(1 - p)) = 1 / ln 2.
    /// assert!(x.iter().all(|&v| v >= 1));
    /// assert!((x.iter().sum::<i64>() as f64 / 1000.0 - 1.4427).abs() < 0.1);
    /// assert!(Generator::new(4).logseries(&dev, 1.0, None).is_err());
    /// # Ok::<(), kernels_std::Error>(())
    /// ```
    pub fn logseries(
        &mut self,
        device: &Device,
        p: impl Into<Param<f64>>,
        size: impl Into<Size>,
    ) -> Result<Array<i64>> {
        self.discrete(device, K::Logseries, &[], &[("p", p.into())], size.into())
    }

    /// NumPy's `Generator.negative_binomial(n, p, size)`: the number of failures before the
    /// `n`-th success (`n > 0` need not be an integer): a Poisson variate whose mean is a
    /// gamma variate of shape `n` and scale `(1 - p) / p`.
    ///
    /// Errors: `n` NaN, `n <= 0`, `p` outside `(0, 1]` or NaN, and NumPy's "n too large or p
    /// too small" (the Poisson mean could pass `POISSON_LAM_MAX`).
    ///
    /// ```
    /// use kernels_std::random::Generator;
    /// use kernels_std::prelude::*;
    /// let dev = Device::cpu();
    /// let x = Generator::new(5).negative_binomial(&dev, 4.0, 0.5, &[1000])?.to_vec()?;
    /// // Mean n (1 - p) / p.
    /// assert!((x.iter().sum::<i64>() as f64 / 1000.0 - 4.0).abs() < 0.4);
    /// assert!(Generator::new(5).negative_binomial(&dev, 0.0, 0.5, None).is_err());
    /// # Ok::<(), kernels_std::Error>(())
    /// ```
    pub fn negative_binomial(
        &mut self,
        device: &Device,
        n: impl Into<Param<f64>>,
        p: impl Into<Param<f64>>,
        size: impl Into<Size>,
    ) -> Result<Array<i64>> {
        let floats = [("n", n.into()), ("p", p.into())];
        self.discrete(device, K::NegativeBinomial, &[], &floats, size.into())
    }

    /// NumPy's `Generator.poisson(lam, size)`: Poisson variates of mean `lam` (the
    /// multiplication method below 10, Hörmann's PTRS above).
    ///
    /// Errors: `lam < 0` or NaN; `lam` above `POISSON_LAM_MAX` (about `9.2e18`).
    ///
    /// ```
    /// use kernels_std::random::Generator;
    /// use kernels_std::prelude::*;
    /// let dev = Device::cpu();
    /// let x = Generator::new(6).poisson(&dev, 50.0, &[1000])?.to_vec()?;
    /// assert!((x.iter().sum::<i64>() as f64 / 1000.0 - 50.0).abs() < 1.5);
    /// assert!(Generator::new(6).poisson(&dev, -1.0, None).is_err());
    /// # Ok::<(), kernels_std::Error>(())
    /// ```
    pub fn poisson(
        &mut self,
        device: &Device,
        lam: impl Into<Param<f64>>,
        size: impl Into<Size>,
    ) -> Result<Array<i64>> {
        self.discrete(device, K::Poisson, &[], &[("lam", lam.into())], size.into())
    }

    /// NumPy's `Generator.zipf(a, size)`: Zipf (zeta) variates, `P(k) = k^-a / zeta(a)` for
    /// `k >= 1` (Devroye's rejection method).
    ///
    /// Errors: `a <= 1` or NaN.
    ///
    /// ```
    /// use kernels_std::random::Generator;
    /// use kernels_std::prelude::*;
    /// let dev = Device::cpu();
    /// let x = Generator::new(7).zipf(&dev, 3.0, &[1000])?.to_vec()?;
    /// // P(1) = 1 / zeta(3) = 0.8319.
    /// let ones = x.iter().filter(|&&v| v == 1).count();
    /// assert!(x.iter().all(|&v| v >= 1) && (790..870).contains(&ones));
    /// assert!(Generator::new(7).zipf(&dev, 1.0, None).is_err());
    /// # Ok::<(), kernels_std::Error>(())
    /// ```
    pub fn zipf(
        &mut self,
        device: &Device,
        a: impl Into<Param<f64>>,
        size: impl Into<Size>,
    ) -> Result<Array<i64>> {
        self.discrete(device, K::Zipf, &[], &[("a", a.into())], size.into())
    }
}
