//! `tensordot`: sum products over chosen axes of two arrays, as one matrix product.

use array_runtime::{Array, Error, Result};

use super::gemm::{gemm_batched, same_device};
use super::scalar::LinalgScalar;
use super::views;

/// The axes [`tensordot`] sums over, as NumPy's `axes` argument: a count `n` (the last `n`
/// axes of `a` with the first `n` of `b`) or two lists of axes paired in order (negative
/// axes count from the end).
///
/// ```
/// use kernels_std::linalg::TensorAxes;
/// let two: TensorAxes = 2.into();
/// let pairs: TensorAxes = ([0, -1], [1, 0]).into();
/// assert_eq!(pairs, TensorAxes::Pairs(vec![0, -1], vec![1, 0]));
/// # let _ = two;
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TensorAxes {
    /// The last `n` axes of `a` with the first `n` of `b`.
    Count(usize),
    /// Axes of `a` and of `b`, paired in order.
    Pairs(Vec<isize>, Vec<isize>),
}

impl From<usize> for TensorAxes {
    fn from(n: usize) -> Self {
        TensorAxes::Count(n)
    }
}

impl From<(Vec<isize>, Vec<isize>)> for TensorAxes {
    fn from((a, b): (Vec<isize>, Vec<isize>)) -> Self {
        TensorAxes::Pairs(a, b)
    }
}

impl<const N: usize> From<([isize; N], [isize; N])> for TensorAxes {
    fn from((a, b): ([isize; N], [isize; N])) -> Self {
        TensorAxes::Pairs(a.to_vec(), b.to_vec())
    }
}

impl From<(isize, isize)> for TensorAxes {
    fn from((a, b): (isize, isize)) -> Self {
        TensorAxes::Pairs(vec![a], vec![b])
    }
}

/// NumPy's `tensordot`: the sum of products of `a` and `b` over the paired `axes`. The result's
/// shape is `a`'s other axes followed by `b`'s other axes, each in their order.
///
/// Computed as one matrix product: `a` permuted to (free, summed) and `b` to (summed, free),
/// each flattened to a matrix (a view when the layout allows it, else a copy on the device).
///
/// ```
/// use kernels_std::linalg::tensordot;
/// use kernels_std::{Array, Device};
/// let dev = Device::cpu();
/// let a = Array::from_vec(&dev, &[3, 4, 5], (0..60).map(|x| x as f64).collect())?;
/// let b = Array::from_vec(&dev, &[4, 3, 2], (0..24).map(|x| x as f64).collect())?;
/// let c = tensordot(&a, &b, ([1, 0], [0, 1]))?;           // NumPy's axes=([1,0],[0,1])
/// assert_eq!(c.shape(), &[5, 2]);
/// assert_eq!(c.to_vec()?[0], 4400.0);
/// assert_eq!(tensordot(&a, &a, 3)?.shape(), &[] as &[usize]); // the full contraction
/// assert!(tensordot(&a, &b, ([2], [0])).is_err());        // 5 against 4
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn tensordot<T: LinalgScalar>(
    a: &Array<T>,
    b: &Array<T>,
    axes: impl Into<TensorAxes>,
) -> Result<Array<T>> {
    same_device("tensordot", a, b)?;
    let (na, nb) = (a.ndim(), b.ndim());
    let (axes_a, axes_b): (Vec<usize>, Vec<usize>) = match axes.into() {
        TensorAxes::Count(n) => {
            if n > na || n > nb {
                return Err(Error::invalid(format!(
                    "tensordot: cannot sum over {n} axes of shapes {:?} and {:?}",
                    a.shape(),
                    b.shape()
                )));
            }
            ((na - n..na).collect(), (0..n).collect())
        }
        TensorAxes::Pairs(xa, xb) => {
            if xa.len() != xb.len() {
                return Err(Error::invalid(format!(
                    "tensordot: {} axes of a ({xa:?}) paired with {} of b ({xb:?})",
                    xa.len(),
                    xb.len()
                )));
            }
            let norm = |xs: &[isize], shape: &[usize]| {
                xs.iter()
                    .map(|&x| views::axis("tensordot", x, shape))
                    .collect::<Result<Vec<usize>>>()
            };
            (norm(&xa, a.shape())?, norm(&xb, b.shape())?)
        }
    };
    for (which, axes, nd) in [("a", &axes_a, na), ("b", &axes_b, nb)] {
        let mut seen = vec![false; nd];
        for &x in axes.iter() {
            if std::mem::replace(&mut seen[x], true) {
                return Err(Error::invalid(format!(
                    "tensordot: axis {x} of {which} is summed over twice"
                )));
            }
        }
    }
    for (&x, &y) in axes_a.iter().zip(&axes_b) {
        if a.shape()[x] != b.shape()[y] {
            return Err(Error::invalid(format!(
                "tensordot: shape mismatch for sum: axis {x} of a (shape {:?}) has {} elements, \
                 axis {y} of b (shape {:?}) has {}",
                a.shape(),
                a.shape()[x],
                b.shape(),
                b.shape()[y]
            )));
        }
    }
    let free_a: Vec<usize> = (0..na).filter(|x| !axes_a.contains(x)).collect();
    let free_b: Vec<usize> = (0..nb).filter(|x| !axes_b.contains(x)).collect();
    let size = |s: &[usize], xs: &[usize]| xs.iter().map(|&x| s[x]).product::<usize>();
    let (m, k, n) = (
        size(a.shape(), &free_a),
        size(a.shape(), &axes_a),
        size(b.shape(), &free_b),
    );
    let perm = |first: &[usize], second: &[usize]| -> Vec<isize> {
        first.iter().chain(second).map(|&x| x as isize).collect()
    };
    let a2 = views::reshape(&a.permute(&perm(&free_a, &axes_a))?, &[m, k])?;
    let b2 = views::reshape(&b.permute(&perm(&axes_b, &free_b))?, &[k, n])?;
    let c = gemm_batched("tensordot", &a2, &b2)?;
    let out: Vec<usize> = free_a
        .iter()
        .map(|&x| a.shape()[x])
        .chain(free_b.iter().map(|&x| b.shape()[x]))
        .collect();
    c.reshape(&out)
}
