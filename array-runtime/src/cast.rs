//! Conversion between any two dtypes: [`DType::cast`](crate::DType::cast) (NumPy's `astype` for one value), which
//! the kernel language spells `x.cast::<U>()` and the CUDA prelude implements as `kx::cast<U>`.
//!
//! The rules, identical on both backends:
//! - integer -> integer wraps (two's complement), as `as` and NumPy do;
//! - integer -> float rounds to nearest (to `f16`/`bf16` through `f64`: one rounding for every
//!   integer up to 2^53 in magnitude, two for larger 64-bit ones, which can differ by one unit
//!   of a `bf16` in a halfway case; `f16` overflows long before);
//! - float -> integer truncates toward zero and saturates, NaN gives 0 (Rust's `as`; NumPy leaves
//!   out-of-range conversions to the platform);
//! - float -> float rounds to nearest once (`f64` -> `f16` does not pass through `f32`);
//! - anything -> `bool` is `x != 0` (NaN is true; a complex number is true unless both parts are
//!   zero); `bool` -> number is 0 or 1;
//! - complex -> real keeps the real part (NumPy warns and does the same); real -> complex has a
//!   zero imaginary part.

use crate::dtype::{bf16, c128, c64, f16, Complex};

/// One value on its way from one dtype to another: the widest representation of its family,
/// chosen so that every conversion of [`DType::cast`](crate::DType::cast) rounds at most once.
#[doc(hidden)]
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum CastValue {
    Bool(bool),
    /// Signed integers, widened exactly.
    Int(i64),
    /// Unsigned integers, widened exactly.
    UInt(u64),
    F16(f16),
    BF16(bf16),
    F32(f32),
    F64(f64),
    C64(c64),
    C128(c128),
}

/// The conversions of one target dtype from a [`CastValue`].
macro_rules! to_int {
    ($($t:ty),*) => {$(
        impl CastTarget for $t {
            #[inline(always)]
            fn from_cast(v: CastValue) -> Self {
                match v {
                    CastValue::Bool(b) => b as $t,
                    CastValue::Int(i) => i as $t,
                    CastValue::UInt(u) => u as $t,
                    CastValue::F16(h) => h.to_f32() as $t,
                    CastValue::BF16(h) => h.to_f32() as $t,
                    CastValue::F32(f) => f as $t,
                    CastValue::F64(f) => f as $t,
                    CastValue::C64(z) => z.re as $t,
                    CastValue::C128(z) => z.re as $t,
                }
            }
        }
    )*};
}

/// `x` rounded to `f32` "to odd": toward zero, with the last bit set when inexact. Rounding that
/// to any format of at most 22 significant bits (`f16`, `bf16`) gives the correctly rounded
/// value of `x`, with one rounding as CUDA's `__double2half` does. (The `half` crate's
/// `from_f64` goes through a plain `f32` on x86 with F16C, which rounds twice.)
#[inline(always)]
fn to_f32_odd(x: f64) -> f32 {
    let r = x as f32;
    if !r.is_finite() || f64::from(r) == x {
        return r;
    }
    let mut bits = r.to_bits();
    if f64::from(r).abs() > x.abs() {
        bits -= 1; // one step toward zero (sign and magnitude)
    }
    f32::from_bits(bits | 1)
}

/// How a dtype is made from a [`CastValue`] (implemented for every dtype).
#[doc(hidden)]
pub trait CastTarget {
    fn from_cast(v: CastValue) -> Self;
}

to_int!(i8, i16, i32, i64, u8, u16, u32, u64);

macro_rules! to_float {
    ($($t:ty),*) => {$(
        impl CastTarget for $t {
            #[inline(always)]
            fn from_cast(v: CastValue) -> Self {
                match v {
                    CastValue::Bool(b) => u8::from(b) as $t,
                    CastValue::Int(i) => i as $t,
                    CastValue::UInt(u) => u as $t,
                    CastValue::F16(h) => h.to_f64() as $t,
                    CastValue::BF16(h) => h.to_f64() as $t,
                    CastValue::F32(f) => f as $t,
                    CastValue::F64(f) => f as $t,
                    CastValue::C64(z) => z.re as $t,
                    CastValue::C128(z) => z.re as $t,
                }
            }
        }
    )*};
}
to_float!(f32, f64);

macro_rules! to_half {
    ($($t:ident),*) => {$(
        impl CastTarget for $t {
            #[inline(always)]
            fn from_cast(v: CastValue) -> Self {
                match v {
                    CastValue::Bool(b) => $t::from_f32(f32::from(u8::from(b))),
                    // Through f64: exact for every integer up to 2^53, so one rounding.
                    CastValue::Int(i) => $t::from_f32(to_f32_odd(i as f64)),
                    CastValue::UInt(u) => $t::from_f32(to_f32_odd(u as f64)),
                    CastValue::F16(h) => $t::from_f32(h.to_f32()),
                    CastValue::BF16(h) => $t::from_f32(h.to_f32()),
                    CastValue::F32(f) => $t::from_f32(f),
                    CastValue::F64(f) => $t::from_f32(to_f32_odd(f)),
                    CastValue::C64(z) => $t::from_f32(z.re),
                    CastValue::C128(z) => $t::from_f32(to_f32_odd(z.re)),
                }
            }
        }
    )*};
}
to_half!(f16, bf16);

impl CastTarget for bool {
    #[inline(always)]
    fn from_cast(v: CastValue) -> Self {
        match v {
            CastValue::Bool(b) => b,
            CastValue::Int(i) => i != 0,
            CastValue::UInt(u) => u != 0,
            CastValue::F16(h) => h.to_f32() != 0.0,
            CastValue::BF16(h) => h.to_f32() != 0.0,
            CastValue::F32(f) => f != 0.0,
            CastValue::F64(f) => f != 0.0,
            CastValue::C64(z) => z.re != 0.0 || z.im != 0.0,
            CastValue::C128(z) => z.re != 0.0 || z.im != 0.0,
        }
    }
}

macro_rules! to_complex {
    ($($t:ty => $p:ty),*) => {$(
        impl CastTarget for $t {
            #[inline(always)]
            fn from_cast(v: CastValue) -> Self {
                match v {
                    CastValue::C64(z) => Complex::new(z.re as $p, z.im as $p),
                    CastValue::C128(z) => Complex::new(z.re as $p, z.im as $p),
                    real => Complex::new(<$p>::from_cast(real), 0.0),
                }
            }
        }
    )*};
}
to_complex!(c64 => f32, c128 => f64);

/// How a dtype is put into a [`CastValue`].
#[doc(hidden)]
pub trait CastSource {
    fn to_cast(self) -> CastValue;
}

macro_rules! source {
    ($($t:ty => |$x:ident| $e:expr_2021),* $(,)?) => {$(
        impl CastSource for $t {
            #[inline(always)]
            fn to_cast(self) -> CastValue {
                let $x = self;
                $e
            }
        }
    )*};
}
source!(
    bool => |x| CastValue::Bool(x),
    i8 => |x| CastValue::Int(i64::from(x)),
    i16 => |x| CastValue::Int(i64::from(x)),
    i32 => |x| CastValue::Int(i64::from(x)),
    i64 => |x| CastValue::Int(x),
    u8 => |x| CastValue::UInt(u64::from(x)),
    u16 => |x| CastValue::UInt(u64::from(x)),
    u32 => |x| CastValue::UInt(u64::from(x)),
    u64 => |x| CastValue::UInt(x),
    f16 => |x| CastValue::F16(x),
    bf16 => |x| CastValue::BF16(x),
    f32 => |x| CastValue::F32(x),
    f64 => |x| CastValue::F64(x),
    c64 => |x| CastValue::C64(x),
    c128 => |x| CastValue::C128(x),
);

#[cfg(test)]
mod tests {
    use crate::{bf16, c64, f16, DType};

    #[test]
    fn the_rules_of_the_module_doc() {
        assert_eq!(300i32.cast::<u8>(), 44);
        assert_eq!((-1i8).cast::<u64>(), u64::MAX);
        assert_eq!(f32::NAN.cast::<i32>(), 0);
        assert_eq!(1e10f64.cast::<i16>(), i16::MAX);
        assert_eq!((-2.7f32).cast::<i8>(), -2);
        assert!(f32::NAN.cast::<bool>());
        assert!(!(-0.0f64).cast::<bool>());
        assert_eq!(true.cast::<f16>(), f16::ONE);
        assert_eq!(c64::new(2.5, -1.0).cast::<i32>(), 2);
        assert!(c64::new(0.0, -1.0).cast::<bool>());
        assert_eq!(7u8.cast::<c64>(), c64::new(7.0, 0.0));
        assert_eq!(f16::from_f32(1.5).cast::<bf16>(), bf16::from_f32(1.5));
        assert_eq!(65504i64.cast::<f16>(), f16::MAX);
        assert_eq!(70000i32.cast::<f16>(), f16::INFINITY);
        assert_eq!(u64::MAX.cast::<bf16>(), bf16::from_f64(u64::MAX as f64));
    }

    #[test]
    fn f64_to_f16_rounds_once() {
        // Halfway between two f16 values after rounding to f32, but not before: through f32
        // it would round twice and land on the other neighbour.
        let x = 1.0 + 2f64.powi(-11) + 2f64.powi(-40);
        assert_eq!(x.cast::<f16>(), f16::from_f32(1.0 + 2f32.powi(-10)));
        assert_eq!(f16::from_f32(x as f32), f16::ONE);
        assert_eq!((-x).cast::<f16>(), -f16::from_f32(1.0 + 2f32.powi(-10)));
        // The same for bf16 (8 significant bits).
        let y = 1.0 + 2f64.powi(-8) + 2f64.powi(-45);
        assert_eq!(y.cast::<bf16>(), bf16::from_f32(1.0 + 2f32.powi(-7)));
        // Exact values, ties to even, overflow, NaN.
        assert_eq!((1.0 + 2f64.powi(-11)).cast::<f16>(), f16::ONE);
        assert_eq!(1e6f64.cast::<f16>(), f16::INFINITY);
        assert_eq!((-1e300f64).cast::<bf16>(), bf16::NEG_INFINITY);
        assert!(f64::NAN.cast::<f16>().is_nan());
        assert_eq!(2f64.powi(-24).cast::<f16>(), f16::from_bits(1));
        assert_eq!(2f64.powi(-26).cast::<f16>(), f16::ZERO);
    }
}
