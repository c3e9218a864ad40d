//! The kernels of NumPy's `nextafter` and `spacing`: the neighbours of a float of the dtype
//! `F`, computed in `C` from `F`'s layout (`mant` explicit mantissa bits, `emin` the exponent
//! of its smallest normal number, `max` its largest finite value), passed by the caller.

use crate::prelude::*;

/// `2^n` in `C`, as two factors so that every `n` of a subnormal `f64` (down to `-1074`) is
/// exact (`one` gives the type).
#[device_fn]
pub fn pow2<C: Float>(one: C, n: i32) -> C {
    let two = one + one;
    let h = n / 2i32;
    two.powi(h) * two.powi(n - h)
}

/// The float of `F` next to `x` toward `y` (`x != y`, neither NaN), exact in `C`: zero steps to
/// the smallest subnormal with `y`'s sign, an infinity to `+-max`; otherwise `x +- ulp`, where
/// the ulp is that of `x`'s binade (from `log2`, corrected where it rounds across a power of
/// two), halved when stepping toward zero from a power of two above the smallest normal.
#[device_fn]
pub fn step_toward<C: Float>(x: C, y: C, mant: i32, emin: i32, max: C) -> C {
    let zero = 0.0f64.cast::<C>();
    let one = 1.0f64.cast::<C>();
    let two = 2.0f64.cast::<C>();
    let tiny: C = pow2::<C>(one, emin - mant);
    if x == zero {
        tiny.copysign(y)
    } else if x.is_infinite() {
        max.copysign(x)
    } else {
        let ax = x.abs();
        let mut e = ax.log2().floor().cast::<i32>();
        let p: C = pow2::<C>(one, e);
        if p > ax {
            e = e - 1i32;
        } else if p * two <= ax {
            e = e + 1i32;
        }
        if e < emin {
            e = emin;
        }
        let ulp: C = pow2::<C>(one, e - mant);
        let binade: C = pow2::<C>(one, e);
        if (y > x) == (x > zero) {
            x + ulp.copysign(x)
        } else if ax == binade && e > emin {
            x - (ulp * 0.5f64.cast::<C>()).copysign(x)
        } else {
            x - ulp.copysign(x)
        }
    }
}

/// NumPy's `nextafter(x, y)` of floats `F` (inputs `I` converted to `F` first): NaN when either
/// is NaN; `y` when they are equal (`x` for `f16`, NumPy's half loop: `equal_gives_x`).
#[elementwise]
pub fn nextafter<I: DType, F: Float, C: Float>(
    x: I,
    y: I,
    mant: i32,
    emin: i32,
    max: F,
    equal_gives_x: bool,
) -> F {
    let (xf, yf) = (x.cast::<F>(), y.cast::<F>());
    let (xc, yc) = (xf.cast::<C>(), yf.cast::<C>());
    if xc.is_nan() || yc.is_nan() {
        (xc + yc).cast::<F>()
    } else if xc == yc {
        if equal_gives_x {
            xf
        } else {
            yf
        }
    } else {
        let next: C = step_toward::<C>(xc, yc, mant, emin, max.cast::<C>());
        next.cast::<F>()
    }
}

/// NumPy's `spacing(x)` of floats `F`: the distance to the next float away from zero (`f32`,
/// `f64`: `+tiny` at `+-0`), or to the next float above (`f16`, NumPy's half loop:
/// `half_rules`); NaN for infinities and NaN, inf beyond the largest finite value.
#[elementwise]
pub fn spacing<I: DType, F: Float, C: Float>(
    x: I,
    mant: i32,
    emin: i32,
    max: F,
    half_rules: bool,
) -> F {
    let x = x.cast::<F>().cast::<C>();
    let zero = 0.0f64.cast::<C>();
    let one = 1.0f64.cast::<C>();
    let inf = one / zero;
    if !x.is_finite() {
        (x - x).cast::<F>()
    } else if !half_rules && x == zero {
        let tiny: C = pow2::<C>(one, emin - mant);
        tiny.cast::<F>()
    } else {
        let toward = if half_rules { inf } else { inf.copysign(x) };
        let next: C = step_toward::<C>(x, toward, mant, emin, max.cast::<C>());
        let next = next.cast::<F>().cast::<C>();
        (next - x).cast::<F>()
    }
}
