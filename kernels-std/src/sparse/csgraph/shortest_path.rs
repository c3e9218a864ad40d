//! SciPy's `shortest_path` and its four methods (`dijkstra`, `bellman_ford`, `johnson`,
//! `floyd_warshall`), on the host: each is a sequential relaxation over the CSR arrays.

use std::cmp::Ordering;
use std::collections::BinaryHeap;
use std::marker::PhantomData;

use super::components::check_label_range;
use super::graph::{CsGraph, HostGraph};
use super::traversal::NULL_IDX;
use crate::prelude::*;
use crate::sparse::SparseDType;

/// SciPy's `DTYPE_EPS`: the slack of the negative-cycle tests.
const EPS: f64 = 1e-15;

/// The algorithm of [`shortest_path`] (SciPy's `method`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Method {
    Auto,
    Dijkstra,
    BellmanFord,
    Johnson,
    FloydWarshall,
}

impl Method {
    fn parse(s: &str) -> Result<Method> {
        Ok(match s {
            "auto" => Method::Auto,
            "D" => Method::Dijkstra,
            "BF" => Method::BellmanFord,
            "J" => Method::Johnson,
            "FW" => Method::FloydWarshall,
            _ => {
                return Err(Error::invalid(format!(
                    "shortest_path: unrecognized method '{s}' (one of 'auto', 'D', 'BF', 'J', 'FW')"
                )))
            }
        })
    }
    fn name(self) -> &'static str {
        match self {
            Method::Auto => "shortest_path",
            Method::Dijkstra => "dijkstra",
            Method::BellmanFord => "bellman_ford",
            Method::Johnson => "johnson",
            Method::FloydWarshall => "floyd_warshall",
        }
    }
}

/// The source nodes: all (`indices=None`), one (a scalar: 1-d results) or several (2-d).
#[derive(Clone, Debug)]
enum Sources {
    All,
    One(isize),
    Many(Vec<isize>),
}

/// The keywords of [`shortest_path`] and its spellings; [`run`](Self::run) computes the
/// distances, [`run_with_predecessors`](Self::run_with_predecessors) the predecessors too.
#[must_use = "a shortest-path call does nothing until `.run()` is called"]
#[derive(Debug)]
pub struct ShortestPath<'a, T: SparseDType, G: CsGraph<T> + ?Sized> {
    graph: &'a G,
    method: std::result::Result<Method, String>,
    directed: bool,
    unweighted: bool,
    sources: Sources,
    dtype: PhantomData<T>,
}

fn builder<T: SparseDType, G: CsGraph<T> + ?Sized>(
    graph: &G,
    method: Method,
) -> ShortestPath<'_, T, G> {
    ShortestPath {
        graph,
        method: Ok(method),
        directed: true,
        unweighted: false,
        sources: Sources::All,
        dtype: PhantomData,
    }
}

/// SciPy's `shortest_path(csgraph, method='auto', directed=True, return_predecessors=False,
/// unweighted=False, overwrite=False, indices=None)`: the lengths of the shortest paths
/// from each source node (all nodes, or [`indices`](ShortestPath::indices)) to every node,
/// `inf` where there is none, `f64`, on the graph's device.
///
/// Methods, as SciPy's: `"D"` Dijkstra (a binary heap, SciPy's order of pops, so its
/// predecessors), `"BF"` Bellman-Ford (negative weights), `"J"` Johnson (Bellman-Ford
/// reweighting, then Dijkstra), `"FW"` Floyd-Warshall (dense, all pairs, no `indices`),
/// `"auto"` SciPy's choice (Dijkstra, or Johnson when a weight is negative, for sources
/// given or fewer than `N^2 / 4` edges; else Floyd-Warshall). `directed(false)` lets each
/// edge be walked both ways; `unweighted(true)` counts edges. A negative cycle reachable
/// in the search is an [`Error::LinAlg`] (SciPy's `NegativeCycleError`); a node outside
/// `[-N, N)` in `indices` is an error. Dense graphs' zeros are non-edges; a sparse
/// graph's stored zeros are edges of length 0 (SciPy's convention). The relaxations run on
/// the host over the CSR arrays (copied from a GPU): they are sequential.
///
/// ```
/// use kernels_std::prelude::*;
/// use kernels_std::sparse::csgraph::shortest_path;
/// use kernels_std::sparse::CsrArray;
/// let dev = Device::cpu();
/// let d = Array::from_vec(&dev, &[4, 4], vec![
///     0.0, 1.0, 2.0, 0.0,
///     0.0, 0.0, 0.0, 1.0,
///     2.0, 0.0, 0.0, 3.0,
///     0.0, 0.0, 0.0, 0.0f64,
/// ])?;
/// let g = CsrArray::<f64>::from_dense(&d)?;
/// let (dist, pred) = shortest_path(&g).method("D").directed(false).index(0)
///     .run_with_predecessors()?;
/// assert_eq!(dist.to_vec()?, vec![0.0, 1.0, 2.0, 2.0]);
/// assert_eq!(pred.to_vec()?, vec![-9999, 0, 0, 1]);
/// let all = shortest_path(&g).run()?; // directed, all pairs
/// assert_eq!(all.shape(), &[4, 4]);
/// assert_eq!(all.to_vec()?[12..], [f64::INFINITY, f64::INFINITY, f64::INFINITY, 0.0]);
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn shortest_path<T: SparseDType, G: CsGraph<T> + ?Sized>(
    csgraph: &G,
) -> ShortestPath<'_, T, G> {
    builder(csgraph, Method::Auto)
}

/// SciPy's `dijkstra(csgraph, directed=True, indices=None, return_predecessors=False,
/// unweighted=False)`: [`shortest_path`] with method `"D"` (`limit` and `min_only` are
/// not offered). With negative weights the result is unreliable, as SciPy's (which warns);
/// a negative cycle is an error here, where SciPy's loop never ends.
///
/// ```
/// use kernels_std::prelude::*;
/// use kernels_std::sparse::csgraph::dijkstra;
/// use kernels_std::sparse::CsrArray;
/// let dev = Device::cpu();
/// let d = Array::from_vec(&dev, &[3, 3], vec![0.0, 4.0, 1.0, 0.0, 0.0, 0.0, 0.0, 2.0, 0.0f64])?;
/// let dist = dijkstra(&CsrArray::<f64>::from_dense(&d)?).index(0).run()?;
/// assert_eq!(dist.to_vec()?, vec![0.0, 3.0, 1.0]);
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn dijkstra<T: SparseDType, G: CsGraph<T> + ?Sized>(csgraph: &G) -> ShortestPath<'_, T, G> {
    builder(csgraph, Method::Dijkstra)
}

/// SciPy's `bellman_ford(csgraph, directed=True, indices=None, return_predecessors=False,
/// unweighted=False)`: [`shortest_path`] with method `"BF"`; negative weights allowed, a
/// negative cycle an [`Error::LinAlg`].
///
/// ```
/// use kernels_std::prelude::*;
/// use kernels_std::sparse::csgraph::bellman_ford;
/// use kernels_std::sparse::CsrArray;
/// let dev = Device::cpu();
/// let d = Array::from_vec(&dev, &[3, 3], vec![0.0, 4.0, 1.0, 0.0, 0.0, 0.0, 0.0, -2.0, 0.0f64])?;
/// let g = CsrArray::<f64>::from_dense(&d)?;
/// assert_eq!(bellman_ford(&g).index(0).run()?.to_vec()?, vec![0.0, -1.0, 1.0]);
/// assert!(bellman_ford(&g).directed(false).run().is_err()); // -2 both ways: a negative cycle
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn bellman_ford<T: SparseDType, G: CsGraph<T> + ?Sized>(csgraph: &G) -> ShortestPath<'_, T, G> {
    builder(csgraph, Method::BellmanFord)
}

/// SciPy's `johnson(csgraph, directed=True, indices=None, return_predecessors=False,
/// unweighted=False)`: [`shortest_path`] with method `"J"`.
///
/// ```
/// use kernels_std::prelude::*;
/// use kernels_std::sparse::csgraph::johnson;
/// use kernels_std::sparse::CsrArray;
/// let dev = Device::cpu();
/// let d = Array::from_vec(&dev, &[3, 3], vec![0.0, 4.0, 1.0, 0.0, 0.0, 0.0, 0.0, -2.0, 0.0f64])?;
/// let dist = johnson(&CsrArray::<f64>::from_dense(&d)?).index(0).run()?;
/// assert_eq!(dist.to_vec()?, vec![0.0, -1.0, 1.0]);
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn johnson<T: SparseDType, G: CsGraph<T> + ?Sized>(csgraph: &G) -> ShortestPath<'_, T, G> {
    builder(csgraph, Method::Johnson)
}

/// SciPy's `floyd_warshall(csgraph, directed=True, return_predecessors=False,
/// unweighted=False)`: [`shortest_path`] with method `"FW"`, all pairs (no `indices`).
/// Duplicate entries of a CSR or CSC graph count as their smallest (SciPy's
/// `csgraph_to_dense`).
///
/// ```
/// use kernels_std::prelude::*;
/// use kernels_std::sparse::csgraph::floyd_warshall;
/// let dev = Device::cpu();
/// let d = Array::from_vec(&dev, &[3, 3], vec![0.0, 4.0, 1.0, 0.0, 0.0, 0.0, 0.0, 2.0, 0.0f64])?;
/// let dist = floyd_warshall(&d).directed(false).run()?;
/// assert_eq!(dist.to_vec()?, vec![0.0, 3.0, 1.0, 3.0, 0.0, 2.0, 1.0, 2.0, 0.0]);
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn floyd_warshall<T: SparseDType, G: CsGraph<T> + ?Sized>(
    csgraph: &G,
) -> ShortestPath<'_, T, G> {
    builder(csgraph, Method::FloydWarshall)
}

impl<'a, T: SparseDType, G: CsGraph<T> + ?Sized> ShortestPath<'a, T, G> {
    /// SciPy's `method`: `"auto"`, `"D"`, `"BF"`, `"J"` or `"FW"` (anything else is an
    /// error at `run`).
    pub fn method(mut self, method: &str) -> Self {
        self.method = Method::parse(method).map_err(|e| e.to_string());
        self
    }
    /// SciPy's `directed` (default `true`): `false` walks each edge both ways.
    pub fn directed(mut self, directed: bool) -> Self {
        self.directed = directed;
        self
    }
    /// SciPy's `unweighted` (default `false`): every edge has length 1.
    pub fn unweighted(mut self, unweighted: bool) -> Self {
        self.unweighted = unweighted;
        self
    }
    /// SciPy's `indices` as a sequence: the rows of the result are these sources
    /// (negative ones count from the end); the result is `[len, N]`.
    pub fn indices(mut self, indices: &[isize]) -> Self {
        self.sources = Sources::Many(indices.to_vec());
        self
    }
    /// SciPy's `indices` as a scalar: one source, a 1-d result `[N]`.
    pub fn index(mut self, index: isize) -> Self {
        self.sources = Sources::One(index);
        self
    }

    /// The distances.
    pub fn run(self) -> Result<Array<f64>> {
        Ok(self.compute(false)?.0)
    }

    /// The distances and the predecessors (`i32`, [`NULL_IDX`](super::NULL_IDX) where
    /// none: the sources and the nodes not reached), of one shape.
    pub fn run_with_predecessors(self) -> Result<(Array<f64>, Array<i32>)> {
        self.compute(true)
    }

    fn compute(self, want_pred: bool) -> Result<(Array<f64>, Array<i32>)> {
        let mut method = self.method.map_err(Error::invalid)?;
        let what = method.name();
        let mut g = self.graph.host_graph(what, self.directed)?;
        check_label_range(what, g.n)?;
        let n = g.n;
        if method == Method::Auto {
            let dense_edges = g.weights.len() as f64;
            method = if !matches!(self.sources, Sources::All) || dense_edges < (n * n) as f64 / 4.0
            {
                if g.weights.iter().any(|&w| w < 0.0) {
                    Method::Johnson
                } else {
                    Method::Dijkstra
                }
            } else {
                Method::FloydWarshall
            };
        }
        let what = method.name();
        if method == Method::FloydWarshall && !matches!(self.sources, Sources::All) {
            return Err(Error::invalid(
                "shortest_path: cannot specify indices with method == 'FW'",
            ));
        }
        let (sources, shape) = match &self.sources {
            Sources::All => ((0..n).collect::<Vec<_>>(), vec![n, n]),
            Sources::One(i) => (vec![source(what, *i, n)?], vec![n]),
            Sources::Many(v) => (
                v.iter()
                    .map(|&i| source(what, i, n))
                    .collect::<Result<Vec<_>>>()?,
                vec![v.len(), n],
            ),
        };
        let cells = sources
            .len()
            .checked_mul(n)
            .ok_or_else(|| Error::invalid(format!("{what}: the result of {n} nodes is too big")))?;
        let mut dist = Vec::new();
        dist.try_reserve_exact(cells)
            .map_err(|_| Error::invalid(format!("{what}: cannot allocate {cells} distances")))?;
        dist.resize(cells, f64::INFINITY);
        let mut pred = if want_pred {
            let mut p = Vec::new();
            p.try_reserve_exact(cells).map_err(|_| {
                Error::invalid(format!("{what}: cannot allocate {cells} predecessors"))
            })?;
            p.resize(cells, NULL_IDX);
            p
        } else {
            Vec::new()
        };
        if self.unweighted {
            g.weights.iter_mut().for_each(|w| *w = 1.0);
        }
        let directed = self.directed;
        match method {
            Method::Dijkstra => {
                // SciPy's Dijkstra never ends on a negative cycle (it only warns of
                // negative weights): look for one first, as Johnson's first step does.
                if !self.unweighted && g.weights.iter().any(|&w| w < 0.0) {
                    potentials(what, &g, directed)?;
                }
                let gt = (!directed).then(|| g.transpose());
                for (r, &s) in sources.iter().enumerate() {
                    let row = r * n..(r + 1) * n;
                    let p = if want_pred {
                        &mut pred[row.clone()]
                    } else {
                        &mut [][..]
                    };
                    dijkstra_from(&g, gt.as_ref(), s, &mut dist[row], p);
                }
            }
            Method::BellmanFord => {
                for (r, &s) in sources.iter().enumerate() {
                    let row = r * n..(r + 1) * n;
                    let p = if want_pred {
                        &mut pred[row.clone()]
                    } else {
                        &mut [][..]
                    };
                    bellman_ford_from(what, &g, directed, s, &mut dist[row], p)?;
                }
            }
            Method::Johnson => johnson_all(what, &g, directed, &sources, &mut dist, &mut pred)?,
            Method::FloydWarshall => floyd_warshall_all(what, &g, directed, &mut dist, &mut pred)?,
            Method::Auto => unreachable!("resolved above"),
        }
        let dev = self.graph.graph_device();
        let pred_shape = if want_pred { shape.clone() } else { vec![0] };
        Ok((
            Array::from_vec(&dev, &shape, dist)?,
            Array::from_vec(&dev, &pred_shape, pred)?,
        ))
    }
}

/// A source index in `[-n, n)`, wrapped (SciPy's `indices[indices < 0] += N`).
fn source(what: &str, i: isize, n: usize) -> Result<usize> {
    let j = if i < 0 {
        i as i128 + n as i128
    } else {
        i as i128
    };
    if j < 0 || j >= n as i128 {
        return Err(Error::invalid(format!(
            "{what}: indices out of range 0...N (got {i} for N = {n})"
        )));
    }
    Ok(j as usize)
}

/// A heap entry ordered as SciPy's C++ `pair<double, unsigned>` in a max-heap of
/// `(-distance, node)`: the smallest distance first, ties to the larger node.
#[derive(Clone, Copy, Debug)]
struct Entry(f64, u32);
impl PartialEq for Entry {
    fn eq(&self, o: &Self) -> bool {
        self.cmp(o) == Ordering::Equal
    }
}
impl Eq for Entry {}
impl PartialOrd for Entry {
    fn partial_cmp(&self, o: &Self) -> Option<Ordering> {
        Some(self.cmp(o))
    }
}
impl Ord for Entry {
    fn cmp(&self, o: &Self) -> Ordering {
        let by_key = if self.0 < o.0 {
            Ordering::Less
        } else if o.0 < self.0 {
            Ordering::Greater
        } else {
            Ordering::Equal
        };
        by_key.then(self.1.cmp(&o.1))
    }
}

/// Relaxes the edges of `v` (at distance `d`) in storage order, as SciPy's
/// `_dijkstra_scan_heap`.
fn scan(
    g: &HostGraph,
    v: usize,
    d: f64,
    dist: &mut [f64],
    pred: &mut [i32],
    heap: &mut BinaryHeap<Entry>,
) {
    for (w, len) in g.edges(v) {
        let next = d + len;
        if dist[w] > next {
            dist[w] = next;
            heap.push(Entry(-next, w as u32));
            if !pred.is_empty() {
                pred[w] = v as i32;
            }
        }
    }
}

fn dijkstra_from(
    g: &HostGraph,
    gt: Option<&HostGraph>,
    s: usize,
    dist: &mut [f64],
    pred: &mut [i32],
) {
    let mut heap = BinaryHeap::new();
    dist[s] = 0.0;
    heap.push(Entry(-0.0, s as u32));
    while let Some(Entry(neg, v)) = heap.pop() {
        let (d, v) = (-neg, v as usize);
        if dist[v] < d {
            continue;
        }
        scan(g, v, d, dist, pred, &mut heap);
        if let Some(t) = gt {
            scan(t, v, d, dist, pred, &mut heap);
        }
    }
}

fn negative_cycle(what: &str, node: usize) -> Error {
    Error::LinAlg {
        op: what.to_string(),
        message: format!("negative cycle detected on node {node}"),
    }
}

/// SciPy's `_bellman_ford_directed`/`_undirected` for one source: `N - 1` sweeps over the
/// nodes in order, each reading the node's distance once per sweep (directed) or updating
/// both ends of each edge (undirected), then one sweep that tests for a negative cycle.
fn bellman_ford_from(
    what: &str,
    g: &HostGraph,
    directed: bool,
    s: usize,
    dist: &mut [f64],
    pred: &mut [i32],
) -> Result<()> {
    let n = g.n;
    dist[s] = 0.0;
    let keep = !pred.is_empty();
    for _ in 1..n {
        for j in 0..n {
            let mut d1 = dist[j];
            for (k, w) in g.edges(j) {
                let mut d2 = dist[k];
                if d1 + w < d2 {
                    d2 = d1 + w;
                    dist[k] = d2;
                    if keep {
                        pred[k] = j as i32;
                    }
                }
                if !directed && d2 + w < d1 {
                    d1 = d2 + w;
                    dist[j] = d1;
                    if keep {
                        pred[j] = k as i32;
                    }
                }
            }
        }
    }
    for j in 0..n {
        let d1 = dist[j];
        for (k, w) in g.edges(j) {
            let d2 = dist[k];
            let bad = if directed {
                d1 + w + EPS < d2
            } else {
                (d2 - d1).abs() > w + EPS
            };
            if bad {
                return Err(negative_cycle(what, s));
            }
        }
    }
    Ok(())
}

/// Johnson's potentials: Bellman-Ford from a virtual node joined to every node by a zero
/// edge (SciPy's `_johnson_directed`/`_undirected`: `N` sweeps from `h = 0`, then the
/// negative-cycle test).
fn potentials(what: &str, g: &HostGraph, directed: bool) -> Result<Vec<f64>> {
    let n = g.n;
    let mut h = vec![0f64; n];
    for _ in 0..n {
        for j in 0..n {
            let mut d1 = h[j];
            for (k, w) in g.edges(j) {
                let d2 = h[k];
                if d1 + w < d2 {
                    h[k] = d1 + w;
                }
                if !directed && d2 + w < d1 {
                    d1 = d2 + w;
                    h[j] = d1;
                }
            }
        }
    }
    for j in 0..n {
        let d1 = h[j];
        for (k, w) in g.edges(j) {
            let d2 = h[k];
            let bad = if directed {
                d1 + w + EPS < d2
            } else {
                (d2 - d1).abs() > w + EPS
            };
            if bad {
                return Err(negative_cycle(what, j));
            }
        }
    }
    Ok(h)
}

/// SciPy's `johnson`: potentials `h` by Bellman-Ford from a virtual node joined to every
/// node by a zero edge (`N` sweeps from `h = 0`), weights `w + h[tail] - h[head]`,
/// Dijkstra from each source, then `d + h[node] - h[source]`.
fn johnson_all(
    what: &str,
    g: &HostGraph,
    directed: bool,
    sources: &[usize],
    dist: &mut [f64],
    pred: &mut [i32],
) -> Result<()> {
    let n = g.n;
    let h = potentials(what, g, directed)?;
    let reweight = |g: &mut HostGraph| {
        for j in 0..n {
            for p in g.indptr[j]..g.indptr[j + 1] {
                g.weights[p] += h[j];
                g.weights[p] -= h[g.indices[p]];
            }
        }
    };
    let mut rg = g.clone();
    reweight(&mut rg);
    let rt = if directed {
        None
    } else {
        let mut t = rg.transpose();
        reweight(&mut t);
        Some(t)
    };
    let keep = !pred.is_empty();
    for (r, &s) in sources.iter().enumerate() {
        let row = r * n..(r + 1) * n;
        let p = if keep {
            &mut pred[row.clone()]
        } else {
            &mut [][..]
        };
        dijkstra_from(&rg, rt.as_ref(), s, &mut dist[row.clone()], p);
        for (j, d) in dist[row].iter_mut().enumerate() {
            *d += h[j];
            *d -= h[s];
        }
    }
    Ok(())
}

/// SciPy's `_floyd_warshall` over the dense `N x N` matrix of the graph (`inf` for
/// non-edges, the smallest of duplicate entries), the diagonal set to 0, symmetrized to
/// the smaller of `d[i, j]`, `d[j, i]` when undirected.
fn floyd_warshall_all(
    what: &str,
    g: &HostGraph,
    directed: bool,
    dist: &mut [f64],
    pred: &mut [i32],
) -> Result<()> {
    let n = g.n;
    for i in 0..n {
        for (j, w) in g.edges(i) {
            let cell = &mut dist[i * n + j];
            // The first entry, or a smaller duplicate.
            if w.partial_cmp(cell) != Some(Ordering::Greater) && w != *cell || cell.is_nan() {
                *cell = w;
            }
        }
    }
    for i in 0..n {
        dist[i * n + i] = 0.0;
    }
    if !directed {
        for i in 0..n {
            for j in i + 1..n {
                if dist[j * n + i] <= dist[i * n + j] {
                    dist[i * n + j] = dist[j * n + i];
                } else {
                    dist[j * n + i] = dist[i * n + j];
                }
            }
        }
    }
    let keep = !pred.is_empty();
    if keep {
        for i in 0..n {
            for j in 0..n {
                if i != j && dist[i * n + j] != f64::INFINITY {
                    pred[i * n + j] = i as i32;
                }
            }
        }
    }
    for k in 0..n {
        for i in 0..n {
            if dist[i * n + k] == f64::INFINITY {
                continue;
            }
            for j in 0..n {
                // Read each time, as SciPy: `d[i, k]` itself drops when `d[k, k] < 0`.
                let d = dist[i * n + k] + dist[k * n + j];
                if d < dist[i * n + j] {
                    dist[i * n + j] = d;
                    if keep {
                        pred[i * n + j] = pred[k * n + j];
                    }
                }
            }
        }
    }
    let negative: Vec<usize> = (0..n).filter(|&i| dist[i * n + i] < 0.0).collect();
    if !negative.is_empty() {
        return Err(Error::LinAlg {
            op: what.to_string(),
            message: format!("negative cycle in nodes {negative:?}"),
        });
    }
    Ok(())
}
