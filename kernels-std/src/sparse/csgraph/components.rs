//! SciPy's `connected_components`: weak components by a search over the edges in both
//! directions, strong components by Pearce's variant of Tarjan's algorithm (SciPy 1.17's);
//! both on the host.

use super::graph::{CsGraph, HostGraph};
use crate::prelude::*;
use crate::sparse::SparseDType;

/// SciPy's `connected_components(csgraph, directed=True, connection='weak',
/// return_labels=True)`: the number of components and each node's label (`i32`, on the
/// graph's device).
///
/// `connection` is `"weak"` or `"strong"` (any case; anything else is an error, as SciPy's
/// `ValueError`); `"weak"` ignores `directed`. Labels are numbered as SciPy's: weak
/// components in order of their smallest node; strong components in the order SciPy 1.17's
/// search (Pearce's algorithm from nodes `0, 1, ...` in turn, each node's successors pushed
/// in storage order so the last is searched first) closes them. The search runs on the host over the CSR
/// index arrays (copied from the device when the graph lives on a GPU): it is sequential.
/// For `return_labels=False`, drop the labels.
///
/// ```
/// use kernels_std::prelude::*;
/// use kernels_std::sparse::csgraph::connected_components;
/// use kernels_std::sparse::CsrArray;
/// let dev = Device::cpu();
/// // 0 -> 1 -> 2 -> 0 and 3 -> 4
/// let d = Array::from_vec(&dev, &[5, 5], vec![
///     0.0, 1.0, 0.0, 0.0, 0.0,
///     0.0, 0.0, 1.0, 0.0, 0.0,
///     1.0, 0.0, 0.0, 0.0, 0.0,
///     0.0, 0.0, 0.0, 0.0, 1.0,
///     0.0, 0.0, 0.0, 0.0, 0.0f64,
/// ])?;
/// let g = CsrArray::<f64>::from_dense(&d)?;
/// let (n, labels) = connected_components(&g, true, "weak")?;
/// assert_eq!((n, labels.to_vec()?), (2, vec![0, 0, 0, 1, 1]));
/// let (n, labels) = connected_components(&g, true, "strong")?;
/// assert_eq!((n, labels.to_vec()?), (3, vec![0, 0, 0, 2, 1]));
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn connected_components<T: SparseDType, G: CsGraph<T> + ?Sized>(
    csgraph: &G,
    directed: bool,
    connection: &str,
) -> Result<(usize, Array<i32>)> {
    let what = "connected_components";
    let strong = match connection.to_ascii_lowercase().as_str() {
        "weak" => false,
        "strong" => true,
        _ => {
            return Err(Error::invalid(format!(
                "{what}: connection must be 'weak' or 'strong', got {connection:?}"
            )))
        }
    };
    let directed = directed && strong;
    let g = csgraph.host_graph(what, directed)?;
    check_label_range(what, g.n)?;
    let (count, labels) = if directed {
        strong_components(&g)
    } else {
        weak_components(&g, &g.transpose())
    };
    let labels = Array::from_vec(&csgraph.graph_device(), &[g.n], labels)?;
    Ok((count, labels))
}

/// SciPy's labels (and node numbers in its outputs) are `int32`.
pub(crate) fn check_label_range(what: &str, n: usize) -> Result<()> {
    if n > i32::MAX as usize {
        return Err(Error::invalid(format!(
            "{what}: {n} nodes do not fit SciPy's int32 node labels"
        )));
    }
    Ok(())
}

/// Components of the undirected graph of the edges of `g` and `gt` (its transpose): a
/// search from each unlabelled node in turn; labels in order of the smallest node.
pub(crate) fn weak_components(g: &HostGraph, gt: &HostGraph) -> (usize, Vec<i32>) {
    const NONE: i32 = -1;
    let mut labels = vec![NONE; g.n];
    let mut stack = Vec::new();
    let mut count = 0usize;
    for root in 0..g.n {
        if labels[root] != NONE {
            continue;
        }
        labels[root] = count as i32;
        stack.push(root);
        while let Some(v) = stack.pop() {
            for (w, _) in g.edges(v).chain(gt.edges(v)) {
                if labels[w] == NONE {
                    labels[w] = count as i32;
                    stack.push(w);
                }
            }
        }
        count += 1;
    }
    (count, labels)
}

/// Strongly connected components by Pearce's one-array variant of Tarjan's algorithm, with
/// SciPy 1.17's search order: a node, when first taken from the top of the work stack, gets
/// the next discovery index and pushes its unvisited successors in storage order (one
/// already waiting is moved up), so the last of them is searched first; when it is on top
/// again, its link becomes the smallest link among its successors. A node no successor
/// lowers closes a component with the nodes above it on the component stack whose links
/// are not smaller; components get numbers from `N - 1` down (larger than every live
/// index, so the minimum ignores finished nodes), turned into `0, 1, ...` in closing order
/// at the end.
fn strong_components(g: &HostGraph) -> (usize, Vec<i32>) {
    const VOID: i64 = -1;
    const END: i64 = -2;
    let n = g.n;
    let top_label = n as i64 - 1;
    // `link[v]`: VOID before the visit, then the discovery index or the lowest link
    // reached, and once finished the component's number.
    let mut link = vec![VOID; n];
    // The work stack, doubly linked so a waiting node can be moved to the top: `below[v]`
    // (VOID when not on it, END at the bottom) and `above[v]`.
    let mut below = vec![VOID; n];
    let mut above = vec![VOID; n];
    // The component stack, singly linked through `next_member`.
    let mut next_member = vec![VOID; n];
    let mut members = END;
    let mut index: i64 = 0;
    let mut label = top_label;
    for root in 0..n {
        if link[root] != VOID {
            continue;
        }
        let mut head = root as i64;
        below[root] = END;
        above[root] = END;
        while head != END {
            let v = head as usize;
            if link[v] == VOID {
                link[v] = index;
                index += 1;
                for (w, _) in g.edges(v) {
                    if link[w] != VOID {
                        continue;
                    }
                    if below[w] != VOID {
                        let (f, b) = (below[w], above[w]);
                        if b != END {
                            below[b as usize] = f;
                        }
                        if f != END {
                            above[f as usize] = b;
                        }
                    }
                    below[w] = head;
                    above[w] = END;
                    above[head as usize] = w as i64;
                    head = w as i64;
                }
            } else {
                head = below[v];
                if head >= 0 {
                    above[head as usize] = END;
                }
                below[v] = VOID;
                above[v] = VOID;
                let mut low = link[v];
                let mut is_root = true;
                for (w, _) in g.edges(v) {
                    if link[w] < low {
                        low = link[w];
                        is_root = false;
                    }
                }
                link[v] = low;
                if is_root {
                    index -= 1;
                    while members != END && link[v] <= link[members as usize] {
                        let w = members as usize;
                        members = next_member[w];
                        next_member[w] = VOID;
                        link[w] = label;
                        index -= 1;
                    }
                    link[v] = label;
                    label -= 1;
                } else {
                    next_member[v] = members;
                    members = v as i64;
                }
            }
        }
    }
    let labels = link.iter().map(|&l| (top_label - l) as i32).collect();
    ((top_label - label) as usize, labels)
}
