//! Operators on arrays (`&a + &b`, `&a * 2.0`, `-&a`, `&a << &n`, ...) and the NumPy
//! operations behind them, with NumPy's semantics: see [`operators`] for the table.
//!
//! The operators live here rather than in `kernels-std` because Rust's orphan rule puts the
//! `impl Add for &Array<T>` beside `Array`. Their kernels ([`kernels`]) are written with
//! `#[elementwise]` like any other, and `kernels-std::math` reuses them for its ufuncs.
//!
//! ```
//! use array_runtime::{Array, Device};
//! let dev = Device::cpu();
//! let a = Array::from_vec(&dev, &[2, 2], vec![1.0f32, 2.0, 3.0, 4.0])?;
//! let b = Array::from_vec(&dev, &[2], vec![10.0f32, 20.0])?;
//! let c = ((&a + &b) * 2.0).eval()?; // b broadcasts over the rows; one fused kernel
//! assert_eq!(c.to_vec()?, vec![22.0, 44.0, 26.0, 48.0]);
//! let q = (&Array::from_vec(&dev, &[2], vec![7i32, -7])? / 2).eval()?; // true division: f64
//! assert_eq!(q.to_vec()?, vec![3.5, -3.5]);
//! # Ok::<(), array_runtime::Error>(())
//! ```

mod arithmetic;
mod bitwise;
mod compare;
pub mod kernels;
pub mod operators;

pub use arithmetic::{AddMultiply, Arithmetic, Numeric};
pub use bitwise::{left_shift, right_shift, Bitwise};
pub use compare::{Compare, Equality};
