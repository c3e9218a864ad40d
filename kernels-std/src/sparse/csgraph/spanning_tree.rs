//! SciPy's `minimum_spanning_tree`: Kruskal's algorithm on the host, the tree back on the
//! graph's device as a CSR array.

use super::components::check_label_range;
use super::graph::CsGraph;
use crate::prelude::*;
use crate::sparse::compressed::check_extents;
use crate::sparse::{CsrArray, SparseDType};

/// SciPy's `minimum_spanning_tree(csgraph, overwrite=False)`: a minimum spanning tree (a
/// forest, for a graph of several components) of the graph taken as undirected, as a CSR
/// array of `f64` holding each tree edge once, at the position (row, column) it has in the
/// graph, with its weight (SciPy's layout: `tree + tree.T` is the symmetric tree).
///
/// Kruskal's algorithm, as SciPy's: the graph's stored entries in a stable order of weight
/// (NaN last), each kept when it joins two trees of a union-find forest. Ties go to the
/// entry first in CSR storage order, so the tree is SciPy's. Stored zeros are edges of
/// weight 0 that the result, like SciPy's, does not store (it drops zeros). The selection
/// runs on the host over the CSR arrays (copied from a GPU); the tree is built on the
/// graph's device.
///
/// ```
/// use kernels_std::prelude::*;
/// use kernels_std::sparse::csgraph::minimum_spanning_tree;
/// use kernels_std::sparse::CsrArray;
/// let dev = Device::cpu();
/// let d = Array::from_vec(&dev, &[4, 4], vec![
///     0.0, 8.0, 0.0, 3.0,
///     0.0, 0.0, 2.0, 5.0,
///     0.0, 0.0, 0.0, 6.0,
///     0.0, 0.0, 0.0, 0.0f64,
/// ])?;
/// let tree = minimum_spanning_tree(&CsrArray::<f64>::from_dense(&d)?)?;
/// assert_eq!(tree.toarray()?.to_vec()?, vec![
///     0.0, 0.0, 0.0, 3.0,
///     0.0, 0.0, 2.0, 5.0,
///     0.0, 0.0, 0.0, 0.0,
///     0.0, 0.0, 0.0, 0.0,
/// ]);
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn minimum_spanning_tree<T: SparseDType, G: CsGraph<T> + ?Sized>(
    csgraph: &G,
) -> Result<CsrArray<f64, G::Index>> {
    let what = "minimum_spanning_tree";
    let g = csgraph.host_graph(what, true)?;
    check_label_range(what, g.n)?;
    let n = g.n;
    let mut rows = vec![0usize; g.indices.len()];
    for (i, r) in g.indptr.windows(2).enumerate() {
        rows[r[0]..r[1]].iter_mut().for_each(|x| *x = i);
    }
    let mut order: Vec<usize> = (0..g.weights.len()).collect();
    // NumPy's order: NaN last, -0.0 equal to 0.0; `sort_by` is stable.
    order.sort_by(|&a, &b| {
        let (x, y) = (g.weights[a], g.weights[b]);
        match (x.is_nan(), y.is_nan()) {
            (false, false) => x.partial_cmp(&y).expect("not NaN"),
            (xn, yn) => xn.cmp(&yn),
        }
    });
    let mut parent: Vec<usize> = (0..n).collect();
    let mut rank = vec![0u32; n];
    let find = |parent: &mut Vec<usize>, mut v: usize| {
        let mut root = v;
        while parent[root] != root {
            root = parent[root];
        }
        while parent[v] != root {
            let next = parent[v];
            parent[v] = root;
            v = next;
        }
        root
    };
    let mut data = g.weights.clone();
    let mut joined = 0usize;
    let mut k = 0;
    while k < order.len() && joined + 1 < n {
        let e = order[k];
        let (r1, r2) = (find(&mut parent, rows[e]), find(&mut parent, g.indices[e]));
        if r1 != r2 {
            joined += 1;
            match rank[r1].cmp(&rank[r2]) {
                std::cmp::Ordering::Greater => parent[r2] = r1,
                std::cmp::Ordering::Less => parent[r1] = r2,
                std::cmp::Ordering::Equal => {
                    parent[r2] = r1;
                    rank[r1] += 1;
                }
            }
        } else {
            data[e] = 0.0;
        }
        k += 1;
    }
    for &e in &order[k..] {
        data[e] = 0.0;
    }
    let dev = csgraph.graph_device();
    let to_index = |v: &[usize]| -> Vec<G::Index> {
        v.iter().map(|&x| (x as i64).cast::<G::Index>()).collect()
    };
    let nnz = data.len();
    check_extents::<G::Index>(what, &[nnz])?;
    let mut tree = CsrArray::<f64, G::Index>::new(
        &Array::from_vec(&dev, &[nnz], data)?,
        &Array::from_vec(&dev, &[nnz], to_index(&g.indices))?,
        &Array::from_vec(&dev, &[n + 1], to_index(&g.indptr))?,
        [n, n],
    )?;
    tree.eliminate_zeros()?;
    Ok(tree)
}
