//! `sparse::csgraph` against SciPy: the fixtures of `scripts/fixtures/gen_csgraph_fixtures.py`
//! (SciPy 1.17's `connected_components`, `breadth_first_order`, `depth_first_order` and
//! their trees,
//! `laplacian` (all eight keyword combinations), `shortest_path` (methods D, BF, J, FW,
//! auto; directed and not; weighted and not; `indices`), `minimum_spanning_tree` and
//! `reverse_cuthill_mckee` on random directed and undirected graphs of several components,
//! one with stored zeros, graphs with negative weights and a negative cycle, the 2-d Poisson
//! matrix, the empty graph and one node), on every device of `common::devices`, with the
//! graph given as CSR, CSC, COO and dense where SciPy's results for them agree; then the
//! errors.
//!
//! Labels, orders and predecessors are compared exactly (the algorithms visit in SciPy's
//! order); distances and Laplacians to 1e-12 relative (sums in another order).

mod common;

use common::{devices, fixture};
use kernels_std::creation::{eye, ones};
use kernels_std::io::Npz;
use kernels_std::prelude::*;
use kernels_std::sparse::csgraph::{
    bellman_ford, breadth_first_order, breadth_first_tree, connected_components, depth_first_order,
    depth_first_tree, dijkstra, floyd_warshall, johnson, laplacian, minimum_spanning_tree,
    reconstruct_path, reverse_cuthill_mckee, shortest_path,
};
use kernels_std::sparse::{CooArray, CscArray, CsrArray};

const CASES: [&str; 8] = [
    "dir", "und", "neg", "negcyc", "small", "poisson", "empty", "one",
];

fn fixtures(dev: &Device) -> Npz {
    kernels_std::io::load_npz(fixture("csgraph/csgraph.npz"), dev).expect("csgraph.npz")
}

fn has(npz: &Npz, key: &str) -> bool {
    npz.get(key).is_some()
}

fn ints(npz: &Npz, key: &str) -> Vec<i32> {
    npz.array::<i32>(key).unwrap().to_vec().unwrap()
}

fn floats(npz: &Npz, key: &str) -> Vec<f64> {
    npz.array::<f64>(key).unwrap().to_vec().unwrap()
}

fn graph(npz: &Npz, c: &str) -> CsrArray<f64> {
    let indptr = npz.array::<i32>(&format!("{c}_indptr")).unwrap();
    let n = indptr.len() - 1;
    CsrArray::new(
        &npz.array::<f64>(&format!("{c}_data")).unwrap(),
        &npz.array::<i32>(&format!("{c}_indices")).unwrap(),
        &indptr,
        [n, n],
    )
    .unwrap()
}

fn close(got: &[f64], want: &[f64], what: &str) {
    assert_eq!(got.len(), want.len(), "{what}: length");
    for (i, (&g, &w)) in got.iter().zip(want).enumerate() {
        let ok = g == w || (g.is_nan() && w.is_nan()) || (g - w).abs() <= 1e-12 * w.abs().max(1.0);
        assert!(ok, "{what}[{i}]: got {g}, SciPy {w}");
    }
}

/// Does `c` store zeros (its dense form then differs from it as a graph)?
fn stores_zeros(npz: &Npz, c: &str) -> bool {
    floats(npz, &format!("{c}_data")).contains(&0.0)
}

#[test]
fn components() {
    for dev in devices() {
        let npz = fixtures(&dev);
        for c in CASES {
            let g = graph(&npz, c);
            for conn in ["weak", "strong"] {
                let want = ints(&npz, &format!("{c}_cc_{conn}"));
                let check = |(k, labels): (usize, Array<i32>), form: &str| {
                    let mut got = vec![k as i32];
                    got.extend(labels.to_vec().unwrap());
                    assert_eq!(got, want, "{c} {conn} {form} on {dev}");
                };
                check(connected_components(&g, true, conn).unwrap(), "csr");
                check(
                    connected_components(&g.tocsc().unwrap(), true, conn).unwrap(),
                    "csc",
                );
                check(
                    connected_components(&g.tocoo().unwrap(), true, conn).unwrap(),
                    "coo",
                );
                if !stores_zeros(&npz, c) {
                    let d = g.toarray().unwrap();
                    check(connected_components(&d, true, conn).unwrap(), "dense");
                }
            }
            // A stored zero is an edge; the same graph from dense loses it.
            if c == "dir" {
                let (k, _) = connected_components(&g.toarray().unwrap(), true, "weak").unwrap();
                assert!(k > ints(&npz, "dir_cc_weak")[0] as usize);
            }
        }
    }
}

#[test]
fn traversals() {
    for dev in devices() {
        let npz = fixtures(&dev);
        for c in CASES {
            if c == "empty" {
                continue;
            }
            let g = graph(&npz, c);
            let start = npz
                .array::<i32>(&format!("{c}_start"))
                .unwrap()
                .item()
                .unwrap() as usize;
            type Order = fn(&CsrArray<f64>, usize, bool) -> Result<(Array<i32>, Array<i32>)>;
            let bfs: Order = |g, s, d| breadth_first_order(g, s, d);
            let dfs: Order = |g, s, d| depth_first_order(g, s, d);
            for (name, f) in [("bfs", bfs), ("dfs", dfs)] {
                for (d, directed) in [("d", true), ("u", false)] {
                    let (order, pred) = f(&g, start, directed).unwrap();
                    let mut got = order.to_vec().unwrap();
                    got.extend(pred.to_vec().unwrap());
                    assert_eq!(
                        got,
                        ints(&npz, &format!("{c}_{name}_{d}")),
                        "{c} {name} {d} on {dev}"
                    );
                    let tree = if name == "bfs" {
                        breadth_first_tree(&g, start, directed).unwrap()
                    } else {
                        depth_first_tree(&g, start, directed).unwrap()
                    };
                    close(
                        &tree.toarray().unwrap().to_vec().unwrap(),
                        &floats(&npz, &format!("{c}_{name}_tree_{d}")),
                        &format!("{c} {name} tree {d} on {dev}"),
                    );
                }
                let csc = g.tocsc().unwrap();
                let (order, pred) = if name == "bfs" {
                    breadth_first_order(&csc, start, false).unwrap()
                } else {
                    depth_first_order(&csc, start, false).unwrap()
                };
                let mut got = order.to_vec().unwrap();
                got.extend(pred.to_vec().unwrap());
                assert_eq!(
                    got,
                    ints(&npz, &format!("{c}_{name}_csc_u")),
                    "{c} {name} csc on {dev}"
                );
            }
        }
    }
}

#[test]
fn laplacians() {
    for dev in devices() {
        let npz = fixtures(&dev);
        for c in CASES {
            let g = graph(&npz, c);
            let n = g.shape()[0];
            for k in 0..8 {
                let want = floats(&npz, &format!("{c}_lap_{k}"));
                let (normed, out, sym) = (k & 4 != 0, k & 2 != 0, k & 1 != 0);
                let what = format!("{c} laplacian {k} on {dev}");
                let (lap, diag) = laplacian(&g)
                    .normed(normed)
                    .use_out_degree(out)
                    .symmetrized(sym)
                    .run()
                    .unwrap();
                let mut got = lap.toarray().unwrap().to_vec().unwrap();
                got.extend(diag.to_vec().unwrap());
                close(&got, &want, &what);
                let (lap, _) = laplacian(&g.tocoo().unwrap())
                    .normed(normed)
                    .use_out_degree(out)
                    .symmetrized(sym)
                    .run()
                    .unwrap();
                close(
                    &lap.toarray().unwrap().to_vec().unwrap(),
                    &want[..n * n],
                    &what,
                );
                let (dense, diag) = laplacian(&g.toarray().unwrap())
                    .normed(normed)
                    .use_out_degree(out)
                    .symmetrized(sym)
                    .run()
                    .unwrap();
                let mut got = dense.to_vec().unwrap();
                got.extend(diag.to_vec().unwrap());
                // SciPy's dense route zeroes the diagonal before the sums: the same values
                // for these graphs (their diagonals are finite).
                close(&got, &want, &format!("{what} dense"));
            }
            if n > 0 {
                let (lap, _) = laplacian(&g.astype::<f32>().unwrap()).run().unwrap();
                let want = floats(&npz, &format!("{c}_lap_0"));
                for (i, (a, b)) in lap
                    .toarray()
                    .unwrap()
                    .to_vec()
                    .unwrap()
                    .iter()
                    .zip(&want)
                    .enumerate()
                {
                    assert!(
                        (*a as f64 - b).abs() <= 1e-5 * b.abs().max(1.0),
                        "{c} f32 [{i}]"
                    );
                }
            }
        }
    }
}

#[test]
fn shortest_paths() {
    for dev in devices() {
        let npz = fixtures(&dev);
        for c in CASES {
            let g = graph(&npz, c);
            let n = g.shape()[0];
            let negative = floats(&npz, &format!("{c}_data")).iter().any(|&w| w < 0.0);
            for m in ["D", "BF", "J", "FW", "auto"] {
                for (d, directed) in [("d", true), ("u", false)] {
                    for unw in [false, true] {
                        if m == "D" && negative && !unw {
                            continue;
                        }
                        let key = format!("{c}_sp_{m}_{d}{}", if unw { "_unw" } else { "" });
                        let weighted = c != "poisson";
                        if !unw && !weighted {
                            continue;
                        }
                        let what = format!("{key} on {dev}");
                        let got = shortest_path(&g)
                            .method(m)
                            .directed(directed)
                            .unweighted(unw)
                            .run_with_predecessors();
                        if !has(&npz, &key) {
                            match got {
                                Err(Error::LinAlg { message, .. }) => {
                                    assert!(message.contains("negative cycle"), "{what}: {message}")
                                }
                                other => panic!("{what}: expected a negative cycle, got {other:?}"),
                            }
                            continue;
                        }
                        let want = floats(&npz, &key);
                        let (dist, pred) = got.unwrap_or_else(|e| panic!("{what}: {e}"));
                        assert_eq!(dist.shape(), &[n, n]);
                        close(&dist.to_vec().unwrap(), &want[..n * n], &what);
                        let pred: Vec<f64> =
                            pred.to_vec().unwrap().iter().map(|&p| p as f64).collect();
                        assert_eq!(pred, want[n * n..], "{what}: predecessors");
                    }
                }
            }
            if has(&npz, &format!("{c}_sp_idx")) {
                let want = floats(&npz, &format!("{c}_sp_idx"));
                let (dist, pred) = dijkstra(&g)
                    .indices(&[2 % n as isize, -1])
                    .unweighted(c == "poisson")
                    .run_with_predecessors()
                    .unwrap();
                assert_eq!(dist.shape(), &[2, n]);
                close(
                    &dist.to_vec().unwrap(),
                    &want[..2 * n],
                    &format!("{c} indices"),
                );
                let pred: Vec<f64> = pred.to_vec().unwrap().iter().map(|&p| p as f64).collect();
                assert_eq!(pred, want[2 * n..], "{c} indices: predecessors");
                // One index: a 1-d row, the first of the above.
                let row = dijkstra(&g.tocsc().unwrap())
                    .index(2 % n as isize)
                    .unweighted(c == "poisson")
                    .run()
                    .unwrap();
                close(
                    &row.to_vec().unwrap(),
                    &want[..n],
                    &format!("{c} one index"),
                );
            }
        }
        // The spellings, and dense input (zeros are non-edges), on the undirected graph.
        let g = graph(&npz, "und");
        let n = g.shape()[0];
        let want = floats(&npz, "und_sp_D_u");
        let dense = g.toarray().unwrap();
        for got in [
            dijkstra(&dense).directed(false).run().unwrap(),
            bellman_ford(&g.tocoo().unwrap())
                .directed(false)
                .run()
                .unwrap(),
            johnson(&g.tocsc().unwrap()).directed(false).run().unwrap(),
            floyd_warshall(&dense).directed(false).run().unwrap(),
        ] {
            close(&got.to_vec().unwrap(), &want[..n * n], "und spellings");
        }
    }
}

#[test]
fn spanning_trees() {
    for dev in devices() {
        let npz = fixtures(&dev);
        for c in CASES {
            let key = format!("{c}_mst_data");
            if !has(&npz, &key) {
                continue;
            }
            let g = graph(&npz, c);
            let tree = minimum_spanning_tree(&g).unwrap();
            assert_eq!(
                tree.data().to_vec().unwrap(),
                floats(&npz, &key),
                "{c} on {dev}"
            );
            assert_eq!(
                tree.indices().to_vec().unwrap(),
                ints(&npz, &format!("{c}_mst_indices"))
            );
            assert_eq!(
                tree.indptr().to_vec().unwrap(),
                ints(&npz, &format!("{c}_mst_indptr"))
            );
            let from_coo = minimum_spanning_tree(&g.tocoo().unwrap()).unwrap();
            assert_eq!(from_coo.data().to_vec().unwrap(), floats(&npz, &key));
            if !stores_zeros(&npz, c) {
                let dense: CsrArray<f64, i32> =
                    minimum_spanning_tree(&g.toarray().unwrap()).unwrap();
                assert_eq!(
                    dense.indices().to_vec().unwrap(),
                    ints(&npz, &format!("{c}_mst_indices"))
                );
            }
        }
    }
}

#[test]
fn orderings() {
    for dev in devices() {
        let npz = fixtures(&dev);
        for c in ["und", "poisson", "wide"] {
            let g = graph(&npz, &format!("rcm_{c}"));
            for m in [0, 1] {
                let want = npz
                    .array::<i32>(&format!("rcm_{c}_{m}"))
                    .unwrap()
                    .to_vec()
                    .unwrap();
                let got = reverse_cuthill_mckee(&g, m == 1).unwrap().to_vec().unwrap();
                assert_eq!(got, want, "rcm {c} {m} on {dev}");
                // A symmetric graph as CSC: the same lines.
                let got = reverse_cuthill_mckee(&g.tocsc().unwrap(), m == 1).unwrap();
                assert_eq!(got.to_vec().unwrap(), want, "rcm {c} {m} csc on {dev}");
            }
        }
        let one = graph(&npz, "one");
        assert_eq!(
            reverse_cuthill_mckee(&one, false)
                .unwrap()
                .to_vec()
                .unwrap(),
            ints(&npz, "one_rcm_0")
        );
        let empty = graph(&npz, "empty");
        assert_eq!(reverse_cuthill_mckee(&empty, false).unwrap().len(), 0);
    }
}

#[test]
fn errors() {
    let dev = Device::cpu();
    let rect = CsrArray::<f64>::from_dense(&ones::<f64>(&dev, &[2, 3]).unwrap()).unwrap();
    assert!(connected_components(&rect, true, "weak").is_err());
    assert!(breadth_first_order(&rect, 0, true).is_err());
    assert!(shortest_path(&rect).run().is_err());
    assert!(minimum_spanning_tree(&rect).is_err());
    assert!(laplacian(&rect).run().is_err());
    assert!(reverse_cuthill_mckee(&rect, true).is_err());
    let cube = ones::<f64>(&dev, &[2, 2, 2]).unwrap();
    assert!(connected_components(&cube, true, "weak").is_err());
    assert!(laplacian(&cube).run().is_err());
    let g = CsrArray::<f64>::from_dense(&ones::<f64>(&dev, &[3, 3]).unwrap()).unwrap();
    assert!(connected_components(&g, true, "medium").is_err());
    assert_eq!(connected_components(&g, true, "STRONG").unwrap().0, 1);
    assert!(matches!(
        breadth_first_order(&g, 3, true),
        Err(Error::Index { .. })
    ));
    assert!(depth_first_order(&g, 7, false).is_err());
    let pred = Array::from_vec(&dev, &[3], vec![-9999, 0, 3]).unwrap();
    assert!(reconstruct_path(&g, &pred, true).is_err());
    let pred = Array::from_vec(&dev, &[2], vec![-9999, 0]).unwrap();
    assert!(reconstruct_path(&g, &pred, true).is_err());
    assert!(shortest_path(&g).indices(&[3]).run().is_err());
    assert!(shortest_path(&g).indices(&[-4]).run().is_err());
    assert_eq!(
        shortest_path(&g).indices(&[-3]).run().unwrap().shape(),
        &[1, 3]
    );
    assert!(shortest_path(&g).method("FW").index(0).run().is_err());
    assert!(shortest_path(&g).method("X").run().is_err());
    let neg = g.mul_scalar(-1.0).unwrap();
    for m in ["BF", "J", "FW", "auto"] {
        let r = shortest_path(&neg).method(m).run();
        assert!(matches!(r, Err(Error::LinAlg { .. })), "{m}: {r:?}");
    }
    let coo = CooArray::<f64>::from_dense(&eye::<f64>(&dev, 2, None, 0).unwrap()).unwrap();
    assert_eq!(connected_components(&coo, true, "strong").unwrap().0, 2);
    let csc = CscArray::<f64>::from_dense(&Array::<f64>::zeros(&dev, &[0, 0]).unwrap()).unwrap();
    assert_eq!(connected_components(&csc, false, "weak").unwrap().0, 0);
}
