//! `meshgrid`: coordinate matrices from coordinate vectors.

use array_runtime::{Array, DType, Result};

use crate::shape::ravel;

/// How [`meshgrid`] orders the output axes: NumPy's `indexing`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Indexing {
    /// Cartesian (`"xy"`, NumPy's default): with inputs of lengths `n0, n1, ...` the outputs
    /// have shape `[n1, n0, n2, ...]`.
    #[default]
    Xy,
    /// Matrix (`"ij"`): outputs of shape `[n0, n1, n2, ...]`.
    Ij,
}

/// One coordinate array per input (each flattened first), broadcast over the grid of all of
/// them and copied (NumPy's `meshgrid(*xi, indexing=...)` with its default `copy=True`,
/// `sparse=False`). No input gives no output.
///
/// ```
/// use kernels_std::prelude::*;
/// use kernels_std::creation::{meshgrid, Indexing};
/// let dev = Device::cpu();
/// let x = Array::from_vec(&dev, &[3], vec![1, 2, 3i32])?;
/// let y = Array::from_vec(&dev, &[2], vec![10, 20i32])?;
/// let g = meshgrid(&[&x, &y], Indexing::Xy)?;
/// assert_eq!(g[0].shape(), &[2, 3]);
/// assert_eq!(g[0].to_vec()?, vec![1, 2, 3, 1, 2, 3]);
/// assert_eq!(g[1].to_vec()?, vec![10, 10, 10, 20, 20, 20]);
/// assert_eq!(meshgrid(&[&x, &y], Indexing::Ij)?[0].shape(), &[3, 2]);
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn meshgrid<T: DType>(arrays: &[&Array<T>], indexing: Indexing) -> Result<Vec<Array<T>>> {
    let n = arrays.len();
    let position = |i: usize| match (indexing, i) {
        (Indexing::Xy, 0) if n > 1 => 1,
        (Indexing::Xy, 1) => 0,
        _ => i,
    };
    let mut shape = vec![0usize; n];
    for (i, a) in arrays.iter().enumerate() {
        shape[position(i)] = a.len();
    }
    arrays
        .iter()
        .enumerate()
        .map(|(i, a)| {
            let mut along = vec![1usize; n];
            along[position(i)] = a.len();
            let v = ravel(a)?.reshape(&along)?.broadcast_to(&shape)?;
            v.copy()
        })
        .collect()
}
