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
}

kernel! {
    // the multifactorials, the Bernoulli and Euler numbers
    factorialk(n, k);
    factorialk_complex(z, k);
    bernoulli_number(n);
    euler_number(n);
}
