//! The distribution functions of `scipy.special` built on the incomplete beta and gamma
//! functions: binomial, negative binomial, Poisson, chi-square, gamma, F and Student's t.
//!
//! ```
//! use kernels_std::{special, Array, Device};
//! let k = Array::from_vec(&Device::cpu(), &[3], vec![0.0f64, 2.0, 5.0])?;
//! let p = special::bdtr(&k, 5.0, 0.3)?.to_vec()?; // P(X <= k), X ~ Binomial(5, 0.3)
//! assert!((p[0] - 0.7f64.powi(5)).abs() < 1e-15 && p[2] == 1.0);
//! let m = special::pdtri(&k, 0.5)?.to_vec()?; // the Poisson mean with P(X <= k) = 1/2
//! assert!((m[0] - 2f64.ln()).abs() < 1e-15);
//! let t = Array::from_vec(&Device::cpu(), &[2], vec![-1.0f64, 1.0])?;
//! let c = special::stdtr(1.0, &t)?.to_vec()?; // Cauchy
//! assert!((c[0] - 0.25).abs() < 1e-15 && (c[1] - 0.75).abs() < 1e-15);
//! let back: Vec<f64> = special::stdtrit(1.0, 0.75)?.to_vec()?;
//! assert!((back[0] - 1.0).abs() < 1e-15);
//! # Ok::<(), kernels_std::Error>(())
//! ```
//!
//! Promotion follows SciPy's loops: most list `float32` first
//! ([`PromoteF32`](super::PromoteF32)); `nbdtr`, `nbdtrc`, `nbdtri` and `pdtri` list a `long`
//! count first ([`PromoteLong`](super::PromoteLong): integers give `float64`, `float16`
//! gives `float32`). The counts are floats here (a non-integral count is floored or
//! truncated as SciPy does).

use super::ufunc::ufunc;

ufunc! {
    /// The binomial distribution function `P(X <= k)`, `X ~ Binomial(n, p)`, elementwise
    /// (SciPy's `bdtr`): `k` floored; NaN for `k < 0`, `k > n`, `p` outside `[0, 1]`.
    ///
    /// Example: [the family's page](self).
    bdtr(k, n, p): PromoteF32;
    /// The binomial survival function `P(X > k)`, elementwise (SciPy's `bdtrc`).
    ///
    /// Example: [the family's page](self).
    bdtrc(k, n, p): PromoteF32;
    /// The inverse of [`bdtr`] in `p`, elementwise (SciPy's `bdtri`).
    ///
    /// Example: [the family's page](self).
    bdtri(k, n, y): PromoteF32;
    /// The negative binomial distribution function `I_p(n, k + 1)`, elementwise (SciPy's
    /// `nbdtr`).
    ///
    /// Example: [the family's page](self).
    nbdtr(k, n, p): PromoteLong;
    /// The negative binomial survival function, elementwise (SciPy's `nbdtrc`).
    ///
    /// Example: [the family's page](self).
    nbdtrc(k, n, p): PromoteLong;
    /// The inverse of [`nbdtr`] in `p`, elementwise (SciPy's `nbdtri`).
    ///
    /// Example: [the family's page](self).
    nbdtri(k, n, y): PromoteLong;
    /// The Poisson distribution function `P(X <= k)`, `X ~ Poisson(m)`, elementwise
    /// (SciPy's `pdtr`).
    ///
    /// Example: [the family's page](self).
    pdtr(k, m): PromoteF32;
    /// The Poisson survival function `P(X > k)`, elementwise (SciPy's `pdtrc`).
    ///
    /// Example: [the family's page](self).
    pdtrc(k, m): PromoteF32;
    /// The inverse of [`pdtr`] in `m`, elementwise (SciPy's `pdtri`).
    ///
    /// Example: [the family's page](self).
    pdtri(k, y): PromoteLong;
    /// The chi-square distribution function of `v` degrees of freedom, elementwise
    /// (SciPy's `chdtr`).
    ///
    /// Example: [the family's page](self).
    chdtr(v, x): PromoteF32;
    /// The chi-square survival function, elementwise (SciPy's `chdtrc`).
    ///
    /// Example: [the family's page](self).
    chdtrc(v, x): PromoteF32;
    /// The inverse of [`chdtrc`] in `x`, elementwise (SciPy's `chdtri`).
    ///
    /// Example: [the family's page](self).
    chdtri(v, p): PromoteF32;
    /// The gamma distribution function of rate `a` and shape `b`, elementwise (SciPy's
    /// `gdtr`).
    ///
    /// Example: [the family's page](self).
    gdtr(a, b, x): PromoteF32;
    /// The gamma survival function, elementwise (SciPy's `gdtrc`).
    ///
    /// Example: [the family's page](self).
    gdtrc(a, b, x): PromoteF32;
    /// The F distribution function, elementwise (SciPy's `fdtr`).
    ///
    /// Example: [the family's page](self).
    fdtr(dfn, dfd, x): PromoteF32;
    /// The F survival function, elementwise (SciPy's `fdtrc`).
    ///
    /// Example: [the family's page](self).
    fdtrc(dfn, dfd, x): PromoteF32;
    /// The inverse of [`fdtr`] in `x`, elementwise (SciPy's `fdtri`).
    ///
    /// Example: [the family's page](self).
    fdtri(dfn, dfd, p): PromoteF32;
    /// Student's t distribution function of `df` degrees of freedom, elementwise (SciPy's
    /// `stdtr`).
    ///
    /// Example: [the family's page](self).
    stdtr(df, t): PromoteF32;
    /// The inverse of [`stdtr`] in `t`, elementwise (SciPy's `stdtrit`).
    ///
    /// Example: [the family's page](self).
    stdtrit(df, p): PromoteF32;
}
