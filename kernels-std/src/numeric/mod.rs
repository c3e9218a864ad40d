//! Numerical routines of NumPy's top level: interpolation, differentiation and integration
//! of sampled data, polynomials, and window functions.
//!
//! | NumPy | here |
//! |---|---|
//! | `np.interp(x, xp, fp, left, right, period)` | [`interp`]`(&x, &xp, &fp).left(l).right(r).period(p).run()` |
//! | `np.gradient(f, dx, x1, axis=(0, 1), edge_order=2)` | [`gradient`]`(&f).spacings(..).axes(&[0, 1]).edge_order(2).run()` |
//! | `np.trapezoid(y, x, axis=0)`, `np.trapezoid(y, dx=0.5)` | [`trapezoid`]`(&y).x(&x).axis(0).run()`, [`trapezoid`]`(&y).dx(0.5).run()` |
//! | `np.polyval(p, x)`, `np.vander(x, N, increasing=True)` | [`polyval`]`(&p, &x)`, [`vander`]`(&x, Some(n), true)` |
//! | `np.polyadd(a, b)`, `np.polysub(a, b)` | [`polyadd`]`(&a, &b)`, [`polysub`]`(&a, &b)` |
//! | `np.polyder(p, 2)`, `np.polyint(p, 2, k=[1, 2])` | [`polyder`]`(&p, 2)`, [`polyint`]`(&p, 2, &[1.0, 2.0])` |
//! | `np.polymul(a, b)`, `np.polydiv(u, v)` | [`polymul`]`(&a, &b)`, [`polydiv`]`(&u, &v)` |
//! | `np.poly(z)`, `np.roots(p)` | [`poly`]`(&z)`, [`roots`]`(&p)` |
//! | `np.polyfit(x, y, 2, w=w, full=True)` | [`polyfit`]`(&x, &y, 2).weights(&w).run_full()` |
//! | `np.bartlett(M)`, `np.blackman(M)`, `np.hamming(M)`, `np.hanning(M)` | [`bartlett`]`(&dev, m)`, [`blackman`], [`hamming`], [`hanning`] |
//!
//! Each output element is one thread of a kernel (`interp`: a bisection of the sample
//! points; `gradient`: NumPy's three-point formulas on the rows along the axis);
//! `trapezoid` is a fused expression summed by [`sum`](crate::reduce::sum).

mod gradient;
mod interp;
mod kernels;
mod poly;
mod polyalg;
mod trapezoid;
mod windows;

pub use gradient::{gradient, Gradient, GradientInput, Spacing};
pub use interp::{interp, Coordinate, Interp, InterpValue};
pub use poly::{
    polyadd, polyder, polyint, polysub, polyval, vander, DerScalar, PolyDer, VanderInput,
};
pub use polyalg::{polydiv, polymul};
// `poly` of a matrix, `roots` and `polyfit` use the factorizations (feature `lapack`).
#[cfg(feature = "lapack")]
pub use polyalg::{poly, polyfit, roots, Polyfit, PolyfitCov, PolyfitFull};
pub use trapezoid::{trapezoid, Integrand, Trapezoid};
pub use windows::{bartlett, blackman, hamming, hanning, kaiser};

#[cfg(test)]
mod nvrtc;
