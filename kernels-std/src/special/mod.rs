//! `scipy.special`: special functions, elementwise over arrays on the CPU and CUDA, and
//! callable from kernels.
//!
//! Each function exists twice, from one source:
//! - [`scalar`]: the function on one `f64` (complex: `c128`) as a `#[device_fn]` in the
//!   kernel language: a user's `#[elementwise]`, `#[reduction]` or `#[raw_kernel]` calls it
//!   (`sp::erf(x) * 2.0`), and it is an ordinary Rust function on the host too;
//! - here, the array function of SciPy's name: operands are arrays (any view) or scalars,
//!   broadcast together, of one dtype; the result's dtype is SciPy's ([`Promote`],
//!   [`PromoteF32`]: `f32` stays `f32`, integers give `f64`); computed in `f64` and rounded
//!   once. The kernels are in [`kernels`] (their `into` is SciPy's `out=`).
//!
//! ```
//! use kernels_std::{special, Array, Device};
//! let x = Array::from_vec(&Device::cpu(), &[3], vec![-1i32, 0, 1])?;
//! let y = special::expit(&x)?; // i32 in, f64 out (SciPy's loop)
//! assert_eq!(y.to_vec()?[1], 0.5);
//! # Ok::<(), kernels_std::Error>(())
//! ```
//!
//! | family | functions |
//! |---|---|
//! | elementary | [`sinc`] (NumPy's), [`cbrt`], [`exp10`], [`exp2`], [`expm1`], [`log1p`], [`cosm1`], [`round`], [`sindg`], [`cosdg`], [`tandg`], [`cotdg`], [`radian`], [`agm`], [`exprel`], [`powm1`] |
//! | error functions, normal distribution | [`erf`], [`erfc`], [`erfcx`], [`erfi`], [`erfinv`], [`erfcinv`], [`dawsn`], [`ndtr`], [`log_ndtr`], [`ndtri`], [`ndtri_exp`], [`owens_t`], [`fresnel`], [`wofz`] (`erf`, `erfc`, `erfcx`, `erfi`, `dawsn`, `wofz` take complex arguments) |
//! | gamma and beta | [`gamma`], [`gammaln`], [`loggamma`], [`gammasgn`], [`rgamma`], [`digamma`], [`psi`], [`beta`], [`betaln`], [`poch`], [`multigammaln`] (`loggamma`, `gamma`, `rgamma`, `digamma`, `psi` take complex arguments) |
//! | incomplete gamma | [`gammainc`], [`gammaincc`], [`gammaincinv`], [`gammainccinv`] |
//! | incomplete beta | [`betainc`], [`betaincc`], [`betaincinv`], [`betainccinv`] |
//! | distribution functions | [`bdtr`], [`bdtrc`], [`bdtri`], [`nbdtr`], [`nbdtrc`], [`nbdtri`], [`pdtr`], [`pdtrc`], [`pdtri`], [`chdtr`], [`chdtrc`], [`chdtri`], [`gdtr`], [`gdtrc`], [`fdtr`], [`fdtrc`], [`fdtri`], [`stdtr`], [`stdtrit`] |
//! | elliptic integrals | [`ellipk`], [`ellipkm1`], [`ellipe`], [`ellipkinc`], [`ellipeinc`], [`ellipj`] |
//! | exponential integrals | [`exp1`], [`expi`], [`expn`], [`sici`], [`shichi`], [`spence`] |
//! | zeta functions | [`zeta`] (Hurwitz's), [`riemann_zeta`] (SciPy's `zeta(x)`), [`zetac`], [`polygamma`] |
//! | logistic, entropy | [`expit`], [`logit`], [`log_expit`], [`softplus`], [`xlogy`], [`xlog1py`], [`entr`], [`rel_entr`], [`kl_div`], [`huber`], [`pseudo_huber`] |
//! | reductions | [`logsumexp`] (axes, `keepdims`, `b`, `run_with_sign`), [`softmax`], [`log_softmax`] |
//! | Bessel | [`j0`], [`j1`], [`y0`], [`y1`], [`i0`], [`i0e`], [`i1`], [`i1e`], [`k0`], [`k0e`], [`k1`], [`k1e`], [`jn`] (real orders through `jv`), [`yn`], [`kn`] |
//! | orthogonal polynomials (integer degrees) | [`eval_legendre`], [`eval_chebyt`], [`eval_chebyu`], [`eval_chebyc`], [`eval_chebys`], [`eval_sh_legendre`], [`eval_sh_chebyt`], [`eval_sh_chebyu`], [`eval_hermite`], [`eval_hermitenorm`], [`eval_laguerre`], [`eval_genlaguerre`], [`eval_gegenbauer`], [`eval_jacobi`], [`eval_sh_jacobi`] |
//! | spherical harmonics, Legendre functions | [`sph_harm_y`], [`sph_legendre_p`] (`diff_n = 0`), [`lpmv`] (integer degrees) |
//! | combinatorics | [`binom`], [`factorial`], [`comb`], [`perm`] (`exact=False`) |
//! | Box-Cox | [`boxcox`], [`boxcox1p`], [`inv_boxcox`], [`inv_boxcox1p`] |
//! | spherical Bessel (real arguments) | [`spherical_jn`], [`spherical_yn`], [`spherical_in`], [`spherical_kn`] (with `derivative`) |
//! | Bessel of real order (real arguments) | [`iv`], [`ive`], [`kv`], [`kve`], [`jv`], [`jve`], [`yv`], [`yve`] |
//! | Carlson's elliptic integrals | [`elliprc`], [`elliprd`], [`elliprf`], [`elliprg`], [`elliprj`] |
//! | Kolmogorov and Smirnov distributions | [`kolmogorov`], [`kolmogi`], [`smirnov`], [`smirnovi`] |
//! | Airy functions (real arguments) | [`airy`], [`airye`] |
//! | multifactorials, Bernoulli and Euler numbers | [`factorial2`], [`factorialk`] ([`Extend`]), [`bernoulli`], [`euler`], [`stirling2`] |
//! | Lambert W (complex, any branch) | [`lambertw`] |
//! | Wright's generalized Bessel function | [`wright_bessel`], [`log_wright_bessel`] |
//!
//! Where we differ from SciPy: the operands of one call share a dtype (convert with
//! `astype` first); SciPy's `float32` loops that compute in `float` here compute in `f64`
//! and round once (so `f32` results can differ from SciPy's in the last bit or two).

pub mod bessel;
pub mod box_cox;
pub mod carlson;
pub mod combinatorics;
mod complex_loops;
pub mod distributions;
pub mod elementary;
pub mod elliptic;
pub mod error_fns;
pub mod expint;
pub mod gamma_fns;
pub mod incomplete_beta;
pub mod incomplete_gamma;
pub mod kernels;
pub mod kolmogorov_smirnov;
pub mod legendre;
pub mod logistic;
pub mod numbers;
pub mod orthogonal;
mod promote;
pub mod reductions;
pub mod scalar;
mod ufunc;
pub mod zeta_fns;

pub use bessel::*;
pub use box_cox::*;
pub use carlson::*;
pub use combinatorics::*;
pub use complex_loops::{ComplexLoops, Faddeeva};
pub use distributions::*;
pub use elementary::*;
pub use elliptic::*;
pub use error_fns::*;
pub use expint::*;
pub use gamma_fns::*;
pub use incomplete_beta::*;
pub use incomplete_gamma::*;
pub use kolmogorov_smirnov::*;
pub use legendre::*;
pub use logistic::*;
pub use numbers::*;
pub use orthogonal::*;
pub use promote::{Promote, PromoteF32, PromoteLong};
pub use reductions::{log_softmax, logsumexp, softmax, LogAndSign, LogSumExp, Softmax};
pub use zeta_fns::*;
pub mod spherical_bessel;
pub use promote::PromoteC128;
pub use promote::PromoteF64;
pub use spherical_bessel::*;
pub mod bessel_real;
pub use bessel_real::*;
mod bessel_loops;
pub use bessel_loops::{BesselLoops, Hankel};
pub mod airy_fns;
pub use airy_fns::*;
pub mod lambert;
pub use lambert::*;
pub mod wright;
pub use wright::*;
