//! The kernels of the spherical Bessel functions, the Bessel functions of real order and the
//! Airy functions (see [`kernels`](super)).

use crate::prelude::*;
use crate::special::scalar;

kernel! {
    spherical_jn(n, x);
    spherical_yn(n, x);
    spherical_in(n, x);
    spherical_kn(n, x);
    spherical_jn_d(n, x);
    spherical_yn_d(n, x);
    spherical_in_d(n, x);
    spherical_kn_d(n, x);
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
