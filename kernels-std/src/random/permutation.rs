//! Permutations: `permutation`, `shuffle`, and the row gather they share with `choice`.

use crate::prelude::*;
use crate::sort::{argsort, take_with_mode, TakeMode};

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
}
