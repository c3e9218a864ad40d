//! `linalg` against NumPy: the fixtures of `scripts/fixtures/gen_linalg_fixtures.py` (inputs and
//! NumPy's results), on the CPU backend and, when there is one, on CUDA device 0 (set
//! `KERNELS_REQUIRE_GPU=1` to fail instead of skipping when there is none).
//!
//! Tolerances (`tol::<T>()`), relative to NumPy's OpenBLAS results, whose summation order
//! differs from ours:
//! - `f64`, `c128`: 8 ulps, or `|d| <= 1e-12 + 1e-12 |expected|`;
//! - `f32`, `c64`: 8 ulps, or `|d| <= 2e-5 + 2e-5 |expected|` (inputs are standard normal,
//!   sums of up to 129 products: cancellation leaves absolute errors near 1e-6);
//! - `f16`: 1 ulp, or `|d| <= 2e-3 + 2e-3 |expected|` (both accumulate in f32 and round once);
//! - integers: exact (wrapping included).

mod common;

use common::{assert_close, devices, fixture, Approx, Tol};
use kernels_std::io::{self, NpyDType};
use kernels_std::linalg::{
    diagonal, dot, einsum, inner, matmul, norm, outer, tensordot, trace, trace_with, vdot,
    LinalgScalar, NormOrd,
};
use kernels_std::prelude::*;
use kernels_std::s;

fn tol<T: Approx>() -> Tol {
    match T::ID {
        DTypeId::F64 | DTypeId::C128 => Tol {
            ulps: 8,
            ..Tol::close(1e-12, 1e-12)
        },
        DTypeId::F32 | DTypeId::C64 => Tol {
            ulps: 8,
            ..Tol::close(2e-5, 2e-5)
        },
        DTypeId::F16 | DTypeId::BF16 => Tol {
            ulps: 1,
            ..Tol::close(2e-3, 2e-3)
        },
        _ => Tol::exact(),
    }
}

fn load<T: NpyDType>(name: &str, dev: &Device) -> Array<T> {
    io::load::<T>(fixture(&format!("linalg/{name}.npy")), dev)
        .unwrap_or_else(|e| panic!("fixture {name}: {e}"))
}

/// `(a, b, expected)` of a case.
fn case<T: NpyDType>(name: &str, dev: &Device) -> (Array<T>, Array<T>, Array<T>) {
    (
        load(&format!("{name}_a"), dev),
        load(&format!("{name}_b"), dev),
        load(&format!("{name}_out"), dev),
    )
}

/// Compares on the host (the expected array is on the same device as `got`).
#[track_caller]
fn check<T: Approx>(got: &Array<T>, expected: &Array<T>, what: &str, dev: &Device) {
    assert!(got.device().same(dev), "{what}: result on {}", got.device());
    assert_close(got, expected, tol::<T>(), &format!("{what} on {dev}"));
}

fn run_matmul<T: LinalgScalar + Approx + NpyDType>(name: &str) {
    for dev in devices() {
        let (a, b, want) = case::<T>(name, &dev);
        check(&matmul(&a, &b).unwrap(), &want, name, &dev);
    }
}

#[test]
fn matmul_every_dtype_family() {
    run_matmul::<f32>("matmul_f4");
    run_matmul::<f64>("matmul_f8");
    run_matmul::<f16>("matmul_f2");
    run_matmul::<c64>("matmul_c8");
    run_matmul::<c128>("matmul_c16");
    run_matmul::<i32>("matmul_i4");
    run_matmul::<i64>("matmul_i8");
    run_matmul::<u16>("matmul_u2");
    run_matmul::<i8>("matmul_i1_wrap");
    run_matmul::<f32>("matmul_f4_large");
}

#[test]
fn bf16_accumulates_in_f32() {
    // bf16 has no NumPy dtype: check against the f32 product of the same (exact) values.
    for dev in devices() {
        let (a, b, _) = case::<f32>("matmul_f4", &dev);
        let round = |x: &Array<f32>| {
            let v: Vec<bf16> = x
                .to_vec()
                .unwrap()
                .into_iter()
                .map(bf16::from_f32)
                .collect();
            Array::from_vec(&dev, x.shape(), v).unwrap()
        };
        let (ah, bh) = (round(&a), round(&b));
        let widen = |x: &Array<bf16>| {
            let v: Vec<f32> = x.to_vec().unwrap().into_iter().map(bf16::to_f32).collect();
            Array::from_vec(&dev, x.shape(), v).unwrap()
        };
        let want: Vec<bf16> = matmul(widen(&ah), widen(&bh))
            .unwrap()
            .to_vec()
            .unwrap()
            .into_iter()
            .map(bf16::from_f32)
            .collect();
        let want = Array::from_vec(&dev, &[5, 3], want).unwrap();
        check(&matmul(&ah, &bh).unwrap(), &want, "matmul bf16", &dev);
    }
}

#[test]
fn matmul_batches_broadcast() {
    run_matmul::<f32>("matmul_batch_f4");
    run_matmul::<f64>("matmul_batch_f8");
    run_matmul::<c128>("matmul_batch_c16");
}

#[test]
fn matmul_promotes_and_removes_1d_operands() {
    for dev in devices() {
        for name in ["matmul_vec_mat", "matmul_stack_vec", "matmul_vec_vec"] {
            let (a, b, want) = case::<f64>(name, &dev);
            let got = matmul(&a, &b).unwrap();
            assert_eq!(got.shape(), want.shape(), "{name}");
            check(&got, &want, name, &dev);
        }
    }
}

#[test]
fn matmul_reads_views() {
    for dev in devices() {
        let (a, b, want) = case::<f32>("matmul_transposed", &dev);
        check(&matmul(a.t(), b.t()).unwrap(), &want, "a.T @ b.T", &dev);
        let (a, b, want) = case::<f64>("matmul_strided", &dev);
        let av = a.slice(s![..;2, 1..;3]).unwrap();
        let bv = b.slice(s![..;-1, ..]).unwrap();
        check(
            &matmul(&av, &bv).unwrap(),
            &want,
            "strided @ reversed",
            &dev,
        );
        let (a, b, want) = case::<f32>("matmul_batch_transposed", &dev);
        let at = a.swap_axes(-1, -2).unwrap();
        check(&matmul(&at, &b).unwrap(), &want, "swapaxes(a) @ b", &dev);
        // The method form, through the prelude.
        check(&at.matmul(&b).unwrap(), &want, "a.matmul(b)", &dev);
        // Zero strides inside the matrices (a row broadcast down) against a materialized copy.
        let (a, b, _) = case::<f64>("matmul_f8", &dev);
        let row = a
            .slice(s![1..2, ..])
            .unwrap()
            .broadcast_to(&[4, 7])
            .unwrap();
        let dense = Array::from_vec(&dev, &[4, 7], row.to_vec().unwrap()).unwrap();
        let want = matmul(&dense, &b).unwrap();
        check(&matmul(&row, &b).unwrap(), &want, "broadcast row @ b", &dev);
        check(
            &matmul(b.t(), row.t()).unwrap(),
            &want.t().copy().unwrap(),
            "b.T @ row.T",
            &dev,
        );
    }
}

/// Large batches of small products (the CPU's per-product loop, in parallel over the batch) on
/// integer-valued floats, whose products and sums are exact in any order: bit-equal to the
/// exact integer path, through a transposed and a broadcast operand too.
#[test]
fn matmul_large_batches_of_small_products_are_exact() {
    for dev in devices() {
        let (batch, m, k, n) = (700usize, 5usize, 7usize, 3usize);
        let ints = |len: usize, seed: i64| -> Vec<i64> {
            (0..len as i64)
                .map(|i| (i * 7919 + seed) % 19 - 9)
                .collect()
        };
        let ai = Array::from_vec(&dev, &[batch, m, k], ints(batch * m * k, 3)).unwrap();
        let bi = Array::from_vec(&dev, &[batch, k, n], ints(batch * k * n, 11)).unwrap();
        let want = matmul(&ai, &bi).unwrap().astype::<f64>().unwrap();
        let (af, bf) = (ai.astype::<f64>().unwrap(), bi.astype::<f64>().unwrap());
        let got = matmul(&af, &bf).unwrap();
        assert_eq!(got.to_vec().unwrap(), want.to_vec().unwrap(), "on {dev}");
        // `b` read through its transpose's transpose (strides (1, k) inside each matrix).
        let bt = bf.swap_axes(-1, -2).unwrap().copy().unwrap();
        let got = matmul(&af, bt.swap_axes(-1, -2).unwrap()).unwrap();
        assert_eq!(
            got.to_vec().unwrap(),
            want.to_vec().unwrap(),
            "b.T.T on {dev}"
        );
        // One `b` broadcast over the batch (offset 0 for every matrix).
        let b0 = bi.slice(s![0..1, .., ..]).unwrap();
        let want = matmul(&ai, &b0).unwrap().astype::<f64>().unwrap();
        let got = matmul(&af, b0.astype::<f64>().unwrap()).unwrap();
        assert_eq!(
            got.to_vec().unwrap(),
            want.to_vec().unwrap(),
            "broadcast b on {dev}"
        );
        assert_eq!(got.shape(), &[batch, m, n]);
    }
}

#[test]
fn matmul_empty_dimensions() {
    for dev in devices() {
        let z = |shape: &[usize]| Array::<f32>::zeros(&dev, shape).unwrap();
        assert_eq!(matmul(z(&[0, 3]), z(&[3, 4])).unwrap().shape(), &[0, 4]);
        let empty_k = matmul(z(&[3, 0]), z(&[0, 4])).unwrap();
        assert_eq!(empty_k.shape(), &[3, 4]);
        assert_eq!(empty_k.to_vec().unwrap(), vec![0.0; 12]);
        assert_eq!(
            matmul(z(&[0, 2, 3]), z(&[3, 2])).unwrap().shape(),
            &[0, 2, 2]
        );
        assert_eq!(
            matmul(z(&[2, 0]), z(&[0])).unwrap().to_vec().unwrap(),
            vec![0.0; 2]
        );
        let v = Array::<i64>::zeros(&dev, &[0]).unwrap();
        assert_eq!(dot(&v, &v).unwrap().item().unwrap(), 0);
        assert_eq!(outer(&v, &z_i64(&dev, 3)).unwrap().shape(), &[0, 3]);
    }
}

fn z_i64(dev: &Device, n: usize) -> Array<i64> {
    Array::zeros(dev, &[n]).unwrap()
}

#[test]
fn matmul_errors_name_the_shapes() {
    let dev = Device::cpu();
    let a = Array::<f32>::zeros(&dev, &[2, 3]).unwrap();
    let s0 = Array::scalar(&dev, 1.0f32).unwrap();
    let e = matmul(&s0, &a).unwrap_err().to_string();
    assert!(e.contains("0-d") && e.contains("[2, 3]"), "{e}");
    let e = matmul(&a, &a).unwrap_err().to_string();
    assert!(e.contains("[2, 3]") && e.contains("align"), "{e}");
    let b1 = Array::<f32>::zeros(&dev, &[2, 3, 4]).unwrap();
    let b2 = Array::<f32>::zeros(&dev, &[3, 4, 5]).unwrap();
    let e = matmul(&b1, &b2).unwrap_err();
    assert!(matches!(e, Error::Broadcast { .. }), "{e}");
    assert!(e.to_string().contains("[2, 3, 4]"), "{e}");
    if let Ok(gpu) = Device::cuda(0) {
        let g = a.to_device(&gpu).unwrap();
        let e = matmul(&a, g.t()).unwrap_err();
        assert!(matches!(e, Error::DeviceMismatch { .. }), "{e}");
    }
}

#[test]
fn dot_follows_numpy_not_matmul() {
    for dev in devices() {
        let (a, b, want) = case::<f64>("dot_nd", &dev);
        let got = dot(&a, &b).unwrap();
        assert_eq!(got.shape(), &[2, 3, 5, 6]);
        check(&got, &want, "dot N-d", &dev);
        let (a, b, want) = case::<f64>("dot_scalar", &dev);
        check(&dot(&a, &b).unwrap(), &want, "dot 0-d", &dev);
        check(&dot(&b, &a).unwrap(), &want, "dot 0-d (right)", &dev);
        let (a, b, want) = case::<i32>("dot_mat_vec_i4", &dev);
        check(&dot(&a, &b).unwrap(), &want, "dot mat-vec i32", &dev);
        check(&a.dot(&b).unwrap(), &want, "a.dot(b)", &dev);
    }
    let dev = Device::cpu();
    let e = dot(z_i64(&dev, 3), z_i64(&dev, 4)).unwrap_err().to_string();
    assert!(
        e.contains("[3]") && e.contains("[4]") && e.contains("not aligned"),
        "{e}"
    );
}

#[test]
fn vdot_conjugates_and_flattens() {
    for dev in devices() {
        let (a, b, want) = case::<c128>("vdot_c16", &dev);
        check(&vdot(&a, &b).unwrap(), &want, "vdot c128", &dev);
        let (a, b, want) = case::<f32>("vdot_f4", &dev);
        check(&vdot(&a, &b).unwrap(), &want, "vdot f32", &dev);
    }
    let dev = Device::cpu();
    let e = vdot(&z_i64(&dev, 3), &z_i64(&dev, 4))
        .unwrap_err()
        .to_string();
    assert!(e.contains("[3]") && e.contains("[4]"), "{e}");
}

#[test]
fn inner_and_outer() {
    for dev in devices() {
        let (a, b, want) = case::<f64>("inner", &dev);
        check(&inner(&a, &b).unwrap(), &want, "inner", &dev);
        let (a, b, want) = case::<f32>("outer", &dev);
        check(&outer(&a, &b).unwrap(), &want, "outer", &dev);
    }
    let dev = Device::cpu();
    let e = inner(&z_i64(&dev, 3), &z_i64(&dev, 4))
        .unwrap_err()
        .to_string();
    assert!(e.contains("not aligned"), "{e}");
}

#[test]
fn tensordot_axes() {
    for dev in devices() {
        let (a, b, want) = case::<f64>("tensordot_pairs", &dev);
        check(
            &tensordot(&a, &b, ([1, 0], [0, 1])).unwrap(),
            &want,
            "pairs",
            &dev,
        );
        let (a, b, want) = case::<f64>("tensordot_two", &dev);
        check(&tensordot(&a, &b, 2).unwrap(), &want, "axes=2", &dev);
        let (a, b, want) = case::<f64>("tensordot_zero", &dev);
        check(&tensordot(&a, &b, 0).unwrap(), &want, "axes=0", &dev);
        let (a, b, want) = case::<c64>("tensordot_neg_c8", &dev);
        check(
            &tensordot(&a, &b, ([-1, 0], [0, -1])).unwrap(),
            &want,
            "negative axes",
            &dev,
        );
    }
    let dev = Device::cpu();
    let a = Array::<f32>::zeros(&dev, &[2, 3]).unwrap();
    let b = Array::<f32>::zeros(&dev, &[3, 4]).unwrap();
    for (axes, needle) in [
        (
            kernels_std::linalg::TensorAxes::Count(3),
            "cannot sum over 3 axes",
        ),
        (([0], [0]).into(), "shape mismatch"),
        (([1, 1], [0, 0]).into(), "twice"),
        (([2], [0]).into(), "out of bounds"),
        ((vec![1], vec![0, 1]).into(), "paired"),
    ] {
        let e = tensordot(&a, &b, axes).unwrap_err().to_string();
        assert!(e.contains(needle), "{e}");
    }
}

fn run_einsum(name: &str, spec: &str, two: bool, dev: &Device) {
    let a = load::<f64>(&format!("einsum_{name}_a"), dev);
    let want = load::<f64>(&format!("einsum_{name}_out"), dev);
    let got = if two {
        let b = load::<f64>(&format!("einsum_{name}_b"), dev);
        einsum(spec, &[&a, &b])
    } else {
        einsum(spec, &[&a])
    }
    .unwrap_or_else(|e| panic!("einsum {spec:?}: {e}"));
    assert_eq!(got.shape(), want.shape(), "einsum {spec:?}");
    check(&got, &want, &format!("einsum {spec:?}"), dev);
}

#[test]
fn einsum_strings() {
    let cases = [
        ("matmul", "ij,jk->ik", true),
        ("batched", "bij,bjk->bik", true),
        ("ellipsis", "...ij,...jk->...ik", true),
        ("transpose", "ij->ji", false),
        ("outer", "i,j->ij", true),
        ("trace", "ii->", false),
        ("trace_implicit", "ii", false),
        ("diag", "ii->i", false),
        ("diag_sum", "iij->j", false),
        ("contract", "ijk,jil->kl", true),
        ("sum_all", "ij->", false),
        ("row_dot", "ij,ij->i", true),
        ("implicit", "ba,ac", true),
        ("sum_one_side", "ij,jk->k", true),
        ("bcast_one", "ij,ij->ij", true),
        ("batch_free_order", "bik,bkj->jbi", true),
    ];
    for dev in devices() {
        for (name, spec, two) in cases {
            run_einsum(name, spec, two, &dev);
        }
        let (a, b, want) = case::<c128>("einsum_c16", &dev);
        check(
            &einsum(" ij , jk -> ik ", &[&a, &b]).unwrap(),
            &want,
            "einsum c128",
            &dev,
        );
        // Scalars: empty terms.
        let s = Array::scalar(&dev, 3.0f64).unwrap();
        assert_eq!(einsum("->", &[&s]).unwrap().item().unwrap(), 3.0);
        assert_eq!(einsum(",->", &[&s, &s]).unwrap().item().unwrap(), 9.0);
    }
}

#[test]
fn einsum_rejects_clearly() {
    let dev = Device::cpu();
    let a = Array::<f64>::zeros(&dev, &[2, 3]).unwrap();
    let b = Array::<f64>::zeros(&dev, &[4, 5]).unwrap();
    for (spec, ops, needle) in [
        ("ij,jk,kl->il", vec![&a, &a, &a], "one or two are supported"),
        ("ij,jk", vec![&a], "2 terms for 1 operands"),
        ("i1->i", vec![&a], "not a letter"),
        ("ijk->i", vec![&a], "has 2 dimensions"),
        ("ij,jk->ik", vec![&a, &b], "sizes 3 and 4"),
        ("ij->iz", vec![&a], "in no input"),
        ("ij->ii", vec![&a], "repeats"),
        ("ii->i", vec![&a], "different sizes"),
        ("ij->i->j", vec![&a], "more than one"),
        ("i......j->ij", vec![&a], "two ellipses"),
    ] {
        let e = einsum(spec, &ops).unwrap_err().to_string();
        assert!(e.contains(needle), "{spec}: {e}");
    }
}

#[test]
fn traces_and_diagonals() {
    for dev in devices() {
        let a = load::<f64>("trace_offset_a", &dev);
        let want = load::<f64>("trace_offset_out", &dev);
        check(
            &trace_with(&a, 1, 0, 1).unwrap(),
            &want,
            "trace offset 1",
            &dev,
        );
        let a = load::<f32>("trace_axes_a", &dev);
        let want = load::<f32>("trace_axes_out", &dev);
        check(
            &trace_with(&a, 0, 1, 2).unwrap(),
            &want,
            "trace axes 1, 2",
            &dev,
        );
        let a = load::<i8>("trace_i1_a", &dev);
        let want = load::<i64>("trace_i1_out", &dev);
        check(&trace(&a).unwrap(), &want, "trace int8 -> int64", &dev);
        assert_eq!(
            diagonal(&a, 0, 0, 1).unwrap().to_vec().unwrap(),
            vec![100i8; 3]
        );
    }
    let dev = Device::cpu();
    let v = Array::<f32>::zeros(&dev, &[3]).unwrap();
    assert!(trace(&v).unwrap_err().to_string().contains("[3]"));
    let m = Array::<f32>::zeros(&dev, &[3, 3]).unwrap();
    assert!(trace_with(&m, 0, 1, -1).is_err());
    assert_eq!(trace_with(&m, 7, 0, 1).unwrap().item().unwrap(), 0.0);
}

const VEC_ORDS: [NormOrd; 9] = [
    NormOrd::Default,
    NormOrd::P(1.0),
    NormOrd::P(2.0),
    NormOrd::Inf,
    NormOrd::NegInf,
    NormOrd::P(0.0),
    NormOrd::P(3.0),
    NormOrd::P(-1.0),
    NormOrd::P(0.5),
];
const MAT_ORDS: [NormOrd; 6] = [
    NormOrd::Default,
    NormOrd::Fro,
    NormOrd::P(1.0),
    NormOrd::P(-1.0),
    NormOrd::Inf,
    NormOrd::NegInf,
];

fn run_norms<T>(name: &str)
where
    T: LinalgScalar + NpyDType,
    T::Real: Approx + NpyDType,
{
    for dev in devices() {
        let v = load::<T>(&format!("{name}_a"), &dev);
        let m = load::<T>(&format!("{name}_b"), &dev);
        let want = load::<T::Real>(&format!("{name}_out"), &Device::cpu());
        let got: Vec<T::Real> = VEC_ORDS
            .iter()
            .map(|&o| norm(&v, o).unwrap_or_else(|e| panic!("{name} vector {o:?}: {e}")))
            .chain(
                MAT_ORDS
                    .iter()
                    .map(|&o| norm(&m, o).unwrap_or_else(|e| panic!("{name} matrix {o:?}: {e}"))),
            )
            .collect();
        let got = Array::from_vec(&Device::cpu(), &[got.len()], got).unwrap();
        assert_close(&got, &want, tol::<T::Real>(), &format!("{name} on {dev}"));
    }
}

#[test]
fn norms_against_numpy() {
    run_norms::<f64>("norm_f8");
    run_norms::<f32>("norm_f4");
    run_norms::<c128>("norm_c16");
    run_norms::<i32>("norm_i4");
}

#[test]
fn norm_errors() {
    let dev = Device::cpu();
    let v = Array::<f64>::zeros(&dev, &[3]).unwrap();
    let m = Array::<f64>::zeros(&dev, &[2, 2]).unwrap();
    let t = Array::<f64>::zeros(&dev, &[2, 2, 2]).unwrap();
    let empty = Array::<f64>::zeros(&dev, &[0]).unwrap();
    assert!(norm(&v, NormOrd::Fro)
        .unwrap_err()
        .to_string()
        .contains("vectors"));
    // The singular-value norms of a matrix are computed (their values against NumPy are in
    // `linalg_decomp.rs`); of the zero matrix they are zero.
    assert_eq!(norm(&m, NormOrd::Nuc).unwrap(), 0.0);
    assert_eq!(norm(&m, NormOrd::P(2.0)).unwrap(), 0.0);
    assert_eq!(norm(&m, NormOrd::P(-2.0)).unwrap(), 0.0);
    assert!(norm(&m, NormOrd::P(3.0))
        .unwrap_err()
        .to_string()
        .contains("matrices"));
    assert!(norm(&t, NormOrd::Inf)
        .unwrap_err()
        .to_string()
        .contains("[2, 2, 2]"));
    assert!(norm(&empty, NormOrd::Inf).is_err());
    assert_eq!(norm(&empty, NormOrd::Default).unwrap(), 0.0);
    assert_eq!(norm(&t, NormOrd::Default).unwrap(), 0.0);
}

#[test]
fn gpu_matches_cpu_on_a_large_product() {
    let Some(gpu) = devices().into_iter().find(|d| d.is_cuda()) else {
        eprintln!("gpu_matches_cpu_on_a_large_product: skipped, no GPU");
        return;
    };
    let n = 300;
    let v: Vec<f32> = (0..n * n)
        .map(|i| ((i * 7919) % 1009) as f32 / 1009.0 - 0.5)
        .collect();
    let a = Array::from_vec(&Device::cpu(), &[n, n], v).unwrap();
    let want = matmul(&a, a.t()).unwrap();
    let g = a.to_device(&gpu).unwrap();
    let got = matmul(&g, g.t())
        .unwrap()
        .to_device(&Device::cpu())
        .unwrap();
    assert_close(&got, &want, Tol::close(1e-4, 1e-4), "GPU vs CPU 300x300");
}

// Edge cases: the fixtures of `scripts/fixtures/gen_linalg_edge_fixtures.py` in `edge.npz`.

fn edge_npz(dev: &Device) -> io::Npz {
    io::load_npz(fixture("linalg/edge.npz"), dev).expect("linalg/edge.npz")
}

/// `(a, b, expected)` of an edge case (`b` is absent for one-operand cases: then `a` again).
fn edge_case<T: NpyDType>(z: &io::Npz, name: &str) -> (Array<T>, Array<T>, Array<T>) {
    let get = |k: &str| {
        z.array::<T>(&format!("{name}_{k}"))
            .unwrap_or_else(|e| panic!("{name}_{k}: {e}"))
    };
    let a = get("a");
    let b = z
        .array::<T>(&format!("{name}_b"))
        .unwrap_or_else(|_| a.clone());
    (a, b, get("out"))
}

#[test]
fn edge_products_propagate_nan_and_infinities() {
    for dev in devices() {
        let z = edge_npz(&dev);
        let (a, b, want) = edge_case::<f64>(&z, "matmul_special_f8");
        check(&matmul(&a, &b).unwrap(), &want, "matmul NaN/inf f64", &dev);
        check(&dot(&a, &b).unwrap(), &want, "dot NaN/inf f64", &dev);
        let (a, b, want) = edge_case::<f32>(&z, "matmul_special_f4");
        check(&matmul(&a, &b).unwrap(), &want, "matmul NaN/inf f32", &dev);
        let (a, b, want) = edge_case::<f64>(&z, "dot_special");
        check(&dot(&a, &b).unwrap(), &want, "dot of vectors", &dev);
        check(&vdot(&a, &b).unwrap(), &want, "vdot of vectors", &dev);
        check(&inner(&a, &b).unwrap(), &want, "inner of vectors", &dev);
        let (a, b, want) = edge_case::<f64>(&z, "outer_special");
        check(&outer(&a, &b).unwrap(), &want, "outer NaN/inf", &dev);
    }
}

#[test]
fn edge_integer_products_wrap() {
    for dev in devices() {
        let z = edge_npz(&dev);
        let (a, b, want) = edge_case::<i64>(&z, "matmul_i8_wrap");
        check(&matmul(&a, &b).unwrap(), &want, "matmul i64 wrap", &dev);
        check(
            &einsum("ij,jk->ik", &[&a, &b]).unwrap(),
            &want,
            "einsum i64 wrap",
            &dev,
        );
    }
}

#[test]
fn edge_length_one_zero_d_and_batches_of_one() {
    for dev in devices() {
        let z = edge_npz(&dev);
        for name in ["matmul_1x1", "matmul_len1", "matmul_batch_of_one"] {
            let (a, b, want) = edge_case::<f64>(&z, name);
            let b = if name == "matmul_1x1" { b.t() } else { b };
            let got = matmul(&a, &b).unwrap();
            assert_eq!(got.shape(), want.shape(), "{name}");
            check(&got, &want, name, &dev);
        }
        let (s, m, want) = edge_case::<f64>(&z, "dot_0d_mat");
        check(&dot(&s, &m).unwrap(), &want, "dot(0-d, m)", &dev);
        let (s, m, want) = edge_case::<f64>(&z, "inner_0d_mat");
        check(&inner(&s, &m).unwrap(), &want, "inner(0-d, m)", &dev);
        let (s, v, want) = edge_case::<f64>(&z, "outer_0d_vec");
        let got = outer(&s, &v).unwrap();
        assert_eq!(got.shape(), want.shape(), "outer(0-d, v)");
        check(&got, &want, "outer(0-d, v)", &dev);
    }
}

#[test]
fn edge_empty_contractions() {
    for dev in devices() {
        let z = edge_npz(&dev);
        let (a, b, want) = edge_case::<f64>(&z, "einsum_empty_k");
        let got = einsum("ij,jk->ik", &[&a, &b]).unwrap();
        assert_eq!(got.shape(), want.shape());
        check(&got, &want, "einsum over an empty index", &dev);
        let (a, b, want) = edge_case::<f64>(&z, "tensordot_empty");
        let got = tensordot(&a, &b, 1).unwrap();
        assert_eq!(got.shape(), want.shape());
        check(&got, &want, "tensordot with an empty free axis", &dev);
        let (a, _, want) = edge_case::<f64>(&z, "trace_0x0");
        check(&trace(&a).unwrap(), &want, "trace of 0x0", &dev);
        let a = z.array::<i32>("trace_3x0_a").unwrap();
        let want = z.array::<i64>("trace_3x0_out").unwrap();
        check(
            &trace(&a).unwrap(),
            &want,
            "trace of 3x0 (i32 sums to i64)",
            &dev,
        );
    }
}

#[test]
fn edge_norms_of_special_values() {
    for dev in devices() {
        let z = edge_npz(&dev);
        let cpu = Device::cpu();
        for (k, ords) in [
            ("vec_nan", &VEC_ORDS[..]),
            ("vec_inf", &VEC_ORDS[..]),
            ("vec_zeros", &VEC_ORDS[..]),
            ("vec_one", &VEC_ORDS[..]),
            ("mat_nan", &MAT_ORDS[..]),
            ("mat_inf", &MAT_ORDS[..]),
        ] {
            let (x, _, want) = edge_case::<f64>(&z, &format!("norm_{k}"));
            let got: Vec<f64> = ords
                .iter()
                .map(|&o| norm(&x, o).unwrap_or_else(|e| panic!("norm {k} {o:?}: {e}")))
                .collect();
            let got = Array::from_vec(&cpu, &[got.len()], got).unwrap();
            let want = want.to_device(&cpu).unwrap();
            assert_close(&got, &want, tol::<f64>(), &format!("norm {k} on {dev}"));
        }
        let (x, _, want) = edge_case::<f64>(&z, "norm_0d");
        assert_eq!(
            norm(&x, NormOrd::Default).unwrap(),
            want.item().unwrap(),
            "norm of 0-d"
        );
        // NumPy: "Improper number of dimensions to norm." for an order on a 0-d array.
        assert!(norm(&x, NormOrd::Inf).is_err());
        // p = +-inf is the max/min order (NumPy compares ord with inf), for vectors and
        // matrices; NaN propagates
        let (v, _, _) = edge_case::<f64>(&z, "norm_vec_inf");
        let (m, _, _) = edge_case::<f64>(&z, "norm_mat_inf");
        for a in [&v, &m] {
            for (p, o) in [
                (f64::INFINITY, NormOrd::Inf),
                (f64::NEG_INFINITY, NormOrd::NegInf),
            ] {
                assert_eq!(norm(a, NormOrd::P(p)).unwrap(), norm(a, o).unwrap(), "{p}");
            }
        }
        let (v, _, _) = edge_case::<f64>(&z, "norm_vec_one");
        assert_eq!(norm(&v, NormOrd::P(f64::INFINITY)).unwrap(), 2.5);
        assert!(norm(&v, NormOrd::P(f64::NAN)).unwrap().is_nan());
    }
}

#[test]
fn edge_diagonal_offsets_at_the_limits_of_isize() {
    // Diagonals beyond the matrix are empty and sum to zero (NumPy's offsets are C ints: it
    // raises OverflowError past 2^31 where we keep the rule).
    for dev in devices() {
        let m = Array::from_vec(&dev, &[2, 3], (0..6).collect::<Vec<i32>>()).unwrap();
        for k in [isize::MIN, isize::MIN + 1, isize::MAX] {
            assert_eq!(diagonal(&m, k, 0, 1).unwrap().shape(), &[0], "offset {k}");
            let t: i64 = trace_with(&m, k, 0, 1).unwrap().item().unwrap();
            assert_eq!(t, 0, "trace offset {k}");
        }
    }
}

#[test]
fn edge_axes_at_the_limits_of_isize_are_errors() {
    let dev = Device::cpu();
    let a = Array::<f64>::zeros(&dev, &[2, 3]).unwrap();
    let b = Array::<f64>::zeros(&dev, &[3, 2]).unwrap();
    for ax in [isize::MIN, isize::MAX] {
        assert!(tensordot(&a, &b, ([ax], [0])).is_err(), "tensordot {ax}");
        assert!(tensordot(&a, &b, ([1], [ax])).is_err(), "tensordot {ax}");
        assert!(trace_with(&a, 0, ax, 1).is_err(), "trace_with {ax}");
        assert!(diagonal(&a, 0, 0, ax).is_err(), "diagonal {ax}");
    }
}
