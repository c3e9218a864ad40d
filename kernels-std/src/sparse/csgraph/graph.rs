//! The graphs the routines take (SciPy's `validate_graph`): any sparse format or a dense
//! array, brought to the host as CSR index arrays with `f64` weights.

use crate::prelude::*;
use crate::sparse::{CooArray, CscArray, CsrArray, SparseDType, SparseIndex};

/// A graph as the traversals read it: CSR arrays on the host, `f64` weights (SciPy's
/// `csgraph` works on `float64` CSR arrays).
#[derive(Clone, Debug)]
pub struct HostGraph {
    /// The number of nodes.
    pub n: usize,
    /// Node `i`'s out-edges are `indptr[i]..indptr[i + 1]`.
    pub indptr: Vec<usize>,
    /// The head of each edge.
    pub indices: Vec<usize>,
    /// The weight of each edge.
    pub weights: Vec<f64>,
}

impl HostGraph {
    /// The edges of node `i`: their heads and weights.
    pub fn edges(&self, i: usize) -> impl Iterator<Item = (usize, f64)> + '_ {
        let r = self.indptr[i]..self.indptr[i + 1];
        self.indices[r.clone()]
            .iter()
            .copied()
            .zip(self.weights[r].iter().copied())
    }

    /// SciPy's `csgraph.T.tocsr()`: the reversed graph, each node's in-edges in order of
    /// their tails (a stable counting sort, as SciPy's `csr_tocsc`).
    pub fn transpose(&self) -> HostGraph {
        let mut counts = vec![0usize; self.n + 1];
        for &j in &self.indices {
            counts[j + 1] += 1;
        }
        for i in 0..self.n {
            counts[i + 1] += counts[i];
        }
        let indptr = counts.clone();
        let mut next = counts;
        let mut indices = vec![0usize; self.indices.len()];
        let mut weights = vec![0f64; self.indices.len()];
        for i in 0..self.n {
            for (j, w) in self.edges(i) {
                indices[next[j]] = i;
                weights[next[j]] = w;
                next[j] += 1;
            }
        }
        HostGraph {
            n: self.n,
            indptr,
            indices,
            weights,
        }
    }
}

/// The graphs `scipy.sparse.csgraph` accepts: [`CsrArray`], [`CscArray`], [`CooArray`]
/// (every stored entry an edge, explicit zeros included: edges of weight 0, as SciPy's
/// sparse graphs; duplicates of a COO array summed, as its conversion to CSR) and dense
/// 2-d [`Array`]s (zeros, NaN and infinities are non-edges, SciPy's `csgraph_from_dense`).
/// Weights are read as `f64` (NumPy's `astype` rules). Sealed.
pub trait CsGraph<T: SparseDType>: sealed::Graph {
    /// The index dtype of a sparse result ([`minimum_spanning_tree`](super::minimum_spanning_tree)):
    /// the input's, `i32` for a dense graph.
    type Index: SparseIndex;
}

pub(crate) mod sealed {
    use super::HostGraph;
    use crate::prelude::*;

    pub trait Graph {
        /// The square graph as host CSR arrays: the transpose of a CSC array when
        /// `!directed` (SciPy's `validate_graph` transposes CSC input of an undirected
        /// routine rather than converting it), else its CSR form.
        fn host_graph(&self, what: &str, directed: bool) -> Result<HostGraph>;
        /// The device the graph lives on.
        fn graph_device(&self) -> Device;
    }
}

/// `what`: an error unless `shape` is square (SciPy's message).
pub(crate) fn check_square(what: &str, shape: [usize; 2]) -> Result<usize> {
    if shape[0] != shape[1] {
        return Err(Error::invalid(format!(
            "{what}: compressed-sparse graph must be shape (N, N), got ({}, {})",
            shape[0], shape[1]
        )));
    }
    Ok(shape[0])
}

fn to_usize<I: SparseIndex>(v: Vec<I>) -> Vec<usize> {
    // The arrays passed construction's check: no negative value.
    v.into_iter().map(|x| x.cast::<i64>() as usize).collect()
}

fn from_csr<T: SparseDType, I: SparseIndex>(what: &str, a: &CsrArray<T, I>) -> Result<HostGraph> {
    let n = check_square(what, a.shape())?;
    let weights = a
        .data()
        .to_vec()?
        .into_iter()
        .map(|x| x.cast::<f64>())
        .collect();
    Ok(HostGraph {
        n,
        indptr: to_usize(a.indptr().to_vec()?),
        indices: to_usize(a.indices().to_vec()?),
        weights,
    })
}

impl<T: SparseDType, I: SparseIndex> sealed::Graph for CsrArray<T, I> {
    fn host_graph(&self, what: &str, _directed: bool) -> Result<HostGraph> {
        from_csr(what, self)
    }
    fn graph_device(&self) -> Device {
        self.device()
    }
}
impl<T: SparseDType, I: SparseIndex> CsGraph<T> for CsrArray<T, I> {
    type Index = I;
}

impl<T: SparseDType, I: SparseIndex> sealed::Graph for CscArray<T, I> {
    fn host_graph(&self, what: &str, directed: bool) -> Result<HostGraph> {
        check_square(what, self.shape())?;
        if directed {
            from_csr(what, &self.tocsr()?)
        } else {
            from_csr(what, &self.transpose())
        }
    }
    fn graph_device(&self) -> Device {
        self.device()
    }
}
impl<T: SparseDType, I: SparseIndex> CsGraph<T> for CscArray<T, I> {
    type Index = I;
}

impl<T: SparseDType, I: SparseIndex> sealed::Graph for CooArray<T, I> {
    fn host_graph(&self, what: &str, _directed: bool) -> Result<HostGraph> {
        check_square(what, self.shape())?;
        from_csr(what, &self.tocsr()?)
    }
    fn graph_device(&self) -> Device {
        self.device()
    }
}
impl<T: SparseDType, I: SparseIndex> CsGraph<T> for CooArray<T, I> {
    type Index = I;
}

impl<T: SparseDType> sealed::Graph for Array<T> {
    fn host_graph(&self, what: &str, _directed: bool) -> Result<HostGraph> {
        let &[m, n] = self.shape() else {
            return Err(Error::invalid(format!(
                "{what}: compressed-sparse graph must be 2-D, got shape {:?}",
                self.shape()
            )));
        };
        check_square(what, [m, n])?;
        let values = self.as_standard_layout()?.to_vec()?;
        let mut g = HostGraph {
            n,
            indptr: Vec::with_capacity(n + 1),
            indices: Vec::new(),
            weights: Vec::new(),
        };
        g.indptr.push(0);
        for (k, v) in values.into_iter().enumerate() {
            let w = v.cast::<f64>();
            if w != 0.0 && w.is_finite() {
                g.indices.push(k % n);
                g.weights.push(w);
            }
            if k % n == n - 1 {
                g.indptr.push(g.indices.len());
            }
        }
        Ok(g)
    }
    fn graph_device(&self) -> Device {
        self.device()
    }
}
impl<T: SparseDType> CsGraph<T> for Array<T> {
    type Index = i32;
}
