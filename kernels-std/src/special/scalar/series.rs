//! A generator of straight-line polynomial code: each invocation defines one `#[device_fn]`
//! (the kernel language has no arrays as parameters, so a table of coefficients becomes a
//! function of its own). The coefficient tables of this module are fitted by
//! `scripts/special/gen_fits.py` (Chebyshev interpolation of mpmath's values), not taken
//! from other libraries.

/// `cheb!(fn name(t) = c_0; [c_n, ..., c_1])`: the Chebyshev series `c_0 + sum c_k T_k(t)`
/// for `t` in `[-1, 1]`, by Clenshaw's recurrence.
macro_rules! cheb {
    ($(#[$m:meta])* $vis:vis fn $name:ident($t:ident) = $c0:literal; [$($c:literal),* $(,)?]) => {
        $(#[$m])*
        #[$crate::device_fn]
        $vis fn $name($t: f64) -> f64 {
            let t2 = $t + $t;
            let mut b1 = 0.0f64;
            let mut b2 = 0.0f64;
            $(let b0 = t2 * b1 - b2 + $c; b2 = b1; b1 = b0;)*
            $t * b1 - b2 + $c0
        }
    };
}

pub(crate) use cheb;
