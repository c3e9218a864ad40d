//! The kernels of the spherical Bessel functions, the Bessel functions of real order and the
//! Airy functions (see [`kernels`](super)).

use crate::prelude::*;
use crate::special::scalar;

kernel! {
    spherical_jn(n, x);
    spherical_yn(n, x);
    spherical_in(n, x);
    spherical_kn(n, x);
}

kernel! {
    iv(v, x);
    ive(v, x);
    kv(v, x);
    kve(v, x);
}

kernel! {
    jv(v, x);
    jve(v, x);
    yv(v, x);
    yve(v, x);
}

/// The kernel of [`special::spherical_jn`](crate::special::spherical_jn()) with
/// `derivative`: computed in `f64`, rounded once to `F`.
#[elementwise]
pub fn spherical_jn_d<F: Float>(n: F, x: F) -> F {
    let y: f64 = scalar::spherical_jn_d(n.cast::<f64>(), x.cast::<f64>());
    y.cast::<F>()
}

/// The kernel of [`special::spherical_yn`](crate::special::spherical_yn()) with
/// `derivative`: computed in `f64`, rounded once to `F`.
#[elementwise]
pub fn spherical_yn_d<F: Float>(n: F, x: F) -> F {
    let y: f64 = scalar::spherical_yn_d(n.cast::<f64>(), x.cast::<f64>());
    y.cast::<F>()
}

/// The kernel of [`special::spherical_in`](crate::special::spherical_in()) with
/// `derivative`: computed in `f64`, rounded once to `F`.
#[elementwise]
pub fn spherical_in_d<F: Float>(n: F, x: F) -> F {
    let y: f64 = scalar::spherical_in_d(n.cast::<f64>(), x.cast::<f64>());
    y.cast::<F>()
}

/// The kernel of [`special::spherical_kn`](crate::special::spherical_kn()) with
/// `derivative`: computed in `f64`, rounded once to `F`.
#[elementwise]
pub fn spherical_kn_d<F: Float>(n: F, x: F) -> F {
    let y: f64 = scalar::spherical_kn_d(n.cast::<f64>(), x.cast::<f64>());
    y.cast::<F>()
}
