//! The kernels of the elliptic integrals and Jacobi's elliptic functions (see
//! [`kernels`](super)); `ellipj` has four results.

use crate::prelude::*;
use crate::special::scalar;

kernel! {
    ellipk(m);
    ellipkm1(p);
    ellipe(m);
    ellipkinc(phi, m);
    ellipeinc(phi, m);
}

/// The kernel of [`special::ellipj`](crate::special::ellipj()): `(sn, cn, dn, ph)` computed
/// in `f64`, rounded once to `F`.
#[elementwise]
pub fn ellipj<F: Float>(u: F, m: F) -> (F, F, F, F) {
    let (sn, cn, dn, ph): (f64, f64, f64, f64) = scalar::ellipj(u.cast::<f64>(), m.cast::<f64>());
    (
        sn.cast::<F>(),
        cn.cast::<F>(),
        dn.cast::<F>(),
        ph.cast::<F>(),
    )
}
