//! Comparisons: arrays of `bool` (NumPy's `equal`, `less`, ...). Rust's `==` and `<` on
//! arrays cannot return arrays, so these are functions.

use crate::prelude::*;
use array_runtime::ops::{Compare, Equality};
use array_runtime::IntoOperand;

/// A public function per comparison, with its doc example.
macro_rules! comparison {
    ($(pub fn $name:ident<$bound:ident>($sym:literal, $nan:literal) => [$($want:literal),*];)*) => {$(
        #[doc = concat!("`x ", $sym, " y`, elementwise (NumPy's `", stringify!($name), "`): ", $nan, ".")]
        #[doc = ""]
        #[doc = concat!("Each operand is an array (broadcast NumPy-style) or a scalar of a dtype of [`", stringify!($bound), "`].")]
        #[doc = ""]
        #[doc = "```"]
        #[doc = "use kernels_std::{math, Array, Device};"]
        #[doc = "let x = Array::from_vec(&Device::cpu(), &[3], vec![1.0f32, 2.0, f32::NAN])?;"]
        #[doc = concat!("assert_eq!(math::", stringify!($name), "(&x, 2.0f32)?.to_vec()?, vec![", stringify!($($want),*), "]);")]
        #[doc = "# Ok::<(), kernels_std::Error>(())"]
        #[doc = "```"]
        pub fn $name<'a, T: $bound>(
            x: impl IntoOperand<'a, T>,
            y: impl IntoOperand<'a, T>,
        ) -> Result<Array<bool>> {
            T::$name(x, y)
        }
    )*};
}

comparison! {
    pub fn equal<Equality>("==", "false when either is NaN") => [false, true, false];
    pub fn not_equal<Equality>("!=", "true when either is NaN") => [true, false, true];
    pub fn less<Compare>("<", "false when either is NaN") => [true, false, false];
    pub fn less_equal<Compare>("<=", "false when either is NaN") => [true, true, false];
    pub fn greater<Compare>(">", "false when either is NaN") => [false, false, false];
    pub fn greater_equal<Compare>(">=", "false when either is NaN") => [false, true, false];
}
