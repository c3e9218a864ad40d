//! `math` against NumPy: the fixtures of `scripts/fixtures/gen_math_fixtures.py` (edge values:
//! +-0, +-inf, NaN, subnormals, halves, integer limits; every dtype NumPy has, and `bf16`
//! against NumPy's `f32` rounded once), on the CPU backend and, when there is one, on CUDA
//! device 0. Each case also runs on a reversed view and a strided view of its inputs.
//!
//! Tolerances:
//! - exact (and `0.0` differs from `-0.0`) for everything that is exactly rounded in IEEE or
//!   integer: arithmetic, `sqrt`, rounding, extrema, `fmod`, `floor_divide`, `remainder`,
//!   `copysign`, comparisons, logic, bits;
//! - transcendental functions: `f32`/`f64` within [`TRANSCENDENTAL_ULPS`] units in the last
//!   place of NumPy's (CUDA's math library is within 1 to 4 ULPs of the correctly rounded
//!   result, the host's C library and NumPy's SIMD loops within 1 to 4 as well); `f16`/`bf16`
//!   within 1 ULP (computed in `f32`, rounded once on both sides, so they can differ only
//!   where the `f32` results straddle a rounding boundary);
//! - `power` of floats: as transcendental functions.

mod common;
mod ufunc_fixtures;

use common::{assert_close, devices, Tol};
use kernels_std::math::{self, ToFloat};
use kernels_std::prelude::*;
use kernels_std::s;
use ufunc_fixtures::{binary, entry, ufunc, unary, view, Fx};

/// ULPs allowed between our transcendental `f32`/`f64` results and NumPy's.
const TRANSCENDENTAL_ULPS: u64 = 4;

/// Exact, signed zeros distinguished.
fn exact() -> Tol {
    Tol::exact().signed_zero()
}

/// `ulps` for `f32`/`f64`, 1 for the half types, exact for the others.
fn ulps<T: DType>(ulps: u64) -> Tol {
    match T::ID {
        DTypeId::F16 | DTypeId::BF16 => Tol::ulps(1),
        DTypeId::F32 | DTypeId::F64 => Tol::ulps(ulps),
        _ => Tol::exact(),
    }
}

/// A float function of one operand, for every input dtype (integers and `bool` give the
/// float dtype of `ToFloat`).
macro_rules! to_float_unary {
    ($name:ident, $ulps:expr) => {
        #[test]
        fn $name() {
            fn run<I: Fx + ToFloat>(dev: &Device)
            where
                I::Float: Fx,
            {
                let tol = ulps::<I::Float>($ulps);
                let tol = if $ulps == 0 { tol.signed_zero() } else { tol };
                unary::<I, I::Float>(stringify!($name), dev, tol, |x| math::$name(x));
            }
            for dev in devices() {
                run::<f16>(&dev);
                run::<bf16>(&dev);
                run::<f32>(&dev);
                run::<f64>(&dev);
                run::<i8>(&dev);
                run::<u8>(&dev);
                run::<i16>(&dev);
                run::<u16>(&dev);
                run::<i32>(&dev);
                run::<u32>(&dev);
                run::<i64>(&dev);
                run::<u64>(&dev);
                run::<bool>(&dev);
            }
        }
    };
}

to_float_unary!(sqrt, 0);
to_float_unary!(cbrt, TRANSCENDENTAL_ULPS);
to_float_unary!(exp, TRANSCENDENTAL_ULPS);
to_float_unary!(exp2, TRANSCENDENTAL_ULPS);
to_float_unary!(expm1, TRANSCENDENTAL_ULPS);
to_float_unary!(log, TRANSCENDENTAL_ULPS);
to_float_unary!(log2, TRANSCENDENTAL_ULPS);
to_float_unary!(log10, TRANSCENDENTAL_ULPS);
to_float_unary!(log1p, TRANSCENDENTAL_ULPS);
to_float_unary!(sin, TRANSCENDENTAL_ULPS);
to_float_unary!(cos, TRANSCENDENTAL_ULPS);
to_float_unary!(tan, TRANSCENDENTAL_ULPS);
to_float_unary!(arcsin, TRANSCENDENTAL_ULPS);
to_float_unary!(arccos, TRANSCENDENTAL_ULPS);
to_float_unary!(arctan, TRANSCENDENTAL_ULPS);
to_float_unary!(sinh, TRANSCENDENTAL_ULPS);
to_float_unary!(cosh, TRANSCENDENTAL_ULPS);
to_float_unary!(tanh, TRANSCENDENTAL_ULPS);
to_float_unary!(arcsinh, TRANSCENDENTAL_ULPS);
to_float_unary!(arccosh, TRANSCENDENTAL_ULPS);
to_float_unary!(arctanh, TRANSCENDENTAL_ULPS);
to_float_unary!(deg2rad, 1);
to_float_unary!(rad2deg, 1);
to_float_unary!(rint, 0);

/// A float function of two operands, for every input dtype.
macro_rules! to_float_binary {
    ($name:ident, $ulps:expr) => {
        #[test]
        fn $name() {
            fn run<I: Fx + ToFloat>(dev: &Device)
            where
                I::Float: Fx,
            {
                let tol = ulps::<I::Float>($ulps);
                let tol = if $ulps == 0 { tol.signed_zero() } else { tol };
                binary::<I, I::Float>(stringify!($name), dev, tol, |x, y| math::$name(x, y));
            }
            for dev in devices() {
                run::<f16>(&dev);
                run::<bf16>(&dev);
                run::<f32>(&dev);
                run::<f64>(&dev);
                run::<i8>(&dev);
                run::<u8>(&dev);
                run::<i16>(&dev);
                run::<u16>(&dev);
                run::<i32>(&dev);
                run::<u32>(&dev);
                run::<i64>(&dev);
                run::<u64>(&dev);
                run::<bool>(&dev);
            }
        }
    };
}

to_float_binary!(arctan2, TRANSCENDENTAL_ULPS);
to_float_binary!(hypot, 1);
to_float_binary!(logaddexp, TRANSCENDENTAL_ULPS);
to_float_binary!(logaddexp2, TRANSCENDENTAL_ULPS);
to_float_binary!(copysign, 0);
to_float_binary!(heaviside, 0);

/// Calls `$run::<T>(&dev)` for every integer and float dtype.
macro_rules! every_number {
    ($run:ident) => {
        for dev in devices() {
            $run::<f16>(&dev);
            $run::<bf16>(&dev);
            $run::<f32>(&dev);
            $run::<f64>(&dev);
            $run::<i8>(&dev);
            $run::<u8>(&dev);
            $run::<i16>(&dev);
            $run::<u16>(&dev);
            $run::<i32>(&dev);
            $run::<u32>(&dev);
            $run::<i64>(&dev);
            $run::<u64>(&dev);
        }
    };
}

/// Calls `$run::<T>(&dev)` for every float dtype.
macro_rules! every_float {
    ($run:ident) => {
        for dev in devices() {
            $run::<f16>(&dev);
            $run::<bf16>(&dev);
            $run::<f32>(&dev);
            $run::<f64>(&dev);
        }
    };
}

/// A ufunc of one operand whose result has the input's dtype, exact.
macro_rules! same_dtype_unary {
    ($name:ident, $bound:path, $every:ident) => {
        #[test]
        fn $name() {
            fn run<T: Fx + $bound>(dev: &Device) {
                unary::<T, T>(stringify!($name), dev, exact(), |x| math::$name(x));
            }
            $every!(run);
        }
    };
}

same_dtype_unary!(floor, math::MathNum, every_number);
same_dtype_unary!(ceil, math::MathNum, every_number);
same_dtype_unary!(trunc, math::MathNum, every_number);
same_dtype_unary!(negative, array_runtime::ops::Numeric, every_number);
same_dtype_unary!(absolute, math::Absolute<Real = T>, every_number);
same_dtype_unary!(sign, math::SignSquare, every_number);
same_dtype_unary!(square, math::SignSquare, every_number);
same_dtype_unary!(reciprocal, math::Reciprocal, every_float);

/// A ufunc of two operands whose result has the inputs' dtype, exact.
macro_rules! same_dtype_binary {
    ($name:ident, $bound:path, $every:ident) => {
        #[test]
        fn $name() {
            fn run<T: Fx + $bound>(dev: &Device) {
                binary::<T, T>(stringify!($name), dev, exact(), |x, y| math::$name(x, y));
            }
            $every!(run);
        }
    };
}

same_dtype_binary!(add, array_runtime::ops::Numeric, every_number);
same_dtype_binary!(subtract, array_runtime::ops::Numeric, every_number);
same_dtype_binary!(multiply, array_runtime::ops::Numeric, every_number);
same_dtype_binary!(fmod, Num, every_number);
same_dtype_binary!(floor_divide, array_runtime::ops::Arithmetic, every_number);
same_dtype_binary!(remainder, array_runtime::ops::Arithmetic, every_number);
/// Like `same_dtype_binary`, except that `0.0` and `-0.0` compare equal: NumPy's choice
/// between them in the extrema varies between dtypes and loops (its `f16` loop returns the
/// first operand, its `f32`/`f64` SIMD loops the second), so it is not part of the contract.
macro_rules! extremum {
    ($name:ident, $every:ident) => {
        #[test]
        fn $name() {
            fn run<T: Fx + Num + math::Extremum>(dev: &Device) {
                let tol = Tol::exact();
                binary::<T, T>(stringify!($name), dev, tol, |x, y| math::$name(x, y));
            }
            $every!(run);
        }
    };
}

extremum!(maximum, every_number);
extremum!(minimum, every_number);
extremum!(fmax, every_number);
extremum!(fmin, every_number);

#[test]
fn divmod() {
    fn run<T: Fx + math::MathNum>(dev: &Device) {
        let z = ufunc("divmod", dev);
        let (x, y) = (entry::<T, T>(&z, "x"), entry::<T, T>(&z, "y"));
        let (wq, wr) = (entry::<T, T>(&z, "q"), entry::<T, T>(&z, "r"));
        for k in 0..3 {
            let (q, r) = math::divmod(view(k, &x), view(k, &y)).unwrap();
            let what = format!("divmod of {} (view {k}) on {dev}", T::ID);
            assert_close(&q, &view(k, &wq), exact(), &format!("{what}: quotient"));
            assert_close(&r, &view(k, &wr), exact(), &format!("{what}: remainder"));
        }
    }
    every_number!(run);
}

#[test]
fn true_divide() {
    fn run<T: Fx + array_runtime::ops::Numeric>(dev: &Device)
    where
        T::Quotient: Fx,
    {
        binary::<T, T::Quotient>("true_divide", dev, exact(), |x, y| math::divide(x, y));
        binary::<T, T::Quotient>("true_divide", dev, exact(), |x, y| math::true_divide(x, y));
    }
    every_number!(run);
}

/// Complex numbers: arithmetic (NumPy's formulas: `(ac - bd) + (ad + bc)i`, Smith's
/// division) and `negative` exact, `absolute` (a real result) within 1 ULP; `sqrt`, `exp`, `log` within
/// [`TRANSCENDENTAL_ULPS`] of each part (our formulas, `math/kernels/complex_formulas/`,
/// against C99's `csqrt`, `cexp`, `clog`; `tests/complex_math.rs` tests the other complex ufuncs).
#[test]
fn complex() {
    fn run<
        T: Fx
            + array_runtime::ops::Equality
            + array_runtime::ops::Numeric<Quotient = T>
            + math::Absolute
            + math::Elementary<Out = T>,
    >(
        dev: &Device,
    ) where
        T::Real: Fx,
    {
        binary::<T, T>("add", dev, exact(), |x, y| math::add(x, y));
        binary::<T, T>("subtract", dev, exact(), |x, y| math::subtract(x, y));
        binary::<T, T>("multiply", dev, exact(), |x, y| math::multiply(x, y));
        binary::<T, T>("true_divide", dev, exact(), |x, y| math::divide(x, y));
        unary::<T, T>("negative", dev, exact(), |x| math::negative(x));
        // `hypot`: the host's `hypotf` against NumPy's loop, one ULP apart at most.
        unary::<T, T::Real>("absolute", dev, Tol::ulps(1), |x| math::absolute(x));
        let tol = Tol::ulps(TRANSCENDENTAL_ULPS);
        unary::<T, T>("sqrt", dev, tol, |x| math::sqrt(x));
        unary::<T, T>("exp", dev, tol, |x| math::exp(x));
        unary::<T, T>("log", dev, tol, |x| math::log(x));
    }
    for dev in devices() {
        run::<c64>(&dev);
        run::<c128>(&dev);
    }
}

/// The parts of complex numbers, and of real ones as NumPy gives them: `real`, `imag`,
/// `conjugate` exact (signed zeros and NaN included), `angle` within
/// [`TRANSCENDENTAL_ULPS`] (the host's `atan2` against NumPy's).
#[test]
fn complex_parts() {
    fn parts<T: Fx + math::Parts>(dev: &Device)
    where
        T::Real: Fx,
    {
        let tol = exact().signed_zero();
        unary::<T, T::Real>("real", dev, tol, |x| math::real(x));
        unary::<T, T::Real>("imag", dev, tol, |x| math::imag(x));
    }
    fn conjugate<T: Fx + math::Conjugate>(dev: &Device) {
        unary::<T, T>("conjugate", dev, exact().signed_zero(), |x| math::conj(x));
    }
    fn angle<T: Fx + math::Angle>(dev: &Device)
    where
        T::Out: Fx,
    {
        let tol = ulps::<T::Out>(TRANSCENDENTAL_ULPS).signed_zero();
        unary::<T, T::Out>("angle", dev, tol, |x| math::angle(x, false));
    }
    every_number!(parts);
    every_number!(conjugate);
    every_number!(angle);
    for dev in devices() {
        parts::<bool>(&dev);
        parts::<c64>(&dev);
        parts::<c128>(&dev);
        conjugate::<c64>(&dev);
        conjugate::<c128>(&dev);
        angle::<c64>(&dev);
        angle::<c128>(&dev);
        // degrees: rad2deg of the radians, as NumPy's `angle(z, deg=True)`
        let z = Array::from_vec(
            &dev,
            &[3],
            vec![
                c64::new(0.0, -2.0),
                c64::new(-1.0, -0.0),
                c64::new(1.0, 1.0),
            ],
        )
        .unwrap();
        let d = math::angle(&z, true).unwrap().to_vec().unwrap();
        assert_eq!(d, vec![-90.0, -180.0, 45.0]);
    }
}

#[test]
fn power() {
    fn run<T: Fx + math::Power<Out = T>>(dev: &Device) {
        let tol = ulps::<T>(TRANSCENDENTAL_ULPS);
        binary::<T, T>("power", dev, tol, |x, y| math::power(x, y));
    }
    every_number!(run);
    for dev in devices() {
        binary::<bool, i8>("power", &dev, exact(), |x, y| math::power(x, y));
    }
}

#[test]
fn power_of_integers_refuses_negative_exponents() {
    for dev in devices() {
        let x = Array::from_vec(&dev, &[3], vec![2i32, 3, 4]).unwrap();
        let y = Array::from_vec(&dev, &[3], vec![1i32, -1, 2]).unwrap();
        let e = math::power(&x, &y).unwrap_err();
        assert!(e.to_string().contains("negative"), "{e}");
        assert!(math::power(&x, -2i32).is_err());
        // Only the exponents that are used matter: the strided view skips the -1.
        let ok = math::power(x.slice(s![..;2]).unwrap(), y.slice(s![..;2]).unwrap()).unwrap();
        assert_eq!(ok.to_vec().unwrap(), vec![2, 16]);
        // Unsigned exponents are never negative; 0^0 == 1.
        let u = Array::from_vec(&dev, &[2], vec![0u64, 7]).unwrap();
        assert_eq!(math::power(&u, 0u64).unwrap().to_vec().unwrap(), vec![1, 1]);
    }
}

/// A predicate of floats and integers, exact.
macro_rules! predicate {
    ($name:ident, $bound:path) => {
        #[test]
        fn $name() {
            fn run<T: Fx + $bound>(dev: &Device) {
                unary::<T, bool>(stringify!($name), dev, exact(), |x| math::$name(x));
            }
            every_number!(run);
        }
    };
}

predicate!(isnan, math::Classify);
predicate!(isinf, math::Classify);
predicate!(isfinite, math::Classify);
predicate!(signbit, math::Signbit);

/// A comparison, for every number dtype and `bool`.
macro_rules! comparison {
    ($name:ident) => {
        #[test]
        fn $name() {
            fn run<T: Fx + array_runtime::ops::Compare>(dev: &Device) {
                binary::<T, bool>(stringify!($name), dev, exact(), |x, y| math::$name(x, y));
            }
            every_number!(run);
            for dev in devices() {
                run::<bool>(&dev);
                run::<c64>(&dev);
                run::<c128>(&dev);
            }
        }
    };
}

comparison!(equal);
comparison!(not_equal);
comparison!(less);
comparison!(less_equal);
comparison!(greater);
comparison!(greater_equal);

/// A logical function of `bool`, `f32` and `i32` operands.
macro_rules! logical {
    ($name:ident) => {
        #[test]
        fn $name() {
            fn run<T: Fx>(dev: &Device) {
                binary::<T, bool>(stringify!($name), dev, exact(), |x, y| math::$name(x, y));
            }
            for dev in devices() {
                run::<bool>(&dev);
                run::<f32>(&dev);
                run::<i32>(&dev);
            }
        }
    };
}

logical!(logical_and);
logical!(logical_or);
logical!(logical_xor);

#[test]
fn logical_not() {
    fn run<T: Fx>(dev: &Device) {
        unary::<T, bool>("logical_not", dev, exact(), |x| math::logical_not(x));
    }
    for dev in devices() {
        run::<bool>(&dev);
        run::<f32>(&dev);
        run::<i32>(&dev);
    }
}

/// Calls `$run::<T>(&dev)` for every integer dtype.
macro_rules! every_int {
    ($run:ident) => {
        for dev in devices() {
            $run::<i8>(&dev);
            $run::<u8>(&dev);
            $run::<i16>(&dev);
            $run::<u16>(&dev);
            $run::<i32>(&dev);
            $run::<u32>(&dev);
            $run::<i64>(&dev);
            $run::<u64>(&dev);
        }
    };
}

/// A bitwise function of integers and `bool`.
macro_rules! bitwise {
    ($name:ident) => {
        #[test]
        fn $name() {
            fn run<T: Fx + array_runtime::ops::Bitwise>(dev: &Device) {
                binary::<T, T>(stringify!($name), dev, exact(), |x, y| math::$name(x, y));
            }
            every_int!(run);
            for dev in devices() {
                run::<bool>(&dev);
            }
        }
    };
}

bitwise!(bitwise_and);
bitwise!(bitwise_or);
bitwise!(bitwise_xor);

#[test]
fn invert() {
    fn run<T: Fx + array_runtime::ops::Bitwise>(dev: &Device) {
        unary::<T, T>("invert", dev, exact(), |x| math::invert(x));
        unary::<T, T>("invert", dev, exact(), |x| math::bitwise_not(x));
    }
    every_int!(run);
    for dev in devices() {
        run::<bool>(&dev);
    }
}

#[test]
fn shifts() {
    fn run<T: Fx + Int>(dev: &Device) {
        binary::<T, T>("left_shift", dev, exact(), |x, n| math::left_shift(x, n));
        binary::<T, T>("right_shift", dev, exact(), |x, n| math::right_shift(x, n));
    }
    every_int!(run);
}

#[test]
fn around() {
    fn run<T: Fx + math::Around>(dev: &Device) {
        let z = ufunc("around", dev);
        let x = entry::<T, T>(&z, "x");
        for d in [0, 1, 2, -1, -2] {
            let key = format!("out_{d}").replace('-', "m");
            let want = entry::<T, T>(&z, &key);
            // f16 and bf16: NumPy rounds each step to the dtype, as we do; the bf16 reference
            // is NumPy's f32 computation rounded once, so it may differ by one ULP.
            let tol = if T::ID == DTypeId::BF16 {
                Tol::ulps(1)
            } else {
                exact()
            };
            for k in 0..3 {
                let got = math::around(view(k, &x), d).unwrap();
                let what = format!("around({d}) of {} (view {k}) on {dev}", T::ID);
                assert_close(&got, &view(k, &want), tol, &what);
            }
        }
    }
    every_number!(run);
}

#[test]
fn clip() {
    fn run<T: Fx + math::Clip>(dev: &Device) {
        let z = ufunc("clip", dev);
        let (x, lo, hi) = (
            entry::<T, T>(&z, "x"),
            entry::<T, T>(&z, "y"),
            entry::<T, T>(&z, "z"),
        );
        let want = entry::<T, T>(&z, "out");
        for k in 0..3 {
            let got = math::clip(view(k, &x), view(k, &lo), view(k, &hi)).unwrap();
            let what = format!("clip of {} (view {k}) on {dev}", T::ID);
            // The sign of a zero chosen between 0.0 and -0.0 is not specified (see `extremum`).
            assert_close(&got, &view(k, &want), Tol::exact(), &what);
        }
    }
    every_number!(run);
}

#[test]
fn where_() {
    fn run<T: Fx>(dev: &Device) {
        let z = ufunc("where", dev);
        let c = entry::<T, bool>(&z, "c");
        let (x, y) = (entry::<T, T>(&z, "x"), entry::<T, T>(&z, "y"));
        let want = entry::<T, T>(&z, "out");
        for k in 0..3 {
            let got = math::where_(view(k, &c), view(k, &x), view(k, &y)).unwrap();
            let what = format!("where of {} (view {k}) on {dev}", T::ID);
            assert_close(&got, &view(k, &want), exact(), &what);
        }
    }
    for dev in devices() {
        run::<f32>(&dev);
        run::<i64>(&dev);
        run::<bool>(&dev);
        run::<u8>(&dev);
        run::<f16>(&dev);
    }
}

#[test]
fn broadcasting_zero_d_and_empty() {
    for dev in devices() {
        let z = ufunc("broadcast", &dev);
        let get = |n: &str| z.array::<f32>(n).unwrap();
        let tol = Tol::ulps(TRANSCENDENTAL_ULPS);
        let (a, b, c, d) = (get("a"), get("b"), get("c"), get("d"));
        assert_close(
            &math::add(&a, &b).unwrap(),
            &get("a_b_add"),
            exact(),
            "add (3,1)+(4,)",
        );
        let at = math::arctan2(&a, &b).unwrap();
        assert_close(&at, &get("a_b_arctan2"), tol, "arctan2 (3,1),(4,)");
        let cd = math::multiply(&c, &d).unwrap();
        assert_close(&cd, &get("c_d_mul"), exact(), "multiply (2,1,3)*(4,1)");
        assert_close(
            &math::hypot(&c, &d).unwrap(),
            &get("c_d_hypot"),
            tol,
            "hypot",
        );
        // A 0-d operand broadcasts like a scalar; a 0-d input gives a 0-d result.
        let zd = get("z");
        assert_eq!(zd.ndim(), 0);
        assert_close(
            &math::subtract(&zd, &b).unwrap(),
            &get("z_b_sub"),
            exact(),
            "0-d - b",
        );
        let s = math::sqrt(&zd).unwrap();
        assert_eq!(s.ndim(), 0);
        assert_close(&s, &get("z_sqrt"), exact(), "sqrt of 0-d");
        // Empty operands give empty results of the broadcast shape.
        let e = get("e");
        let b3 = b.slice(s![..3]).unwrap();
        let sum = math::add(&e, &b3).unwrap();
        assert_eq!(sum.shape(), &[0, 3]);
        assert_close(&sum, &get("e_b3_add"), exact(), "empty + b[:3]");
        assert_eq!(math::sin(&e).unwrap().shape(), &[0, 3]);
        // A transposed (non-contiguous, 2-d) operand.
        let m = Array::from_vec(&dev, &[2, 3], vec![1.0f64, 4.0, 9.0, 16.0, 25.0, 36.0]).unwrap();
        let r = math::sqrt(m.t()).unwrap();
        assert_eq!(r.shape(), &[3, 2]);
        assert_eq!(r.to_vec().unwrap(), vec![1.0, 4.0, 2.0, 5.0, 3.0, 6.0]);
    }
}

#[test]
fn shapes_that_do_not_broadcast_are_errors() {
    for dev in devices() {
        let a = Array::<f32>::zeros(&dev, &[3, 2]).unwrap();
        let b = Array::<f32>::zeros(&dev, &[3]).unwrap();
        let e = math::add(&a, &b).unwrap_err();
        assert!(matches!(e, Error::Broadcast { .. }), "{e}");
        assert!(e.to_string().contains("[3, 2]"), "{e}");
        assert!(matches!(
            math::arctan2(&a, &b),
            Err(Error::Broadcast { .. })
        ));
        let c = Array::<bool>::zeros(&dev, &[4]).unwrap();
        assert!(matches!(
            math::where_(&c, &a, &b),
            Err(Error::Broadcast { .. })
        ));
        assert!(matches!(
            math::clip(&a, &b, 1.0f32),
            Err(Error::Broadcast { .. })
        ));
    }
}

#[test]
fn numpy_float_division_edge_cases() {
    for dev in devices() {
        let x = Array::from_vec(&dev, &[5], vec![1.0f64, -1.0, -1.0, 0.0, -0.0]).unwrap();
        let y = Array::from_vec(
            &dev,
            &[5],
            vec![0.1f64, f64::INFINITY, f64::INFINITY, -3.0, 3.0],
        )
        .unwrap();
        let q = math::floor_divide(&x, &y).unwrap().to_vec().unwrap();
        let r = math::remainder(&x, &y).unwrap().to_vec().unwrap();
        assert_eq!(q[..3], [9.0, -1.0, -1.0]);
        assert_eq!(r[1..3], [f64::INFINITY, f64::INFINITY]);
        // Zero remainders take the divisor's sign; zero quotients the sign of x / y.
        assert!(r[3] == 0.0 && r[3].is_sign_negative());
        assert!(r[4] == 0.0 && r[4].is_sign_positive());
        assert!(q[3] == 0.0 && q[3].is_sign_negative());
        // hypot(inf, nan) == inf, power(1, nan) == 1, sign(-0.0) == +0.0.
        let inf = Array::from_vec(&dev, &[1], vec![f32::INFINITY]).unwrap();
        assert_eq!(
            math::hypot(&inf, f32::NAN).unwrap().to_vec().unwrap(),
            vec![f32::INFINITY]
        );
        let one = Array::from_vec(&dev, &[1], vec![1.0f32]).unwrap();
        assert_eq!(
            math::power(&one, f32::NAN).unwrap().to_vec().unwrap(),
            vec![1.0]
        );
        let nz = Array::from_vec(&dev, &[1], vec![-0.0f32]).unwrap();
        assert!(math::sign(&nz).unwrap().item().unwrap().is_sign_positive());
    }
}

/// The kernels of `math` and of the operators (`array_runtime::ops`) compiled by NVRTC, every
/// dtype instantiation the functions use with all operands arrays: through the assembler (a
/// CUBIN for sm_90, with the runtime's options) with one entry point (`verify::assembled`: the
/// assembler compiles the device code again for each entry point), and whole (every entry
/// point) to PTX, a dozen modules to an NVRTC program. For one instantiation of each kernel,
/// every variant a call can produce (each operand a scalar in turn, as PTX) through
/// `cuda::verify`. Skipped without NVRTC (set `KERNELS_CUDA_WHEELS`), failing under `CI`.
#[test]
fn every_kernel_compiles_with_nvrtc() {
    use array_runtime::cuda::{codegen, verify};
    use kernels_std::math::kernels as k;
    use rayon::prelude::*;

    if !verify::nvrtc_or_skip("math kernels").unwrap() {
        return;
    }
    let instances = nvrtc_instances();
    let failures: Vec<String> = instances
        .par_iter()
        .filter_map(|i| {
            let inst = i.instance();
            verify::assembled(&inst)
                .err()
                .map(|e| format!("{}: {e}", inst.name()))
        })
        .collect();
    assert!(
        failures.is_empty(),
        "{} failed:\n{}",
        failures.len(),
        failures.join("\n")
    );
    let compiled: usize = instances
        .par_chunks(12)
        .map(|chunk| {
            let half = chunk
                .iter()
                .any(|i| codegen::needs_half_headers(&i.instance()));
            let whole: Vec<String> = chunk.iter().map(|i| i.instance().cuda_source()).collect();
            verify::modules(&whole, "math", half).unwrap_or_else(|e| panic!("{e}"))
        })
        .sum();
    assert_eq!(compiled, instances.len());
    // Every variant of one instantiation per kernel.
    let mut seen = std::collections::HashSet::new();
    let firsts: Vec<_> = instances
        .iter()
        .filter(|i| seen.insert(i.def.name))
        .collect();
    let variants: usize = firsts
        .par_iter()
        .map(|i| verify::elementwise(&i.instance()).unwrap_or_else(|e| panic!("{e}")))
        .sum();
    let reductions = verify::reduction(&k::any_true::instance(), true).unwrap();
    eprintln!(
        "{} instantiations, {variants} variants of {} kernels, {reductions} reduction modules",
        instances.len(),
        firsts.len()
    );
}

/// One instantiation of a kernel, owning its dtype lists.
struct Inst {
    def: &'static array_runtime::kernel::elementwise::ElementwiseDef,
    types: Vec<DTypeId>,
    params: Vec<DTypeId>,
    results: Vec<DTypeId>,
}

impl Inst {
    fn instance(&self) -> array_runtime::kernel::elementwise::Instance<'_> {
        array_runtime::kernel::elementwise::Instance {
            def: self.def,
            type_args: &self.types,
            params: &self.params,
            results: &self.results,
        }
    }
}

/// Every instantiation the functions of `math` and the operators make.
fn nvrtc_instances() -> Vec<Inst> {
    use array_runtime::ops::kernels as ops;
    use kernels_std::math::kernels as k;
    use DTypeId::*;
    type Def = &'static array_runtime::kernel::elementwise::ElementwiseDef;

    const INTS: [DTypeId; 8] = [I8, I16, I32, I64, U8, U16, U32, U64];
    const FLOATS: [DTypeId; 4] = [F16, BF16, F32, F64];
    // (input, result, computed in): `ToFloat`.
    const TO_FLOAT: [(DTypeId, DTypeId, DTypeId); 13] = [
        (Bool, F16, F32),
        (I8, F16, F32),
        (U8, F16, F32),
        (I16, F32, F32),
        (U16, F32, F32),
        (I32, F64, F64),
        (U32, F64, F64),
        (I64, F64, F64),
        (U64, F64, F64),
        (F16, F16, F32),
        (BF16, BF16, F32),
        (F32, F32, F32),
        (F64, F64, F64),
    ];
    let compute = |t: DTypeId| if t == F64 { F64 } else { F32 };
    let numbers: Vec<DTypeId> = INTS.iter().chain(&FLOATS).copied().collect();
    let mut out = Vec::new();
    let mut push = |def: Def, types: &[DTypeId], params: &[DTypeId], results: &[DTypeId]| {
        out.push(Inst {
            def,
            types: types.to_vec(),
            params: params.to_vec(),
            results: results.to_vec(),
        })
    };

    let float_unary: [Def; 24] = [
        &k::sqrt::DEF,
        &k::cbrt::DEF,
        &k::exp::DEF,
        &k::exp2::DEF,
        &k::expm1::DEF,
        &k::log::DEF,
        &k::log2::DEF,
        &k::log10::DEF,
        &k::log1p::DEF,
        &k::sin::DEF,
        &k::cos::DEF,
        &k::tan::DEF,
        &k::arcsin::DEF,
        &k::arccos::DEF,
        &k::arctan::DEF,
        &k::sinh::DEF,
        &k::cosh::DEF,
        &k::tanh::DEF,
        &k::arcsinh::DEF,
        &k::arccosh::DEF,
        &k::arctanh::DEF,
        &k::deg2rad::DEF,
        &k::rad2deg::DEF,
        &k::rint::DEF,
    ];
    for def in float_unary.into_iter().chain([&k::angle_real::DEF as Def]) {
        for (i, f, c) in TO_FLOAT {
            push(def, &[i, f, c], &[i], &[f]);
        }
    }
    let float_binary: [Def; 6] = [
        &k::arctan2::DEF,
        &k::hypot::DEF,
        &k::copysign::DEF,
        &k::logaddexp::DEF,
        &k::logaddexp2::DEF,
        &k::heaviside::DEF,
    ];
    for def in float_binary {
        for (i, f, c) in TO_FLOAT {
            push(def, &[i, f, c], &[i, i], &[f]);
        }
    }
    for t in FLOATS {
        let c = compute(t);
        push(&k::power_float::DEF, &[t, t, c], &[t, t], &[t]);
        push(&ops::floor_divide_float::DEF, &[t, c], &[t, t], &[t]);
        push(&ops::remainder_float::DEF, &[t, c], &[t, t], &[t]);
        push(&k::divmod_float::DEF, &[t, c], &[t, t], &[t, t]);
        for def in [&ops::divide_float::DEF, &k::around::DEF] {
            let params: &[DTypeId] = if def.name == "around" {
                &[t, t, Bool]
            } else {
                &[t, t]
            };
            push(def, &[t], params, &[t]);
        }
        for def in [
            &ops::negative_float::DEF,
            &k::reciprocal::DEF,
            &k::absolute_float::DEF,
            &k::floor::DEF,
            &k::ceil::DEF,
            &k::trunc::DEF,
        ] {
            push(def, &[t], &[t], &[t]);
        }
        for def in [
            &k::isnan::DEF,
            &k::isinf::DEF,
            &k::isfinite::DEF,
            &k::signbit::DEF,
        ] {
            push(def, &[t], &[t], &[Bool]);
        }
    }
    for &t in &INTS {
        for def in [
            &k::isnan_int::DEF,
            &k::isinf_int::DEF,
            &k::isfinite_int::DEF,
            &k::signbit_int::DEF,
        ] {
            push(def, &[t], &[t], &[Bool]);
        }
        push(&ops::true_divide_int::DEF, &[t, F64], &[t, t], &[F64]);
        push(&k::around_int::DEF, &[t], &[t, F64], &[t]);
        push(&k::divmod_int::DEF, &[t], &[t, t], &[t, t]);
        for def in [
            &ops::remainder_int::DEF,
            &ops::floor_divide_int::DEF,
            &ops::bitwise_and::DEF,
            &ops::bitwise_or::DEF,
            &ops::bitwise_xor::DEF,
            &ops::left_shift::DEF,
            &ops::right_shift::DEF,
            &k::power_int::DEF,
        ] {
            push(def, &[t], &[t, t], &[t]);
        }
        for def in [
            &ops::negative_int::DEF,
            &ops::invert::DEF,
            &k::absolute_int::DEF,
            &k::identity::DEF,
        ] {
            push(def, &[t], &[t], &[t]);
        }
    }
    for &t in &numbers {
        for def in [
            &ops::add::DEF,
            &ops::subtract::DEF,
            &ops::multiply::DEF,
            &k::fmod::DEF,
            &k::maximum::DEF,
            &k::minimum::DEF,
            &k::fmax::DEF,
            &k::fmin::DEF,
        ] {
            push(def, &[t], &[t, t], &[t]);
        }
        for def in [&k::square::DEF, &k::sign::DEF] {
            push(def, &[t], &[t], &[t]);
        }
        push(&k::clip::DEF, &[t], &[t, t, t], &[t]);
        for def in [
            &ops::equal::DEF,
            &ops::not_equal::DEF,
            &ops::less::DEF,
            &ops::less_equal::DEF,
            &ops::greater::DEF,
            &ops::greater_equal::DEF,
        ] {
            push(def, &[t], &[t, t], &[Bool]);
        }
    }
    for def in [
        &ops::logical_and::DEF,
        &ops::logical_or::DEF,
        &ops::logical_xor::DEF,
        &ops::equal_bool::DEF,
        &ops::less_bool::DEF,
        &ops::less_equal_bool::DEF,
    ] {
        push(def, &[], &[Bool, Bool], &[Bool]);
    }
    push(&ops::logical_not::DEF, &[], &[Bool], &[Bool]);
    push(&k::power_bool::DEF, &[], &[Bool, Bool], &[I8]);
    // Complex kernels, concrete.
    for (t, part, defs) in [
        (
            C64,
            F32,
            [
                &ops::add_c64::DEF,
                &ops::subtract_c64::DEF,
                &ops::multiply_c64::DEF,
                &ops::divide_c64::DEF,
                &ops::negative_c64::DEF,
                &ops::equal_c64::DEF,
                &ops::not_equal_c64::DEF,
                &ops::less_c64::DEF,
                &ops::less_equal_c64::DEF,
                &k::absolute_c64::DEF,
                &k::sqrt_c64::DEF,
                &k::exp_c64::DEF,
                &k::log_c64::DEF,
                &k::real_c64::DEF,
                &k::imag_c64::DEF,
                &k::conj_c64::DEF,
                &k::angle_c64::DEF,
            ],
        ),
        (
            C128,
            F64,
            [
                &ops::add_c128::DEF,
                &ops::subtract_c128::DEF,
                &ops::multiply_c128::DEF,
                &ops::divide_c128::DEF,
                &ops::negative_c128::DEF,
                &ops::equal_c128::DEF,
                &ops::not_equal_c128::DEF,
                &ops::less_c128::DEF,
                &ops::less_equal_c128::DEF,
                &k::absolute_c128::DEF,
                &k::sqrt_c128::DEF,
                &k::exp_c128::DEF,
                &k::log_c128::DEF,
                &k::real_c128::DEF,
                &k::imag_c128::DEF,
                &k::conj_c128::DEF,
                &k::angle_c128::DEF,
            ],
        ),
    ] {
        for def in defs {
            let unary = [
                "negative", "absolute", "sqrt", "exp", "log", "real", "imag", "conj", "angle",
            ]
            .iter()
            .any(|n| def.name.starts_with(n));
            let params: &[DTypeId] = if unary { &[t] } else { &[t, t] };
            let to_part = ["absolute", "real", "imag", "angle"];
            let result = if to_part.iter().any(|n| def.name.starts_with(n)) {
                part
            } else if def.name.contains("equal") || def.name.starts_with("less") {
                Bool
            } else {
                t
            };
            push(def, &[], params, &[result]);
        }
    }
    // Generic over every dtype.
    for &t in DTypeId::ALL.iter() {
        for def in [
            &k::logical_and::DEF,
            &k::logical_or::DEF,
            &k::logical_xor::DEF,
        ] {
            push(def, &[t], &[t, t], &[Bool]);
        }
        push(&k::logical_not::DEF, &[t], &[t], &[Bool]);
        push(&k::where_::DEF, &[t], &[Bool, t, t], &[t]);
    }
    out
}

#[test]
fn numpy_other_names_are_the_same_functions() {
    let dev = Device::cpu();
    let x = Array::from_vec(&dev, &[3], vec![0.5f64, -0.25, 1.0]).unwrap();
    let same = |a: Array<f64>, b: Array<f64>| assert_eq!(a.to_vec().unwrap(), b.to_vec().unwrap());
    same(math::acos(&x).unwrap(), math::arccos(&x).unwrap());
    same(
        math::atan2(&x, 2.0).unwrap(),
        math::arctan2(&x, 2.0).unwrap(),
    );
    same(math::radians(&x).unwrap(), math::deg2rad(&x).unwrap());
    same(math::pow(&x, 3.0).unwrap(), math::power(&x, 3.0).unwrap());
    same(
        math::mod_(&x, 0.3).unwrap(),
        math::remainder(&x, 0.3).unwrap(),
    );
    same(math::round(&x, 1).unwrap(), math::around(&x, 1).unwrap());
    let i = Array::from_vec(&dev, &[2], vec![-8i16, 3]).unwrap();
    let r = math::bitwise_right_shift(&i, 1i16)
        .unwrap()
        .to_vec()
        .unwrap();
    assert_eq!(r, vec![-4, 1]);
}
