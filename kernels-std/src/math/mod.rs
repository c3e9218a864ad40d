//! Elementwise math: NumPy's ufuncs, on the CPU and CUDA.
//!
//! Each function takes arrays (any view: transposed, strided, reversed, broadcast) or scalars
//! for its operands, broadcasts them NumPy-style, and returns a new array on the operands'
//! device; shapes that do not broadcast are an [`Error::Broadcast`](crate::Error::Broadcast).
//! The kernels are in [`kernels`] (their `into` writes into existing arrays: NumPy's `out=`).
//! The operators (`&a + &b`, `-&a`, `&a % 2`) are in [`array_runtime::ops`].
//!
//! | NumPy | here | dtypes, result |
//! |---|---|---|
//! | `add`, `subtract`, `multiply` | [`add`], [`subtract`], [`multiply`] | numbers, complex; integers wrap; `add`/`multiply` of `bool` are its logical or/and |
//! | `divide`, `true_divide` | [`divide`], [`true_divide`] | floats and complex keep their dtype, integers and `bool` give `f64` |
//! | `floor_divide`, `remainder`, `divmod`, `fmod` | [`floor_divide`], [`remainder`], [`divmod`], [`fmod`] | numbers |
//! | `power` | [`power`] | numbers (integer: negative exponent is an error), complex; `bool` gives `i8` |
//! | `negative`, `absolute`/`abs` | [`negative`], [`absolute`], [`abs`] | numbers, complex (`absolute` of complex is real: [`Absolute::Real`]) |
//! | `sign`, `square` | [`sign`], [`square`] | numbers, complex (NumPy 2's `sign`: `z / abs(z)`) |
//! | `reciprocal` | [`reciprocal`] | floats, complex |
//! | `sqrt`, `exp`, `log` | [`sqrt`], [`exp`], [`log`] | any -> [`Elementary::Out`] (real ones: [`ToFloat::Float`]; complex: itself) |
//! | `cbrt`, `exp2`, `expm1`, `log2`, `log10`, `log1p` | [`cbrt`], [`exp2`], [`expm1`], [`log2`], [`log10`], [`log1p`] | any but complex -> [`ToFloat::Float`] |
//! | `sin`, `cos`, `tan`, `arcsin`, `arccos`, `arctan` | [`sin`], [`cos`], [`tan`], [`arcsin`], [`arccos`], [`arctan`] | -> [`ToFloat::Float`] |
//! | `sinh`, `cosh`, `tanh`, `arcsinh`, `arccosh`, `arctanh` | [`sinh`], [`cosh`], [`tanh`], [`arcsinh`], [`arccosh`], [`arctanh`] | -> [`ToFloat::Float`] |
//! | `arctan2`, `hypot`, `logaddexp`, `logaddexp2`, `copysign`, `heaviside` | [`arctan2`], [`hypot`], [`logaddexp`], [`logaddexp2`], [`copysign`], [`heaviside`] | -> [`ToFloat::Float`] |
//! | `deg2rad`/`radians`, `rad2deg`/`degrees` | [`deg2rad`], [`rad2deg`] | -> [`ToFloat::Float`] |
//! | `floor`, `ceil`, `trunc` | [`floor`], [`ceil`], [`trunc`] | numbers, `bool`; integers and `bool` unchanged |
//! | `rint`, `around`/`round` | [`rint`], [`around`] | half to even; `rint` -> [`ToFloat::Float`] (complex: itself, part by part), `around` keeps the dtype |
//! | `maximum`, `minimum`, `fmax`, `fmin`, `clip` | [`maximum`], [`minimum`], [`fmax`], [`fmin`], [`clip`] | numbers; `maximum`, `minimum`, `clip` also complex |
//! | `clip(x, lo, None)`, `clip(x, None, hi)` | [`clip_lower`], [`clip_upper`] | numbers, complex |
//! | `fabs`, `frexp`, `modf`, `ldexp`, `nextafter`, `spacing` | [`fabs`], [`frexp`], [`modf`], [`ldexp`]`(x, e_i32)`, [`nextafter`], [`spacing`] | any but complex -> [`ToFloat::Float`] (`frexp`'s exponent `i32`) |
//! | `sinc`, `float_power`, `i0` | [`sinc`], [`float_power`], [`i0`] | real; integers give `f64` (`float_power` always) |
//! | `fix`, `positive` | [`fix`], [`positive`] | as `trunc`; numbers and complex |
//! | `packbits(a, axis, bitorder)`, `unpackbits(a, axis, count, bitorder)` | [`packbits`], [`unpackbits`] with [`BitOrder`] | integers, `bool` -> `u8` / `u8` -> `u8` |
//! | `gcd`, `lcm`, `bitwise_count` | [`gcd`], [`lcm`], [`bitwise_count`] | integers (`bitwise_count` -> `u8`) |
//! | `isposinf`, `isneginf`, `iscomplex`, `isreal` | [`isposinf`], [`isneginf`], [`iscomplex`], [`isreal`] | real (the last two complex too) -> `bool` |
//! | `nan_to_num(x, nan=0.0, posinf=None, neginf=None)`, `real_if_close(a, tol)` | [`nan_to_num`]`(&x, 0.0, None, None)`, [`real_if_close`] | floats, complex (integers copied) |
//! | `isnan`, `isinf`, `isfinite`, `signbit` | [`isnan`], [`isinf`], [`isfinite`], [`signbit`] | numbers (the first three complex too) -> `bool` |
//! | `equal`, `not_equal`, `less`, `less_equal`, `greater`, `greater_equal` | [`equal`], [`not_equal`], [`less`], [`less_equal`], [`greater`], [`greater_equal`] | numbers, `bool`, complex (lexicographic) -> `bool` |
//! | `logical_and`, `logical_or`, `logical_xor`, `logical_not` | [`logical_and`], [`logical_or`], [`logical_xor`], [`logical_not`] | any -> `bool` |
//! | `bitwise_and`, `bitwise_or`, `bitwise_xor`, `invert`/`bitwise_not` | [`bitwise_and`], [`bitwise_or`], [`bitwise_xor`], [`invert`], [`bitwise_not`] | integers, `bool` |
//! | `left_shift`, `right_shift` | [`left_shift`], [`right_shift`] | integers; counts saturate |
//! | `where(cond, x, y)` | [`where_`] | any |
//!
//! NumPy's other names are re-exported under them too: [`pow`], [`mod_`] (`mod`), [`round`],
//! [`radians`], [`degrees`], [`acos`], [`asin`], [`atan`], [`atan2`], [`acosh`], [`asinh`],
//! [`atanh`], [`bitwise_invert`], [`bitwise_left_shift`], [`bitwise_right_shift`].
//!
//! Where we differ from NumPy, on purpose:
//! - No type promotion in these functions: the operands of one call share a dtype (NumPy
//!   would promote `np.maximum(i8, f32)` to `f32`); convert one first with `astype`. The
//!   operators do promote (`&i8s + &f32s` is an `Expr<f32>`). A scalar operand has the array's
//!   dtype (as NEP 50 gives for Python scalars).
//! - Transcendental functions are within a few ULPs of NumPy's, not bit-identical (CUDA's
//!   math library on a GPU; on the CPU the runtime's own vectorized `exp`, `exp2`, `expm1`,
//!   `log`, `log2`, `log10`, `log1p`, within 1 ULP, and the host's C library for the others).
//! - Complex dtypes have the arithmetic, `negative`, `absolute`, `sign`, `square`,
//!   `reciprocal`, `power`, the functions of [`Elementary`] (`sqrt`, the exponentials and
//!   logarithms, the trigonometric and hyperbolic functions and their inverses),
//!   `isnan`/`isinf`/`isfinite`, `real`, `imag`, `conjugate`, `angle`, the comparisons, the
//!   logic functions and `where_` (`real` of a complex array is a new array, not NumPy's view);
//!   `bf16` (which NumPy lacks) has everything, computed in `f32` where NumPy computes `f16` in
//!   `f32`.
//! - Complex functions are our formulas (`kernels/complex_formulas/`), not glibc's: within a
//!   few ULPs of NumPy's on finite inputs (the tests state 4 to 8 ULPs of a part, or of
//!   `abs(result)` for a part that cancels; `power` 64), NumPy's values at infinities and NaN
//!   for the special inputs tested; `log1p` of small `z` is accurate where NumPy's is not.
//! - Complex multiplication is `(ac - bd) + (ad + bc)i` with each operation rounded; NumPy's
//!   SIMD loop fuses it on CPUs with FMA (last bits, and some overflows give inf where we give
//!   NaN).
//! - Each function's doc says what else it leaves out (integer `reciprocal`).
//!
//! ```
//! use kernels_std::{math, Array, Device};
//! let dev = Device::cpu();
//! let x = Array::from_vec(&dev, &[2, 2], vec![1.0f32, 4.0, 9.0, 16.0])?;
//! let y = math::sqrt(&x)?; // f32 in, f32 out
//! let i = Array::from_vec(&dev, &[2], vec![4u8, 9])?;
//! let r = math::sqrt(&i)?; // u8 in, f16 out (NumPy's rule)
//! assert_eq!(r.to_vec()?, vec![kernels_std::f16::from_f32(2.0), kernels_std::f16::from_f32(3.0)]);
//! assert_eq!(math::add(&y, 1.0f32)?.to_vec()?, vec![2.0, 3.0, 4.0, 5.0]);
//! # Ok::<(), kernels_std::Error>(())
//! ```

mod arithmetic;
mod bessel_i0;
mod bitwise;
mod classify;
mod compare;
mod dtypes;
mod extrema;
mod float_fns;
mod float_parts;
mod float_steps;
mod integer_fns;
pub mod kernels;
mod logic;
mod packbits;
mod parts;
mod power;
mod predicates;
mod rounding;

pub use arithmetic::{
    abs, absolute, add, divide, divmod, floor_divide, fmod, multiply, negative, reciprocal,
    remainder, sign, square, subtract, true_divide, Absolute, MathNum, Reciprocal, SignSquare,
};
pub use bessel_i0::{i0, I0};
pub use bitwise::{
    bitwise_and, bitwise_not, bitwise_or, bitwise_xor, invert, left_shift, right_shift,
};
pub use classify::{isfinite, isinf, isnan, signbit, Classify, Signbit};
pub use compare::{equal, greater, greater_equal, less, less_equal, not_equal};
pub use dtypes::ToFloat;
pub use extrema::{clip, clip_lower, clip_upper, fmax, fmin, maximum, minimum, Clip, Extremum};
pub use float_fns::{
    arccos, arccosh, arcsin, arcsinh, arctan, arctan2, arctanh, cbrt, copysign, cos, cosh, deg2rad,
    exp, exp2, expm1, heaviside, hypot, log, log10, log1p, log2, logaddexp, logaddexp2, rad2deg,
    sin, sinh, sqrt, tan, tanh, Elementary, ElementaryOp,
};
pub use float_parts::{
    fabs, fix, float_power, frexp, ldexp, modf, nan_to_num, positive, real_if_close, sinc,
    NanToNum, Positive, RealIfClose, RealOrComplex, Sinc,
};
pub use float_steps::{nextafter, spacing, FloatSteps};
pub use integer_fns::{bitwise_count, gcd, lcm};
pub use logic::{logical_and, logical_not, logical_or, logical_xor, where_};
pub use packbits::{packbits, unpackbits, BitOrder, PackInput};
pub use parts::conjugate as conj;
pub use parts::{angle, conjugate, imag, real, Angle, Conjugate, Parts};
pub use power::{power, Power, PowerLazy};
pub use predicates::{iscomplex, isneginf, isposinf, isreal, InfSign, RealValues};
pub use rounding::{around, ceil, floor, rint, trunc, Around, Rint, Rounding};

// NumPy's other names for the same ufuncs (NumPy 2's array-API names among them).
pub use arithmetic::remainder as mod_;
pub use bitwise::right_shift as bitwise_right_shift;
pub use bitwise::{invert as bitwise_invert, left_shift as bitwise_left_shift};
pub use float_fns::{arccos as acos, arccosh as acosh, arcsin as asin, arcsinh as asinh};
pub use float_fns::{arctan as atan, arctan2 as atan2, arctanh as atanh};
pub use float_fns::{deg2rad as radians, rad2deg as degrees};
pub use power::power as pow;
pub use rounding::around as round;
