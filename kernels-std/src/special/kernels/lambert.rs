//! The kernel of the Lambert W function (see [`kernels`](super)): complex in and out.

use crate::prelude::*;
use crate::special::scalar;

/// The kernel of [`special::lambertw`](crate::special::lambertw()): `W_k(z)` in `c128`, `k`
/// and `tol` elementwise.
#[elementwise]
pub fn lambertw(z: c128, k: i64, tol: f64) -> c128 {
    let w: c128 = scalar::lambertw(z, k, tol);
    w
}
