//! The orthogonal polynomials of `scipy.special` evaluated at points: `eval_legendre`,
//! `eval_chebyt`, `eval_chebyu`, `eval_chebyc`, `eval_chebys`, `eval_sh_legendre`,
//! `eval_sh_chebyt`, `eval_sh_chebyu`, `eval_hermite`, `eval_hermitenorm`, `eval_laguerre`,
//! `eval_genlaguerre`, `eval_gegenbauer`, `eval_jacobi`, `eval_sh_jacobi` (methods:
//! [`scalar::orthogonal`](super::scalar::orthogonal)).
//!
//! ```
//! use kernels_std::{special, Array, Device};
//! let x = Array::from_vec(&Device::cpu(), &[3], vec![-1.0f64, 0.5, 2.0])?;
//! // integer degrees: SciPy's `long` loop, results in f64
//! let n = Array::from_vec(&Device::cpu(), &[3], vec![2i64, 2, 2])?;
//! assert_eq!(special::eval_legendre(&n, &x.astype::<i64>()?)?.dtype(), kernels_std::DTypeId::F64);
//! let p = special::eval_legendre(2.0, &x)?.to_vec()?; // (3 x^2 - 1) / 2
//! assert_eq!(p, vec![1.0, -0.125, 5.5]);
//! let t = special::eval_chebyt(-3.0, &x)?.to_vec()?; // T_-3 = T_3 = 4 x^3 - 3 x
//! assert_eq!(t, vec![-1.0, -1.0, 26.0]);
//! let h = special::eval_hermite(&n, &x.astype::<i64>()?)?.to_vec()?; // 4 x^2 - 2
//! assert_eq!(h, vec![2.0, -2.0, 14.0]);
//! let h2: f64 = special::eval_hermite(2.0, 0.5)?.item()?; // a float degree: see below
//! assert_eq!(h2, -1.0);
//! let l = special::eval_genlaguerre(1.0, 0.5, &x)?.to_vec()?; // 1 + alpha - x
//! assert_eq!(l, vec![2.5, 1.0, -0.5]);
//! let j = special::eval_jacobi(1.0, 1.0, 1.0, &x)?.to_vec()?; // (alpha + beta + 2) x / 2
//! assert_eq!(j, vec![-2.0, 1.0, 4.0]);
//! assert!(special::eval_legendre(2.5, &x).is_err()); // real degrees: not implemented
//! # Ok::<(), kernels_std::Error>(())
//! ```
//!
//! SciPy has a loop for `long` degrees (the recurrences) and one for `double` degrees (through
//! `hyp2f1`/`hyp1f1`), `long` first ([`PromoteLong`](super::PromoteLong): integer inputs
//! give `float64`, `float16` and `float32` give `float32`). Integral `double` degrees give
//! the same polynomials, computed here by the recurrences. What is refused, as an
//! [`Error::Invalid`]: a `float` degree that is not an integer (the real-degree functions
//! are not implemented), a negative `float` degree of `eval_laguerre`, `eval_genlaguerre`
//! and `eval_gegenbauer` (SciPy's hypergeometric loop gives NaN or 0 there, its `long`
//! loop 0), and a negative degree of `eval_jacobi` and `eval_sh_jacobi` (SciPy evaluates
//! `hyp2f1` there). SciPy's `eval_hermite` and `eval_hermitenorm` have only the `long` loop
//! (a `float` degree is a `TypeError`); here the operands share one dtype, so their `float`
//! degrees are taken when they hold integers.

use crate::prelude::*;
use array_runtime::kernel::elementwise::Operand;
use array_runtime::IntoOperand;

/// Which degrees a polynomial's array function refuses.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Degrees {
    /// Float degrees must be integral (the negative ones follow SciPy's symmetries).
    Integral,
    /// Float degrees must be integral and not negative.
    IntegralFloatNonNegative,
    /// Every degree must be integral and not negative.
    NonNegative,
}

/// The degree operand converted to the result dtype, after `rule`'s checks.
fn degree<'a, T: super::PromoteLong>(
    name: &str,
    n: impl IntoOperand<'a, T>,
    rule: Degrees,
) -> Result<Operand<'a, T::Out>> {
    let integer_dtype = !T::ID.is_float();
    let n = match T::promote(n)? {
        Operand::Lazy(e) => Operand::Owned(e.eval()?),
        other => other,
    };
    let fraction = !integer_dtype;
    let negative = rule == Degrees::NonNegative
        || (rule == Degrees::IntegralFloatNonNegative && !integer_dtype);
    let (bad_fraction, bad_negative) = match &n {
        Operand::Scalar(s) => {
            let v = (*s).cast::<f64>();
            (v.is_finite() && v.trunc() != v, v < 0.0)
        }
        Operand::Borrowed(a) => check(a, fraction, negative)?,
        Operand::Owned(a) => check(a, fraction, negative)?,
        Operand::Lazy(_) => (false, false), // evaluated above
    };
    if fraction && bad_fraction {
        return Err(Error::invalid(format!(
            "{name}: a degree that is not an integer (SciPy's real-degree loop, through \
             hyp2f1, is not implemented)"
        )));
    }
    if negative && bad_negative {
        return Err(Error::invalid(format!(
            "{name}: a negative degree (SciPy evaluates a hypergeometric function there, \
             which is not implemented)"
        )));
    }
    Ok(n)
}

/// Whether some degree is fractional (checked when `fraction`) and whether some is negative
/// (when `negative`, among integral degrees).
fn check<F: Float>(n: &Array<F>, fraction: bool, negative: bool) -> Result<(bool, bool)> {
    let any = |b: Array<bool>| -> Result<bool> { crate::reduce::any(&b).run()?.item() };
    let f = fraction && any(super::kernels::not_integer(n)?)?;
    let below = (-0.5f64).cast::<F>();
    let g = negative && !f && any(super::kernels::below_or_at(n, Operand::Scalar(below))?)?;
    Ok((f, g))
}

/// `orthogonal! { /// docs \n name(n, args..): rule; }`: the array function of a
/// polynomial's kernel, its degree checked by `rule`.
macro_rules! orthogonal {
    ($($(#[$m:meta])* $name:ident(n $(, $a:ident)+): $rule:ident;)*) => {$(
        $(#[$m])*
        pub fn $name<'a, T: super::PromoteLong>(
            n: impl IntoOperand<'a, T>,
            $($a: impl IntoOperand<'a, T>),+
        ) -> Result<Array<T::Out>> {
            let n = degree(stringify!($name), n, Degrees::$rule)?;
            super::kernels::$name::<T::Out>(n, $(T::promote($a)?),+)
        }
    )*};
}

orthogonal! {
    /// The Legendre polynomial `P_n(x)`, elementwise (SciPy's `eval_legendre`):
    /// `P_-n-1 = P_n`.
    ///
    /// Example: [the family's page](self).
    eval_legendre(n, x): Integral;
    /// The Chebyshev polynomial of the first kind `T_n(x)`, elementwise (SciPy's
    /// `eval_chebyt`): `T_-n = T_n`.
    ///
    /// Example: [the family's page](self).
    eval_chebyt(n, x): Integral;
    /// The Chebyshev polynomial of the second kind `U_n(x)`, elementwise (SciPy's
    /// `eval_chebyu`): `U_-1 = 0`, `U_-n-2 = -U_n`.
    ///
    /// Example: [the family's page](self).
    eval_chebyu(n, x): Integral;
    /// The Chebyshev polynomial `C_n(x) = 2 T_n(x/2)`, elementwise (SciPy's `eval_chebyc`).
    ///
    /// Example: [the family's page](self).
    eval_chebyc(n, x): Integral;
    /// The Chebyshev polynomial `S_n(x) = U_n(x/2)`, elementwise (SciPy's `eval_chebys`).
    ///
    /// Example: [the family's page](self).
    eval_chebys(n, x): Integral;
    /// The shifted Legendre polynomial `P_n(2x - 1)`, elementwise (SciPy's
    /// `eval_sh_legendre`).
    ///
    /// Example: [the family's page](self).
    eval_sh_legendre(n, x): Integral;
    /// The shifted Chebyshev polynomial `T_n(2x - 1)`, elementwise (SciPy's
    /// `eval_sh_chebyt`).
    ///
    /// Example: [the family's page](self).
    eval_sh_chebyt(n, x): Integral;
    /// The shifted Chebyshev polynomial `U_n(2x - 1)`, elementwise (SciPy's
    /// `eval_sh_chebyu`).
    ///
    /// Example: [the family's page](self).
    eval_sh_chebyu(n, x): Integral;
    /// The physicists' Hermite polynomial `H_n(x)`, elementwise (SciPy's `eval_hermite`):
    /// NaN for `n < 0`; a float degree must hold an integer.
    ///
    /// Example: [the family's page](self).
    eval_hermite(n, x): Integral;
    /// The probabilists' Hermite polynomial `He_n(x)`, elementwise (SciPy's
    /// `eval_hermitenorm`): NaN for `n < 0`; a float degree must hold an integer.
    ///
    /// Example: [the family's page](self).
    eval_hermitenorm(n, x): Integral;
    /// The Laguerre polynomial `L_n(x)`, elementwise (SciPy's `eval_laguerre`): 0 for
    /// `n < 0` of an integer dtype.
    ///
    /// Example: [the family's page](self).
    eval_laguerre(n, x): IntegralFloatNonNegative;
    /// The generalized Laguerre polynomial `L_n^(alpha)(x)`, elementwise (SciPy's
    /// `eval_genlaguerre`): NaN for `alpha <= -1`; 0 for `n < 0` of an integer dtype.
    ///
    /// Example: [the family's page](self).
    eval_genlaguerre(n, alpha, x): IntegralFloatNonNegative;
    /// The Gegenbauer polynomial `C_n^(alpha)(x)`, elementwise (SciPy's `eval_gegenbauer`):
    /// 0 for `alpha = 0` (`n >= 1`) and for `n < 0` of an integer dtype.
    ///
    /// Example: [the family's page](self).
    eval_gegenbauer(n, alpha, x): IntegralFloatNonNegative;
    /// The Jacobi polynomial `P_n^(alpha, beta)(x)`, elementwise (SciPy's `eval_jacobi`).
    ///
    /// Example: [the family's page](self).
    eval_jacobi(n, alpha, beta, x): NonNegative;
    /// The shifted Jacobi polynomial
    /// `G_n^(p, q)(x) = P_n^(p-q, q-1)(2x - 1) / binom(2n + p - 1, n)`, elementwise (SciPy's
    /// `eval_sh_jacobi`).
    ///
    /// Example: [the family's page](self).
    eval_sh_jacobi(n, p, q, x): NonNegative;
}
