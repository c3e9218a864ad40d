//! The kernels of the zeta functions (see [`kernels`](super)).

use crate::prelude::*;
use crate::special::scalar;

kernel! {
    zeta(x, q);
    riemann_zeta(x);
    zetac(x);
    polygamma(n, x);
}
