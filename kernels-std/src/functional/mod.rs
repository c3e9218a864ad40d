//! NumPy's functional programming routines: a user's function applied over parts of an
//! array.
//!
//! | NumPy | here |
//! |---|---|
//! | `np.apply_along_axis(f, axis, a)` | [`apply_along_axis`]`(\|v\| .., axis, &a)` |
//! | `np.apply_over_axes(f, a, axes)` | [`apply_over_axes`]`(\|a, axis\| .., &a, &axes)` |
//! | `np.piecewise(x, condlist, funclist)` | [`piecewise`]`(&x, &[&c0, &c1], vec![Piece::func(\|v\| ..), 0.0.into()])` |
//!
//! The functions are Rust closures, called on the host with arrays (views where NumPy
//! passes views); what they compute runs as kernels on the arrays' device. The results are
//! assembled by the data-movement kernels (`stack`, `take`, `put`). How the result's shape
//! is built follows NumPy (`README.md`).
//!
//! ```
//! use kernels_std::prelude::*;
//! use kernels_std::functional::apply_along_axis;
//! use kernels_std::sum;
//! let a = Array::from_vec(&Device::cpu(), &[2, 3], (0..6).collect::<Vec<i64>>())?;
//! let s = apply_along_axis(|row| sum(row).run(), 1, &a)?;
//! assert_eq!(s.to_vec()?, vec![3, 12]);
//! # Ok::<(), kernels_std::Error>(())
//! ```

mod apply;
mod piecewise;

pub use apply::{apply_along_axis, apply_over_axes};
pub use piecewise::{piecewise, Piece, PieceFn};
