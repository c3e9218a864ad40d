//! Kernels shared by the macro tests: one per feature of the kernel language, each also
//! checked against a golden CUDA C file (`tests/golden/`).

use kernels_std::prelude::*;

/// `a * x + y`: the classic.
#[elementwise]
pub fn saxpy(a: f32, x: f32, y: f32) -> f32 {
    a * x + y
}

/// Generic over any numeric dtype.
#[elementwise]
pub fn add<T: Num>(x: T, y: T) -> T {
    x + y
}

/// Two results: quotient and remainder.
#[elementwise]
pub fn divmod(a: i32, b: i32) -> (i32, i32) {
    (a / b, a % b)
}

/// `if` as an expression, with literals typed by context.
#[elementwise]
pub fn leaky_relu(x: f32) -> f32 {
    if x > 0.0 {
        x
    } else {
        0.1 * x
    }
}

/// `as` casts with Rust's meaning: saturating float to integer, wrapping integer to integer.
#[elementwise]
pub fn casts(x: f32, n: i64) -> (u8, i8, f64, i32) {
    let wide = n as f64;
    (x as u8, n as i8, wide * 0.5, (x > 0.0) as i32)
}

/// Half precision: arithmetic and comparisons on `f16` (no literals or `as` in Rust).
#[elementwise]
pub fn fma16(a: f16, b: f16, c: f16) -> f16 {
    let p = a * b + c;
    if p < c {
        -p
    } else {
        p
    }
}

/// Generic over the float dtypes, with std's float methods.
#[elementwise]
pub fn hypot_ish<T: Float>(x: T, y: T) -> T {
    (x * x + y * y)
        .sqrt()
        .max(x.abs())
        .min(y.mul_add(x, y).powi(2))
}

/// Blocks, shadowing and an `if` whose branches need statements.
#[elementwise]
pub fn smooth_step(e0: f64, e1: f64, x: f64) -> f64 {
    let t = (x - e0) / (e1 - e0);
    let t = if t < 0.0 {
        0.0
    } else {
        let clamped = t.min(1.0);
        clamped.max(0.0)
    };
    t * t * (3.0 - 2.0 * t)
}

/// Integers: wrapping arithmetic, bit operators, logic and literals typed by context.
#[elementwise]
pub fn bits(a: u8, b: u8, flag: bool) -> (u8, bool) {
    let mixed = (a ^ b) & 0x0f | (a * 3);
    let any = flag && mixed > 7
        || !flag && {
            let half = b / 2;
            half % 2 == 1
        };
    (mixed - 1, any)
}

/// Generic over the signed integers.
#[elementwise]
pub fn iabs_diff<T: SignedInt>(x: T, y: T) -> T {
    (x - y).max(y - x).min(-x)
}

pub mod language;
pub mod limits;
pub mod raw;
