//! NumPy's ufunc methods: `reduce`, `accumulate`, `reduceat`, `outer` and `at` of the binary
//! ufuncs that have them, as values named like NumPy's (`ufunc::add`, `ufunc::maximum`, ...)
//! whose methods come from [`BinaryUfunc`] (in the prelude).
//!
//! | NumPy | here |
//! |---|---|
//! | `np.add.reduce(a)`, `np.add.reduce(a, axis=None)` | `ufunc::add.reduce(&a).run()`, `ufunc::add.reduce(&a).all_axes().run()` |
//! | `np.maximum.reduce(a, axis=(0, 2), keepdims=True, initial=0)` | `ufunc::maximum.reduce(&a).axes(&[0, 2]).keepdims(true).initial(0).run()` |
//! | `np.maximum.accumulate(a, axis=1)` | `ufunc::maximum.accumulate(&a).axis(1).run()` |
//! | `np.add.reduceat(a, idx, axis=0)` | `ufunc::add.reduceat(&a, &idx).axis(0).run()` |
//! | `np.multiply.outer(a, b)` | `ufunc::multiply.outer(&a, &b)` |
//! | `np.add.at(a, idx, b)` | `ufunc::add.at(&mut a, &idx, &b)` |
//!
//! The ufuncs: [`add`], [`multiply`], [`maximum`], [`minimum`], [`fmax`], [`fmin`],
//! [`logical_and`], [`logical_or`], [`logical_xor`], [`bitwise_and`], [`bitwise_or`],
//! [`bitwise_xor`]. Which dtypes each method takes is a trait per method ([`ReduceOf`],
//! [`AccumulateOf`], [`ReduceAtOf`], [`OuterOf`], [`AtOf`]), and its result dtype an
//! associated type, NumPy's: `add` and `multiply` reduce, accumulate and reduceat `bool` and
//! integers narrower than 64 bits in `i64` (unsigned: `u64`), as NumPy does, but their `outer`
//! and `at` keep the dtype; the logical ufuncs give `bool` for every dtype; the bitwise ones
//! take integers and `bool`.
//!
//! How they run, on both backends:
//! - `reduce` is the named reductions of [`reduce`](crate::reduce) (`sum`, `prod`, `max`,
//!   `min`, `nanmax`, `nanmin`, `all`, `any`) and three `#[reduction]` kernels of its own
//!   (`logical_xor` and the bitwise ones);
//! - `accumulate` is the chunked parallel scan of [`scan`](crate::scan) (`cumsum`, `cumprod`),
//!   which combines by any of these ufuncs;
//! - `reduceat` is one raw kernel, one thread per output element;
//! - `outer` is the elementwise ufunc of `a` viewed with `b.ndim()` new axes against `b`;
//! - `at` is deterministic sort-and-segment on both backends: the indices are sorted stably on
//!   the array's device, and the first thread of each run of equal indices folds the run's
//!   values into its element in their original order, NumPy's sequential order (so float sums
//!   are NumPy's to the bit). Atomics are not used: the GPU has none for products, 8- and
//!   16-bit integers or NaN-propagating float extrema, and atomic float sums round in an order
//!   that changes from run to run.
//!
//! Where we differ from NumPy: no `dtype=`, `out=` or `where=`; `at` takes one integer index
//! array along the first axis (NumPy also takes slices and tuples of arrays), and not `bool`
//! or complex arrays; `accumulate` and `reduceat` of `maximum`, `minimum`, `fmax`, `fmin` take
//! real numbers and `bool`; `reduceat` of `add`/`multiply` not complex numbers; `fmax`/`fmin`
//! take no complex numbers.
//!
//! ```
//! use kernels_std::prelude::*;
//! use kernels_std::ufunc;
//! let dev = Device::cpu();
//! let a = Array::from_vec(&dev, &[2, 3], vec![3i32, 1, 4, 1, 5, 9])?;
//! assert_eq!(ufunc::add.reduce(&a).run()?.to_vec()?, vec![4i64, 6, 13]);
//! assert_eq!(ufunc::maximum.accumulate(&a).axis(1).run()?.to_vec()?, vec![3, 3, 4, 1, 5, 9]);
//! let idx = Array::from_vec(&dev, &[2], vec![0i64, 2])?;
//! assert_eq!(ufunc::add.reduceat(&a, &idx).axis(1).run()?.to_vec()?, vec![4i64, 4, 6, 9]);
//! let mut z = Array::<f64>::zeros(&dev, &[3])?;
//! let at = Array::from_vec(&dev, &[3], vec![0i64, 0, -1])?;
//! ufunc::add.at(&mut z, &at, &Array::scalar(&dev, 1.0)?)?;
//! assert_eq!(z.to_vec()?, vec![2.0, 0.0, 1.0]);
//! # Ok::<(), kernels_std::Error>(())
//! ```

pub mod kernels;
mod methods;
#[cfg(test)]
mod nvrtc;

pub use methods::{
    AccumulateOf, AtOf, OuterOf, ReduceAtOf, ReduceOf, SegmentDType, UfuncAccumulate, UfuncReduce,
    UfuncReduceAt,
};

use crate::prelude::*;

/// A binary ufunc that has NumPy's methods. Each method is there for the dtypes its trait
/// ([`ReduceOf`], [`AccumulateOf`], [`ReduceAtOf`], [`OuterOf`], [`AtOf`]) is implemented
/// for.
pub trait BinaryUfunc: Copy + Sized {
    /// NumPy's name of the ufunc (`"add"`), for error messages.
    const NAME: &'static str;
    /// Whether the ufunc has an identity (NumPy's `ufunc.identity` is not `None`): without
    /// one, reducing an empty axis needs `initial`.
    const HAS_IDENTITY: bool;

    /// NumPy's `ufunc.reduce(a, axis=0)`: a call to complete with `.axis(i)`/`.axes(&[..])`
    /// (NumPy's default is axis 0), `.all_axes()` (`axis=None`), `.keepdims(true)`,
    /// `.initial(v)`, then `.run()`. Reducing an empty axis gives the ufunc's identity, or is
    /// an error for `maximum`, `minimum`, `fmax`, `fmin` without `initial` (NumPy's
    /// `ValueError`).
    ///
    /// ```
    /// use kernels_std::prelude::*;
    /// use kernels_std::ufunc;
    /// let a = Array::from_vec(&Device::cpu(), &[2, 2], vec![1.0, f64::NAN, 3.0, 2.0])?;
    /// assert_eq!(ufunc::fmax.reduce(&a).axis(1).run()?.to_vec()?, vec![1.0, 3.0]);
    /// assert!(ufunc::maximum.reduce(&a).all_axes().run()?.item()?.is_nan());
    /// let e = Array::<f64>::zeros(&Device::cpu(), &[0, 2])?;
    /// assert!(ufunc::maximum.reduce(&e).run().is_err());
    /// assert_eq!(ufunc::maximum.reduce(&e).initial(-1.0).run()?.to_vec()?, vec![-1.0, -1.0]);
    /// # Ok::<(), kernels_std::Error>(())
    /// ```
    fn reduce<T: DType>(self, a: &Array<T>) -> UfuncReduce<'_, Self, T>
    where
        Self: ReduceOf<T>,
    {
        UfuncReduce::new(self, a)
    }

    /// NumPy's `ufunc.accumulate(a, axis=0)`: the running combination along one axis (choose
    /// it with `.axis(i)`), then `.run()`. A 0-d array is an error, as in NumPy.
    ///
    /// ```
    /// use kernels_std::prelude::*;
    /// use kernels_std::ufunc;
    /// let a = Array::from_vec(&Device::cpu(), &[4], vec![2.0, f64::NAN, 1.0, 5.0])?;
    /// let m = ufunc::fmax.accumulate(&a).run()?.to_vec()?;
    /// assert_eq!(m, vec![2.0, 2.0, 2.0, 5.0]);
    /// let b = Array::from_vec(&Device::cpu(), &[3], vec![true, false, true])?;
    /// assert_eq!(ufunc::logical_xor.accumulate(&b).run()?.to_vec()?, vec![true, true, false]);
    /// # Ok::<(), kernels_std::Error>(())
    /// ```
    fn accumulate<T: DType>(self, a: &Array<T>) -> UfuncAccumulate<'_, Self, T>
    where
        Self: AccumulateOf<T>,
    {
        UfuncAccumulate::new(self, a)
    }

    /// NumPy's `ufunc.reduceat(a, indices, axis=0)`: for each `i`, the reduction of
    /// `a[indices[i]:indices[i + 1]]` along the axis, or `a[indices[i]]` alone where
    /// `indices[i] >= indices[i + 1]`; the last runs to the end. `indices` is 1-d, each in
    /// `0..n` (a negative or larger index is an [`Error::Index`], as NumPy's `IndexError`).
    ///
    /// ```
    /// use kernels_std::prelude::*;
    /// use kernels_std::ufunc;
    /// let dev = Device::cpu();
    /// let a = Array::from_vec(&dev, &[8], (0..8i64).collect())?;
    /// let idx = Array::from_vec(&dev, &[4], vec![0i64, 4, 1, 5])?;
    /// let r = ufunc::add.reduceat(&a, &idx).run()?;
    /// assert_eq!(r.to_vec()?, vec![6, 4, 10, 18]);
    /// # Ok::<(), kernels_std::Error>(())
    /// ```
    fn reduceat<'a, T: DType>(
        self,
        a: &'a Array<T>,
        indices: &'a Array<i64>,
    ) -> UfuncReduceAt<'a, Self, T>
    where
        Self: ReduceAtOf<T>,
    {
        UfuncReduceAt::new(self, a, indices)
    }

    /// NumPy's `ufunc.outer(a, b)`: `op(a[i..., j...], b[j...])` for every pair, of shape
    /// `a.shape + b.shape`.
    ///
    /// ```
    /// use kernels_std::prelude::*;
    /// use kernels_std::ufunc;
    /// let dev = Device::cpu();
    /// let a = Array::from_vec(&dev, &[2], vec![1i32, 2])?;
    /// let b = Array::from_vec(&dev, &[3], vec![1i32, 10, 100])?;
    /// let m = ufunc::multiply.outer(&a, &b)?;
    /// assert_eq!(m.shape(), &[2, 3]);
    /// assert_eq!(m.to_vec()?, vec![1, 10, 100, 2, 20, 200]);
    /// # Ok::<(), kernels_std::Error>(())
    /// ```
    fn outer<T: DType>(self, a: &Array<T>, b: &Array<T>) -> Result<Array<<Self as OuterOf<T>>::Out>>
    where
        Self: OuterOf<T>,
    {
        methods::outer(self, a, b)
    }

    /// NumPy's unbuffered `ufunc.at(a, indices, b)`: `a[indices[k]] = op(a[indices[k]], b[k])`
    /// in place for each `k` in order, so a repeated index combines every one of its values.
    /// `indices` (any shape) index the first axis of `a` (negative from the end; out of range
    /// is an [`Error::Index`]); `b` broadcasts to `indices.shape + a.shape[1..]`.
    ///
    /// ```
    /// use kernels_std::prelude::*;
    /// use kernels_std::ufunc;
    /// let dev = Device::cpu();
    /// let mut a = Array::from_vec(&dev, &[2, 2], vec![1i32, 1, 1, 1])?;
    /// let idx = Array::from_vec(&dev, &[3], vec![1i64, 1, 0])?;
    /// let b = Array::from_vec(&dev, &[3, 1], vec![2i32, 3, 5])?;
    /// ufunc::multiply.at(&mut a, &idx, &b)?;
    /// assert_eq!(a.to_vec()?, vec![5, 5, 6, 6]);
    /// assert!(ufunc::multiply.at(&mut a, &Array::from_vec(&dev, &[1], vec![2i64])?, &b).is_err());
    /// # Ok::<(), kernels_std::Error>(())
    /// ```
    fn at<T: DType>(self, a: &mut Array<T>, indices: &Array<i64>, b: &Array<T>) -> Result<()>
    where
        Self: AtOf<T>,
    {
        methods::at(self, a, indices, b)
    }
}

/// Declares the ufunc types and their values.
macro_rules! ufuncs {
    ($($ty:ident $value:ident $name:literal $identity:literal: $doc:literal $example:literal;)*) => {$(
        #[doc = concat!("The type of [`", stringify!($value), "`].")]
        #[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
        pub struct $ty;

        impl BinaryUfunc for $ty {
            const NAME: &'static str = $name;
            const HAS_IDENTITY: bool = $identity;
        }

        #[doc = concat!("NumPy's `np.", $name, "` as a ufunc with methods: ", $doc)]
        ///
        /// ```
        /// use kernels_std::prelude::*;
        /// use kernels_std::ufunc;
        #[doc = $example]
        /// # Ok::<(), kernels_std::Error>(())
        /// ```
        #[allow(non_upper_case_globals)]
        pub const $value: $ty = $ty;
    )*};
}

ufuncs! {
    Add add "add" true: "`x + y` (on `bool`, logical or)."
        "let a = Array::from_vec(&Device::cpu(), &[3], vec![100i8, 100, 100])?;\nassert_eq!(ufunc::add.reduce(&a).run()?.item()?, 300i64);";
    Multiply multiply "multiply" true: "`x * y` (on `bool`, logical and)."
        "let a = Array::from_vec(&Device::cpu(), &[3], vec![2.0, 3.0, 4.0])?;\nassert_eq!(ufunc::multiply.accumulate(&a).run()?.to_vec()?, vec![2.0, 6.0, 24.0]);";
    Maximum maximum "maximum" false: "the larger, a NaN propagating."
        "let a = Array::from_vec(&Device::cpu(), &[3], vec![1.0, f64::NAN, 3.0])?;\nassert!(ufunc::maximum.accumulate(&a).run()?.to_vec()?[2].is_nan());";
    Minimum minimum "minimum" false: "the smaller, a NaN propagating."
        "let a = Array::from_vec(&Device::cpu(), &[3], vec![4u8, 2, 3])?;\nassert_eq!(ufunc::minimum.accumulate(&a).run()?.to_vec()?, vec![4, 2, 2]);";
    Fmax fmax "fmax" false: "the larger, a NaN losing to a number."
        "let a = Array::from_vec(&Device::cpu(), &[3], vec![f32::NAN, 1.0, 3.0])?;\nassert_eq!(ufunc::fmax.reduce(&a).run()?.item()?, 3.0);";
    Fmin fmin "fmin" false: "the smaller, a NaN losing to a number."
        "let a = Array::from_vec(&Device::cpu(), &[3], vec![f32::NAN, 1.0, 3.0])?;\nassert_eq!(ufunc::fmin.reduce(&a).run()?.item()?, 1.0);";
    LogicalAnd logical_and "logical_and" true: "both true; `bool` results for every dtype."
        "let a = Array::from_vec(&Device::cpu(), &[2, 2], vec![1.0, 0.0, 2.0, 3.0])?;\nassert_eq!(ufunc::logical_and.reduce(&a).axis(1).run()?.to_vec()?, vec![false, true]);";
    LogicalOr logical_or "logical_or" true: "either true; `bool` results for every dtype."
        "let a = Array::from_vec(&Device::cpu(), &[3], vec![0i32, 5, 0])?;\nassert_eq!(ufunc::logical_or.accumulate(&a).run()?.to_vec()?, vec![false, true, true]);";
    LogicalXor logical_xor "logical_xor" true: "exactly one true; `bool` results for every dtype."
        "let a = Array::from_vec(&Device::cpu(), &[3], vec![1u8, 1, 1])?;\nassert!(ufunc::logical_xor.reduce(&a).run()?.item()?);";
    BitwiseAnd bitwise_and "bitwise_and" true: "`x & y` of integers and `bool`."
        "let a = Array::from_vec(&Device::cpu(), &[3], vec![0b111u8, 0b110, 0b011])?;\nassert_eq!(ufunc::bitwise_and.reduce(&a).run()?.item()?, 0b010);";
    BitwiseOr bitwise_or "bitwise_or" true: "`x | y` of integers and `bool`."
        "let a = Array::from_vec(&Device::cpu(), &[3], vec![1i16, 2, 4])?;\nassert_eq!(ufunc::bitwise_or.accumulate(&a).run()?.to_vec()?, vec![1, 3, 7]);";
    BitwiseXor bitwise_xor "bitwise_xor" true: "`x ^ y` of integers and `bool`."
        "let a = Array::from_vec(&Device::cpu(), &[2], vec![5i64, 3])?;\nlet b = Array::from_vec(&Device::cpu(), &[2], vec![1i64, 6])?;\nassert_eq!(ufunc::bitwise_xor.outer(&a, &b)?.to_vec()?, vec![4, 3, 2, 5]);";
}
