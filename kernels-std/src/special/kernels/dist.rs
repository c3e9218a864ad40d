//! The kernels of the incomplete beta family and the distribution functions (see
//! [`kernels`](super)).

use crate::prelude::*;
use crate::special::scalar;

/// `B(a, b)` where the incomplete beta function divides by it (`scalar::ibeta_beta`): the
/// array functions compute it over the parameters' shape, once for every `x` that shares
/// them, and pass it to [`betainc()`] and [`betaincc()`] (in `f64` for both dtypes).
#[elementwise]
pub fn ibeta_beta<F: Float>(a: F, b: F) -> f64 {
    scalar::ibeta_beta(a.cast::<f64>(), b.cast::<f64>())
}

/// The kernel of [`special::betainc`](crate::special::betainc()), with `bab` from
/// [`ibeta_beta()`]: computed in `f64`, rounded once to `F`.
#[elementwise]
pub fn betainc<F: Float>(a: F, b: F, x: F, bab: f64) -> F {
    let y: f64 = scalar::betainc_given_beta(a.cast::<f64>(), b.cast::<f64>(), x.cast::<f64>(), bab);
    y.cast::<F>()
}

/// The kernel of [`special::betaincc`](crate::special::betaincc()), with `bab` from
/// [`ibeta_beta()`]: computed in `f64`, rounded once to `F`.
#[elementwise]
pub fn betaincc<F: Float>(a: F, b: F, x: F, bab: f64) -> F {
    let y: f64 =
        scalar::betaincc_given_beta(a.cast::<f64>(), b.cast::<f64>(), x.cast::<f64>(), bab);
    y.cast::<F>()
}

kernel! {
    // incomplete beta (the inverses; `betainc` and `betaincc` above)
    betaincinv(a, b, y);
    betainccinv(a, b, y);
    // distribution functions
    bdtr(k, n, p);
    bdtrc(k, n, p);
    bdtri(k, n, y);
    nbdtr(k, n, p);
    nbdtrc(k, n, p);
    nbdtri(k, n, y);
    pdtr(k, m);
    pdtrc(k, m);
    pdtri(k, y);
    chdtr(v, x);
    chdtrc(v, x);
    chdtri(v, p);
    gdtr(a, b, x);
    gdtrc(a, b, x);
    fdtr(dfn, dfd, x);
    fdtrc(dfn, dfd, x);
    fdtri(dfn, dfd, p);
    stdtr(df, t);
    stdtrit(df, p);
}
