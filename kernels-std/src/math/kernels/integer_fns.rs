//! The kernels of NumPy's integer functions: `gcd`, `lcm`, `bitwise_count`.

use crate::prelude::*;

/// The gcd of `x` and `y`, negated for signed types: Euclid's algorithm on `-|x|` and `-|y|`
/// (every magnitude, the minimum's too, is a representable non-positive number), on `x` and
/// `y` for unsigned types. The caller negates it back, wrapping: `gcd(i8::MIN, 0)` is
/// `i8::MIN`, as NumPy's (computed in unsigned and cast back) is.
#[device_fn]
pub fn neg_gcd<T: Int>(x: T, y: T) -> T {
    let zero = 0i32.cast::<T>();
    let minus_one = zero.wrapping_sub(1i32.cast::<T>());
    let signed = minus_one < zero;
    let mut a = if signed && x > zero { zero - x } else { x };
    let mut b = if signed && y > zero { zero - y } else { y };
    while b != zero {
        // (`MIN % -1` overflows in Rust and is undefined in C; its value is 0.)
        let t = if signed && b == minus_one {
            zero
        } else {
            a % b
        };
        a = b;
        b = t;
    }
    a
}

/// NumPy's `gcd`: the greatest common divisor of `|x|` and `|y|` (`gcd(0, 0) == 0`).
#[elementwise]
pub fn gcd<T: Int>(x: T, y: T) -> T {
    let zero = 0i32.cast::<T>();
    let g = neg_gcd::<T>(x, y);
    if g < zero {
        zero.wrapping_sub(g)
    } else {
        g
    }
}

/// NumPy's `lcm`: `|x| / gcd * |y|`, wrapping as NumPy's unsigned arithmetic does (`lcm(100i8,
/// 3) == 44`); 0 when either is 0.
#[elementwise]
pub fn lcm<T: Int>(x: T, y: T) -> T {
    let zero = 0i32.cast::<T>();
    let minus_one = zero.wrapping_sub(1i32.cast::<T>());
    let signed = minus_one < zero;
    let g = neg_gcd::<T>(x, y);
    if g == zero {
        zero
    } else {
        let a = if signed && x > zero { zero - x } else { x };
        // `-|x| / -gcd`, except `gcd == 1`, where `|x|` (wrapping for the minimum).
        let q = if signed && g == minus_one {
            zero.wrapping_sub(a)
        } else {
            a / g
        };
        let b = if signed && y < zero {
            zero.wrapping_sub(y)
        } else {
            y
        };
        q.wrapping_mul(b)
    }
}

/// NumPy's `bitwise_count`: the number of one bits of `|x|` (`bitwise_count(-1) == 1`), a `u8`.
#[elementwise]
pub fn bitwise_count<T: Int>(x: T) -> u8 {
    let zero = 0i32.cast::<T>();
    let m = if x < zero { zero.wrapping_sub(x) } else { x };
    m.count_ones().cast::<u8>()
}
