//! The kernels of the Legendre functions and the spherical harmonics (see [`kernels`](super)):
//! the degree and order are floats holding integers (the array functions check them).

use crate::prelude::*;
use crate::special::scalar;

kernel! {
    sph_legendre_p(n, m, theta);
    lpmv(m, v, x);
}

/// The kernel of [`special::sph_harm_y`](crate::special::sph_harm_y()):
/// `sph_legendre_p(n, m, theta) e^(i m phi)`, in `f64` (SciPy's only loop), 0 for `n < 0`.
#[elementwise]
pub fn sph_harm_y(n: f64, m: f64, theta: f64, phi: f64) -> c128 {
    if n < 0.0 {
        Complex::new(0.0, 0.0)
    } else {
        let p: f64 = scalar::sph_legendre_p(n, m, theta);
        let a = m * phi;
        Complex::new(p * a.cos(), p * a.sin())
    }
}

/// `n` is not a finite integer (NaN and infinities included): the degree and order check of
/// [`special::sph_harm_y`](crate::special::sph_harm_y()).
#[elementwise]
pub fn not_finite_integer<F: Float>(n: F) -> bool {
    let v: f64 = n.cast::<f64>();
    !v.is_finite() || v.trunc() != v
}
