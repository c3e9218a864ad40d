//! The generated reduction modules compile with NVRTC, to PTX for `compute_90` and to a CUBIN
//! for `sm_90`, for every strategy (contiguous rows with packs, strided rows of one and of
//! several dimensions, several kept dimensions, 32- and 64-bit indexing): a sum of f32, a sum of
//! i8 into i64, argmax with its index (a `(float, long long)` tuple, no identity), a
//! `(count, mean, m2)` variance, an f16 input summed in float, and a generic two-input instance
//! with a scalar. No GPU needed; without NVRTC the tests say they skipped, except under `CI`,
//! where they fail.

use std::time::Instant;

use array_runtime::cuda::codegen::{IndexWidth, OperandKind};
use array_runtime::cuda::codegen_reduce::{
    self, entries, entry_name, reduction_module, ReduceSpec,
};
use array_runtime::cuda::nvrtc::{self, BinaryKind};
use array_runtime::kernel::reduction::{ReductionDef, ReductionInstance};
use array_runtime::{DTypeId, Error};

fn nvrtc_or_skip() -> bool {
    match nvrtc::nvrtc() {
        Ok(_) => true,
        Err(Error::CudaUnavailable { reason }) if std::env::var_os("CI").is_none() => {
            println!("skipped: {reason}");
            false
        }
        Err(e) => panic!("NVRTC is required when CI is set: {e}"),
    }
}

fn opts(arch: &str, half: bool) -> Vec<String> {
    let (options, target) = array_runtime::cuda::compile_options((9, 0), half).unwrap();
    assert_eq!(target, "sm_90", "this NVRTC knows sm_90");
    options
        .into_iter()
        .map(|o| {
            if o.starts_with("-arch=") {
                format!("-arch={arch}")
            } else {
                o
            }
        })
        .collect()
}

pub static SUM_F32: ReductionDef = ReductionDef {
    name: "sum",
    device_source: "\
__device__ __forceinline__ float kxr_sum_map(float x) { return x; }
__device__ __forceinline__ float kxr_sum_combine(float a, float b) { return a + b; }
__device__ __forceinline__ float kxr_sum_identity() { return 0.0f; }
__device__ __forceinline__ float kxr_sum_finish(float a) { return a; }
",
    param_names: &["x"],
    type_params: &[],
    takes_index: false,
};

pub static SUM_I8: ReductionDef = ReductionDef {
    name: "sum_i8",
    device_source: "\
__device__ __forceinline__ long long kxr_sum_i8_map(signed char x) { return (long long)x; }
__device__ __forceinline__ long long kxr_sum_i8_combine(long long a, long long b) { return kx::add(a, b); }
__device__ __forceinline__ long long kxr_sum_i8_identity() { return 0; }
__device__ __forceinline__ long long kxr_sum_i8_finish(long long a) { return a; }
",
    param_names: &["x"],
    type_params: &[],
    takes_index: false,
};

pub static ARGMAX: ReductionDef = ReductionDef {
    name: "argmax",
    device_source: "\
__device__ __forceinline__ kx::Tuple2<float, long long> kxr_argmax_map(float x, long long index) {
    return kx::Tuple2<float, long long>{x, index};
}
__device__ __forceinline__ kx::Tuple2<float, long long> kxr_argmax_combine(
        kx::Tuple2<float, long long> a, kx::Tuple2<float, long long> b) {
    const bool an = a.f0 != a.f0, bn = b.f0 != b.f0;
    const bool b_wins = (an || bn) ? (bn && (!an || b.f1 < a.f1))
                                   : (b.f0 > a.f0 || (b.f0 == a.f0 && b.f1 < a.f1));
    return b_wins ? b : a;
}
__device__ __forceinline__ long long kxr_argmax_finish(kx::Tuple2<float, long long> a) { return a.f1; }
",
    param_names: &["x"],
    type_params: &[],
    takes_index: true,
};

pub static VARIANCE: ReductionDef = ReductionDef {
    name: "variance",
    device_source: "\
typedef kx::Tuple3<long long, double, double> kxv_acc;
__device__ __forceinline__ kxv_acc kxr_variance_map(double x) { return kxv_acc{1, x, 0.0}; }
__device__ __forceinline__ kxv_acc kxr_variance_combine(kxv_acc a, kxv_acc b) {
    if (a.f0 == 0) return b;
    if (b.f0 == 0) return a;
    const long long n = a.f0 + b.f0;
    const double d = b.f1 - a.f1;
    const double mean = a.f1 + d * ((double)b.f0 / (double)n);
    const double m2 = a.f2 + b.f2 + d * d * ((double)a.f0 * (double)b.f0 / (double)n);
    return kxv_acc{n, mean, m2};
}
__device__ __forceinline__ kxv_acc kxr_variance_identity() { return kxv_acc{0, 0.0, 0.0}; }
__device__ __forceinline__ double kxr_variance_finish(kxv_acc a) { return a.f2 / (double)a.f0; }
",
    param_names: &["x"],
    type_params: &[],
    takes_index: false,
};

pub static HSUM: ReductionDef = ReductionDef {
    name: "hsum",
    device_source: "\
__device__ __forceinline__ float kxr_hsum_map(__half x) { return __half2float(x); }
__device__ __forceinline__ float kxr_hsum_combine(float a, float b) { return a + b; }
__device__ __forceinline__ float kxr_hsum_identity() { return 0.0f; }
__device__ __forceinline__ float kxr_hsum_finish(float a) { return a; }
",
    param_names: &["x"],
    type_params: &[],
    takes_index: false,
};

pub static WSUM: ReductionDef = ReductionDef {
    name: "wsum",
    device_source: "\
__device__ __forceinline__ T kxr_wsum_map(T x, T w) { return x * w; }
__device__ __forceinline__ T kxr_wsum_combine(T a, T b) { return a + b; }
__device__ __forceinline__ T kxr_wsum_identity() { return (T)0; }
__device__ __forceinline__ T kxr_wsum_finish(T a) { return a; }
",
    param_names: &["x", "w"],
    type_params: &["T"],
    takes_index: false,
};

fn inst(
    def: &'static ReductionDef,
    type_args: &[DTypeId],
    params: &[DTypeId],
    acc: &[DTypeId],
    out: DTypeId,
) -> ReductionInstance {
    ReductionInstance {
        def,
        type_args: type_args.to_vec(),
        params: params.to_vec(),
        acc: acc.to_vec(),
        out,
    }
}

/// The module shapes every strategy uses.
fn specs() -> Vec<ReduceSpec> {
    let s = |k, r, c, index| ReduceSpec {
        kept_ndim: k,
        reduced_ndim: r,
        contiguous_rows: c,
        index,
    };
    vec![
        s(1, 1, true, IndexWidth::I32),  // inner / full, packs
        s(1, 1, true, IndexWidth::I64),  // the same, 64-bit
        s(1, 1, false, IndexWidth::I32), // outer: strided rows
        s(2, 3, false, IndexWidth::I32), // general
        s(3, 2, false, IndexWidth::I64), // general, 64-bit
    ]
}

/// Compiles every spec's module to PTX and CUBIN; returns (spec, PTX ms, CUBIN ms) rows.
fn check(inst: &ReductionInstance, has_identity: bool, kinds: &[OperandKind]) {
    let half = codegen_reduce::needs_half_headers(inst);
    for spec in specs() {
        let src = reduction_module(inst, has_identity, kinds, &spec);
        let t = Instant::now();
        let ptx = nvrtc::compile(&src, "r", &opts("compute_90", half))
            .unwrap_or_else(|e| panic!("{e}\n--- source ---\n{src}"));
        let t_ptx = t.elapsed().as_secs_f64() * 1e3;
        assert_eq!(ptx.kind, BinaryKind::Ptx);
        let text = String::from_utf8(ptx.image).expect("PTX is text");
        for e in entries(has_identity) {
            let name = entry_name(inst, e);
            assert!(
                text.contains(&format!(".entry {name}(")),
                "entry {name} missing from the PTX"
            );
        }
        let t = Instant::now();
        let cubin = nvrtc::compile(&src, "r", &opts("sm_90", half))
            .unwrap_or_else(|e| panic!("{e}\n--- source ---\n{src}"));
        let t_cubin = t.elapsed().as_secs_f64() * 1e3;
        assert_eq!(cubin.kind, BinaryKind::Cubin);
        assert_eq!(&cubin.image[..4], b"\x7fELF");
        if !cubin.log.trim().is_empty() {
            println!("log: {}", cubin.log);
        }
        println!(
            "{} kinds={kinds:?} {spec:?}: PTX {t_ptx:.1} ms, CUBIN {t_cubin:.1} ms",
            inst.name()
        );
    }
}

#[test]
fn sum_f32() {
    if !nvrtc_or_skip() {
        return;
    }
    let i = inst(
        &SUM_F32,
        &[],
        &[DTypeId::F32],
        &[DTypeId::F32],
        DTypeId::F32,
    );
    check(&i, true, &[OperandKind::Array]);
}

#[test]
fn sum_i8_into_i64() {
    if !nvrtc_or_skip() {
        return;
    }
    let i = inst(&SUM_I8, &[], &[DTypeId::I8], &[DTypeId::I64], DTypeId::I64);
    check(&i, true, &[OperandKind::Array]);
}

#[test]
fn argmax_with_index_without_identity() {
    if !nvrtc_or_skip() {
        return;
    }
    let i = inst(
        &ARGMAX,
        &[],
        &[DTypeId::F32],
        &[DTypeId::F32, DTypeId::I64],
        DTypeId::I64,
    );
    check(&i, false, &[OperandKind::Array]);
}

#[test]
fn variance_tuple() {
    if !nvrtc_or_skip() {
        return;
    }
    let i = inst(
        &VARIANCE,
        &[],
        &[DTypeId::F64],
        &[DTypeId::I64, DTypeId::F64, DTypeId::F64],
        DTypeId::F64,
    );
    check(&i, true, &[OperandKind::Array]);
}

#[test]
fn f16_summed_in_float() {
    if !nvrtc_or_skip() {
        return;
    }
    let i = inst(&HSUM, &[], &[DTypeId::F16], &[DTypeId::F32], DTypeId::F32);
    assert!(codegen_reduce::needs_half_headers(&i));
    check(&i, true, &[OperandKind::Array]);
}

#[test]
fn generic_two_inputs_with_a_scalar() {
    if !nvrtc_or_skip() {
        return;
    }
    for t in [DTypeId::F64, DTypeId::I32] {
        let i = inst(&WSUM, &[t], &[t, t], &[t], t);
        assert_eq!(i.name(), format!("wsum__{}", t.name()));
        let src = reduction_module(
            &i,
            true,
            &[OperandKind::Array, OperandKind::Scalar],
            &specs()[0],
        );
        assert!(src.contains(&format!("typedef {} T;", t.cuda_name())));
        check(&i, true, &[OperandKind::Array, OperandKind::Scalar]);
        check(&i, true, &[OperandKind::Array, OperandKind::Array]);
    }
}

/// The contiguous-row module reads 16-byte packs; ptxas's report (registers and spills per
/// entry, which decide how many blocks fit on an SM) is printed.
#[test]
fn packs_and_registers() {
    if !nvrtc_or_skip() {
        return;
    }
    let cases = [
        inst(
            &SUM_F32,
            &[],
            &[DTypeId::F32],
            &[DTypeId::F32],
            DTypeId::F32,
        ),
        inst(&SUM_I8, &[], &[DTypeId::I8], &[DTypeId::I64], DTypeId::I64),
        inst(&HSUM, &[], &[DTypeId::F16], &[DTypeId::F32], DTypeId::F32),
    ];
    for (i, v) in cases.iter().zip([4, 16, 8]) {
        let half = codegen_reduce::needs_half_headers(i);
        let src = reduction_module(i, true, &[OperandKind::Array], &specs()[0]);
        let ptx = nvrtc::compile(&src, "r", &opts("compute_90", half)).unwrap();
        let text = String::from_utf8(ptx.image).unwrap();
        assert!(
            text.contains("ld.global.nc.v4.") || text.contains("ld.global.v4."),
            "{}: no 16-byte loads (pack of {v})",
            i.name()
        );
        let mut o = opts("sm_90", half);
        o.push("--ptxas-options=-v".into());
        let cubin = nvrtc::compile(&src, "r", &o).unwrap();
        println!("{}:\n{}", i.name(), cubin.log);
    }
}

/// Writes a module to `KXR_DUMP` when set (for reading the generated text).
#[test]
fn dump_when_asked() {
    let Some(path) = std::env::var_os("KXR_DUMP") else {
        return;
    };
    let i = inst(
        &ARGMAX,
        &[],
        &[DTypeId::F32],
        &[DTypeId::F32, DTypeId::I64],
        DTypeId::I64,
    );
    let src = reduction_module(&i, false, &[OperandKind::Array], &specs()[0]);
    let src2 = reduction_module(&i, false, &[OperandKind::Array], &specs()[3]);
    std::fs::write(path, format!("{src}\n//////// general\n{src2}")).unwrap();
}
