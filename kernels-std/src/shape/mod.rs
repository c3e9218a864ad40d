//! Shape manipulation: NumPy's reshaping, transposing, joining, splitting, repeating, rolling
//! and padding routines.
//!
//! | NumPy | here | result |
//! |---|---|---|
//! | `np.reshape(a, (2, -1))`, `a.ravel()`, `a.flatten()` | [`reshape`]`(&a, &[2, -1])`, [`ravel`], [`flatten`] | view when possible / view when possible / copy |
//! | `np.reshape(a, s, order="F")`, `a.ravel("K")`, `a.flatten("F")` | [`reshape_order`]`(&a, &s, MemoryOrder::F)`, [`ravel_order`], [`flatten_order`] (`order` is [`MemoryOrder`](crate::creation::MemoryOrder)) | as the C-order forms |
//! | `np.transpose(a)`, `np.transpose(a, (1, 0, 2))` | [`transpose`]`(&a, None)`, `transpose(&a, Some(&[1, 0, 2]))` | view |
//! | `np.swapaxes(a, 0, 1)`, `np.moveaxis(a, 0, -1)`, `np.rollaxis(a, 2, 1)` | [`swapaxes`], [`moveaxis`]`(&a, &[0], &[-1])`, [`rollaxis`]`(&a, 2, 1)` | view |
//! | `np.expand_dims(a, (0, 2))`, `np.squeeze(a)`, `np.squeeze(a, 1)` | [`expand_dims`]`(&a, &[0, 2])`, [`squeeze`]`(&a, None)`, `squeeze(&a, Some(&[1]))` | view |
//! | `np.flip(a)`, `np.flip(a, 1)`, `np.fliplr`, `np.flipud` | [`flip`]`(&a, None)`, `flip(&a, Some(&[1]))`, [`fliplr`], [`flipud`] | view |
//! | `np.broadcast_to(a, s)`, `np.broadcast_arrays(a, b)` | [`broadcast_to`], [`broadcast_arrays`]`(&[&a, &b])` | views |
//! | `np.atleast_1d(a)` (2d, 3d) | [`atleast_1d`], [`atleast_2d`], [`atleast_3d`] | view |
//! | `np.concatenate([a, b], axis=1)`, `axis=None` | [`concatenate`]`(&[&a, &b], 1)`, `None` (any [`ArrayList`]: `&[a, b]`, `&v`) | copy |
//! | `np.stack`, `np.vstack`, `np.hstack`, `np.dstack`, `np.column_stack` | [`stack`]`(&[&a, &b], axis)`, [`vstack`], [`hstack`], [`dstack`], [`column_stack`] | copy |
//! | `np.append(a, b, axis)` | [`append`]`(&a, &b, Some(axis))` | copy |
//! | `np.split(a, 3)`, `np.split(a, [2, 5], axis=1)` | [`split`]`(&a, 3, 0)`, `split(&a, vec![2, 5], 1)` | views |
//! | `np.array_split`, `np.hsplit`, `np.vsplit`, `np.dsplit` | [`array_split`], [`hsplit`], [`vsplit`], [`dsplit`] | views |
//! | `np.tile(a, (2, 3))` | [`tile`]`(&a, &[2, 3])` | copy |
//! | `np.repeat(a, 2)`, `np.repeat(a, [1, 2], axis=0)` | [`repeat`]`(&a, 2, None)`, `repeat(&a, vec![1, 2], Some(0))` | copy |
//! | `np.roll(a, 2)`, `np.roll(a, -1, axis=1)`, `np.roll(a, (1, 2), (0, 1))` | [`roll`]`(&a, 2, None)`, `roll(&a, -1, Some(1))`, [`roll_axes`] | copy |
//! | `np.delete(a, 1, axis=0)`, `np.delete(a, [0, 2])`, `np.delete(a, mask, 1)` | [`delete`]`(&a, 1, Some(0))`, `delete(&a, &idx, None)`, `delete(&a, &mask, Some(1))` | copy |
//! | `np.insert(a, 1, v, axis=1)`, `np.insert(a, [0, 2], v)` | [`insert`]`(&a, 1, &v, Some(1))`, `insert(&a, &idx, &v, None)` | copy |
//! | `np.resize(a, (2, 3))`, `np.trim_zeros(a, "f", axis=0)` | [`resize`]`(&a, &[2, 3])`, [`trim_zeros`]`(&a, "f", Some(&[0]))` | copy / view |
//! | `np.broadcast_shapes((3, 1), (4,))` | [`broadcast_shapes`]`(&[&[3, 1], &[4]])` | shape |
//! | `np.unstack(a, axis=1)` | [`unstack`]`(&a, 1)` | views |
//! | `np.block([[a, b], [c, d]])` | [`block`]`(vec![vec![&a, &b], vec![&c, &d]])` | copy |
//! | `np.rot90(a, k, axes=(0, 1))` | [`rot90`]`(&a, k, [0, 1])` | view |
//! | `np.ascontiguousarray(a)`, `np.asfortranarray(a)`, `np.isfortran(a)` | [`ascontiguousarray`], [`asfortranarray`], [`isfortran`] | view or copy / bool |
//! | `np.shares_memory(a, b, max_work)`, `np.may_share_memory(a, b)` | [`shares_memory`]`(&a, &b, None)`, [`may_share_memory`] | bool |
//! | `np.pad(a, ((1, 2), (0, 1)), mode=...)` | [`pad`]`(&a, &[(1, 2), (0, 1)], PadMode::Reflect)` | copy |
//! | `np.pad(a, w, constant_values=((1, 2), (3, 4)))` | [`pad_constant`]`(&a, w, &[(1, 2), (3, 4)])` | copy |
//! | `np.pad(a, w, mode="reflect", reflect_type="odd")` | [`pad_odd`]`(&a, w, PadMode::Reflect)` | copy |
//!
//! Views share `a`'s storage (no element is copied, writing through `view_mut` copies on
//! write). Copies are made on the arrays' device by kernels: the elementwise identity written
//! into slices of the output (joins, `roll`, constant `pad`), into a broadcast view (`tile`,
//! `repeat` by a scalar), or a gather along one axis (`repeat` by counts, the other `pad`
//! modes). Axes are `isize` (negative from the end); "no axis" is `None`. An axis out of
//! range is an [`Error::Axis`](array_runtime::Error::Axis) (NumPy's `AxisError`); other bad
//! arguments are [`Error::Invalid`](array_runtime::Error::Invalid) or
//! [`Error::ShapeMismatch`](array_runtime::Error::ShapeMismatch) naming the routine.
//!
//! Where we differ from NumPy:
//! - arrays of one call share one dtype (no type promotion in `concatenate`, `stack`);
//! - counts and widths that NumPy checks for negativity at run time are `usize` here
//!   (`tile`, `pad`), except `repeat`'s counts, which stay `isize` as NumPy's;
//! - `pad` has the modes `constant`, `edge`, `reflect`, `symmetric` and `wrap` (not the
//!   statistical ones nor `linear_ramp`); per-axis `constant_values` are [`pad_constant`]'s,
//!   `reflect_type="odd"` is [`pad_odd`] (numbers and `bool`); as NumPy's, `reflect`
//!   wider than the axis reflects again rather than failing;
//! - views are views of our copy-on-write storage: writing to one never changes the array
//!   it came from (NumPy's writeable views do).
//!
//! ```
//! use kernels_std::prelude::*;
//! use kernels_std::shape::{concatenate, reshape, split};
//! let dev = Device::cpu();
//! let a = Array::from_vec(&dev, &[2, 3], (0..6).collect::<Vec<i32>>())?;
//! let b = concatenate(&[&a, &a.slice(s![..1, ..])?], 0)?;
//! assert_eq!(b.shape(), &[3, 3]);
//! let parts = split(&reshape(&b, &[-1])?, 3, 0)?;
//! assert_eq!(parts[2].to_vec()?, vec![0, 1, 2]);
//! # Ok::<(), kernels_std::Error>(())
//! ```

mod axes;
pub(crate) use axes::normalize_axes;
pub(crate) mod edit;
mod join;
pub(crate) mod kernels;
mod memory;
mod pad;
mod repeat;
mod reshape;
mod roll;
mod split;

pub use axes::{
    atleast_1d, atleast_2d, atleast_3d, broadcast_arrays, broadcast_shapes, broadcast_to,
    expand_dims, flip, fliplr, flipud, moveaxis, rollaxis, squeeze, swapaxes, transpose,
};
pub use edit::{delete, insert, resize, trim_zeros, Positions};
pub use join::{
    append, block, column_stack, concatenate, dstack, hstack, stack, vstack, ArrayList, Block,
    JoinAxis,
};
pub use memory::{ascontiguousarray, asfortranarray, isfortran, may_share_memory, shares_memory};
pub use pad::{pad, pad_constant, pad_odd, PadMode, PadOdd};
pub use repeat::{repeat, tile, Repeats};
pub use reshape::{flatten, flatten_order, ravel, ravel_order, reshape, reshape_order};
pub use roll::{roll, roll_axes, rot90};
pub use split::{array_split, dsplit, hsplit, split, unstack, vsplit, Sections};

/// NumPy 2's `np.permute_dims` (the array API's name) for [`transpose`].
pub use axes::transpose as permute_dims;
/// NumPy 2's `np.concat` (the array API's name) for [`concatenate`].
pub use join::concatenate as concat;
/// NumPy's `np.row_stack`, its other name for [`vstack`].
pub use join::vstack as row_stack;
