//! The kernels of the orthogonal polynomials (see [`kernels`](super)): the degree `n` is a
//! float holding an integer (the array functions check it).

use crate::prelude::*;
use crate::special::scalar;

kernel! {
    eval_legendre(n, x);
    eval_chebyt(n, x);
    eval_chebyu(n, x);
    eval_chebyc(n, x);
    eval_chebys(n, x);
    eval_sh_legendre(n, x);
    eval_sh_chebyt(n, x);
    eval_sh_chebyu(n, x);
    eval_hermite(n, x);
    eval_hermitenorm(n, x);
    eval_laguerre(n, x);
    eval_genlaguerre(n, alpha, x);
    eval_gegenbauer(n, alpha, x);
    eval_jacobi(n, alpha, beta, x);
    eval_sh_jacobi(n, p, q, x);
}
