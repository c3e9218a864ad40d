//! Elementwise extrema: `maximum`, `minimum` (NaN propagates), `fmax`, `fmin` (NaN ignored)
//! and `clip`. `maximum` and `minimum` also take `c64`/`c128` ([`Extremum`]).
//!
//! Between `0.0` and `-0.0` these return the first operand; NumPy's choice varies with the
//! dtype and the loop (its `f16` loop returns the first, its `f32`/`f64` SIMD loops the
//! second), so the sign of such a zero is not specified.

use crate::math::kernels;
use crate::prelude::*;
use array_runtime::expr::{AnyExpr, Expr, Notation};
use array_runtime::IntoOperand;

/// Dtypes [`maximum`] and [`minimum`] take: integers and floats, and `c64`/`c128` in NumPy's
/// lexicographic order (real parts, then imaginary parts; a value with a NaN part wins, the
/// first operand's when both have one).
///
/// ```
/// use kernels_std::math::Extremum;
/// use kernels_std::{c128, Array, Device};
/// let z = Array::from_vec(&Device::cpu(), &[2], vec![c128::new(1.0, 5.0), c128::new(2.0, -1.0)])?;
/// let m = c128::maximum(&z, c128::new(1.0, 7.0))?.to_vec()?;
/// assert_eq!(m, vec![c128::new(1.0, 7.0), c128::new(2.0, -1.0)]);
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub trait Extremum: DType {
    /// The larger of `x` and `y`, elementwise; NaN propagates.
    fn maximum<'a>(
        x: impl IntoOperand<'a, Self>,
        y: impl IntoOperand<'a, Self>,
    ) -> Result<Array<Self>>;
    /// [`Self::maximum`] as a node of a lazy expression ([`crate::lazy::maximum`]).
    fn maximum_lazy(x: AnyExpr, y: AnyExpr) -> Expr<Self>;
    /// The smaller of `x` and `y`, elementwise; NaN propagates.
    fn minimum<'a>(
        x: impl IntoOperand<'a, Self>,
        y: impl IntoOperand<'a, Self>,
    ) -> Result<Array<Self>>;
    /// [`Self::minimum`] as a node of a lazy expression ([`crate::lazy::minimum`]).
    fn minimum_lazy(x: AnyExpr, y: AnyExpr) -> Expr<Self>;
    /// The larger of `x` and `y`, elementwise, a NaN operand ignored (NumPy's `fmax`).
    fn fmax<'a>(
        x: impl IntoOperand<'a, Self>,
        y: impl IntoOperand<'a, Self>,
    ) -> Result<Array<Self>>;
    /// The smaller of `x` and `y`, elementwise, a NaN operand ignored (NumPy's `fmin`).
    fn fmin<'a>(
        x: impl IntoOperand<'a, Self>,
        y: impl IntoOperand<'a, Self>,
    ) -> Result<Array<Self>>;
}

macro_rules! num_extremum {
    ($($t:ty),*) => {$(
        impl Extremum for $t {
            fn maximum<'a>(
                x: impl IntoOperand<'a, Self>,
                y: impl IntoOperand<'a, Self>,
            ) -> Result<Array<Self>> {
                kernels::maximum::<$t>(x, y)
            }
            fn maximum_lazy(x: AnyExpr, y: AnyExpr) -> Expr<Self> {
                Expr::call(kernels::maximum::node::<$t>(), vec![x, y], Notation::Call("maximum"))
            }
            fn minimum<'a>(
                x: impl IntoOperand<'a, Self>,
                y: impl IntoOperand<'a, Self>,
            ) -> Result<Array<Self>> {
                kernels::minimum::<$t>(x, y)
            }
            fn minimum_lazy(x: AnyExpr, y: AnyExpr) -> Expr<Self> {
                Expr::call(kernels::minimum::node::<$t>(), vec![x, y], Notation::Call("minimum"))
            }
            fn fmax<'a>(
                x: impl IntoOperand<'a, Self>,
                y: impl IntoOperand<'a, Self>,
            ) -> Result<Array<Self>> {
                kernels::fmax::<$t>(x, y)
            }
            fn fmin<'a>(
                x: impl IntoOperand<'a, Self>,
                y: impl IntoOperand<'a, Self>,
            ) -> Result<Array<Self>> {
                kernels::fmin::<$t>(x, y)
            }
        }
    )*};
}
num_extremum!(i8, i16, i32, i64, u8, u16, u32, u64, f16, bf16, f32, f64);

/// `maximum` and `minimum` of one complex dtype, as NumPy's loops: `x` when it holds a NaN or
/// is `>=` (`<=`) `y` in the lexicographic order, else `y` (so a NaN in `y` alone gives `y`).
macro_rules! complex_extremum {
    ($($t:ident => $max:ident, $min:ident, $fmax:ident, $fmin:ident;)*) => {$(
        #[doc = concat!("`maximum` of `", stringify!($t), "` (see [`Extremum`]).")]
        #[elementwise]
        pub(crate) fn $max(x: $t, y: $t) -> $t {
            let ge = x.re > y.re || (x.re == y.re && x.im >= y.im);
            if x.is_nan() || (!y.is_nan() && ge) {
                x
            } else {
                y
            }
        }

        #[doc = concat!("`minimum` of `", stringify!($t), "` (see [`Extremum`]).")]
        #[elementwise]
        pub(crate) fn $min(x: $t, y: $t) -> $t {
            let le = x.re < y.re || (x.re == y.re && x.im <= y.im);
            if x.is_nan() || (!y.is_nan() && le) {
                x
            } else {
                y
            }
        }

        impl Extremum for $t {
            fn maximum<'a>(
                x: impl IntoOperand<'a, Self>,
                y: impl IntoOperand<'a, Self>,
            ) -> Result<Array<Self>> {
                $max(x, y)
            }
            fn maximum_lazy(x: AnyExpr, y: AnyExpr) -> Expr<Self> {
                Expr::call($max::node(), vec![x, y], Notation::Call("maximum"))
            }
            fn minimum<'a>(
                x: impl IntoOperand<'a, Self>,
                y: impl IntoOperand<'a, Self>,
            ) -> Result<Array<Self>> {
                $min(x, y)
            }
            fn minimum_lazy(x: AnyExpr, y: AnyExpr) -> Expr<Self> {
                Expr::call($min::node(), vec![x, y], Notation::Call("minimum"))
            }
            fn fmax<'a>(
                x: impl IntoOperand<'a, Self>,
                y: impl IntoOperand<'a, Self>,
            ) -> Result<Array<Self>> {
                kernels::$fmax(x, y)
            }
            fn fmin<'a>(
                x: impl IntoOperand<'a, Self>,
                y: impl IntoOperand<'a, Self>,
            ) -> Result<Array<Self>> {
                kernels::$fmin(x, y)
            }
        }
    )*};
}
complex_extremum! {
    c64 => maximum_c64, minimum_c64, fmax_c64, fmin_c64;
    c128 => maximum_c128, minimum_c128, fmax_c128, fmin_c128;
}

/// Booleans, as NumPy: `maximum` and `fmax` are `logical_or`, `minimum` and `fmin`
/// `logical_and` (`False < True`).
impl Extremum for bool {
    fn maximum<'a>(
        x: impl IntoOperand<'a, Self>,
        y: impl IntoOperand<'a, Self>,
    ) -> Result<Array<Self>> {
        kernels::maximum_bool(x, y)
    }
    fn maximum_lazy(x: AnyExpr, y: AnyExpr) -> Expr<Self> {
        Expr::call(
            kernels::maximum_bool::node(),
            vec![x, y],
            Notation::Call("maximum"),
        )
    }
    fn minimum<'a>(
        x: impl IntoOperand<'a, Self>,
        y: impl IntoOperand<'a, Self>,
    ) -> Result<Array<Self>> {
        kernels::minimum_bool(x, y)
    }
    fn minimum_lazy(x: AnyExpr, y: AnyExpr) -> Expr<Self> {
        Expr::call(
            kernels::minimum_bool::node(),
            vec![x, y],
            Notation::Call("minimum"),
        )
    }
    fn fmax<'a>(
        x: impl IntoOperand<'a, Self>,
        y: impl IntoOperand<'a, Self>,
    ) -> Result<Array<Self>> {
        kernels::maximum_bool(x, y)
    }
    fn fmin<'a>(
        x: impl IntoOperand<'a, Self>,
        y: impl IntoOperand<'a, Self>,
    ) -> Result<Array<Self>> {
        kernels::minimum_bool(x, y)
    }
}

/// The larger of `x` and `y` (NumPy's `maximum`); a NaN operand gives NaN (Rust's `f64::max`
/// would drop it). Complex numbers compare lexicographically ([`Extremum`]).
///
/// ```
/// use kernels_std::{c64, math, Array, Device};
/// let x = Array::from_vec(&Device::cpu(), &[3], vec![1.0f32, f32::NAN, 5.0])?;
/// let y = math::maximum(&x, 2.0f32)?.to_vec()?;
/// assert_eq!((y[0], y[1].is_nan(), y[2]), (2.0, true, 5.0));
/// let z = Array::from_vec(&Device::cpu(), &[2], vec![c64::new(2.0, 0.0), c64::new(1.0, 3.0)])?;
/// let m = math::maximum(&z, c64::new(1.0, 4.0))?.to_vec()?;
/// assert_eq!(m, vec![c64::new(2.0, 0.0), c64::new(1.0, 4.0)]);
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn maximum<'a, T: Extremum>(
    x: impl IntoOperand<'a, T>,
    y: impl IntoOperand<'a, T>,
) -> Result<Array<T>> {
    T::maximum(x, y)
}

/// The smaller of `x` and `y` (NumPy's `minimum`); a NaN operand gives NaN. Complex numbers
/// compare lexicographically ([`Extremum`]).
///
/// ```
/// use kernels_std::{c64, math, Array, Device};
/// let x = Array::from_vec(&Device::cpu(), &[3], vec![1i64, -4, 5])?;
/// assert_eq!(math::minimum(&x, 2i64)?.to_vec()?, vec![1, -4, 2]);
/// let z = Array::from_vec(&Device::cpu(), &[2], vec![c64::new(1.0, 0.0), c64::new(0.0, f32::NAN)])?;
/// let m = math::minimum(&z, c64::new(1.0, -1.0))?.to_vec()?;
/// assert_eq!(m[0], c64::new(1.0, -1.0));
/// assert!(m[1].im.is_nan());
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn minimum<'a, T: Extremum>(
    x: impl IntoOperand<'a, T>,
    y: impl IntoOperand<'a, T>,
) -> Result<Array<T>> {
    T::minimum(x, y)
}

/// The larger of `x` and `y` ignoring NaN (NumPy's `fmax`): NaN only when both are. Complex
/// numbers compare lexicographically (a number with a NaN part is ignored); booleans give
/// `logical_or`, as [`maximum`] does.
///
/// ```
/// use kernels_std::{c64, math, Array, Device};
/// let x = Array::from_vec(&Device::cpu(), &[2], vec![1.0f64, f64::NAN])?;
/// assert_eq!(math::fmax(&x, 2.0)?.to_vec()?, vec![2.0, 2.0]);
/// let z = Array::from_vec(&Device::cpu(), &[2], vec![c64::new(f32::NAN, 0.0), c64::new(1.0, 2.0)])?;
/// assert_eq!(math::fmax(&z, c64::new(1.0, 1.0))?.to_vec()?, vec![c64::new(1.0, 1.0), c64::new(1.0, 2.0)]);
/// let b = Array::from_vec(&Device::cpu(), &[2], vec![true, false])?;
/// assert_eq!(math::maximum(&b, false)?.to_vec()?, vec![true, false]);
/// assert_eq!(math::fmin(&b, true)?.to_vec()?, vec![true, false]);
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn fmax<'a, T: Extremum>(
    x: impl IntoOperand<'a, T>,
    y: impl IntoOperand<'a, T>,
) -> Result<Array<T>> {
    T::fmax(x, y)
}

/// The smaller of `x` and `y` ignoring NaN (NumPy's `fmin`); complex numbers and booleans as
/// in [`fmax`].
///
/// ```
/// use kernels_std::{math, Array, Device};
/// let x = Array::from_vec(&Device::cpu(), &[2], vec![1.0f64, f64::NAN])?;
/// assert_eq!(math::fmin(&x, 2.0)?.to_vec()?, vec![1.0, 2.0]);
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn fmin<'a, T: Extremum>(
    x: impl IntoOperand<'a, T>,
    y: impl IntoOperand<'a, T>,
) -> Result<Array<T>> {
    T::fmin(x, y)
}

/// Element types [`clip`] accepts: the real numeric dtypes (one kernel, NumPy's
/// `minimum(maximum(x, lo), hi)` with NaN propagating) and `c64`/`c128` (the same in the
/// lexicographic order of [`Extremum`], as NumPy 2 clips complex numbers).
pub trait Clip: Extremum {
    /// `x` limited to `[lo, hi]`, elementwise.
    fn clip<'a>(
        x: impl IntoOperand<'a, Self>,
        lo: impl IntoOperand<'a, Self>,
        hi: impl IntoOperand<'a, Self>,
    ) -> Result<Array<Self>>;
}

macro_rules! num_clip {
    ($($t:ty),*) => {$(
        impl Clip for $t {
            fn clip<'a>(
                x: impl IntoOperand<'a, Self>,
                lo: impl IntoOperand<'a, Self>,
                hi: impl IntoOperand<'a, Self>,
            ) -> Result<Array<Self>> {
                kernels::clip::<$t>(x, lo, hi)
            }
        }
    )*};
}
num_clip!(i8, i16, i32, i64, u8, u16, u32, u64, f16, bf16, f32, f64);

impl Clip for bool {
    fn clip<'a>(
        x: impl IntoOperand<'a, Self>,
        lo: impl IntoOperand<'a, Self>,
        hi: impl IntoOperand<'a, Self>,
    ) -> Result<Array<Self>> {
        kernels::clip_bool(x, lo, hi)
    }
}

/// `clip` of one complex dtype: NumPy's complex `maximum` of `x` and `lo`, then its
/// `minimum` with `hi` (lexicographic; a NaN in the left operand stays, a NaN in the right
/// one alone is taken), in one kernel.
macro_rules! complex_clip {
    ($($t:ident => $clip:ident;)*) => {$(
        #[doc = concat!("`clip` of `", stringify!($t), "` (see [`Clip`]).")]
        #[elementwise]
        pub(crate) fn $clip(x: $t, lo: $t, hi: $t) -> $t {
            let ge = x.re > lo.re || (x.re == lo.re && x.im >= lo.im);
            let m = if x.is_nan() || (!lo.is_nan() && ge) { x } else { lo };
            let le = m.re < hi.re || (m.re == hi.re && m.im <= hi.im);
            if m.is_nan() || (!hi.is_nan() && le) {
                m
            } else {
                hi
            }
        }

        impl Clip for $t {
            fn clip<'a>(
                x: impl IntoOperand<'a, Self>,
                lo: impl IntoOperand<'a, Self>,
                hi: impl IntoOperand<'a, Self>,
            ) -> Result<Array<Self>> {
                $clip(x, lo, hi)
            }
        }
    )*};
}
complex_clip! {
    c64 => clip_c64;
    c128 => clip_c128;
}

/// `x` limited to `[lo, hi]` (NumPy's `clip`): `minimum(maximum(x, lo), hi)`, so `lo > hi`
/// gives `hi` and a NaN anywhere gives NaN. Each operand is an array or a scalar. Complex
/// numbers are clipped in the lexicographic order of [`maximum`]/[`minimum`], as NumPy 2
/// does. For one bound (NumPy's `None` for the other) see [`clip_lower`] and [`clip_upper`].
///
/// ```
/// use kernels_std::{c64, math, Array, Device};
/// let x = Array::from_vec(&Device::cpu(), &[4], vec![-5i32, 0, 5, 10])?;
/// assert_eq!(math::clip(&x, 0, 6)?.to_vec()?, vec![0, 0, 5, 6]);
/// assert_eq!(math::clip(&x, 6, 0)?.to_vec()?, vec![0, 0, 0, 0]);
/// let z = Array::from_vec(&Device::cpu(), &[2], vec![c64::new(1.0, 2.0), c64::new(3.0, -1.0)])?;
/// let c = math::clip(&z, c64::new(2.0, 1.0), c64::new(3.0, 0.0))?.to_vec()?;
/// assert_eq!(c, vec![c64::new(2.0, 1.0), c64::new(3.0, -1.0)]);
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn clip<'a, T: Clip>(
    x: impl IntoOperand<'a, T>,
    lo: impl IntoOperand<'a, T>,
    hi: impl IntoOperand<'a, T>,
) -> Result<Array<T>> {
    T::clip(x, lo, hi)
}

/// NumPy's `clip(x, lo, None)`: `x` limited from below, which NumPy computes as
/// `maximum(x, lo)` (NaN propagates; complex numbers in the lexicographic order).
///
/// ```
/// use kernels_std::{math, Array, Device};
/// let x = Array::from_vec(&Device::cpu(), &[3], vec![1.0f64, 5.0, f64::NAN])?;
/// let c = math::clip_lower(&x, 2.0)?.to_vec()?;
/// assert_eq!((c[0], c[1], c[2].is_nan()), (2.0, 5.0, true));
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn clip_lower<'a, T: Extremum>(
    x: impl IntoOperand<'a, T>,
    lo: impl IntoOperand<'a, T>,
) -> Result<Array<T>> {
    T::maximum(x, lo)
}

/// NumPy's `clip(x, None, hi)`: `x` limited from above, which NumPy computes as
/// `minimum(x, hi)` (NaN propagates; complex numbers in the lexicographic order).
///
/// ```
/// use kernels_std::{math, Array, Device};
/// let x = Array::from_vec(&Device::cpu(), &[3], vec![1i8, 5, -7])?;
/// assert_eq!(math::clip_upper(&x, 3)?.to_vec()?, vec![1, 3, -7]);
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn clip_upper<'a, T: Extremum>(
    x: impl IntoOperand<'a, T>,
    hi: impl IntoOperand<'a, T>,
) -> Result<Array<T>> {
    T::minimum(x, hi)
}

#[cfg(test)]
mod tests {
    use array_runtime::cuda::verify;
    use array_runtime::kernel::elementwise::Instance;
    use array_runtime::DTypeId::{C128, C64};

    /// The complex `maximum` and `minimum` kernels compiled by NVRTC (skipped without it).
    #[test]
    fn complex_extremum_kernels_compile() {
        if !verify::nvrtc_or_skip("complex maximum/minimum").unwrap() {
            return;
        }
        for (def, t) in [
            (&super::maximum_c64::DEF, C64),
            (&super::minimum_c64::DEF, C64),
            (&super::maximum_c128::DEF, C128),
            (&super::minimum_c128::DEF, C128),
        ] {
            let inst = Instance {
                def,
                type_args: &[],
                params: &[t, t],
                results: &[t],
            };
            verify::elementwise(&inst).unwrap_or_else(|e| panic!("{}: {e}", inst.name()));
        }
        for (def, t) in [(&super::clip_c64::DEF, C64), (&super::clip_c128::DEF, C128)] {
            let inst = Instance {
                def,
                type_args: &[],
                params: &[t, t, t],
                results: &[t],
            };
            verify::elementwise(&inst).unwrap_or_else(|e| panic!("{}: {e}", inst.name()));
        }
    }
}
