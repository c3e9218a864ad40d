//! The kernels of the incomplete beta family and the distribution functions (see
//! [`kernels`](super)).

use crate::prelude::*;
use crate::special::scalar;

kernel! {
    // incomplete beta
    betainc(a, b, x);
    betaincc(a, b, x);
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
