//! SciPy's `reconstruct_path`, `breadth_first_tree` and `depth_first_tree`: a search tree
//! as a CSR array, built on the host from the predecessors.

use super::components::check_label_range;
use super::graph::{CsGraph, HostGraph};
use super::traversal::{breadth_first_order, depth_first_order};
use crate::prelude::*;
use crate::sparse::{CsrArray, SparseDType};

/// `g[p, i]`: the sum of the stored entries at `(p, i)` (SciPy's indexing), 0 when none.
fn entry(g: &HostGraph, p: usize, i: usize) -> f64 {
    g.edges(p).filter(|&(j, _)| j == i).map(|(_, w)| w).sum()
}

/// SciPy's `reconstruct_path(csgraph, predecessors, directed=True)`: the tree of the
/// predecessor array `predecessors` (`[N]`, a negative value for none, as
/// [`NULL_IDX`](super::NULL_IDX)) as an `N x N` CSR array of `f64` holding, for each node
/// `i` with a predecessor `p`, the edge `(p, i)` with its weight `csgraph[p, i]`; undirected
/// (`directed` false), the smaller nonzero of `csgraph[p, i]` and `csgraph[i, p]` (`inf`
/// when both are zero, as SciPy's). Each row's children are in increasing order (SciPy's
/// order within a row follows NumPy's unstable argsort: the same entries). Built on the host,
/// put on the graph's device. A predecessor `>= N`, or an array of another length, is an
/// error.
///
/// ```
/// use kernels_std::prelude::*;
/// use kernels_std::sparse::csgraph::{breadth_first_order, reconstruct_path};
/// use kernels_std::sparse::CsrArray;
/// let dev = Device::cpu();
/// let d = Array::from_vec(&dev, &[3, 3], vec![0.0, 2.0, 5.0, 0.0, 0.0, 1.0, 0.0, 0.0, 0.0f64])?;
/// let g = CsrArray::<f64>::from_dense(&d)?;
/// let (_, pred) = breadth_first_order(&g, 0, true)?;
/// let tree = reconstruct_path(&g, &pred, true)?;
/// assert_eq!(tree.toarray()?.to_vec()?, vec![0.0, 2.0, 5.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0]);
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn reconstruct_path<T: SparseDType, G: CsGraph<T> + ?Sized>(
    csgraph: &G,
    predecessors: &Array<i32>,
    directed: bool,
) -> Result<CsrArray<f64, i32>> {
    let what = "reconstruct_path";
    let g = csgraph.host_graph(what, directed)?;
    check_label_range(what, g.n)?;
    let n = g.n;
    if predecessors.shape() != [n] {
        return Err(Error::invalid(format!(
            "{what}: predecessors should have shape [{n}], got {:?}",
            predecessors.shape()
        )));
    }
    let pred = predecessors.to_vec()?;
    if let Some(&p) = pred.iter().find(|&&p| p as i64 >= n as i64) {
        return Err(Error::Index {
            message: format!("{what}: predecessor {p} is out of bounds for {n} nodes"),
        });
    }
    // The children of each node, in increasing order: a stable counting sort by parent.
    let mut indptr = vec![0i32; n + 1];
    for &p in pred.iter().filter(|&&p| p >= 0) {
        indptr[p as usize + 1] += 1;
    }
    for i in 0..n {
        indptr[i + 1] += indptr[i];
    }
    let mut next: Vec<usize> = indptr.iter().map(|&x| x as usize).collect();
    let edges = indptr[n] as usize;
    let mut indices = vec![0i32; edges];
    let mut data = vec![0f64; edges];
    for (i, &p) in pred.iter().enumerate() {
        if p < 0 {
            continue;
        }
        let p = p as usize;
        let mut w = entry(&g, p, i);
        if !directed {
            let nonzero = |x: f64| if x == 0.0 { f64::INFINITY } else { x };
            w = nonzero(w).min(nonzero(entry(&g, i, p)));
        }
        indices[next[p]] = i as i32;
        data[next[p]] = w;
        next[p] += 1;
    }
    let dev = csgraph.graph_device();
    CsrArray::new(
        &Array::from_vec(&dev, &[edges], data)?,
        &Array::from_vec(&dev, &[edges], indices)?,
        &Array::from_vec(&dev, &[n + 1], indptr)?,
        [n, n],
    )
}

/// SciPy's `breadth_first_tree(csgraph, i_start, directed=True)`: the tree of
/// [`breadth_first_order`]'s predecessors, by [`reconstruct_path`].
///
/// ```
/// use kernels_std::prelude::*;
/// use kernels_std::sparse::csgraph::breadth_first_tree;
/// use kernels_std::sparse::CsrArray;
/// let dev = Device::cpu();
/// let d = Array::from_vec(&dev, &[3, 3], vec![0.0, 2.0, 5.0, 0.0, 0.0, 1.0, 0.0, 0.0, 0.0f64])?;
/// let tree = breadth_first_tree(&CsrArray::<f64>::from_dense(&d)?, 0, true)?;
/// assert_eq!(tree.toarray()?.to_vec()?, vec![0.0, 2.0, 5.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0]);
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn breadth_first_tree<T: SparseDType, G: CsGraph<T> + ?Sized>(
    csgraph: &G,
    i_start: usize,
    directed: bool,
) -> Result<CsrArray<f64, i32>> {
    let (_, pred) = breadth_first_order(csgraph, i_start, directed)?;
    reconstruct_path(csgraph, &pred, directed)
}

/// SciPy's `depth_first_tree(csgraph, i_start, directed=True)`: the tree of
/// [`depth_first_order`]'s predecessors, by [`reconstruct_path`].
///
/// ```
/// use kernels_std::prelude::*;
/// use kernels_std::sparse::csgraph::depth_first_tree;
/// use kernels_std::sparse::CsrArray;
/// let dev = Device::cpu();
/// let d = Array::from_vec(&dev, &[3, 3], vec![0.0, 2.0, 5.0, 0.0, 0.0, 1.0, 0.0, 0.0, 0.0f64])?;
/// let tree = depth_first_tree(&CsrArray::<f64>::from_dense(&d)?, 0, true)?;
/// assert_eq!(tree.toarray()?.to_vec()?, vec![0.0, 2.0, 0.0, 0.0, 0.0, 1.0, 0.0, 0.0, 0.0]);
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn depth_first_tree<T: SparseDType, G: CsGraph<T> + ?Sized>(
    csgraph: &G,
    i_start: usize,
    directed: bool,
) -> Result<CsrArray<f64, i32>> {
    let (_, pred) = depth_first_order(csgraph, i_start, directed)?;
    reconstruct_path(csgraph, &pred, directed)
}
