//! The kernels of the exponential integrals (see [`kernels`](super)); `sici` and `shichi`
//! have two results.

use crate::prelude::*;
use crate::special::scalar;

kernel! {
    exp1(x);
    expi(x);
    expn(n, x);
    spence(x);
}

/// The kernel of [`special::sici`](crate::special::sici()): `(Si, Ci)` computed in `f64`,
/// rounded once to `F`.
#[elementwise]
pub fn sici<F: Float>(x: F) -> (F, F) {
    let (s, c): (f64, f64) = scalar::sici(x.cast::<f64>());
    (s.cast::<F>(), c.cast::<F>())
}

/// The kernel of [`special::shichi`](crate::special::shichi()): `(Shi, Chi)` computed in
/// `f64`, rounded once to `F`.
#[elementwise]
pub fn shichi<F: Float>(x: F) -> (F, F) {
    let (s, c): (f64, f64) = scalar::shichi(x.cast::<f64>());
    (s.cast::<F>(), c.cast::<F>())
}
