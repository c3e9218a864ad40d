//! NumPy's ufuncs as nodes of lazy expressions: `lazy::exp(&a * 2.0) + &b` builds one tree
//! that `.eval()?` runs as one fused kernel, on either backend (the eager functions of
//! [`crate::math`] run one kernel each and return arrays). Each takes an array, a scalar or an
//! expression; dtypes as the eager function's ([`Elementary`]).
//!
//! ```
//! use kernels_std::prelude::*;
//! use kernels_std::lazy;
//! let x = Array::from_vec(&Device::cpu(), &[3], vec![0.0f64, 1.0, 4.0])?;
//! let before = kernels_std::kernel::launches();
//! let y = (lazy::sqrt(&x) * 2.0 + lazy::exp(&x * 0.0)).eval()?;
//! assert_eq!(kernels_std::kernel::launches() - before, 1);
//! assert_eq!(y.to_vec()?, vec![1.0, 3.0, 5.0]);
//! # Ok::<(), kernels_std::Error>(())
//! ```

use array_runtime::expr::{Expr, IntoExpr};

use crate::math::{Elementary, ElementaryOp};

macro_rules! unary {
    ($($name:ident),*) => {$(
        #[doc = concat!("[`crate::math::", stringify!($name), "`] as a lazy expression.")]
        pub fn $name<T: Elementary>(x: impl IntoExpr<T>) -> Expr<T::Out> {
            T::lazy(ElementaryOp::$name, x.into_expr().erase())
        }
    )*};
}

unary!(
    sqrt, exp, log, exp2, expm1, log2, log10, log1p, sin, cos, tan, sinh, cosh, tanh, arcsin,
    arccos, arctan, arcsinh, arccosh, arctanh
);
