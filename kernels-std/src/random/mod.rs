//! Random numbers: NumPy's `numpy.random.Generator` on a counter-based generator
//! (Philox4x32-10), on the CPU and on CUDA GPUs, giving the same numbers on both.
//!
//! All 44 methods of NumPy 2.4's `Generator`. Distribution parameters are scalars or arrays
//! ([`Param`]: `2.0`, `&array`), broadcast together and with `size` ([`Size`]: `&[2, 3]`, or
//! `None` for the parameters' broadcast shape), as in NumPy; invalid parameters give NumPy's
//! message as an error value.
//!
//! | NumPy | here |
//! |---|---|
//! | `rng = np.random.default_rng(seed)` | `let mut rng = `[`default_rng`]`(seed)` or [`Generator::new`]`(seed)` |
//! | `rng.random(size, dtype)` | `rng.`[`random::<T>`](Generator::random)`(&dev, &shape)` |
//! | `rng.uniform(low, high, size)` | `rng.`[`uniform`](Generator::uniform)`(&dev, low, high, size)` |
//! | `rng.standard_normal(size, dtype)` | `rng.`[`standard_normal::<T>`](Generator::standard_normal)`(&dev, &shape)` |
//! | `rng.normal(loc, scale, size)` | `rng.`[`normal`](Generator::normal)`(&dev, loc, scale, size)` |
//! | `rng.standard_exponential(size, dtype)` | `rng.`[`standard_exponential::<T>`](Generator::standard_exponential)`(&dev, &shape)` |
//! | `rng.exponential(scale, size)` | `rng.`[`exponential`](Generator::exponential)`(&dev, scale, size)` |
//! | `rng.standard_gamma(shape, size, dtype)` | `rng.`[`standard_gamma::<T>`](Generator::standard_gamma)`(&dev, shape, size)` |
//! | `rng.gamma(shape, scale, size)` | `rng.`[`gamma`](Generator::gamma)`(&dev, shape, scale, size)` |
//! | `rng.beta(a, b, size)` | `rng.`[`beta`](Generator::beta)`(&dev, a, b, size)` |
//! | `rng.chisquare(df, size)` | `rng.`[`chisquare`](Generator::chisquare)`(&dev, df, size)` |
//! | `rng.f(dfnum, dfden, size)` | `rng.`[`f`](Generator::f)`(&dev, dfnum, dfden, size)` |
//! | `rng.standard_t(df, size)` | `rng.`[`standard_t`](Generator::standard_t)`(&dev, df, size)` |
//! | `rng.noncentral_chisquare(df, nonc, size)` | `rng.`[`noncentral_chisquare`](Generator::noncentral_chisquare)`(&dev, df, nonc, size)` |
//! | `rng.noncentral_f(dfnum, dfden, nonc, size)` | `rng.`[`noncentral_f`](Generator::noncentral_f)`(&dev, dfnum, dfden, nonc, size)` |
//! | `rng.gumbel(loc, scale, size)`, `laplace`, `logistic` | [`gumbel`](Generator::gumbel), [`laplace`](Generator::laplace), [`logistic`](Generator::logistic)`(&dev, loc, scale, size)` |
//! | `rng.lognormal(mean, sigma, size)` | `rng.`[`lognormal`](Generator::lognormal)`(&dev, mean, sigma, size)` |
//! | `rng.pareto(a, size)`, `power`, `weibull` | [`pareto`](Generator::pareto), [`power`](Generator::power), [`weibull`](Generator::weibull)`(&dev, a, size)` |
//! | `rng.rayleigh(scale, size)` | `rng.`[`rayleigh`](Generator::rayleigh)`(&dev, scale, size)` |
//! | `rng.standard_cauchy(size)` | `rng.`[`standard_cauchy`](Generator::standard_cauchy)`(&dev, size)` |
//! | `rng.triangular(left, mode, right, size)` | `rng.`[`triangular`](Generator::triangular)`(&dev, left, mode, right, size)` |
//! | `rng.vonmises(mu, kappa, size)` | `rng.`[`vonmises`](Generator::vonmises)`(&dev, mu, kappa, size)` |
//! | `rng.wald(mean, scale, size)` | `rng.`[`wald`](Generator::wald)`(&dev, mean, scale, size)` |
//! | `rng.binomial(n, p, size)` | `rng.`[`binomial`](Generator::binomial)`(&dev, n, p, size)` (`i64`) |
//! | `rng.negative_binomial(n, p, size)` | `rng.`[`negative_binomial`](Generator::negative_binomial)`(&dev, n, p, size)` |
//! | `rng.poisson(lam, size)` | `rng.`[`poisson`](Generator::poisson)`(&dev, lam, size)` |
//! | `rng.geometric(p, size)`, `logseries` | [`geometric`](Generator::geometric), [`logseries`](Generator::logseries)`(&dev, p, size)` |
//! | `rng.hypergeometric(ngood, nbad, nsample, size)` | `rng.`[`hypergeometric`](Generator::hypergeometric)`(&dev, ngood, nbad, nsample, size)` |
//! | `rng.zipf(a, size)` | `rng.`[`zipf`](Generator::zipf)`(&dev, a, size)` |
//! | `rng.dirichlet(alpha, size)` | `rng.`[`dirichlet`](Generator::dirichlet)`(&dev, &alpha, size)` |
//! | `rng.multinomial(n, pvals, size)` | `rng.`[`multinomial`](Generator::multinomial)`(&dev, n, &pvals, size)` |
//! | `rng.multivariate_hypergeometric(colors, nsample, size, method)` | `rng.`[`multivariate_hypergeometric`](Generator::multivariate_hypergeometric)`(&dev, &colors, nsample, size, method)` |
//! | `rng.multivariate_normal(mean, cov, size, check_valid, tol, method)` | `rng.`[`multivariate_normal`](Generator::multivariate_normal)`(&dev, &mean, &cov, size, options)` |
//! | `rng.integers(low, high, size, dtype)` | `rng.`[`integers`](Generator::integers)`(&dev, low, high, &shape)` |
//! | `rng.integers(low, high, size, dtype, endpoint=True)` | `rng.`[`integers_inclusive`](Generator::integers_inclusive)`(&dev, low, high, &shape)` |
//! | `rng.permutation(n)` | `rng.`[`permutation`](Generator::permutation)`(&dev, n)` (`i64`) |
//! | `rng.permutation(x)`, `rng.permutation(x, axis)` | `rng.`[`permutation_of`](Generator::permutation_of)`(&x)`, [`permutation_along`](Generator::permutation_along)`(&x, axis)` |
//! | `rng.shuffle(x)`, `rng.shuffle(x, axis)` | `rng.`[`shuffle`](Generator::shuffle)`(&mut x)`, [`shuffle_along`](Generator::shuffle_along)`(&mut x, axis)` |
//! | `rng.permuted(x, axis)` | `rng.`[`permuted`](Generator::permuted)`(&x, axis)` |
//! | `rng.choice(a, size, replace, p)` | `rng.`[`choice`](Generator::choice)`(&a, &size, replace, p)` |
//! | `rng.choice(n, size, replace, p)` | `rng.`[`choice_range`](Generator::choice_range)`(&dev, n, &size, replace, p)` |
//! | `rng.bytes(length)` | `rng.`[`bytes`](Generator::bytes)`(length)` (a `Vec<u8>`) |
//! | `rng.spawn(n_children)` | `rng.`[`spawn`](Generator::spawn)`(n)` |
//! | `rng.bit_generator.random_raw(size)` | `rng.`[`random_raw`](Generator::random_raw)`(&dev, &shape)` |
//! | `rng.bit_generator.advance(n)` | `rng.`[`advance`](Generator::advance)`(n)` |
//!
//! Every routine is a `#[raw_kernel]` whose threads compute their elements from their
//! indices alone (a counter-based generator needs no state per thread): the numbers do not
//! depend on the launch shape, and the kernels use only integer operations and exactly rounded
//! float operations ([`exact_math`] for the transcendental functions), so the CPU and a GPU
//! agree bit for bit. [`Generator`] documents the stream layout, [`samplers`] the methods.
//!
//! Where we differ from NumPy (`kernels-std/DIFFERENCES.md` has the list):
//! - Other numbers for the same seed (NumPy's default is PCG64, and its `Philox` is
//!   Philox4x64); the distributions are the same. The seed is a `u64` used as the key (NumPy
//!   hashes seeds through `SeedSequence`).
//! - Normal numbers come from Box-Muller and exponential ones from inversion, not from
//!   NumPy's ziggurats; `standard_cauchy` is `cot(pi u)`, `geometric` is always inversion.
//! - `shuffle` replaces the array (other arrays never share writes here, views included).
//! - `choice` draws along axis 0 only (no `axis` argument), takes `p` as an `f64` array, and
//!   has no `shuffle=False` option.
//! - No `out=` arguments; `dirichlet`'s `alpha` and `multinomial`'s `pvals` are `f64`
//!   arrays; `multivariate_normal`'s `check_valid` has no `"warn"` (the default raises) and
//!   its `"svd"` factor is computed from eigenvectors.
//!
//! ```
//! use kernels_std::random::default_rng;
//! use kernels_std::prelude::*;
//! let dev = Device::default();
//! let mut rng = default_rng(2024);
//! let x = rng.random::<f64>(&dev, &[2, 3])?;
//! let z = rng.normal(&dev, 0.0f32, 2.0, &[4])?;
//! let d = rng.integers(&dev, 0i64, 10, &[5])?;
//! let g = rng.gamma(&dev, 2.0, 3.0, &[2, 2])?;
//! let k = rng.poisson(&dev, 4.5, None)?;
//! assert_eq!((x.shape(), z.shape(), d.shape()), (&[2, 3][..], &[4][..], &[5][..]));
//! assert_eq!((g.shape(), k.shape()), (&[2, 2][..], &[][..]));
//! # Ok::<(), kernels_std::Error>(())
//! ```

mod checks;
mod choice;
mod continuous;
mod continuous_methods;
mod discrete;
mod discrete_methods;
pub mod exact_math;
mod exponential;
mod generator;
mod host_stream;
mod integers;
mod multivariate;
mod multivariate_normal;
mod normal;
mod params;
mod permutation;
pub mod philox;
pub mod samplers;
mod stream;
mod uniform;

pub use checks::{Spec, CONTINUOUS, DISCRETE, POISSON_LAM_MAX};
pub use generator::{default_rng, Generator};
pub use integers::RandomInt;
pub use multivariate::HypergeometricMethod;
pub use multivariate_normal::{CheckValid, CovarianceMethod, MultivariateNormalOptions};
pub use params::{Param, Size};
pub use uniform::RandomFloat;

/// The kernels behind the generator, public so that they can be launched with any shape (the
/// tests check that the numbers do not depend on it) and compiled by NVRTC in the tests.
/// Each takes the Philox key `(k0, k1)` and the first block `base` of its part of the stream.
pub mod kernels {
    pub use super::checks::{
        check_continuous, check_discrete, continuous_violations, discrete_violations, param_index,
    };
    pub use super::choice::{
        cdf_add_offsets, cdf_chunks, cdf_offsets, sample_cdf, weighted_keys, CDF_CHUNK,
    };
    pub use super::continuous::{
        continuous_at, gamma_family_at, gamma_variates, launch_continuous, transformed_at,
        transformed_variates, triangular_of, wald_of, ContinuousKind,
    };
    pub use super::discrete::{
        discrete, discrete_at, geometric_of, logseries_at, zipf_at, DiscreteKind,
    };
    pub use super::exponential::{exponential_f32, exponential_f64, exponential_of};
    pub use super::integers::{bounded, integers, mul64};
    pub use super::multivariate::{
        dirichlet_rows, multinomial_checks, multinomial_rows, multivariate_hypergeometric_rows,
        suffix_sums,
    };
    pub use super::multivariate_normal::{affine_rows, covariance_factor};
    pub use super::normal::{box_muller, normal_f32, normal_f64};
    pub use super::philox::philox_blocks;
    pub use super::stream::{bounded_at, draw, exponential_at, normal_at, unit_open};
    pub use super::uniform::{raw_words, uniform_f32, uniform_f64, unit_f32, unit_f64};
}
