//! The kernels of the example programs, in a library so that the tests can reach them (every
//! kernel the project ships is compiled by NVRTC in the test suite).

use kernels_std::prelude::*;

/// `y = a * x + y`, one fused pass over the data.
#[elementwise]
pub fn saxpy(a: f32, x: f32, y: f32) -> f32 {
    a * x + y
}

/// A fused three-input expression: NumPy evaluates it with five temporaries.
#[elementwise]
pub fn fused3(x: f32, y: f32, z: f32) -> f32 {
    x * y + y * z + z * x
}

/// A copy: the bandwidth reference of the GPU benchmarks.
#[elementwise]
pub fn copy_f32(x: f32) -> f32 {
    x
}

/// NumPy's leaky ReLU, with an `if` expression.
#[elementwise]
pub fn leaky_relu(x: f32) -> f32 {
    if x > 0.0 {
        x
    } else {
        0.1 * x
    }
}

/// Polar to cartesian: two outputs from one pass.
#[elementwise]
pub fn polar_to_xy(r: f64, theta: f64) -> (f64, f64) {
    (r * theta.cos(), r * theta.sin())
}

/// The L2 norm of `cupy.ReductionKernel`'s documentation.
#[reduction]
pub mod l2norm {
    pub fn map(x: f32) -> f32 {
        x * x
    }
    pub fn combine(a: f32, b: f32) -> f32 {
        a + b
    }
    pub fn identity() -> f32 {
        0.0
    }
    pub fn finish(acc: f32) -> f32 {
        acc.sqrt()
    }
}

/// Row-wise argmax (NumPy's `argmax(axis=1)`): the first maximum of each row, NaN counting as
/// the maximum. The accumulator is a (value, position) tuple; `#[index]` gives the position.
#[reduction]
pub mod argmax {
    pub fn map(x: f32, #[index] i: i64) -> (f32, i64) {
        (x, i)
    }
    pub fn combine(a: (f32, i64), b: (f32, i64)) -> (f32, i64) {
        let b_wins = if a.0.is_nan() || b.0.is_nan() {
            b.0.is_nan() && (!a.0.is_nan() || b.1 < a.1)
        } else {
            b.0 > a.0 || (b.0 == a.0 && b.1 < a.1)
        };
        if b_wins {
            b
        } else {
            a
        }
    }
    pub fn finish(acc: (f32, i64)) -> i64 {
        acc.1
    }
}
