//! SciPy's `reverse_cuthill_mckee`: the symmetrized pattern on the device (the crate's
//! sparse sum), the breadth-first ordering on the host.

use super::components::check_label_range;
use super::graph::check_square;
use crate::prelude::*;
use crate::sparse::{CscArray, CsrArray, SparseDType, SparseIndex};

/// The arrays [`reverse_cuthill_mckee`] takes: CSR and CSC (SciPy's `TypeError` for
/// other formats is a compile error here). Sealed.
pub trait RcmInput<T: SparseDType, I: SparseIndex>: sealed::Sealed {
    #[doc(hidden)]
    /// The CSR array whose index arrays SciPy reads: the array itself, or for CSC the CSR
    /// array of the transpose (the same `indices` and `indptr`).
    fn lines(&self) -> CsrArray<T, I>;
}

mod sealed {
    pub trait Sealed {}
    impl<T: crate::sparse::SparseDType, I: crate::sparse::SparseIndex> Sealed
        for crate::sparse::CsrArray<T, I>
    {
    }
    impl<T: crate::sparse::SparseDType, I: crate::sparse::SparseIndex> Sealed
        for crate::sparse::CscArray<T, I>
    {
    }
}

impl<T: SparseDType, I: SparseIndex> RcmInput<T, I> for CsrArray<T, I> {
    fn lines(&self) -> CsrArray<T, I> {
        self.clone()
    }
}
impl<T: SparseDType, I: SparseIndex> RcmInput<T, I> for CscArray<T, I> {
    fn lines(&self) -> CsrArray<T, I> {
        self.transpose()
    }
}

/// SciPy's `reverse_cuthill_mckee(graph, symmetric_mode=False)`: a permutation of the nodes
/// (the index dtype, on the graph's device) that gives `graph[perm][:, perm]` a small
/// bandwidth.
///
/// Unless `symmetric_mode`, the pattern is that of `graph + graph.T` (the crate's sparse
/// sum on the device: entries summing to zero drop out, as in SciPy). Then SciPy's
/// Cuthill-McKee order on the host: nodes by degree (stored entries of the line, one more
/// for a diagonal entry), each component searched breadth-first from its unvisited node of
/// least degree, each node's new neighbours in storage order then stably by degree; the
/// whole order reversed. Ties of degree among seeds go to the smaller node (SciPy's
/// `np.argsort` is not stable there: its order can differ where degrees tie). For CSC
/// input the lines are columns, as SciPy's. A non-square graph is an error.
///
/// ```
/// use kernels_std::prelude::*;
/// use kernels_std::sparse::csgraph::reverse_cuthill_mckee;
/// use kernels_std::sparse::CsrArray;
/// let dev = Device::cpu();
/// let d = Array::from_vec(&dev, &[4, 4], vec![
///     1.0, 0.0, 0.0, 1.0,
///     0.0, 1.0, 1.0, 0.0,
///     0.0, 1.0, 1.0, 1.0,
///     1.0, 0.0, 1.0, 1.0f64,
/// ])?;
/// let perm = reverse_cuthill_mckee(&CsrArray::<f64>::from_dense(&d)?, true)?;
/// assert_eq!(perm.to_vec()?, vec![1, 2, 3, 0]);
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn reverse_cuthill_mckee<T: SparseDType, I: SparseIndex, G: RcmInput<T, I> + ?Sized>(
    graph: &G,
    symmetric_mode: bool,
) -> Result<Array<I>> {
    let what = "reverse_cuthill_mckee";
    let a = graph.lines();
    let n = check_square(what, a.shape())?;
    check_label_range(what, n)?;
    let a = if symmetric_mode {
        a
    } else {
        a.add(&a.transpose().tocsr()?)?
    };
    let ptr: Vec<usize> = a
        .indptr()
        .to_vec()?
        .iter()
        .map(|x| x.cast::<i64>() as usize)
        .collect();
    let ind: Vec<usize> = a
        .indices()
        .to_vec()?
        .iter()
        .map(|x| x.cast::<i64>() as usize)
        .collect();
    let degree: Vec<usize> = (0..n)
        .map(|i| {
            let line = &ind[ptr[i]..ptr[i + 1]];
            line.len() + usize::from(line.contains(&i))
        })
        .collect();
    let mut by_degree: Vec<usize> = (0..n).collect();
    by_degree.sort_by_key(|&i| degree[i]);
    let mut seen = vec![false; n];
    let mut order: Vec<usize> = Vec::with_capacity(n);
    for &seed in &by_degree {
        if order.len() == n {
            break;
        }
        if seen[seed] {
            continue;
        }
        seen[seed] = true;
        order.push(seed);
        let mut next = order.len() - 1;
        while next < order.len() {
            let v = order[next];
            let first_new = order.len();
            for &w in &ind[ptr[v]..ptr[v + 1]] {
                if !seen[w] {
                    seen[w] = true;
                    order.push(w);
                }
            }
            order[first_new..].sort_by_key(|&w| degree[w]);
            next += 1;
        }
    }
    let perm: Vec<I> = order
        .iter()
        .rev()
        .map(|&v| (v as i64).cast::<I>())
        .collect();
    Array::from_vec(&a.device(), &[n], perm)
}
