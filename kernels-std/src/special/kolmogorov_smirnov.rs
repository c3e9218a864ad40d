//! The Kolmogorov and Smirnov distributions of `scipy.special`: `kolmogorov` (the survival
//! function of the limit of `sqrt(n) D_n`, the two-sided Kolmogorov-Smirnov statistic) and
//! `kolmogi` (its inverse); `smirnov` (the survival function of the one-sided statistic
//! `D_n^+` of `n` samples) and `smirnovi` (its inverse in `d`) (methods: [`scalar::kolmogorov_smirnov`](super::scalar::kolmogorov_smirnov)).
//!
//! ```
//! use kernels_std::{special, Array, Device};
//! let close = |a: f64, b: f64| (a / b - 1.0).abs() < 1e-14;
//! let x = Array::from_vec(&Device::cpu(), &[3], vec![0.0f64, 0.5, 1.0])?;
//! let p = special::kolmogorov(&x)?.to_vec()?;
//! assert!(p[0] == 1.0 && close(p[1], 0.9639452436648751) && close(p[2], 0.26999967167735456));
//! let y = special::kolmogi(&special::kolmogorov(&x)?)?.to_vec()?;
//! assert!(y[0] == 0.0 && close(y[1], 0.5) && close(y[2], 1.0));
//! // (the operands of one call share a dtype: n as float64, truncated to an integer)
//! let n = Array::from_vec(&Device::cpu(), &[2], vec![5.0f64, 1000.0])?;
//! let d = Array::from_vec(&Device::cpu(), &[2], vec![0.3f64, 0.05])?;
//! let p = special::smirnov(&n, &d)?.to_vec()?;
//! assert!(close(p[0], 0.34282) && close(p[1], 0.006506037390545166));
//! let e = special::smirnovi(&n, &special::smirnov(&n, &d)?)?.to_vec()?;
//! assert!(close(e[0], 0.3) && close(e[1], 0.05));
//! # Ok::<(), kernels_std::Error>(())
//! ```
//!
//! Promotion: `kolmogorov` and `kolmogi` list `float32` first
//! ([`PromoteF32`](super::PromoteF32)); `smirnov` and `smirnovi` list their integer-`n`
//! loop `'ld->d'` first ([`PromoteLong`](super::PromoteLong): integers give `float64`,
//! `float16` gives `float32`).

use super::ufunc::ufunc;

ufunc! {
    /// The survival function of the Kolmogorov distribution, elementwise (SciPy's
    /// `kolmogorov`): 1 for `x <= 0`, 0 at `inf`.
    ///
    /// Example: [the family's page](self).
    kolmogorov(x): PromoteF32;
    /// The inverse of [`kolmogorov()`], elementwise (SciPy's `kolmogi`): 0 at `p = 1`,
    /// `inf` at `p = 0`, NaN outside `[0, 1]`.
    ///
    /// Example: [the family's page](self).
    kolmogi(p): PromoteF32;
    /// The survival function of the one-sided Kolmogorov-Smirnov statistic `D_n^+` of `n`
    /// samples, elementwise (SciPy's `smirnov`): `n` truncated to an integer (NaN below 1
    /// or from `2^31`), NaN for `d` outside `[0, 1]`; beyond `n = 10^6` SciPy's
    /// approximation (see [`scalar::smirnov`](super::scalar::smirnov())).
    ///
    /// Example: [the family's page](self).
    smirnov(n, d): PromoteLong;
    /// The inverse of [`smirnov()`] in `d`, elementwise (SciPy's `smirnovi`): 1 at `p = 0`,
    /// 0 at `p = 1`, NaN outside `[0, 1]`.
    ///
    /// Example: [the family's page](self).
    smirnovi(n, p): PromoteLong;
}
