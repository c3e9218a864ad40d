//! SciPy's `breadth_first_order` and `depth_first_order`, on the host.

use super::components::check_label_range;
use super::graph::{CsGraph, HostGraph};
use crate::prelude::*;
use crate::sparse::SparseDType;

/// SciPy's `NULL_IDX`: the predecessor of a node not reached (and of the start).
pub const NULL_IDX: i32 = -9999;

/// The start node `i_start` of a graph of `n` nodes (an error outside `[0, n)`; SciPy does
/// not check and reads out of bounds).
fn start_node(what: &str, i_start: usize, n: usize) -> Result<usize> {
    if i_start >= n {
        return Err(Error::Index {
            message: format!("{what}: i_start {i_start} is out of bounds for a graph of {n} nodes"),
        });
    }
    Ok(i_start)
}

/// The node list and predecessors as arrays on `dev`.
fn outputs(dev: &Device, order: Vec<i32>, pred: Vec<i32>) -> Result<(Array<i32>, Array<i32>)> {
    Ok((
        Array::from_vec(dev, &[order.len()], order)?,
        Array::from_vec(dev, &[pred.len()], pred)?,
    ))
}

/// The out-edges of `g`, then those of `gt` when the graph is undirected.
fn neighbours<'a>(
    g: &'a HostGraph,
    gt: Option<&'a HostGraph>,
    v: usize,
) -> impl Iterator<Item = usize> + 'a {
    g.edges(v)
        .chain(gt.into_iter().flat_map(move |t| t.edges(v)))
        .map(|(w, _)| w)
}

/// SciPy's `breadth_first_order(csgraph, i_start, directed=True,
/// return_predecessors=True)`: the nodes reachable from `i_start` in breadth-first order
/// (each node's edges in storage order; undirected graphs also follow the edges into the
/// node, after its own), and each node's predecessor in the search tree ([`NULL_IDX`],
/// `-9999`, for the start and for nodes not reached). Both `i32`, on the graph's device;
/// the search runs on the host over the CSR index arrays (copied from a GPU).
/// For `return_predecessors=False`, drop the second array.
///
/// ```
/// use kernels_std::prelude::*;
/// use kernels_std::sparse::csgraph::breadth_first_order;
/// use kernels_std::sparse::CsrArray;
/// let dev = Device::cpu();
/// let d = Array::from_vec(&dev, &[4, 4], vec![
///     0.0, 1.0, 2.0, 0.0,
///     0.0, 0.0, 0.0, 1.0,
///     2.0, 0.0, 0.0, 3.0,
///     0.0, 0.0, 0.0, 0.0f64,
/// ])?;
/// let (order, pred) = breadth_first_order(&CsrArray::<f64>::from_dense(&d)?, 0, true)?;
/// assert_eq!(order.to_vec()?, vec![0, 1, 2, 3]);
/// assert_eq!(pred.to_vec()?, vec![-9999, 0, 0, 1]);
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn breadth_first_order<T: SparseDType, G: CsGraph<T> + ?Sized>(
    csgraph: &G,
    i_start: usize,
    directed: bool,
) -> Result<(Array<i32>, Array<i32>)> {
    let what = "breadth_first_order";
    let g = csgraph.host_graph(what, directed)?;
    check_label_range(what, g.n)?;
    let head = start_node(what, i_start, g.n)?;
    let gt = (!directed).then(|| g.transpose());
    let mut pred = vec![NULL_IDX; g.n];
    let mut order = vec![head as i32];
    let mut next = 0;
    while next < order.len() {
        let v = order[next] as usize;
        for w in neighbours(&g, gt.as_ref(), v) {
            if w != head && pred[w] == NULL_IDX {
                pred[w] = v as i32;
                order.push(w as i32);
            }
        }
        next += 1;
    }
    outputs(&csgraph.graph_device(), order, pred)
}

/// SciPy's `depth_first_order(csgraph, i_start, directed=True,
/// return_predecessors=True)`: the nodes reachable from `i_start` in depth-first preorder
/// (from each node, the first unvisited head in storage order; undirected graphs try the
/// node's out-edges first, then its in-edges), and the predecessors as
/// [`breadth_first_order`]'s. On the host, as it.
///
/// ```
/// use kernels_std::prelude::*;
/// use kernels_std::sparse::csgraph::depth_first_order;
/// use kernels_std::sparse::CsrArray;
/// let dev = Device::cpu();
/// let d = Array::from_vec(&dev, &[4, 4], vec![
///     0.0, 1.0, 2.0, 0.0,
///     0.0, 0.0, 0.0, 1.0,
///     2.0, 0.0, 0.0, 3.0,
///     0.0, 0.0, 0.0, 0.0f64,
/// ])?;
/// let (order, pred) = depth_first_order(&CsrArray::<f64>::from_dense(&d)?, 0, true)?;
/// assert_eq!(order.to_vec()?, vec![0, 1, 3, 2]);
/// assert_eq!(pred.to_vec()?, vec![-9999, 0, 0, 1]);
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn depth_first_order<T: SparseDType, G: CsGraph<T> + ?Sized>(
    csgraph: &G,
    i_start: usize,
    directed: bool,
) -> Result<(Array<i32>, Array<i32>)> {
    let what = "depth_first_order";
    let g = csgraph.host_graph(what, directed)?;
    check_label_range(what, g.n)?;
    let head = start_node(what, i_start, g.n)?;
    let gt = (!directed).then(|| g.transpose());
    let mut pred = vec![NULL_IDX; g.n];
    let mut seen = vec![false; g.n];
    let mut order = vec![head as i32];
    let mut path = vec![head];
    seen[head] = true;
    while let Some(&v) = path.last() {
        match neighbours(&g, gt.as_ref(), v).find(|&w| !seen[w]) {
            Some(w) => {
                seen[w] = true;
                pred[w] = v as i32;
                order.push(w as i32);
                path.push(w);
                if order.len() == g.n {
                    break;
                }
            }
            None => {
                path.pop();
            }
        }
    }
    outputs(&csgraph.graph_device(), order, pred)
}
