//! Permutations: `permutation`, `shuffle`, and the row gather they share with `choice`.

use crate::prelude::*;
use crate::sort::{argsort, take_along_axis, take_with_mode, TakeMode};
use array_runtime::shape::normalize_axis;

use super::generator::Generator;

/// The sub-arrays `a[rows[j]]` along axis 0, stacked: shape `rows.shape() + a.shape()[1..]`
/// (`kernels_std::sort::take`; the rows are in range by construction, so no check).
pub(crate) fn gather_rows<T: DType>(a: &Array<T>, rows: &Array<i64>) -> Result<Array<T>> {
    take_with_mode(a, rows, Some(0), TakeMode::Clip)
}

/// The stable argsort of 1-d keys (`kernels_std::sort::argsort`).
pub(crate) fn sort_order(keys: &Array<u64>) -> Result<Array<i64>> {
    argsort(keys, Some(0))
}

impl Generator {
    /// NumPy's `Generator.permutation(n)`: a random permutation of `0..n`, as `i64`.
    ///
    /// The positions sorted by `n` random 64-bit words (see [`Generator`]) with the stable
    /// [`argsort`](crate::sort::argsort): uniform over the `n!` permutations up to the chance of
    /// two equal words (below `n^2 / 2^65`; equal words keep their order).
    ///
    /// ```
    /// use kernels_std::random::Generator;
    /// use kernels_std::prelude::*;
    /// let mut p = Generator::new(4).permutation(&Device::cpu(), 6)?.to_vec()?;
    /// p.sort();
    /// assert_eq!(p, vec![0, 1, 2, 3, 4, 5]);
    /// # Ok::<(), kernels_std::Error>(())
    /// ```
    pub fn permutation(&mut self, device: &Device, n: usize) -> Result<Array<i64>> {
        let keys = self.random_raw(device, &[n])?;
        sort_order(&keys)
    }

    /// NumPy's `Generator.permutation(x)`: a copy of `x` with its sub-arrays along axis 0 in
    /// random order (the order of [`permutation`](Generator::permutation)`(x.shape()[0])`).
    ///
    /// Errors on a 0-d array (NumPy: "x must be an integer or at least 1-dimensional").
    ///
    /// ```
    /// use kernels_std::random::Generator;
    /// use kernels_std::prelude::*;
    /// let x = Array::from_vec(&Device::cpu(), &[3, 2], vec![0, 1, 10, 11, 20, 21])?;
    /// let y = Generator::new(4).permutation_of(&x)?.to_vec()?;
    /// let mut rows: Vec<[i32; 2]> = y.chunks(2).map(|r| [r[0], r[1]]).collect();
    /// rows.sort();
    /// assert_eq!(rows, vec![[0, 1], [10, 11], [20, 21]]);
    /// # Ok::<(), kernels_std::Error>(())
    /// ```
    pub fn permutation_of<T: DType>(&mut self, x: &Array<T>) -> Result<Array<T>> {
        if x.ndim() == 0 {
            return Err(Error::invalid(
                "permutation: x must be at least 1-dimensional, got a 0-d array",
            ));
        }
        let order = self.permutation(&x.device(), x.shape()[0])?;
        gather_rows(x, &order)
    }

    /// NumPy's `Generator.shuffle(x)`: puts the sub-arrays of `x` along axis 0 in random
    /// order (the same order as [`permutation_of`](Generator::permutation_of)).
    ///
    /// `x` is replaced by the shuffled array (C-contiguous). Arrays share their storage
    /// copy-on-write, so no other array sees the change, unlike NumPy, where views of `x`
    /// do. Errors on a 0-d array.
    ///
    /// ```
    /// use kernels_std::random::Generator;
    /// use kernels_std::prelude::*;
    /// let mut x = Array::from_vec(&Device::cpu(), &[5], vec![1.0f32, 2.0, 3.0, 4.0, 5.0])?;
    /// Generator::new(8).shuffle(&mut x)?;
    /// let mut v = x.to_vec()?;
    /// v.sort_by(f32::total_cmp);
    /// assert_eq!(v, vec![1.0, 2.0, 3.0, 4.0, 5.0]);
    /// # Ok::<(), kernels_std::Error>(())
    /// ```
    pub fn shuffle<T: DType>(&mut self, x: &mut Array<T>) -> Result<()> {
        if x.ndim() == 0 {
            return Err(Error::invalid(
                "shuffle: x must be at least 1-dimensional, got a 0-d array",
            ));
        }
        *x = self.permutation_of(x)?;
        Ok(())
    }

    /// NumPy's `Generator.permutation(x, axis)`: a copy of `x` with its sub-arrays along `axis`
    /// (negative counts from the end) in random order, the order of
    /// [`permutation`](Generator::permutation)`(x.shape()[axis])`.
    ///
    /// Errors: a 0-d array, an axis out of range.
    ///
    /// ```
    /// use kernels_std::random::Generator;
    /// use kernels_std::prelude::*;
    /// let x = Array::from_vec(&Device::cpu(), &[2, 3], vec![0, 1, 2, 10, 11, 12])?;
    /// let y = Generator::new(4).permutation_along(&x, -1)?.to_vec()?;
    /// // The same column order in both rows.
    /// assert_eq!(y[3..].to_vec(), y[..3].iter().map(|v| v + 10).collect::<Vec<_>>());
    /// assert!(Generator::new(4).permutation_along(&x, 2).is_err());
    /// # Ok::<(), kernels_std::Error>(())
    /// ```
    pub fn permutation_along<T: DType>(&mut self, x: &Array<T>, axis: isize) -> Result<Array<T>> {
        if x.ndim() == 0 {
            return Err(Error::invalid(
                "permutation: x must be at least 1-dimensional, got a 0-d array",
            ));
        }
        let ax = normalize_axis(axis, x.ndim())?;
        let order = self.permutation(&x.device(), x.shape()[ax])?;
        take_with_mode(x, &order, Some(ax as isize), TakeMode::Clip)
    }

    /// NumPy's `Generator.shuffle(x, axis)`: puts the sub-arrays of `x` along `axis` in random
    /// order, as [`permutation_along`](Generator::permutation_along) (`x` is replaced; see
    /// [`shuffle`](Generator::shuffle)).
    ///
    /// ```
    /// use kernels_std::random::Generator;
    /// use kernels_std::prelude::*;
    /// let mut x = Array::from_vec(&Device::cpu(), &[2, 3], vec![0, 1, 2, 10, 11, 12])?;
    /// Generator::new(4).shuffle_along(&mut x, 1)?;
    /// let y = x.to_vec()?;
    /// assert_eq!(y[3..].to_vec(), y[..3].iter().map(|v| v + 10).collect::<Vec<_>>());
    /// # Ok::<(), kernels_std::Error>(())
    /// ```
    pub fn shuffle_along<T: DType>(&mut self, x: &mut Array<T>, axis: isize) -> Result<()> {
        *x = self.permutation_along(x, axis)?;
        Ok(())
    }

    /// NumPy's `Generator.permuted(x, axis)`: a copy of `x` whose slices along `axis` are each
    /// shuffled independently (unlike [`shuffle_along`](Generator::shuffle_along), which moves
    /// whole sub-arrays); `axis = None` shuffles all the elements (the flattened array,
    /// reshaped). Element `i` of `x` (C order) takes word `i` of the stream as its key, and
    /// each slice is put in the stable order of its keys.
    ///
    /// Errors: a 0-d array, an axis out of range.
    ///
    /// ```
    /// use kernels_std::random::Generator;
    /// use kernels_std::prelude::*;
    /// let x = Array::from_vec(&Device::cpu(), &[2, 4], (0..8).collect::<Vec<i32>>())?;
    /// let y = Generator::new(5).permuted(&x, Some(1))?.to_vec()?;
    /// let mut rows: Vec<Vec<i32>> = y.chunks(4).map(|r| r.to_vec()).collect();
    /// rows.iter_mut().for_each(|r| r.sort());
    /// assert_eq!(rows, vec![vec![0, 1, 2, 3], vec![4, 5, 6, 7]]);
    /// let mut all = Generator::new(5).permuted(&x, None)?.to_vec()?;
    /// all.sort();
    /// assert_eq!(all, (0..8).collect::<Vec<i32>>());
    /// # Ok::<(), kernels_std::Error>(())
    /// ```
    pub fn permuted<T: DType>(&mut self, x: &Array<T>, axis: Option<isize>) -> Result<Array<T>> {
        if x.ndim() == 0 {
            return Err(Error::invalid(
                "permuted: x must be at least 1-dimensional, got a 0-d array",
            ));
        }
        match axis {
            None => {
                let keys = self.random_raw(&x.device(), &[x.len()])?;
                let flat = x.as_standard_layout()?.reshape(&[x.len()])?;
                gather_rows(&flat, &sort_order(&keys)?)?.reshape(x.shape())
            }
            Some(axis) => {
                let ax = normalize_axis(axis, x.ndim())?;
                let keys = self.random_raw(&x.device(), x.shape())?;
                let order = argsort(&keys, Some(ax as isize))?;
                take_along_axis(x, &order, Some(ax as isize))
            }
        }
    }
}
