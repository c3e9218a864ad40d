//! The kernels of Carlson's elliptic integrals, `polygamma`, the Kolmogorov-Smirnov
//! distributions, the multifactorials and the other functions of `special`'s later families
//! (see [`kernels`](super)).

use crate::prelude::*;
use crate::special::scalar;

kernel! {
    // Carlson's elliptic integrals
    elliprc(x, y);
    elliprd(x, y, z);
    elliprf(x, y, z);
    elliprg(x, y, z);
    elliprj(x, y, z, p);
}

kernel! {
    // the Kolmogorov distribution
    kolmogorov(x);
    kolmogi(p);
    // the one-sided Smirnov distribution
    smirnov(n, d);
    smirnovi(n, p);
    // Owen's T function
    owens_t(h, a);
}

kernel! {
    // the multifactorials
    factorialk(n, k);
}

/// The kernel of [`special::factorialk`](crate::special::factorialk()) and
/// [`factorial2`](crate::special::factorial2()) with `Extend::Complex`: computed in `f64`,
/// rounded once to `F`.
#[elementwise]
pub fn factorialk_complex<F: Float>(z: F, k: F) -> F {
    let y: f64 = scalar::factorialk_complex(z.cast::<f64>(), k.cast::<f64>());
    y.cast::<F>()
}

/// The kernel of [`special::bernoulli`](crate::special::bernoulli()): `B_n` at each `n`,
/// computed in `f64`, rounded once to `F`.
#[elementwise]
pub fn bernoulli_number<F: Float>(n: F) -> F {
    let y: f64 = scalar::bernoulli_number(n.cast::<f64>());
    y.cast::<F>()
}

/// The kernel of [`special::euler`](crate::special::euler()): `E_n` at each `n`, computed in
/// `f64`, rounded once to `F`.
#[elementwise]
pub fn euler_number<F: Float>(n: F) -> F {
    let y: f64 = scalar::euler_number(n.cast::<f64>());
    y.cast::<F>()
}

/// The kernel of [`special::fresnel`](crate::special::fresnel()): `(S, C)` computed in
/// `f64`, rounded once to `F`.
#[elementwise]
pub fn fresnel<F: Float>(x: F) -> (F, F) {
    let (s, c): (f64, f64) = scalar::fresnel(x.cast::<f64>());
    (s.cast::<F>(), c.cast::<F>())
}

kernel! {
    // the Stirling numbers of the second kind
    stirling2(n, k);
}

kernel! {
    // Wright's generalized Bessel function
    wright_bessel(a, b, x);
    log_wright_bessel(a, b, x);
}
