//! Rounding: `floor`, `ceil`, `trunc` (integers and `bool` unchanged), `rint` (complex: each
//! part) and `around` (half to even).

use crate::prelude::*;

/// Rounds half to even keeping the sign of zero (`rint(-0.5) == -0.0`, `rint(2.5) == 2.0`);
/// the language's `round` rounds half away from zero.
#[device_fn]
pub fn rint_in<T: Float>(x: T) -> T {
    let r = x.round();
    let r = if (r - x).abs() == 0.5f64.cast::<T>() {
        let f = x.floor();
        if f % 2.0f64.cast::<T>() == 0.0f64.cast::<T>() {
            f
        } else {
            f + 1.0f64.cast::<T>()
        }
    } else {
        r
    };
    r.copysign(x)
}

/// NumPy's `rint`: to the nearest integer, half to even, in the float dtype `F`.
#[elementwise]
pub fn rint<I: DType, F: Float, C: Float>(x: I) -> F {
    let r: C = rint_in::<C>(x.cast::<C>());
    r.cast::<F>()
}

/// NumPy's `rint` of `c64`: each part to the nearest integer, half to even, keeping `-0.0`
/// (NaN and infinite parts unchanged).
#[elementwise]
pub fn rint_c64(z: c64) -> c64 {
    let re: f32 = rint_in::<f32>(z.re);
    let im: f32 = rint_in::<f32>(z.im);
    Complex::new(re, im)
}

/// NumPy's `rint` of `c128`, as [`rint_c64`].
#[elementwise]
pub fn rint_c128(z: c128) -> c128 {
    let re: f64 = rint_in::<f64>(z.re);
    let im: f64 = rint_in::<f64>(z.im);
    Complex::new(re, im)
}

/// NumPy's `around` (`round`) of floats: `rint(x * factor) / factor`, or with `shrink`
/// (negative decimals) `rint(x / factor) * factor`, each step in `T` as NumPy does.
#[elementwise]
pub fn around<T: Float>(x: T, factor: T, shrink: bool) -> T {
    if shrink {
        let r: T = rint_in::<T>(x / factor);
        r * factor
    } else {
        let r: T = rint_in::<T>(x * factor);
        r / factor
    }
}

/// NumPy's `around` of integers with negative decimals: `rint(x / factor) * factor` in `f64`,
/// converted back through `i64` (wrapping beyond the dtype, as NumPy's C conversion does).
#[elementwise]
pub fn around_int<T: Int>(x: T, factor: f64) -> T {
    let r: f64 = rint_in::<f64>(x.cast::<f64>() / factor);
    (r * factor).cast::<i64>().cast::<T>()
}

/// NumPy's `floor` of floats.
#[elementwise]
pub fn floor<T: Float>(x: T) -> T {
    x.floor()
}

/// NumPy's `ceil` of floats.
#[elementwise]
pub fn ceil<T: Float>(x: T) -> T {
    x.ceil()
}

/// NumPy's `trunc` of floats (toward zero).
#[elementwise]
pub fn trunc<T: Float>(x: T) -> T {
    x.trunc()
}

/// The identity: `floor`, `ceil`, `trunc` of integers (a new array, as NumPy returns).
#[elementwise]
pub fn identity<T: DType>(x: T) -> T {
    x
}
