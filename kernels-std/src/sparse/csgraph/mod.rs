//! SciPy's `scipy.sparse.csgraph` (the core): components, traversals, orderings, shortest
//! paths, spanning trees and Laplacians of graphs given as sparse or dense arrays.
//!
//! | SciPy | here |
//! |---|---|
//! | `connected_components(g, directed, connection)` | [`connected_components`]`(&g, directed, "weak")` |
//! | `laplacian(g, normed, return_diag, use_out_degree, symmetrized=...)` | [`laplacian`]`(&g).normed(b).use_out_degree(b).symmetrized(b).run()` |
//! | `breadth_first_order(g, i, directed)`, `depth_first_order(g, i, directed)` | [`breadth_first_order`]`(&g, i, directed)`, [`depth_first_order`] |
//! | `breadth_first_tree(g, i, directed)`, `depth_first_tree`, `reconstruct_path(g, pred, directed)` | [`breadth_first_tree`], [`depth_first_tree`], [`reconstruct_path`] (CSR arrays) |
//! | `reverse_cuthill_mckee(g, symmetric_mode)` | [`reverse_cuthill_mckee`]`(&g, symmetric_mode)` |
//! | `shortest_path(g, method, directed, return_predecessors, unweighted, indices=...)` | [`shortest_path`]`(&g).method("D").directed(b).unweighted(b).indices(&i).run()` (or `.run_with_predecessors()`) |
//! | `dijkstra`, `bellman_ford`, `johnson`, `floyd_warshall` | [`dijkstra`], [`bellman_ford`], [`johnson`], [`floyd_warshall`] (the same builder) |
//! | `minimum_spanning_tree(g)` | [`minimum_spanning_tree`]`(&g)` (a CSR array) |
//! | `NegativeCycleError` | [`Error::LinAlg`](crate::Error::LinAlg) whose message names the negative cycle |
//!
//! Graphs are [`CsGraph`]s: CSR, CSC, COO or dense arrays, as SciPy's `csgraph` accepts
//! (stored entries of a sparse array are edges, explicit zeros included; zeros, NaN and
//! infinities of a dense array are not). Traversals are sequential: they run on the host
//! over the CSR index arrays (copied from the device when the graph lives on a GPU) and put
//! their results on the graph's device. The data-parallel parts (the Laplacian, the
//! symmetrized pattern of `reverse_cuthill_mckee`, degree sums) are the crate's sparse
//! operations and raw kernels, on either backend. Design notes: `sparse/README.md`.
//!
//! ```
//! use kernels_std::prelude::*;
//! use kernels_std::sparse::csgraph::{connected_components, shortest_path};
//! use kernels_std::sparse::CooArray;
//! let dev = Device::cpu();
//! let row = Array::from_vec(&dev, &[2], vec![0i32, 2])?;
//! let col = Array::from_vec(&dev, &[2], vec![1i32, 3])?;
//! let w = Array::from_vec(&dev, &[2], vec![1.5f64, 0.0])?; // a stored zero is an edge
//! let g = CooArray::new(&w, &row, &col, [4, 4])?;
//! assert_eq!(connected_components(&g, false, "weak")?.0, 2);
//! let d = shortest_path(&g).directed(false).index(3).run()?;
//! assert_eq!(d.to_vec()?, vec![f64::INFINITY, f64::INFINITY, 0.0, 0.0]);
//! # Ok::<(), kernels_std::Error>(())
//! ```

mod components;
mod graph;
pub(crate) mod kernels;
mod laplacian;
mod reordering;
mod shortest_path;
mod spanning_tree;
mod traversal;
mod tree;

pub use components::connected_components;
pub use graph::CsGraph;
pub use laplacian::{laplacian, Laplacian, LaplacianDType, LaplacianInput};
pub use reordering::{reverse_cuthill_mckee, RcmInput};
pub use shortest_path::{
    bellman_ford, dijkstra, floyd_warshall, johnson, shortest_path, ShortestPath,
};
pub use spanning_tree::minimum_spanning_tree;
pub use traversal::{breadth_first_order, depth_first_order, NULL_IDX};
pub use tree::{breadth_first_tree, depth_first_tree, reconstruct_path};
