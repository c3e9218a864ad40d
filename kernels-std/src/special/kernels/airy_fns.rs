//! The kernels of the Airy functions (see [`kernels`](super)): four results each.

use crate::prelude::*;
use crate::special::scalar;

/// The kernel of [`special::airy`](crate::special::airy()): `(Ai, Ai', Bi, Bi')` computed in
/// `f64`, rounded once to `F`.
#[elementwise]
pub fn airy<F: Float>(x: F) -> (F, F, F, F) {
    let (a, ap, b, bp): (f64, f64, f64, f64) = scalar::airy(x.cast::<f64>());
    (a.cast::<F>(), ap.cast::<F>(), b.cast::<F>(), bp.cast::<F>())
}

/// The kernel of [`special::airye`](crate::special::airye()): the scaled `(Ai, Ai', Bi,
/// Bi')` computed in `f64`, rounded once to `F`.
#[elementwise]
pub fn airye<F: Float>(x: F) -> (F, F, F, F) {
    let (a, ap, b, bp): (f64, f64, f64, f64) = scalar::airye(x.cast::<f64>());
    (a.cast::<F>(), ap.cast::<F>(), b.cast::<F>(), bp.cast::<F>())
}
