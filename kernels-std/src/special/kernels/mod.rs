//! The elementwise kernels of `special`: each calls the function of [`scalar`] of its name,
//! in `f64`, on arguments converted from `F` (exactly) and rounds the results once to `F`
//! (`f32` or `f64`: the array functions convert other dtypes first, see
//! [`Promote`](super::Promote)). `into` writes into existing arrays (SciPy's `out=`).

use crate::prelude::*;
use crate::special::scalar;

/// `kernel!(name(a, b, ..) -> 1)`: the kernel of `scalar::name` with that many arguments
/// and results.
macro_rules! kernel {
    ($($name:ident($($a:ident),+);)*) => {$(
        #[doc = concat!("The kernel of [`special::", stringify!($name), "`](crate::special::",
            stringify!($name), "()): computed in `f64`, rounded once to `F`.")]
        #[elementwise]
        pub fn $name<F: Float>($($a: F),+) -> F {
            let y: f64 = scalar::$name($($a.cast::<f64>()),+);
            y.cast::<F>()
        }
    )*};
}

kernel! {
    // elementary
    cbrt(x);
    exp10(x);
    exp2(x);
    expm1(x);
    log1p(x);
    cosm1(x);
    round(x);
    sindg(x);
    cosdg(x);
    tandg(x);
    cotdg(x);
    radian(d, m, s);
    agm(a, b);
    exprel(x);
    powm1(x, y);
    // error functions, normal distribution
    erf(x);
    erfc(x);
    erfcx(x);
    erfi(x);
    erfinv(x);
    erfcinv(x);
    dawsn(x);
    ndtr(x);
    log_ndtr(x);
    ndtri(x);
    ndtri_exp(x);
    // gamma and beta
    gamma(x);
    loggamma(x);
    gammasgn(x);
    rgamma(x);
    digamma(x);
    beta(a, b);
    betaln(a, b);
    poch(z, m);
    // incomplete gamma
    gammainc(a, x);
    gammaincc(a, x);
    gammaincinv(a, p);
    gammainccinv(a, q);
    // logistic and entropy
    expit(x);
    logit(x);
    log_expit(x);
    xlogy(x, y);
    xlog1py(x, y);
    entr(x);
    rel_entr(x, y);
    kl_div(x, y);
    huber(delta, r);
    pseudo_huber(delta, r);
    // Box-Cox
    boxcox(x, lmbda);
    boxcox1p(x, lmbda);
    inv_boxcox(y, lmbda);
    inv_boxcox1p(y, lmbda);
    // combinatorics
    binom(n, k);
    factorial(n);
    comb(n, k);
    perm(n, k);
}

/// The kernel of [`special::comb`](crate::special::comb()) with `repetition`: computed in
/// `f64`, rounded once to `F`.
#[elementwise]
pub fn comb_repetition<F: Float>(n: F, k: F) -> F {
    let y: f64 = scalar::comb_repetition(n.cast::<f64>(), k.cast::<f64>());
    y.cast::<F>()
}

kernel! {
    // Bessel functions
    j0(x);
    j1(x);
    y0(x);
    y1(x);
    i0(x);
    i0e(x);
    i1(x);
    i1e(x);
    k0(x);
    k0e(x);
    k1(x);
    k1e(x);
    jn(n, x);
    yn(n, x);
    kn(n, x);
}

/// `n` is finite and not an integer: the order check of
/// [`special::jn`](crate::special::jn()).
#[elementwise]
pub fn not_integer<F: Float>(n: F) -> bool {
    let v: f64 = n.cast::<f64>();
    v.is_finite() && v.trunc() != v
}

/// `x <= bound` (NaN is not): the argument check of
/// [`special::multigammaln`](crate::special::multigammaln()).
#[elementwise]
pub fn below_or_at<F: Float>(x: F, bound: F) -> bool {
    x <= bound
}

/// The kernel of [`special::gammaln`](crate::special::gammaln()): computed in `f64` by the
/// branch-free [`gammaln_lanes`](scalar::gammaln_lanes::gammaln_lanes()) (its CPU loop
/// vectorizes), rounded once to `F`.
#[elementwise]
pub fn gammaln<F: Float>(x: F) -> F {
    let y: f64 = scalar::gammaln_lanes::gammaln_lanes(x.cast::<f64>());
    y.cast::<F>()
}

/// The kernel of [`special::gammaln`](crate::special::gammaln()) for arrays whose elements
/// all exceed -9 (or are NaN): [`gammaln_lanes_above`](scalar::gammaln_lanes::gammaln_lanes_above())
/// (one logarithm per element instead of two), rounded once to `F`.
#[elementwise]
pub fn gammaln_above<F: Float>(x: F) -> F {
    let y: f64 = scalar::gammaln_lanes::gammaln_lanes_above(x.cast::<f64>());
    y.cast::<F>()
}

/// Whether every element exceeds -9 or is NaN: the choice of
/// [`gammaln_above()`] over [`gammaln()`] (one pass, a `bool` read back).
#[reduction]
pub mod gammaln_above_all {
    pub fn map<F: Float>(x: F) -> bool {
        let v: f64 = x.cast::<f64>();
        v > -9.0 || v.is_nan()
    }
    pub fn combine<F: Float>(a: bool, b: bool) -> bool {
        a && b
    }
    pub fn identity<F: Float>() -> bool {
        true
    }
}

/// The kernel of [`special::multigammaln`](crate::special::multigammaln()) (`d` as a float).
#[elementwise]
pub fn multigammaln<F: Float>(a: F, d: F) -> F {
    let y: f64 = scalar::multigammaln(a.cast::<f64>(), d.cast::<f64>());
    y.cast::<F>()
}

mod dist;
mod elliptic;
mod expint;
mod legendre;
mod misc;
mod orthogonal;
mod reductions;
mod zeta_fns;
pub use dist::*;
pub use elliptic::*;
pub use expint::*;
pub use legendre::*;
pub use misc::*;
pub use orthogonal::*;
pub use reductions::*;
pub use zeta_fns::*;
mod bessel_real;
pub use bessel_real::*;
mod airy_fns;
pub use airy_fns::*;
mod lambert;
pub use lambert::*;
mod complex;
pub use complex::*;
