//! The operators on arrays (`array_runtime::ops`: `&a + &b`, `&a * 2.0`, `2.0 * &a`, `-&a`,
//! `!&a`, `&a << &n`, ...) against NumPy: the same fixtures as `tests/math.rs` (every pair of
//! edge values, every dtype), exact (signed zeros distinguished), on whole arrays, reversed and
//! strided views, with a scalar on either side; broadcasting and its errors.

mod common;
mod ufunc_fixtures;

use common::{assert_close, devices, Tol};
use kernels_std::io::Npz;
use kernels_std::ops::{Bitwise, Numeric};
use kernels_std::prelude::*;
use ufunc_fixtures::{binary, entry, ufunc, unary, Fx};

fn exact() -> Tol {
    Tol::exact().signed_zero()
}

/// The fixture's `x`, `y` and `out` of dtype `T` as `(rows, cols)` grids: `x[i, j]` is the
/// `i`-th value for every `j`, `y[i, j]` the `j`-th for every `i`.
fn grid<T: Fx, O: Fx>(z: &Npz, rows: usize) -> (Array<T>, Array<T>, Array<O>) {
    let x = entry::<T, T>(z, "x");
    let cols = x.len() / rows;
    (
        x.reshape(&[rows, cols]).unwrap(),
        entry::<T, T>(z, "y").reshape(&[rows, cols]).unwrap(),
        entry::<T, O>(z, "out").reshape(&[rows, cols]).unwrap(),
    )
}

/// Side length of the square grid of pairs of a binary fixture.
fn square_side<T: Fx>(z: &Npz) -> usize {
    let n = entry::<T, T>(z, "x").len();
    let side = (n as f64).sqrt().round() as usize;
    assert_eq!(side * side, n, "not a square grid");
    side
}

/// `array op scalar` and `scalar op array` against the fixture's grid: column `j` of the
/// result is `x[:, j] op y[0, j]`, row `i` is `x[i, 0] op y[i, :]`.
fn with_scalars<T: Fx, O: Fx>(
    name: &str,
    dev: &Device,
    rows: Option<usize>,
    rhs: impl Fn(&Array<T>, T) -> Result<Array<O>>,
    lhs: impl Fn(T, &Array<T>) -> Result<Array<O>>,
) {
    let z = ufunc(name, dev);
    let rows = rows.unwrap_or_else(|| square_side::<T>(&z));
    let (x, y, out) = grid::<T, O>(&z, rows);
    let ys = y.index_axis(0, 0).unwrap();
    let xs = x.index_axis(1, 0).unwrap().to_vec().unwrap();
    for (j, s) in ys.to_vec().unwrap().into_iter().enumerate() {
        let col = x.index_axis(1, j as isize).unwrap();
        let got = rhs(&col, s).unwrap();
        let want = out.index_axis(1, j as isize).unwrap();
        assert_close(
            &got,
            &want,
            exact(),
            &format!("{name} {} array op {s:?}", T::ID),
        );
    }
    for (i, s) in xs.into_iter().enumerate() {
        let got = lhs(s, &ys).unwrap();
        let want = out.index_axis(0, i as isize).unwrap();
        assert_close(
            &got,
            &want,
            exact(),
            &format!("{name} {} {s:?} op array", T::ID),
        );
    }
}

/// An operator between arrays and with a scalar on either side, for each listed dtype.
macro_rules! operator {
    ($test:ident, $fixture:literal, $op:tt, $out:ident, [$($t:ty),*]) => {
        #[test]
        fn $test() {
            for dev in devices() {
                $(
                    binary::<$t, operator!(@out $out $t)>($fixture, &dev, exact(), |x, y| (x $op y).eval());
                    with_scalars::<$t, operator!(@out $out $t)>(
                        $fixture, &dev, None, |x, s| (x $op s).eval(), |s, x| (s $op x).eval(),
                    );
                )*
            }
        }
    };
    (@out same $t:ty) => { $t };
    (@out quotient $t:ty) => { <$t as Numeric>::Quotient };
}

operator!(add, "add", +, same, [i8, i16, i32, i64, u8, u16, u32, u64, f16, bf16, f32, f64, c64, c128]);
operator!(sub, "subtract", -, same, [i8, i16, i32, i64, u8, u16, u32, u64, f16, bf16, f32, f64, c64, c128]);
operator!(mul, "multiply", *, same, [i8, i16, i32, i64, u8, u16, u32, u64, f16, bf16, f32, f64, c64, c128]);
operator!(div, "true_divide", /, quotient, [i8, i16, i32, i64, u8, u16, u32, u64, f16, bf16, f32, f64, c64, c128]);
operator!(rem, "remainder", %, same, [i8, i16, i32, i64, u8, u16, u32, u64, f16, bf16, f32, f64]);
operator!(bitand, "bitwise_and", &, same, [bool, i8, i16, i32, i64, u8, u16, u32, u64]);
operator!(bitor, "bitwise_or", |, same, [bool, i8, i16, i32, i64, u8, u16, u32, u64]);
operator!(bitxor, "bitwise_xor", ^, same, [bool, i8, i16, i32, i64, u8, u16, u32, u64]);

/// Shifts: the fixture is a grid of 12 values by 9 counts (counts at and beyond the width,
/// negative ones).
macro_rules! shift {
    ($test:ident, $fixture:literal, $op:tt, [$($t:ty),*]) => {
        #[test]
        fn $test() {
            for dev in devices() {
                $(
                    binary::<$t, $t>($fixture, &dev, exact(), |x, n| (x $op n).eval());
                    with_scalars::<$t, $t>(
                        $fixture, &dev, Some(12), |x, n| (x $op n).eval(), |s, n| (s $op n).eval(),
                    );
                )*
            }
        }
    };
}

shift!(shl, "left_shift", <<, [i8, i16, i32, i64, u8, u16, u32, u64]);
shift!(shr, "right_shift", >>, [i8, i16, i32, i64, u8, u16, u32, u64]);

#[test]
fn neg() {
    fn run<T: Fx + Numeric>(dev: &Device) {
        unary::<T, T>("negative", dev, exact(), |x| (-x).eval());
    }
    for dev in devices() {
        run::<i8>(&dev);
        run::<i16>(&dev);
        run::<i32>(&dev);
        run::<i64>(&dev);
        run::<u8>(&dev);
        run::<u16>(&dev);
        run::<u32>(&dev);
        run::<u64>(&dev);
        run::<f16>(&dev);
        run::<bf16>(&dev);
        run::<f32>(&dev);
        run::<f64>(&dev);
        run::<c64>(&dev);
        run::<c128>(&dev);
    }
}

#[test]
fn not() {
    fn run<T: Fx + Bitwise>(dev: &Device) {
        unary::<T, T>("invert", dev, exact(), |x| (!x).eval());
    }
    for dev in devices() {
        run::<bool>(&dev);
        run::<i8>(&dev);
        run::<i16>(&dev);
        run::<i32>(&dev);
        run::<i64>(&dev);
        run::<u8>(&dev);
        run::<u16>(&dev);
        run::<u32>(&dev);
        run::<u64>(&dev);
    }
}

#[test]
fn comparisons_as_functions() {
    use kernels_std::ops::{Compare, Equality};
    for dev in devices() {
        let a = Array::from_vec(&dev, &[4], vec![1.0f32, f32::NAN, 3.0, -0.0]).unwrap();
        let b = Array::from_vec(&dev, &[4], vec![2.0f32, f32::NAN, 3.0, 0.0]).unwrap();
        let got = |r: Result<Array<bool>>| r.unwrap().to_vec().unwrap();
        assert_eq!(got(f32::less(&a, &b)), [true, false, false, false]);
        assert_eq!(got(f32::equal(&a, &b)), [false, false, true, true]);
        assert_eq!(got(f32::not_equal(&a, &b)), [true, true, false, false]);
        assert_eq!(
            got(f32::greater_equal(&a, 3.0)),
            [false, false, true, false]
        );
        let t = Array::from_vec(&dev, &[2], vec![false, true]).unwrap();
        assert_eq!(got(bool::less(&t, true)), [true, false]);
        assert_eq!(got(bool::greater(&t, false)), [false, true]);
    }
}

#[test]
fn chains_broadcast_and_keep_the_device() {
    for dev in devices() {
        let a = Array::from_vec(&dev, &[2, 3], vec![1i32, 2, 3, 4, 5, 6]).unwrap();
        let b = Array::from_vec(&dev, &[3], vec![10i32, 20, 30]).unwrap();
        let c = ((&a + &b) * 2).eval().unwrap();
        assert!(c.device().same(&dev));
        assert_eq!(c.shape(), &[2, 3]);
        assert_eq!(c.to_vec().unwrap(), vec![22, 44, 66, 28, 50, 72]);
        // A column against a row: (2, 1) with (3,).
        let col = a.slice(kernels_std::s![.., 0..1]).unwrap();
        let d = (&col - &b).eval().unwrap();
        assert_eq!(d.to_vec().unwrap(), vec![-9, -19, -29, -6, -16, -26]);
        // A transposed operand.
        let e = (&a.t() * &a.t()).eval().unwrap();
        assert_eq!(e.to_vec().unwrap(), vec![1, 16, 4, 25, 9, 36]);
        // Owned operands, on either side and both.
        let owned = ((&a + &b) * 2 - a.clone()).eval().unwrap();
        assert_eq!(owned.to_vec().unwrap(), vec![21, 42, 63, 24, 45, 66]);
        let both = (a.clone() * b.clone()).eval().unwrap();
        assert_eq!(both.to_vec().unwrap(), vec![10, 40, 90, 40, 100, 180]);
        let left = (1 - &a * &a).eval().unwrap();
        assert_eq!(left.to_vec().unwrap(), vec![0, -3, -8, -15, -24, -35]);
        assert_eq!((-(&a % 4)).to_vec().unwrap(), vec![-1, -2, -3, 0, -1, -2]);
        let m = Array::from_vec(&dev, &[2], vec![0b1010u8, 0b0110]).unwrap();
        assert_eq!(
            (!(m.clone() << 1)).to_vec().unwrap(),
            vec![0b1110_1011, 0b1111_0011]
        );
        assert_eq!((m.clone() & &m).to_vec().unwrap(), vec![0b1010, 0b0110]);
        // Integer true division gives f64.
        let q: Array<f64> = (&a / 4).eval().unwrap();
        assert_eq!(q.to_vec().unwrap(), vec![0.25, 0.5, 0.75, 1.0, 1.25, 1.5]);
        let r: Array<f64> = (3 / &b).eval().unwrap();
        assert_eq!(r.to_vec().unwrap(), vec![0.3, 0.15, 0.1]);
    }
}

/// The broadcasting error inside an expression's error.
fn broadcast_error(e: &Error) -> bool {
    match e {
        Error::Expression { source, .. } => matches!(**source, Error::Broadcast { .. }),
        _ => false,
    }
}

#[test]
fn shapes_that_do_not_broadcast_are_errors_not_panics() {
    for dev in devices() {
        let a = Array::<f64>::zeros(&dev, &[2, 3]).unwrap();
        let b = Array::<f64>::zeros(&dev, &[2]).unwrap();
        for r in [&a + &b, &a - &b, &a * &b, &a / &b, &a % &b] {
            let e = r.eval().unwrap_err();
            assert!(broadcast_error(&e), "{e}");
            assert!(
                e.to_string().contains("[2, 3]") && e.to_string().contains("[2]"),
                "{e}"
            );
        }
        let i = Array::<u16>::zeros(&dev, &[4]).unwrap();
        let j = Array::<u16>::zeros(&dev, &[3]).unwrap();
        for r in [&i & &j, &i | &j, &i ^ &j, &i << &j, &i >> &j] {
            assert!(broadcast_error(&r.eval().unwrap_err()));
        }
    }
}

#[test]
fn empty_and_zero_d_operands() {
    for dev in devices() {
        let e = Array::<f32>::zeros(&dev, &[0, 4]).unwrap();
        let r = (&e + 1.0f32).eval().unwrap();
        assert_eq!(r.shape(), &[0, 4]);
        assert_eq!((-&e).eval().unwrap().shape(), &[0, 4]);
        let s = Array::scalar(&dev, 7i64).unwrap();
        let t = (&s % 4).eval().unwrap();
        assert_eq!((t.ndim(), t.item().unwrap()), (0, 3));
        let v = Array::from_vec(&dev, &[3], vec![1i64, 2, 3]).unwrap();
        assert_eq!((&s - &v).to_vec().unwrap(), vec![6, 5, 4]);
    }
}
